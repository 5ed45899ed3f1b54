"""§6 knights through the engine: §15 T32-T39, T41, T43."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catan import engine, scoring
from rules.catan.board import parse_hex, parse_node
from rules.catan.errors import IllegalAction
from rules.catan.state import GameState

from .engine_helpers import act, hand, roll, table

KNIGHT = {"wool": 1, "ore": 1}


def refused(s: GameState, seat: str, **action: Any) -> None:
    with pytest.raises(IllegalAction):
        engine.apply(s, seat, action)
    assert engine.Action.parse(action) not in engine.legal_actions(s, seat)


def knight(s: GameState, node: str) -> Any:
    return s.knights.get(parse_node(node))


def test_t32_build_a_basic_inactive_knight_and_the_supply_limit() -> None:
    s = table(buildings={"I44": ("R", "settlement")}, roads={"P56": "R", "P57": "R"},
              cards={"R": {"wool": 2, "ore": 2}})
    s = act(s, "R", type="build_knight", node="I40")
    k = knight(s, "I40")
    assert (k.owner, k.level, k.active) == (0, 1, False) and hand(s, "R") == KNIGHT
    refused(s, "R", type="build_knight", node="I52")  # no road of R ends there
    s = act(s, "R", type="build_knight", node="I45")
    third = table(buildings={"I44": ("R", "settlement")}, roads={"P56": "R", "P63": "R"},
                  knights={"I40": ("R", 1, False), "I1": ("R", 1, False)}, cards={"R": KNIGHT})
    refused(third, "R", type="build_knight", node="I48")


def test_t33_a_knight_activated_this_turn_cannot_act() -> None:
    s = table(roads={"P56": "R", "P63": "R"}, knights={"I44": ("R", 1, False)},
              cards={"R": {"grain": 1}})
    s = act(s, "R", type="activate_knight", node="I44")
    assert knight(s, "I44").active
    refused(s, "R", type="move_knight", node="I44", to="I48")
    nxt = s.model_copy(update={"knights": {
        n: k.model_copy(update={"activated": False}) for n, k in s.knights.items()}})
    moved = act(nxt, "R", type="move_knight", node="I44", to="I48")
    assert knight(moved, "I48").acted and not knight(moved, "I48").active


def test_t34_promotion_needs_the_fortress_for_mighty_and_once_a_turn() -> None:
    s = table(knights={"I44": ("R", 2, True)}, cards={"R": {"wool": 2, "ore": 2}})
    s.players[0].improvements["politics"] = 2
    refused(s, "R", type="promote_knight", node="I44")
    s.players[0].improvements["politics"] = 3
    s = act(s, "R", type="promote_knight", node="I44")
    assert knight(s, "I44").level == 3 and knight(s, "I44").active
    basic = table(knights={"I44": ("R", 1, False)}, cards={"R": {"wool": 2, "ore": 2}})
    once = act(basic, "R", type="promote_knight", node="I44")
    refused(once, "R", type="promote_knight", node="I44")


def t35(**extra: Any) -> GameState:
    knights = {"I35": ("B", 1, False), "I40": ("R", 2, True), **extra}
    return table(4, buildings={"I23": ("B", "settlement")},
                 roads={"P35": "B", "P42": "B", "P43": "B", "P56": "R", "P51": "R"},
                 knights=knights)


def test_t35_displace_and_the_owner_chooses_the_retreat() -> None:
    s = act(t35(), "R", type="displace_knight", node="I40", to="I35")
    assert knight(s, "I35").owner == 0 and not knight(s, "I35").active
    assert knight(s, "I40") is None
    assert engine.to_act(s) == ["B"]
    assert {a.model_dump()["node"] for a in engine.legal_actions(s, "B")} == {"I29", "I30"}
    done = act(s, "B", type="retreat_knight", node="I30")
    assert knight(done, "I30").owner == 1 and knight(done, "I30").level == 1
    assert engine.to_act(done) == ["R"]


def test_t36_no_retreat_removes_the_knight() -> None:
    s = t35(**{"I29": ("B", 1, False), "I30": ("O", 1, False)})
    s = act(s, "R", type="displace_knight", node="I40", to="I35")
    assert s.pending == [] and knight(s, "I35").owner == 0
    assert sum(1 for k in s.knights.values() if k.owner == 1) == 1


def test_t37_displace_only_a_weaker_knight() -> None:
    s = t35(**{"I40": ("R", 1, True)})
    refused(s, "R", type="displace_knight", node="I40", to="I35")


def test_t38_chasing_the_robber_waits_for_the_first_attack() -> None:
    pieces: dict[str, Any] = dict(buildings={"I21": ("B", "settlement")},
                                  knights={"I32": ("R", 1, True)}, cards={"B": {"ore": 1}},
                                  robber=parse_hex("H12"))
    locked = table(**pieces)
    refused(locked, "R", type="chase_robber", node="I32", hex="H11")
    free = table(attacks=1, **pieces)
    s = act(free, "R", type="chase_robber", node="I32", hex="H7", victim="B")
    assert s.robber == parse_hex("H7") and hand(s, "R") == {"ore": 1}
    assert not knight(s, "I32").active


def test_t39_paths_pass_through_own_pieces_only() -> None:
    own = table(buildings={"I23": ("B", "settlement")}, roads={"P35": "B", "P26": "B"},
                knights={"I29": ("B", 1, True)}, active="B")
    assert knight(act(own, "B", type="move_knight", node="I29", to="I18"), "I18").owner == 1
    blocked = table(roads={"P35": "B", "P26": "B"},
                    knights={"I29": ("B", 1, True), "I23": ("R", 1, False)}, active="B")
    refused(blocked, "B", type="move_knight", node="I29", to="I18")


B_ROADS = {"P20": "B", "P26": "B", "P35": "B", "P42": "B", "P51": "B"}


def test_t41_an_opponents_knight_breaks_the_longest_road() -> None:
    s = table(buildings={"I13": ("B", "settlement"), "I34": ("R", "settlement")},
              roads={**B_ROADS, "P41": "R"}, cards={"R": KNIGHT}, longest_road=1)
    assert scoring.road_lengths(s)[1] == 5
    s = act(s, "R", type="build_knight", node="I29")
    assert scoring.road_lengths(s)[1] == 3 and s.longest_road is None
    assert scoring.breakdown(s, 1)["longest_road"] == 0


def test_t43_ones_own_knight_does_not_break_it() -> None:
    s = table(buildings={"I13": ("B", "settlement")}, roads=B_ROADS,
              knights={"I29": ("B", 1, False)})
    assert scoring.road_lengths(s)[1] == 5


def test_knights_are_made_inactive_by_an_attack_and_count_for_defence() -> None:
    s = table(ship=6, buildings={"I1": ("R", "city")}, knights={"I44": ("R", 1, True)})
    after, _ = roll(s, 4, 4, "ship")
    assert after.buildings[parse_node("I1")].city and after.players[0].defenders == 1
    assert not knight(after, "I44").active
