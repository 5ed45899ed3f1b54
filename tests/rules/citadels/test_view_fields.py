"""The rule-derived fields of a view, on hand-built states with known answers, and leak-free under
determinization with them: score, ranking, income_due, draw, destroy_costs, targets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules import citadels
from rules.citadels.game import GAME

from .helpers import act, gold_turn, start
from .test_views import states


def entry(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["id"] == seat)


def targets(state: citadels.GameState, kind: str) -> dict[Any, tuple[bool, str | None]]:
    """The acting player's targets of one kind: {target: (legal, reason)}."""
    seat = citadels.to_act(state)[0]
    found = citadels.view(state, seat)["turn"]["targets"][kind]
    key = "character" if kind in ("assassinate", "steal") else "player"
    return {t[key]: (t["legal"], t["reason"]) for t in found}


def test_score_in_the_view_with_every_part() -> None:
    state = start(4, cities={"ana": ["manor", "temple", "tavern", "watchtower", "haunted_quarter"],
                             "bo": ["map_room", "imperial_treasury"]},
                  hands={"bo": ["manor", "docks"]}, gold={"bo": 3})
    public = citadels.view(state, None)
    assert entry(public, "ana")["score"] == {
        "total": 8 + 3, "tiebreak": 0, "haunted_quarter_as": "unique",
        "breakdown": {"districts": 8, "five_types": 3, "first_complete": 0, "complete": 0,
                      "map_room": 0, "imperial_treasury": 0}}
    assert entry(public, "bo")["score"] == {
        "total": 10 + 2 + 3, "tiebreak": 0, "haunted_quarter_as": None,
        "breakdown": {"districts": 10, "five_types": 0, "first_complete": 0, "complete": 0,
                      "map_room": 2, "imperial_treasury": 3}}
    assert entry(citadels.view(state, "cy"), "bo")["score"] == entry(public, "bo")["score"]


def test_the_eight_point_districts_show_their_two_more_apart() -> None:
    state = start(4, cities={"ana": ["university", "dragon_gate", "manor"]})
    score = entry(citadels.view(state, None), "ana")["score"]
    assert score["total"] == 8 + 8 + 3
    assert (score["breakdown"]["districts"], score["breakdown"]["university"],
            score["breakdown"]["dragon_gate"]) == (6 + 6 + 3, 2, 2)
    assert "university" not in entry(citadels.view(state, None), "bo")["score"]["breakdown"]


def test_ranking_breaks_ties_by_the_highest_revealed_character_then_seat() -> None:
    chars = {"ana": ["thief"], "bo": ["king"], "cy": ["bishop"], "di": ["merchant"]}
    state = start(4, chars, cities={"ana": ["manor"], "bo": ["castle"],
                                    "cy": ["temple", "church"]})
    assert citadels.view(state, None)["ranking"] == ["bo", "ana", "cy", "di"]  # thief: 2
    while state.current != "bishop":
        state = gold_turn(state)
    # ana (Thief, 2) and cy (Bishop, 5) both have 3 points: the Bishop ranks higher.
    assert citadels.view(state, "di")["ranking"] == ["bo", "cy", "ana", "di"]


def test_the_view_ranking_is_the_results() -> None:
    *_, state = states(5, seed=3)  # the finished game
    result = GAME.result(state)
    assert result is not None
    view = citadels.view(state, None)
    assert sorted(result.ranks, key=result.ranks.__getitem__) == view["ranking"]
    assert result.scores == {p["id"]: p["score"]["total"] for p in view["players"]}
    assert result.breakdown == {p["id"]: p["score"]["breakdown"] for p in view["players"]}


def test_income_due_counts_the_school_of_magic_and_is_gone_once_taken() -> None:
    chars = {"ana": ["king"], "bo": ["bishop"], "cy": ["merchant"], "di": ["warlord"]}
    state = start(4, chars, cities={"ana": ["manor", "castle", "temple", "school_of_magic"],
                                    "bo": ["temple", "barracks"]})
    assert state.current == "king"
    assert citadels.view(state, None)["turn"]["income_due"] == 3
    state, _ = act(state, {"type": "take_gold"}, {"type": "collect_income"})
    assert citadels.view(state, None)["turn"]["income_due"] is None
    state = act(state, {"type": "end_turn"})[0]
    assert state.current == "bishop"
    assert citadels.view(state, "ana")["turn"]["income_due"] == 1


def test_no_income_due_for_a_character_without_income() -> None:
    state = start(4, {"ana": ["thief"], "bo": ["king"], "cy": ["bishop"], "di": ["merchant"]},
                  cities={"ana": ["manor", "tavern"]})
    assert state.current == "thief"
    assert citadels.view(state, None)["turn"]["income_due"] is None


@pytest.mark.parametrize("city,draw,keep", [
    ([], 2, 1), (["observatory"], 3, 1), (["library"], 2, 2),
    (["observatory", "library"], 3, 3),
])
def test_draw_counts_in_the_view(city: list[str], draw: int, keep: int) -> None:
    chars = {"ana": ["king"], "bo": ["bishop"], "cy": ["merchant"], "di": ["warlord"]}
    state = start(4, chars, cities={"ana": city})
    assert citadels.view(state, "bo")["turn"]["draw"] == {"draw": draw, "keep": keep}
    after, events = act(state, {"type": "draw_cards"})
    assert next(e for e in events if e.type == "cards_drawn").data["count"] == draw
    kept = [e for e in events if e.type == "cards_kept"]
    assert (kept[0].data["count"] if kept else 1) == keep


def test_destroy_costs_with_a_great_wall() -> None:
    state = start(4, cities={"cy": ["great_wall", "manor", "keep"], "bo": ["temple"]})
    public = citadels.view(state, None)
    assert entry(public, "cy")["destroy_costs"] == {"great_wall": 5, "manor": 3, "keep": 3}
    assert entry(public, "bo")["destroy_costs"] == {"temple": 0}
    assert entry(public, "ana")["destroy_costs"] == {}


def test_destroy_costs_are_each_districts_destroy_cost() -> None:
    """The view's costs, the city's shields summed once, agree with the Warlord's own rule for
    every district, with doubled districts (a Quarry) and beautified ones."""
    from rules.citadels.districts import COST, city_destroy_cost, destroy_costs
    rng = random.Random(3)
    names = sorted(COST)
    for _ in range(400):
        city = [rng.choice(names) for _ in range(rng.randint(0, 9))]
        if city and rng.random() < 0.5:
            city += ["great_wall"] * rng.randint(1, 2) + [city[0]]
        beautified = rng.sample(city, k=rng.randint(0, len(city))) if city else []
        assert destroy_costs(city, beautified) == {
            d: city_destroy_cost(city, d, beautified) for d in city}


def test_assassin_thief_and_magician_targets_with_reasons() -> None:
    chars = {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"], "di": ["king"]}
    state = start(4, chars, hands={"cy": ["manor"], "di": ["temple"]})
    before = targets(state, "assassinate")
    assert before["assassin"] == (False, "self")
    assert before["king"] == (False, "gather_first")
    state, _ = act(state, {"type": "take_gold"})
    now = targets(state, "assassinate")
    assert now["assassin"] == (False, "self")
    assert all(now[c] == (True, None) for c in citadels.CHARACTER_ORDER if c != "assassin")
    assert set(citadels.view(state, "ana")["turn"]["targets"]) == {"assassinate"}
    state, _ = act(state, {"type": "assassinate", "character": "king"})
    assert set(targets(state, "assassinate").values()) == {(False, "self"),
                                                          (False, "power_used")}
    state, _ = act(state, {"type": "end_turn"}, {"type": "take_gold"})
    assert state.current == "thief"
    steal = targets(state, "steal")
    assert steal["assassin"] == (False, "rank_one")
    assert steal["thief"] == (False, "self")
    assert steal["king"] == (False, "murdered")
    assert steal["magician"] == steal["warlord"] == (True, None)
    state, _ = act(state, {"type": "end_turn"}, {"type": "take_gold"})
    assert state.current == "magician"
    swap = targets(state, "swap_hands")
    assert swap == {"cy": (False, "self"), "ana": (True, None), "bo": (True, None),
                    "di": (True, None)}
    assert set(citadels.view(state, "cy")["turn"]["targets"]) == {"swap_hands"}


def test_a_character_without_targets_has_none() -> None:
    state = start(4, {"ana": ["king"], "bo": ["bishop"], "cy": ["merchant"], "di": ["warlord"]})
    assert citadels.view(state, "ana")["turn"]["targets"] == {}


@pytest.mark.parametrize("n", [3, 6])
def test_views_with_the_new_fields_are_json_and_leak_nothing(n: int) -> None:
    """A seat's view of a determinized world is its view of the real state, targets and all."""
    checked = 0
    for step, state in enumerate(states(n, seed=n)):
        if step % 5:
            continue
        for viewer in [None, *(p.id for p in state.players)]:
            view = citadels.view(state, viewer)
            assert json.loads(json.dumps(view)) == view
            if viewer is None:
                continue
            world = citadels.determinize(state, viewer, random.Random(step))
            assert citadels.view(world, viewer) == view
            if "targets" in (view["turn"] or {}):
                checked += 1
    assert checked > 0
