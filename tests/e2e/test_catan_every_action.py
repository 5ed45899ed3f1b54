"""Every action type of the Catan engine played by a person's click through the real bot on the
emulator (issue 35): seeded 3- and 4-player games, people beside a computer, the people
clicking their panels (the menu's group, the narrowing, the pages, the offer's cards) as
tests/cogs/catan/driver.py's people do.

The people choose with a seeded policy that prefers the types no click has made yet among
their seat's legal actions. They click the set-up and the first turns of each game; then,
for the types still missing, states are rigged: played on from the game's own state by the
engine's random players (hands topped up each turn from the bank), the first state met in which
a person may make a missing type is committed to the game, and the people click on from it.
At the end every type the engine declares (its action registry) must be in the store's log as
made by a person: a panel that lost the component of a type fails the test naming it.
`pytest -m long` plays more seeds, each game then played to its end by the computers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from cogs.catan.actions_ui import SPEC
from demo.catan import reach
from fakediscord import Discord, Emulator, Person, run_client
from rules.catan import scoring
from rules.catan.actions import ACTIONS, Action, Discard, GiveCards, OfferTrade
from rules.catan.game import GAME
from rules.catan.state import CARDS, GameState
from tests.cogs.catan.driver import CatanGame, finish, start_game, with_hands
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import EXERCISED_BY_GAME, clicked_types

TYPES: tuple[str, ...] = tuple(ACTIONS.by_type)  # the engine's every action type
# An offer is worth making again while an answer to one is missing (they come only after it).
ANSWERS = {"offer_trade": ("accept_trade", "decline_trade", "counter_trade", "pick_trade",
                           "cancel_trade")}
OFFERS = 2  # offers a turn made for the answers' sake at most
POINTS = 20  # to win: rigged states keep below it (WINNING), so no game ends on a click
WINNING = 15
TOP_UP = 3  # each card a hand holds at least, at each turn of a rigged state's play-out
PLAYOUT = 3000  # engine moves a play-out makes at most
PLAYOUTS = 40  # play-outs tried for the missing types at most
SCENE_CLICKS = 12  # clicks made from one rigged state at most


@dataclass
class Chooser:
    """The people's seeded policy: among a seat's legal actions, a kind no click has made
    yet (or an offer, while an answer to one is missing), else End turn, else any; within
    the kind, any action. A discard or a gift gives all it owes at once; an offer goes
    mostly to every opponent (each answers, the offerer picks an answer), else to the one
    seat the engine's list of offers names."""

    rng: random.Random
    made: set[str] = field(default_factory=set)  # types accepted from clicks so far
    first: dict[str, str] = field(default_factory=dict)  # type -> where a click first made it
    rigged: set[str] = field(default_factory=set)  # types a rigged state was found for

    def fresh(self, state: GameState, types: set[str]) -> set[str]:
        """The kinds worth a click: not made yet, or an offer (one more this turn) while an
        answer to one is missing."""
        again = len(state.offers) < OFFERS
        return {t for t in types if t not in self.made
                or again and any(a not in self.made for a in ANSWERS.get(t, ()))}

    def choose(self, state: GameState, seat: str, legal: list[Action]) -> Action:
        kinds = {a.type for a in legal}
        fresh = sorted(self.fresh(state, kinds))
        kind = (self.rng.choice(fresh) if fresh else "end_turn" if "end_turn" in kinds
                else self.rng.choice(sorted(kinds)))
        action = self.rng.choice([a for a in legal if a.type == kind])
        if isinstance(action, OfferTrade) and self.rng.random() < 0.7:
            others = [s for s in state.seats if s != seat]
            action = OfferTrade(to=others, give=action.give, get=action.get)
        if isinstance(action, (Discard, GiveCards)):
            action = type(action)(cards=owed(state, seat))
        return action


def owed(state: GameState, seat: str) -> dict[str, int]:
    """The first cards of the seat's hand (the panel lists the hand in this order), as many
    as its discard or gift asks."""
    index = state.seats.index(seat)
    count = next(d.count for d in state.pending
                 if d.kind in ("discard", "gift") and d.seat == index)
    cards: dict[str, int] = {}
    for card in CARDS:
        take = min(state.players[index].cards[card], count - sum(cards.values()))
        if take > 0:
            cards[card] = take
    return cards


async def click(game: CatanGame, person: Person, action: Action) -> None:
    """Make `action` through the person's panel, as a person does (demo.catan.reach); the
    service must accept it."""
    record = game.record
    assert record is not None
    before = record.version
    answer = await reach(person, await game.panel(person), action,
                         lambda: game.panel(person))
    assert answer is not None, (
        f"{action.type}: {person.name}'s panel offers no way to {SPEC.encode(action)}")
    await game.settle()
    after = game.record
    assert after is not None and after.version > before, (
        f"{action.type}: {SPEC.encode(action)} refused:\n{answer.text}")


async def play(game: CatanGame, chooser: Chooser, clicks: int, where: str,
               done: Callable[[GameState], bool] | None = None) -> int:
    """The people click, one decision at a time, until `done` (the game's natural course: the
    people the game waits for, End turn if they have nothing new) or, without `done`, until
    no person may make anything new (a rigged state: any person who may act). The clicks;
    the types first made are noted as made `where`."""
    rng = chooser.rng
    for made in range(clicks):
        await game.settle()
        record = game.record
        if record is None or record.state is None or record.state.phase == "over":
            return made
        state = record.state
        if done is not None:
            if done(state):
                return made
            seats = [s for s in GAME.must_decide(state) if s in game.people]
        else:
            seats = [s for s in GAME.to_act(state) if s in game.people and chooser.fresh(
                state, {a.type for a in GAME.legal_actions(state, s)})]
        if not seats:
            if done is None:
                return made
            continue  # a computer's move (settle waits for it)
        seat = rng.choice(seats)
        action = chooser.choose(state, seat, GAME.legal_actions(state, seat))
        await click(game, game.people[seat], action)
        chooser.made.add(action.type)
        chooser.first.setdefault(action.type, where)
    assert done is None, f"the game did not get on in {clicks} clicks"
    return clicks


# -- rigged states ----------------------------------------------------------------------------

def topped(state: GameState) -> GameState:
    """Every hand holding at least TOP_UP of each card, if the bank has them."""
    hands = {seat: {c: max(n, TOP_UP) for c, n in player.cards.items()}
             for seat, player in zip(state.seats, state.players, strict=True)}
    rich = with_hands(state, hands)
    return rich if min(rich.bank.values()) >= 0 else state


def playout_action(state: GameState, seat: str, rng: random.Random) -> Action:
    action = GAME.random_action(state, seat, rng)
    assert action is not None
    if isinstance(action, OfferTrade) and rng.random() < 0.7:  # to several: counters, picks
        action = OfferTrade(to=[s for s in state.seats if s != seat], give=action.give,
                            get=action.get)
    return action


def scenes(base: GameState, people: set[str], missing: set[str], rng: random.Random
           ) -> dict[str, GameState]:
    """One play-out of the engine's random players from `base`, each hand topped up at each
    turn: for each missing type, the first state met where a person may make it, in the
    order met. Stops short of a winner."""
    found: dict[str, GameState] = {}
    state, turn = base, -1
    for _ in range(PLAYOUT):
        if state.phase == "over" or max(scoring.all_points(state)) >= WINNING:
            break
        if state.turn != turn:
            state, turn = topped(state), state.turn
        for seat in GAME.to_act(state):
            if seat in people:
                for kind in {a.type for a in GAME.legal_actions(state, seat)} & missing:
                    found.setdefault(kind, state)
        if missing <= found.keys():
            break
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, playout_action(state, seat, rng))
    return found


async def rigged(game: CatanGame, chooser: Chooser, base: GameState, seed: int,
                 most: int, where: str) -> int:
    """Up to `most` rigged states, each committed and clicked on, for the types still
    missing; the states used."""
    used = 0
    for attempt in range(PLAYOUTS):
        missing = set(TYPES) - chooser.made
        if not missing or used >= most:
            break
        for kind, state in scenes(base, set(game.people), missing,
                                  random.Random(seed * 1000 + attempt)).items():
            if kind in chooser.made or used >= most:
                continue
            chooser.rigged.add(kind)
            await game.commit(state=state)
            await play(game, chooser, SCENE_CLICKS, f"{where}, rigged for {kind}")
            chooser.made |= await clicked_types(game.bot.service.store, game.id)
            used += 1
    return used


# -- the games --------------------------------------------------------------------------------

async def a_game(bot: GameBot, discord_api: Discord, table: Table, chooser: Chooser,
                 people: list[Person], seed: int, turns: int, most: int, whole: bool
                 ) -> set[str]:
    """A game of the people and a computer: the set-up and the first `turns` turns clicked,
    then up to `most` rigged states, then (`whole`) the computers playing every seat to the
    end; the types its people's clicks made."""
    game = await start_game(bot, discord_api, table.guild, f"every-{len(people)}-{seed}",
                            people, ("basic",), seed=seed,
                            settings=GameSettings(pictures=False, options={"points": POINTS}))
    where = f"{len(people) + 1} players"
    await play(game, chooser, 400, f"{where}, played", done=lambda s: s.turn > turns)
    chooser.made |= await clicked_types(bot.service.store, game.id)
    record = game.record
    assert record is not None
    await rigged(game, chooser, record.state, seed, most, where)
    made = await clicked_types(bot.service.store, game.id)
    if whole:
        await game.hand_over()
        ended = await finish(game)
        assert ended.status == "finished" and ended.ended_reason == "completed"
    return made


@pytest.mark.parametrize(("seeds", "whole"), [
    ((7, 8), False), pytest.param((21, 22), True, marks=pytest.mark.long),
    pytest.param((35, 36), True, marks=pytest.mark.long)])
async def test_every_action_type_is_made_by_a_click(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path,
        seeds: tuple[int, int], whole: bool) -> None:
    """A 3-player game (two people) and a 4-player one (three people), each with a computer;
    between them every action type of the engine is clicked by a person. The long form
    plays the games to their end (the computers, from the last rigged state)."""
    await discord_api.configure(rate_limits=False)
    carla = await discord_api.user("carla", guild=table.guild)
    people = [table.alice, table.bruno, carla]
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    chooser = Chooser(random.Random(seeds[0]))
    started = time.monotonic()
    async with run_client(bot, emulator):
        three = await a_game(bot, discord_api, table, chooser, people[:2], seeds[0], turns=3,
                             most=8, whole=whole)
        four = await a_game(bot, discord_api, table, chooser, people, seeds[1], turns=1,
                            most=40, whole=whole)
        assert await discord_api.failed_interactions() == []
    made = three | four
    missing = sorted(set(TYPES) - made)
    assert not missing, "never made by a click: " + ", ".join(
        f"{kind} ({'rigged for, never clicked' if kind in chooser.rigged else 'no state found'})"
        for kind in missing)
    assert set(TYPES) <= EXERCISED_BY_GAME["catan"]
    print(f"\n{len(TYPES)} types clicked in {time.monotonic() - started:.1f}s:")
    print("\n".join(f"  {kind}: {chooser.first.get(kind, '?')}" for kind in TYPES))


def test_the_policy_prefers_what_no_click_made() -> None:
    """The people's policy: a kind not made yet, an offer while an answer is missing, then
    End turn."""
    state = GAME.new_game(["a", "b", "c"], GAME.Options(), 1)
    chooser = Chooser(random.Random(1), made={"roll"})
    legal = [ACTIONS.parse({"type": "roll"}), ACTIONS.parse({"type": "end_turn"})]
    assert chooser.choose(state, "a", legal).type == "end_turn"
    chooser.made.add("end_turn")
    offer = ACTIONS.parse({"type": "offer_trade", "to": "b", "give": {"ore": 1},
                           "get": {"wool": 1}})
    chooser.made.add("offer_trade")
    assert chooser.choose(state, "a", [*legal, offer]).type == "offer_trade"
    chooser.made.update(ANSWERS["offer_trade"])
    assert chooser.choose(state, "a", [*legal, offer]).type == "end_turn"
    assert set(ANSWERS["offer_trade"]) <= set(TYPES)
