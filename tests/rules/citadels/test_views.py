"""What views carry so that nothing outside the engine computes a rule: scores with their
breakdown, ranking, destroy costs, income due, cards to draw and keep, targets with reasons."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import citadels
from rules.citadels import scoring, turns

TARGETED = {"assassinate": ("character",), "steal": ("character",),
            "swap_hands": ("player",), "destroy": ("player", "district")}


def states(n: int, seed: int) -> Iterator[citadels.GameState]:
    rng = random.Random(seed)
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed)
    while not state.finished:
        yield state
        seat = citadels.to_act(state)[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None
        state, _ = citadels.apply(state, seat, action)
    yield state


def as_action(kind: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {"type": kind, **{f: entry[f] for f in TARGETED[kind]}}


@pytest.mark.parametrize("n", [2, 4, 7])
def test_views_carry_what_the_engine_computes(n: int) -> None:
    checked = {"targets": 0, "income": 0, "draw": 0}
    for seed in range(3):
        for state in states(n, seed):
            table = scoring.scores(state)
            public = citadels.view(state, None)
            assert public["ranking"] == scoring.ranking(state)
            for entry in public["players"]:
                score = entry["score"]
                assert score["total"] == table[entry["id"]].total
                assert sum(score["breakdown"].values()) == score["total"]
                player = state.player(entry["id"])
                assert entry["destroy_costs"] == {
                    d: turns.destroy_cost(player, d) for d in player.city}
            if state.phase != "turns" or state.graveyard_card is not None:
                continue
            seat = citadels.to_act(state)[0]
            mine = citadels.view(state, seat)
            others = [citadels.view(state, p.id) for p in state.players if p.id != seat]
            assert "targets" not in (public["turn"] or {})
            assert all("targets" not in (v["turn"] or {}) for v in others)
            legal = [a.model_dump() for a in citadels.legal_actions(state, seat)]
            targets = mine["turn"]["targets"]
            for kind, entries in targets.items():
                named = [as_action(kind, e) for e in entries if e["legal"]]
                assert sorted(map(str, named)) == sorted(
                    str(a) for a in legal if a["type"] == kind)
                assert all((e["reason"] is None) == e["legal"] for e in entries)
                checked["targets"] += 1
            checked["income"] += _check_income(state, seat, mine)
            checked["draw"] += _check_draw(state, seat, mine)
    assert all(count > 0 for count in checked.values()), checked


def _check_income(state: citadels.GameState, seat: str, mine: dict[str, Any]) -> int:
    if {"type": "collect_income"} not in [a.model_dump() for a in
                                          citadels.legal_actions(state, seat)]:
        return 0
    after, _ = citadels.apply(state, seat, {"type": "collect_income"})
    assert after.player(seat).gold - state.player(seat).gold == mine["turn"]["income_due"]
    return 1


def _check_draw(state: citadels.GameState, seat: str, mine: dict[str, Any]) -> int:
    if state.gathered or state.drawn or len(state.deck) < 3:
        return 0
    after, events = citadels.apply(state, seat, {"type": "draw_cards"})
    drawn = next(e for e in events if e.type == "cards_drawn").data["count"]
    kept = sum(e.data["count"] for e in events if e.type == "cards_kept")
    assert drawn == mine["turn"]["draw"]["draw"]
    assert kept in (0, mine["turn"]["draw"]["keep"])  # 0: choose among them next
    return 1


def test_a_reason_for_each_refused_target() -> None:
    """A poor Warlord facing the Bishop, a complete city and a Keep: each refusal says why."""
    from .helpers import act, gold_turn, start

    state = start(4, {"ana": ["warlord"], "bo": ["bishop"], "cy": ["king"], "di": ["merchant"]},
                  cities={"bo": ["manor"], "di": ["keep", "cathedral"],
                          "cy": ["castle", "temple", "tavern", "market", "docks", "harbor",
                                 "palace"]},
                  gold={"ana": 0})
    while citadels.to_act(state) != ["ana"]:
        state = gold_turn(state)
    before = citadels.view(state, "ana")["turn"]["targets"]["destroy"]
    assert not any(t["legal"] for t in before)
    assert {t["reason"] for t in before} == {"bishop", "complete_city", "keep",
                                             "too_expensive"}
    state, _ = act(state, {"type": "take_gold"})  # 2 gold: the Cathedral costs 4
    reasons = {(t["player"], t["district"]): t["reason"]
               for t in citadels.view(state, "ana")["turn"]["targets"]["destroy"]}
    assert reasons == {("bo", "manor"): "bishop", ("di", "keep"): "keep",
                       ("di", "cathedral"): "too_expensive",
                       **{("cy", d): "complete_city" for d in state.player("cy").city}}
