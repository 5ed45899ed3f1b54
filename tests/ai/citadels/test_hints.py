"""Hints (ai.citadels.hints): the expert's legal move from the seat's own view, with a reason
whose facts are true of that view; a world that looks the same gets the same hint."""

from __future__ import annotations

import random

from ai.citadels import hints
from ai.player import suggest
from rules import citadels
from rules.citadels import actions as A
from tests.ai.citadels.test_players import positions, reshuffled


def test_a_hint_is_legal_and_the_same_in_any_world_that_looks_the_same() -> None:
    reasons = set()
    for i, (state, seat) in enumerate(positions(4, seed=61, every=16)):
        legal = citadels.legal_actions(state, seat)
        view = citadels.view(state, seat)
        hint = suggest("citadels", view, legal, random.Random(i))
        assert hint is not None and citadels.Action.parse(hint.action) in legal
        twin = reshuffled(state, seat, random.Random(i))
        assert suggest("citadels", citadels.view(twin, seat), legal, random.Random(i)) == hint
        reasons.add(hint.reason)
    assert len(reasons) >= 5, reasons  # the reasons follow the decisions


def test_reasons_state_true_facts_of_the_view() -> None:
    state = next(s for s, _ in positions(4, seed=62, every=1) if s.phase == "turns")
    seat = citadels.to_act(state)[0]
    view = citadels.view(state, seat)
    me = next(p for p in view["players"] if p["id"] == seat)
    reason, params = hints.explain(view, A.TAKE_GOLD)
    if reason == "gold.build":
        assert params["district"] in me["hand"]
        assert params["gold"] == citadels.DISTRICTS[params["district"]].cost - me["gold"] > 0
    assert hints.explain(view, A.END_TURN) == ("end", {})
    complete = dict(view, city_size=len(me["city"]) + 1)
    assert hints.explain(complete, A.Build(district="palace"))[0] == "build.complete"
    rich = max((p for p in view["players"] if p["id"] != seat), key=lambda p: p["gold"])
    reason, params = hints.explain(dict(view, phase="draft"),
                                   A.PickCharacter(character="thief"))
    if reason == "pick.rich":
        assert (params["player"], params["gold"]) == (rich["id"], rich["gold"])


def test_a_threat_is_named_when_an_opponent_is_one_district_from_the_end() -> None:
    state, seat = next((s, p) for s, p in positions(4, seed=63, every=1) if s.phase == "draft")
    view = citadels.view(state, seat)
    other = next(p for p in view["players"] if p["id"] != seat)
    other["city"] = ["manor"] * (view["city_size"] - 1)
    reason, params = hints.explain(view, A.PickCharacter(character="assassin"))
    assert (reason, params) == ("pick.threat", {"character": "assassin", "count": 1})
