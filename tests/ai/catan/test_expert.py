"""The expert's lookahead: legal, blind to what the view hides, and on time."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import pytest

from ai.catan import basic, search
from ai.catan.expert import (
    EXPERT,
    ExpertPlayer,
    acceptance,
    expert_move,
    guessed_hand,
    searched,
    taker_model,
)
from ai.catan.search import Policy
from ai.catan.seen import Seen, View, read
from rules.catan.actions import AcceptTrade, Action, DeclineTrade, OfferTrade
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.state import CARDS, GameState
from tests.rules.catan.engine_helpers import table

from .test_players import positions


def _turns() -> list[tuple[GameState, str]]:
    """Positions where the seat moves in its own action phase."""
    return [(s, p) for s, p in positions()
            if searched(GAME.view(s, p), GAME.legal_actions(s, p))]


def test_the_lookahead_picks_a_legal_candidate_from_the_view_alone() -> None:
    turns = _turns()
    assert len(turns) >= 5
    for k, (state, seat) in enumerate(turns):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        first = expert_move(view, legal, None)
        options = search.candidates(read(view, EXPERT), legal, first)
        assert options[0] == first and all(a in legal for a in options)
        chosen = search.best_move(view, legal, read(view, EXPERT), first,
                                  lambda v, a: expert_move(v, a, None), random.Random(k),
                                  1, None)
        assert chosen in options
        twin = determinize(state, seat, random.Random(99))
        again = search.best_move(GAME.view(twin, seat), legal, read(view, EXPERT), first,
                                 lambda v, a: expert_move(v, a, None), random.Random(k),
                                 1, None)
        assert again == chosen


def test_past_its_deadline_the_lookahead_plays_the_heuristic_move() -> None:
    state, seat = _turns()[-1]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    first = expert_move(view, legal, None)
    start = time.monotonic()
    chosen = search.best_move(view, legal, read(view, EXPERT), first,
                              lambda v, a: expert_move(v, a, None), random.Random(1), 4,
                              deadline=start - 1)
    assert chosen == first and time.monotonic() - start < 0.5


def _turn_end(state: GameState, seat: str) -> GameState | None:
    """The seat's turn played on by the player (the others by basic) up to where its
    heuristic ends the turn: where the lookahead runs."""
    for _ in range(60):
        who = search.asked(state)
        view, legal = GAME.view(state, who), GAME.legal_actions(state, who)
        if who != seat:
            move = basic.basic_move(view, legal)
        else:
            move = ExpertPlayer(worlds=0).choose(view, legal, random.Random(0))
            if move.type == "end_turn" and searched(view, legal):
                return state
        state, _ = GAME.apply(state, who, move)
        if state.seats[state.active] != seat:
            return None
    return None


def test_the_lookahead_plays_its_turns_on_as_the_expert_does_offers_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The policy the lookahead finishes a turn with is the player's own move, offers
    included (the basic players of its worlds answer them): a trade after a candidate may
    complete a build."""
    policies: list[Policy] = []

    def spy(view: View, legal: Sequence[Action], s: Seen, first: Action, mine: Policy,
            *args: object) -> Action:
        policies.append(mine)
        return first
    monkeypatch.setattr(search, "best_move", spy)
    for state, seat in _turns()[:4]:
        ended = _turn_end(state, seat)
        if ended is not None:
            ExpertPlayer().choose(GAME.view(ended, seat), GAME.legal_actions(ended, seat),
                                  random.Random(0))
    assert policies
    offers = 0
    for state, seat in _turns():
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        move = policies[0](view, legal)
        assert move == ExpertPlayer(worlds=0).choose(view, legal, random.Random(0))
        offers += isinstance(move, OfferTrade)
    assert offers >= 1


def test_the_offer_model_answers_as_the_basic_player_given_the_real_hand() -> None:
    """acceptance() > 0 exactly when basic accepts, once the hidden hand is known."""
    checked = accepted = 0
    for state, seat in _turns():
        me = state.seats.index(seat)
        s = read(GAME.view(state, seat), EXPERT)
        for to in s.opponents():
            if s.points(me) >= 10:
                continue
            hand = dict(state.players[to].cards)
            model = taker_model(s, to, hand)
            theirs = GAME.view(state, state.seats[to])
            for give in CARDS:
                for get in CARDS:
                    if give == get or not hand.get(get) or not s.hand.get(give):
                        continue
                    theirs["pending"] = [{"kind": "trade_offer", "seat": state.seats[to],
                                          "from": seat, "give": {give: 1}, "get": {get: 1}}]
                    answer = basic.basic_move(theirs, [AcceptTrade(), DeclineTrade()])
                    assert (acceptance(model, {give: 1}, {get: 1}) > 0) == (answer == AcceptTrade())
                    checked += 1
                    accepted += answer == AcceptTrade()
    assert checked >= 20 and 0 < accepted < checked


def test_the_guessed_hand_has_the_seats_card_count_roughly() -> None:
    for state, seat in _turns():
        s = read(GAME.view(state, seat), EXPERT)
        for to in s.opponents():
            guess = guessed_hand(s, to)
            if any(s.income[to].values()):
                assert abs(sum(guess.values()) - s.players[to]["cards"]) <= 4
            assert all(v >= 0 for v in guess.values())


def test_the_lookahead_is_the_same_for_the_same_seed_and_node_budget() -> None:
    """The budget is counted in moves played: the same view, seed and budget give the same
    move whatever the machine's speed, and a budget spent before a world is searched in
    full leaves the heuristic move."""
    compared = 0
    for k, (state, seat) in enumerate(_turns()):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        s = read(view, EXPERT)
        first = expert_move(view, legal, None)
        picks = [search.best_move(view, legal, s, first, lambda v, a: expert_move(v, a, None),
                                  random.Random(k), 2, None, search.points_first, nodes)
                 for nodes in (500, 500, 0)]
        assert picks[0] == picks[1] in search.candidates(s, legal, first)
        assert picks[2] == first
        compared += len(search.candidates(s, legal, first)) > 1
    assert compared >= 1  # a position with moves to compare


def test_the_guessed_hand_is_exact_where_the_bank_leaves_no_doubt() -> None:
    """The bank's stock is public: what the opponents hold together is known, so a lone
    opponent holding cards is guessed exactly, and a card none of them holds is guessed
    nowhere."""
    s = table(4, cards={"R": {"wool": 2}, "B": {"ore": 2, "brick": 1, "paper": 1}})
    seen = read(GAME.view(s, "R"), EXPERT)
    assert guessed_hand(seen, 1) == {c: {"ore": 2, "brick": 1, "paper": 1}.get(c, 0)
                                     for c in CARDS}
    s = table(4, cards={"B": {"ore": 2}, "W": {"ore": 1, "lumber": 2}, "O": {"ore": 1}})
    seen = read(GAME.view(s, "R"), EXPERT)
    for o in (1, 2, 3):
        guess = guessed_hand(seen, o)
        assert guess["wool"] == guess["grain"] == 0
        assert sum(guess.values()) == s.players[o].hand_size()
