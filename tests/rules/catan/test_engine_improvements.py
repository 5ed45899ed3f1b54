"""§1.9 city improvements and §1.10 metropolises: §15 T54-T58."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catan import engine, scoring
from rules.catan.board import parse_node
from rules.catan.errors import IllegalAction
from rules.catan.state import GameState

from .engine_helpers import act, hand, roll, table


def levels(s: GameState, seat: int, **tracks: int) -> GameState:
    s = s.clone()
    s.players[seat].improvements.update(tracks)
    return s


def buy(s: GameState, seat: str, track: str, node: str | None = None) -> GameState:
    action: dict[str, Any] = {"type": "buy_improvement", "track": track}
    if node is not None:
        action["node"] = node
    return act(s, seat, **action)


def test_t54_needs_a_city_and_costs_the_level() -> None:
    none = table(buildings={"I1": ("R", "settlement")}, cards={"R": {"coin": 5}})
    with pytest.raises(IllegalAction):
        buy(none, "R", "politics")
    s = table(buildings={"I1": ("R", "city")}, cards={"R": {"coin": 6}})
    s = buy(s, "R", "politics")
    assert hand(s, "R") == {"coin": 5} and s.players[0].improvements["politics"] == 1
    s = buy(buy(s, "R", "politics"), "R", "politics")  # L2 costs 2, L3 costs 3
    assert hand(s, "R") == {} and s.players[0].improvements["politics"] == 3
    with pytest.raises(IllegalAction):
        buy(s, "R", "politics")  # L4 costs 4 coin


def test_t55_first_level_four_brings_a_metropolis_on_a_chosen_city() -> None:
    s = levels(table(buildings={"I1": ("R", "city"), "I3": ("R", "city")},
                     cards={"R": {"paper": 4}}), 0, science=3)
    legal = {a.model_dump()["node"] for a in engine.legal_actions(s, "R")
             if a.type == "buy_improvement"}
    assert legal == {"I1", "I3"}
    with pytest.raises(IllegalAction):
        buy(s, "R", "science")  # the city must be named
    before = scoring.points(s, 0)
    s = buy(s, "R", "science", "I3")
    assert s.buildings[parse_node("I3")].metropolis == "science"
    assert s.metropolis["science"] == parse_node("I3") and scoring.points(s, 0) == before + 2


def test_t56_t57_level_five_takes_the_metropolis_and_keeps_it() -> None:
    s = table(buildings={"I1": ("R", "metropolis:science"), "I21": ("B", "city")},
              cards={"B": {"paper": 9}, "R": {"paper": 5}}, active="B")
    s = levels(levels(s, 0, science=4), 1, science=3)
    s = buy(s, "B", "science")  # L4 while R holds it: nothing
    assert s.metropolis["science"] == parse_node("I1")
    assert scoring.breakdown(s, 1)["metropolises"] == 0
    s = buy(s, "B", "science", "I21")  # L5 takes it
    assert s.metropolis["science"] == parse_node("I21")
    assert scoring.breakdown(s, 0)["metropolises"] == 0
    assert scoring.breakdown(s, 1)["metropolises"] == 2
    s = s.model_copy(update={"active": 0})
    s = buy(s, "R", "science")  # a later L5 gets nothing
    assert s.players[0].improvements["science"] == 5
    assert s.metropolis["science"] == parse_node("I21")


def test_t58_the_only_city_is_a_metropolis_so_no_level_four_elsewhere() -> None:
    s = levels(table(buildings={"I1": ("R", "metropolis:science")},
                     cards={"R": {"cloth": 4}}), 0, trade=3)
    assert not [a for a in engine.legal_actions(s, "R") if a.type == "buy_improvement"]
    with pytest.raises(IllegalAction):
        buy(s, "R", "trade", "I1")


def test_a_metropolis_is_safe_from_barbarians() -> None:
    s = table(ship=6, buildings={"I1": ("R", "metropolis:trade"), "I3": ("R", "city")})
    after, _ = roll(s, 4, 4, "ship")
    assert after.buildings[parse_node("I1")].city and not after.buildings[parse_node("I3")].city
