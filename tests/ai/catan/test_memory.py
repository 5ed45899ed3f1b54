"""A computer player's memory belongs to one seat of one game: the expert reads the offers it
made this turn from its view, so one player object playing two games at once (the bot keeps
one per game kind and strength, and seats are named alike in every game) plays each as a
player of its own would, and a new object (a restart) in the middle of a turn decides as the
old one would."""

from __future__ import annotations

import random

from ai.catan import arena
from ai.catan.basic import BasicPlayer
from ai.catan.expert import MAX_OFFERS, ExpertPlayer
from ai.player import Player
from rules.catan.actions import Action, DeclineTrade, OfferTrade
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

from .test_expert import _turns

EXPERT_SEAT = "p1"  # the same name in every game
TURNS = 40  # each game is played this far
DECISIONS = 3000  # or this far (a player that repeats its offers would never end a turn)


class Table:
    """One game, stepped a decision at a time: `expert` plays EXPERT_SEAT, basic the others;
    each decision's rng comes from the game's seed and the decision's number alone."""

    def __init__(self, seed: int, expert: Player) -> None:
        self.seed, self.expert = seed, expert
        self.state = GAME.new_game(["p0", "p1", "p2", "p3"], Options(layout="random"), seed)
        self.decisions: list[tuple[str, Action]] = []

    @property
    def done(self) -> bool:
        return (GAME.is_over(self.state) or self.state.turn > TURNS
                or len(self.decisions) >= DECISIONS)

    def step(self) -> tuple[GameState, str, Action]:
        """Plays the next decision; the state it was taken in, by whom, and the action."""
        state, name = self.state, arena.next_seat(self.state)
        player = self.expert if name == EXPERT_SEAT else BasicPlayer()
        rng = random.Random(self.seed * 100_003 + len(self.decisions))
        action = player.choose(GAME.view(state, name), GAME.legal_actions(state, name), rng)
        self.decisions.append((name, action))
        self.state, _ = GAME.apply(state, name, action)
        return state, name, action


def _alone(seed: int) -> list[tuple[str, Action]]:
    table = Table(seed, ExpertPlayer())
    while not table.done:
        table.step()
    return table.decisions


def test_two_games_on_one_player_play_as_each_on_its_own() -> None:
    shared = ExpertPlayer()
    tables = [Table(seed, shared) for seed in (7, 8)]
    k = 0
    while not all(t.done for t in tables):
        # interleaved unevenly, so the two games' turns are now the same, now different
        table = tables[k % 3 == 2]
        if table.done:
            table = tables[not tables.index(table)]
        table.step()
        k += 1
    for table in tables:
        offers = [a for name, a in table.decisions
                  if name == EXPERT_SEAT and isinstance(a, OfferTrade)]
        assert len(offers) >= 10, table.seed  # the games do test the offers' memory
        assert table.decisions == _alone(table.seed), table.seed


def test_a_new_player_mid_turn_decides_as_the_old_one() -> None:
    """After every offer of the turn, a player made anew (a restart) and handed the stored
    and reloaded state's view chooses what the player that made the offers chooses."""
    checked = 0
    for seed in (7, 9):
        table = Table(seed, ExpertPlayer())
        offered_in: int | None = None  # the turn of the expert's last offer
        while not table.done:
            n = len(table.decisions)
            state, name, action = table.step()
            if name != EXPERT_SEAT or state.seats[state.active] != name:
                continue
            if offered_in == state.turn:
                stored = GAME.load_state(GAME.dump_state(state))
                again = ExpertPlayer().choose(
                    GAME.view(stored, name), GAME.legal_actions(stored, name),
                    random.Random(table.seed * 100_003 + n))
                assert again == action, (seed, state.turn, action, again)
                checked += 1
            if isinstance(action, OfferTrade):
                offered_in = state.turn
    assert checked >= 10


def test_a_declined_offer_is_not_made_again_from_the_same_hand() -> None:
    """A declined offer leaves the hand as it was: asked again after it, the player makes
    another offer or moves on, and makes at most MAX_OFFERS a turn (each a new object)."""
    repeats = 0
    for state, seat in _turns():
        made: list[OfferTrade] = []
        for k in range(MAX_OFFERS + 3):
            chosen = ExpertPlayer(worlds=0).choose(
                GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(k))
            if not isinstance(chosen, OfferTrade):
                break
            made.append(chosen)
            state, _ = GAME.apply(state, seat, chosen)
            for to in [chosen.to] if isinstance(chosen.to, str) else chosen.to:
                state, _ = GAME.apply(state, to, DeclineTrade())
        assert len(made) == len(set(map(repr, made))) <= MAX_OFFERS
        repeats += len(made) > 1
    assert repeats > 0


def test_no_offer_is_made_twice_to_the_same_seat_in_a_turn() -> None:
    """Along whole turns, trades made or not, the expert never puts the same terms to the
    same seat twice in one turn."""
    offers = 0
    for seed in (7, 8):
        table = Table(seed, ExpertPlayer())
        asked: set[tuple[int, str, str, str]] = set()
        while not table.done:
            state, name, action = table.step()
            if name != EXPERT_SEAT or not isinstance(action, OfferTrade):
                continue
            for to in [action.to] if isinstance(action.to, str) else action.to:
                key = (state.turn, to, repr(sorted(action.give.items())),
                       repr(sorted(action.get.items())))
                assert key not in asked, key
                asked.add(key)
                offers += 1
    assert offers >= 20
