"""§4 building, §5 trading, §8 Longest Road through the engine, §11 victory: §15 T24-T31,
T40, T85-T87."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catan import engine, scoring
from rules.catan.errors import IllegalAction

from .engine_helpers import act, hand, roll, table

ROAD = {"brick": 1, "lumber": 1}
SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}


def refused(s: Any, seat: str, **action: Any) -> None:
    before = s.model_dump()
    with pytest.raises(IllegalAction):
        engine.apply(s, seat, action)
    assert s.model_dump() == before
    assert engine.Action.parse(action) not in engine.legal_actions(s, seat)


def test_road_must_connect_and_costs_brick_and_lumber() -> None:
    s = table(buildings={"I34": ("R", "settlement")}, cards={"R": ROAD})
    refused(s, "R", type="build_road", edge="P42")
    after = act(s, "R", type="build_road", edge="P41")
    assert hand(after, "R") == {} and after.roads[40] == 0
    refused(after, "R", type="build_road", edge="P42")  # no cards left


def test_t24_opponent_knight_blocks_building_through() -> None:
    s = table(buildings={"I34": ("R", "settlement")}, roads={"P41": "R"},
              knights={"I29": ("B", 1, False)}, cards={"R": ROAD})
    refused(s, "R", type="build_road", edge="P42")
    own = table(buildings={"I34": ("R", "settlement")}, roads={"P41": "R"},
                knights={"I29": ("R", 1, False)}, cards={"R": ROAD})
    assert act(own, "R", type="build_road", edge="P42").roads[41] == 0


def test_t25_no_settlement_on_a_knight_even_ones_own() -> None:
    s = table(buildings={"I23": ("R", "settlement")}, roads={"P35": "R", "P42": "R"},
              knights={"I35": ("R", 1, False)}, cards={"R": SETTLEMENT})
    refused(s, "R", type="build_settlement", node="I35")
    clear = table(buildings={"I23": ("R", "settlement")}, roads={"P35": "R", "P42": "R"},
                  cards={"R": SETTLEMENT})
    assert 34 in act(clear, "R", type="build_settlement", node="I35").buildings


def test_settlement_distance_rule_and_supply() -> None:
    s = table(buildings={"I23": ("R", "settlement")}, roads={"P35": "R"},
              cards={"R": SETTLEMENT})
    refused(s, "R", type="build_settlement", node="I29")  # next to I23
    refused(s, "R", type="build_settlement", node="I30")  # not on R's roads
    five = {f"I{n}": ("R", "settlement") for n in (1, 3, 21, 44, 52)}
    full = table(buildings=five, roads={"P63": "R", "P55": "R"}, cards={"R": SETTLEMENT})
    refused(full, "R", type="build_settlement", node="I39")


def test_city_replaces_a_settlement_and_needs_a_piece() -> None:
    s = table(buildings={"I9": ("R", "settlement")}, cards={"R": {"ore": 3, "grain": 2}})
    after = act(s, "R", type="build_city", node="I9")
    assert after.buildings[8].city and hand(after, "R") == {}
    refused(s, "R", type="build_city", node="I13")
    four = {f"I{n}": ("R", "city") for n in (1, 3, 21, 44)}
    full = table(buildings={**four, "I9": ("R", "settlement")},
                 cards={"R": {"ore": 3, "grain": 2}})
    refused(full, "R", type="build_city", node="I9")


def test_t26_walls() -> None:
    cities = {"I1": ("R", "city+wall"), "I3": ("R", "city+wall"), "I21": ("R", "city+wall"),
              "I44": ("R", "city"), "I52": ("R", "settlement")}
    s = table(buildings=cities, cards={"R": {"brick": 2}})
    refused(s, "R", type="build_wall", node="I44")  # a 4th wall
    refused(s, "R", type="build_wall", node="I52")  # on a settlement
    two = table(buildings={"I44": ("R", "city"), "I1": ("R", "city+wall")},
                cards={"R": {"brick": 2}})
    refused(two, "R", type="build_wall", node="I1")  # already walled
    after = act(two, "R", type="build_wall", node="I44")
    assert after.buildings[43].wall and hand(after, "R") == {}


def test_t27_t28_harbours() -> None:
    s = table(buildings={"I2": ("R", "settlement")}, cards={"R": {"grain": 2, "paper": 4}})
    after = act(s, "R", type="maritime_trade", give="grain", get="ore")
    assert hand(after, "R") == {"ore": 1, "paper": 4}
    after = act(after, "R", type="maritime_trade", give="paper", get="ore")
    assert hand(after, "R") == {"ore": 2}
    h3 = table(buildings={"I4": ("R", "settlement")}, cards={"R": {"paper": 3, "grain": 2}})
    assert hand(act(h3, "R", type="maritime_trade", give="paper", get="ore"), "R") == {
        "ore": 1, "grain": 2}
    refused(h3, "R", type="maritime_trade", give="grain", get="ore")  # 3:1, only 2


def test_t29_trade_l3_commodities_two_for_one() -> None:
    s = table(buildings={"I9": ("R", "city")}, cards={"R": {"cloth": 2, "brick": 2}})
    s.players[0].improvements["trade"] = 3
    assert hand(act(s, "R", type="maritime_trade", give="cloth", get="brick"), "R") == {
        "brick": 3}
    refused(s, "R", type="maritime_trade", give="brick", get="ore")


def test_maritime_trade_never_takes_what_the_bank_lacks() -> None:
    s = table(cards={"R": {"wool": 4}})
    s = s.model_copy(update={"bank": {**s.bank, "ore": 0}})
    refused(s, "R", type="maritime_trade", give="wool", get="ore")


def test_t30_domestic_trade_rules_and_the_addressee_decides() -> None:
    s = table(cards={"R": {"wool": 2}, "B": {"ore": 1}, "W": {"grain": 1}})
    refused(s, "B", type="offer_trade", to="W", give={"ore": 1}, get={"grain": 1})
    refused(s, "R", type="offer_trade", to="W", give={"wool": 1}, get={})
    refused(s, "R", type="offer_trade", to="W", give={"wool": 1}, get={"wool": 1})
    refused(s, "R", type="offer_trade", to="W", give={"wool": 3}, get={"grain": 1})
    offered = act(s, "R", type="offer_trade", to="B", give={"wool": 2}, get={"ore": 1})
    assert engine.to_act(offered) == ["R", "B"]
    assert [a.type for a in engine.legal_actions(offered, "R")] == ["cancel_trade"]
    assert [a.type for a in engine.legal_actions(offered, "B")] == ["accept_trade",
                                                                     "decline_trade"]
    assert engine.legal_actions(offered, "W") == []
    refused(offered, "R", type="end_turn")
    done = act(offered, "B", type="accept_trade")
    assert hand(done, "R") == {"ore": 1} and hand(done, "B") == {"wool": 2}
    assert engine.to_act(done) == ["R"]
    declined = act(offered, "B", type="decline_trade")
    assert hand(declined, "R") == {"wool": 2} and declined.pending == []
    cancelled = act(offered, "R", type="cancel_trade")
    assert cancelled.pending == [] and engine.to_act(cancelled) == ["R"]
    asks_too_much = act(s, "R", type="offer_trade", to="W", give={"wool": 1},
                        get={"grain": 2})
    assert [a.type for a in engine.legal_actions(asks_too_much, "W")] == ["decline_trade"]
    assert engine.default_action(offered, "B") == engine.Action.parse(
        {"type": "decline_trade"})


def test_no_build_or_trade_before_the_roll() -> None:
    s = table(buildings={"I34": ("R", "settlement")}, cards={"R": {**ROAD, "wool": 4}},
              phase="roll")
    assert [a.type for a in engine.legal_actions(s, "R")] == ["roll"]
    refused(s, "R", type="build_road", edge="P41")
    refused(s, "R", type="maritime_trade", give="wool", get="ore")
    refused(s, "R", type="end_turn")


def test_t31_a_city_on_its_side_is_rebuilt_first() -> None:
    s = table(buildings={"I9": ("R", "city+ruined"), "I32": ("R", "settlement")},
              cards={"R": {"ore": 3, "grain": 2}})
    assert scoring.breakdown(s, 0)["cities"] == 1
    refused(s, "R", type="build_city", node="I32")
    after = act(s, "R", type="build_city", node="I9")
    assert after.buildings[8].city and not after.buildings[8].ruined
    assert scoring.breakdown(after, 0)["cities"] == 2
    produced, _ = roll(s, 4, 6)  # H1 mountains 10: as a settlement, 1 ore
    assert hand(produced, "R") == {"ore": 4, "grain": 2}


def test_t40_longest_road_and_a_settlement_breaking_it() -> None:
    roads = {"P20": "B", "P26": "B", "P35": "B", "P42": "B"}
    s = table(buildings={"I13": ("B", "settlement"), "I36": ("R", "settlement")},
              roads={**roads, "P44": "R", "P43": "R"}, cards={"B": ROAD, "R": SETTLEMENT},
              active="B")
    after = act(s, "B", type="build_road", edge="P51")
    assert after.longest_road == 1 and scoring.breakdown(after, 1)["longest_road"] == 2
    r_turn = after.model_copy(update={"active": 0})
    cut = act(r_turn, "R", type="build_settlement", node="I35")
    assert scoring.road_lengths(cut)[1] == 4 and cut.longest_road is None


def test_t85_twelve_points_and_a_settlement_wins_at_once() -> None:
    cities = {f"I{n}": ("R", "city") for n in (1, 3, 21, 44)}
    s = table(buildings={**cities, "I23": ("R", "settlement"), "I52": ("R", "settlement"),
                         "I54": ("R", "settlement")},
              roads={"P35": "R", "P42": "R"}, cards={"R": SETTLEMENT})
    s.players[0].defenders = 1
    assert scoring.points(s, 0) == 12
    done, events = engine.apply(s, "R", {"type": "build_settlement", "node": "I35"})
    assert done.phase == "over" and done.winner == 0 and engine.to_act(done) == []
    assert events[-1].type == "game_over"


def thirteen_for_w(**update: Any) -> Any:
    cities = {f"I{n}": ("W", "city") for n in (1, 3, 21, 44)}
    s = table(buildings={**cities, "I23": ("W", "settlement"), "I52": ("W", "settlement"),
                         "I54": ("W", "settlement")}, active="R", **update)
    s.players[2].defenders = 2
    assert scoring.points(s, 2) == 13
    return s


def test_t86_thirteen_off_turn_wins_at_the_start_of_ones_turn() -> None:
    s = thirteen_for_w()
    assert s.phase == "action" and engine.to_act(s) == ["R"]
    s = act(s, "R", type="end_turn")
    assert s.phase == "roll" and engine.to_act(s) == ["B"]
    s, _ = roll(s, 1, 1)
    assert s.phase == "action" and s.winner is None
    s = act(s, "B", type="end_turn")
    assert s.phase == "over" and s.winner == 2 and engine.to_act(s) == []


def test_t87_thirteen_lost_to_the_barbarians_before_ones_turn() -> None:
    s = thirteen_for_w(ship=6)
    s = act(s, "R", type="end_turn")
    s, _ = roll(s, 1, 1, "ship")
    assert engine.to_act(s) == ["W"] and s.pending[0].kind == "city_loss"
    s = act(s, "W", type="choose_city", node="I44")
    assert scoring.points(s, 2) == 12
    s = act(s, "B", type="end_turn")
    assert s.phase == "roll" and s.active == 2 and s.winner is None
