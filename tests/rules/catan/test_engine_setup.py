"""§2 set-up and §15 T05-T07 through the engine."""

from __future__ import annotations

import pytest

from rules.catan import engine
from rules.catan.board import parse_node
from rules.catan.errors import IllegalAction

from .engine_helpers import act, hand, new


def test_snake_order_and_second_building_is_a_city() -> None:
    s = new(3)
    order = []
    for node, edge in [("I9", "P13"), ("I20", "P30"), ("I41", "P58"),
                       ("I32", "P47"), ("I44", "P56"), ("I17", "P25")]:
        seat = engine.to_act(s)
        order.append(seat[0])
        s = act(s, seat[0], type="place_building", node=node)
        s = act(s, seat[0], type="place_road", edge=edge)
    assert order == ["R", "B", "W", "W", "B", "R"]
    kinds = {n: b.city for n, b in s.buildings.items()}
    assert sorted(kinds.values()) == [False, False, False, True, True, True]
    assert s.phase == "roll" and engine.to_act(s) == ["R"] and s.turn == 1


def test_t05_setup_road_must_touch_the_new_settlement() -> None:
    s = act(new(3), "R", type="place_building", node="I9")
    with pytest.raises(IllegalAction):
        engine.apply(s, "R", {"type": "place_road", "edge": "P20"})
    assert {a.edge for a in engine.legal_actions(s, "R")} == {"P8", "P13", "P14"}  # type: ignore[attr-defined]


def test_t06_setup_city_gives_one_resource_per_hex_and_no_commodity() -> None:
    s = new(3)
    for seat, node, edge in [("R", "I9", "P13"), ("B", "I20", "P30"), ("W", "I41", "P58")]:
        s = act(act(s, seat, type="place_building", node=node), seat, type="place_road",
                edge=edge)
    s = act(s, "W", type="place_building", node="I44")
    s = act(s, "W", type="place_road", edge="P56")
    s = act(s, "B", type="place_building", node="I17")
    s = act(s, "B", type="place_road", edge="P25")
    before = dict(s.bank)
    s = act(s, "R", type="place_building", node="I32")
    assert hand(s, "R") == {"lumber": 1, "ore": 1, "wool": 1}
    assert s.bank["ore"] == before["ore"] - 1 and s.bank["coin"] == before["coin"]
    assert hand(s, "W") == {"lumber": 1, "brick": 1}  # I44: H13 forest, H17 hills


def test_t07_distance_rule_in_setup() -> None:
    s = act(new(3), "R", type="place_building", node="I9")
    s = act(s, "R", type="place_road", edge="P13")
    with pytest.raises(IllegalAction):
        engine.apply(s, "B", {"type": "place_building", "node": "I14"})
    legal = {a.node for a in engine.legal_actions(s, "B")}  # type: ignore[attr-defined]
    assert "I14" not in legal and "I9" not in legal and "I20" in legal


def test_only_the_seat_in_turn_may_place() -> None:
    s = new(4)
    assert engine.to_act(s) == ["R"]
    assert engine.legal_actions(s, "B") == []
    with pytest.raises(IllegalAction):
        engine.apply(s, "B", {"type": "place_building", "node": "I9"})


def test_a_timed_out_placement_takes_the_richest_free_intersection() -> None:
    s = new(3)
    default = engine.default_action(s, "R")
    # I29: fields 9 (4 pips) + forest 11 (2) + forest 8 (5) = 11, the first of the best
    assert default is not None and default.model_dump()["node"] == "I29"
    assert engine.pips(s, parse_node(default.model_dump()["node"])) == max(
        engine.pips(s, n) for n in range(54))
