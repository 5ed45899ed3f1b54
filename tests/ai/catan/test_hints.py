"""Hints (ai.catan.hints): the expert's legal move from the seat's own view, with a reason
whose facts are true of that view; a world that looks the same gets the same hint."""

from __future__ import annotations

import random

from ai.catan import hints, plan
from ai.catan.expert import EXPERT
from ai.catan.seen import Seen, View, read
from ai.player import suggest
from rules.catan.actions import BuildCity, EndTurn, MaritimeTrade, OfferTrade
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import node_id, parse_hex
from rules.catan.determinize import determinize
from rules.catan.game import GAME

from .test_players import positions


def test_a_hint_is_legal_and_the_same_in_any_world_that_looks_the_same() -> None:
    reasons = set()
    for k, (state, seat) in enumerate(positions()):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        hint = suggest("catan", view, legal, random.Random(k))
        assert hint is not None
        action = GAME.parse_action(hint.action)
        assert action in legal or (isinstance(action, OfferTrade)
                                   and GAME.is_legal(state, seat, action))
        twin = determinize(state, seat, random.Random(k + 1))
        assert suggest("catan", GAME.view(twin, seat), legal, random.Random(k)) == hint
        reasons.add(hint.reason)
    assert len(reasons) >= 6, reasons  # the reasons follow the decisions


def test_a_city_is_explained_by_the_numbers_around_it() -> None:
    state, seat = next((s, p) for s, p in positions() if s.phase == "action"
                       and s.active == s.seats.index(p))
    view = GAME.view(state, seat)
    node = next(n for n, b in state.buildings.items() if b.owner == state.active)
    reason, params = hints.explain(view, BuildCity(node=node_id(node)))
    around = {(h["terrain"], h["token"]) for hid, h in view["board"]["hexes"].items()
              if parse_hex(hid) in T.node_hexes[node] and h["token"] is not None}
    assert reason == "city" and len(params["yields"]) == len(around)
    tokens = [n for _, n in params["yields"]]
    assert sorted(tokens) == sorted(t for _, t in around)
    assert [abs(7 - n) for n in tokens] == sorted(abs(7 - n) for n in tokens)


def _own_turns() -> list[tuple[View, Seen]]:
    """The view and its reading where the seat moves in its own action phase."""
    return [(view, read(view, EXPERT)) for state, seat in positions()
            if state.phase == "action" and state.active == state.seats.index(seat)
            for view in [GAME.view(state, seat)]]


def test_ending_the_turn_names_what_the_first_goal_lacks() -> None:
    checked = 0
    for view, s in _own_turns():
        goals = plan.goals(s)
        reason, params = hints.explain(view, EndTurn())
        if not goals or not plan.deficit(s.hand, goals[0].cost):
            assert reason == "end"
            continue
        assert (reason, params["goal"]) == ("save", goals[0].name)
        assert params["cards"] == plan.deficit(view["hand"], goals[0].cost)
        checked += 1
    assert checked >= 3


def test_a_bank_trade_is_explained_by_a_goal_that_lacks_the_card() -> None:
    checked = 0
    for view, s in _own_turns():
        for card in ("ore", "grain", "brick"):
            reason, params = hints.explain(view, MaritimeTrade(give="wool", get=card))
            lacking = [g.name for g in plan.goals(s) if card in plan.deficit(s.hand, g.cost)]
            if lacking:
                assert (reason, params["goal"], params["card"]) == ("bank", lacking[0], card)
                checked += 1
    assert checked >= 3
