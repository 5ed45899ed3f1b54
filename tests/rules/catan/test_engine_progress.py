"""§10 progress cards through the engine: §15 T59-T84."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catan import engine, rng, scoring, trade
from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.errors import IllegalAction
from rules.catan.state import EVENT_FACES, GameState

from .engine_helpers import act, hand, roll, table


def holding(s: GameState, seat: int, *cards: str, defenders: int | None = None,
            **levels: int) -> GameState:
    s = s.clone()
    p = s.players[seat]
    for card in cards:
        p.progress.append(card)
    if defenders is not None:
        p.defenders = defenders
    p.improvements.update(levels)
    return s


def play(s: GameState, name: str, card: str, **fields: Any) -> GameState:
    return act(s, name, type="play_progress", card=card, **fields)


def refused(s: GameState, name: str, card: str, **fields: Any) -> None:
    action = {"type": "play_progress", "card": card, **fields}
    with pytest.raises(IllegalAction):
        engine.apply(s, name, action)
    assert engine.Action.parse(action) not in engine.legal_actions(s, name)


def rig_event(s: GameState, event: str) -> GameState:
    for start in range(1, 10_000):
        if EVENT_FACES[rng.below(start, len(EVENT_FACES))[1]] == event:
            return s.model_copy(update={"rng": start})
    raise AssertionError(event)


def test_t59_alchemist_sets_the_dice_and_the_event_comes_first() -> None:
    s = holding(table(buildings={"I24": ("R", "settlement"), "I46": ("B", "city")},
                      phase="roll"), 0, "alchemist", science=1)
    s.decks["science"] = ["smith", *s.decks["science"]]
    s = rig_event(s, "gate_science")
    assert sum(1 for a in engine.legal_actions(s, "R") if a.type == "play_progress") == 36
    after, events = engine.apply(s, "R", {"type": "play_progress", "card": "alchemist",
                                          "red": 1, "yellow": 5})
    assert after.dice is not None and (after.dice.red, after.dice.yellow) == (1, 5)
    kinds = [e.type for e in events]
    assert kinds.index("progress_drawn") < kinds.index("produced")
    assert hand(after, "R") == {"brick": 1} and hand(after, "B") == {"grain": 2}
    assert after.decks["science"][-1] == "alchemist"


def test_t60_alchemist_only_before_the_roll() -> None:
    s = holding(table(), 0, "alchemist")
    refused(s, "R", "alchemist", red=1, yellow=5)


def test_t61_crane_makes_level_one_free() -> None:
    s = holding(table(buildings={"I1": ("R", "city")}), 0, "crane")
    s = play(s, "R", "crane", track="science")
    assert s.players[0].improvements["science"] == 1 and hand(s, "R") == {}
    two = holding(table(buildings={"I1": ("R", "city")}, cards={"R": {"paper": 1}}), 0,
                  "crane", science=1)
    after = play(two, "R", "crane", track="science")  # L2 at one less
    assert after.players[0].improvements["science"] == 2 and hand(after, "R") == {}
    poor = holding(table(buildings={"I1": ("R", "city")}), 0, "crane", science=1)
    refused(poor, "R", "crane", track="science")  # L2 still costs 1 paper


def test_t62_engineer_needs_a_free_wall() -> None:
    walls = {"I1": ("R", "city+wall"), "I3": ("R", "city+wall"), "I21": ("R", "city+wall"),
             "I44": ("R", "city")}
    refused(holding(table(buildings=walls), 0, "engineer"), "R", "engineer", node="I44")
    s = holding(table(buildings={"I44": ("R", "city")}), 0, "engineer")
    assert play(s, "R", "engineer", node="I44").buildings[parse_node("I44")].wall


def test_t63_inventor_swaps_two_tokens_but_not_red_or_2_12() -> None:
    s = holding(table(), 0, "inventor")
    after = play(s, "R", "inventor", hex="H1", other_hex="H9")
    assert after.tokens[parse_hex("H1")] == 11 and after.tokens[parse_hex("H9")] == 10
    refused(s, "R", "inventor", hex="H1", other_hex="H13")


def test_t64_t66_irrigation_and_mining() -> None:
    s = holding(table(buildings={"I41": ("R", "settlement"), "I50": ("R", "city")}), 0,
                "irrigation", "mining")
    assert hand(play(s, "R", "irrigation"), "R") == {"grain": 4}
    assert hand(play(s, "R", "mining"), "R") == {"ore": 2}  # H14
    refused(holding(table(), 0, "mining"), "R", "mining")


def test_t65_medicine_makes_a_city_cheaper() -> None:
    s = holding(table(buildings={"I9": ("R", "settlement")}, cards={"R": {"ore": 2,
                                                                         "grain": 1}}),
                0, "medicine")
    after = play(s, "R", "medicine", node="I9")
    assert after.buildings[parse_node("I9")].city and hand(after, "R") == {}


def test_t68_road_building_two_free_roads_or_one() -> None:
    s = holding(table(buildings={"I34": ("R", "settlement")}), 0, "road_building")
    s = play(s, "R", "road_building")
    s = act(act(s, "R", type="build_road", edge="P41"), "R", type="build_road", edge="P42")
    assert s.free_roads == 0 and hand(s, "R") == {}
    with pytest.raises(IllegalAction):
        engine.apply(s, "R", {"type": "build_road", "edge": "P35"})
    fourteen = {f"P{e}": "R" for e in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)}
    last = holding(table(buildings={"I34": ("R", "settlement")}, roads=fourteen), 0,
                   "road_building")
    assert play(last, "R", "road_building").free_roads == 1


def test_t69_smith_promotes_two_knights_free() -> None:
    s = holding(table(knights={"I1": ("R", 1, False), "I3": ("R", 1, True)}), 0, "smith")
    s = play(s, "R", "smith")
    s = act(s, "R", type="promote_knight", node="I1")
    with pytest.raises(IllegalAction):
        engine.apply(s, "R", {"type": "promote_knight", "node": "I1"})
    s = act(s, "R", type="promote_knight", node="I3")
    assert [s.knights[parse_node(n)].level for n in ("I1", "I3")] == [2, 2]
    assert hand(s, "R") == {} and s.free_promotions == 0


def test_t70_bishop_robs_everyone_on_the_hex_after_the_lock() -> None:
    pieces: dict[str, Any] = dict(
        buildings={"I20": ("B", "settlement"), "I37": ("W", "settlement")},
        cards={"B": {"wool": 1}, "W": {"ore": 2}})
    refused(holding(table(**pieces), 0, "bishop"), "R", "bishop", hex="H11")
    s = play(holding(table(attacks=1, **pieces), 0, "bishop"), "R", "bishop", hex="H11")
    assert s.robber == parse_hex("H11") and hand(s, "R") == {"wool": 1, "ore": 1}


def test_t71_constitution_drawn_off_turn_scores_at_once() -> None:
    s = holding(table(), 1, politics=1)
    s.decks["politics"] = ["constitution", *[c for c in s.decks["politics"]
                                             if c != "constitution"]]
    after, _ = roll(s, 1, 1, "gate_politics")
    assert after.players[1].vp_cards == ["constitution"] and scoring.points(after, 1) == 1


def test_t72_deserter_takes_a_mighty_and_places_one_without_the_fortress() -> None:
    s = holding(table(roads={"P56": "R"}, knights={"I1": ("B", 3, True),
                                                   "I3": ("B", 1, False)}), 0, "deserter")
    s = play(s, "R", "deserter", seat="B")
    assert engine.to_act(s) == ["B"]
    default = engine.default_action(s, "B")
    assert default is not None and default.model_dump()["node"] == "I3"  # the weakest
    s = act(s, "B", type="remove_knight", node="I1")
    assert engine.to_act(s) == ["R"] and parse_node("I1") not in s.knights
    s = act(s, "R", type="place_knight", node="I40")
    k = s.knights[parse_node("I40")]
    assert (k.owner, k.level, k.active) == (0, 3, True)
    assert engine.to_act(s) == ["R"] and s.pending == []


def test_t73_diplomat_removes_open_roads_only() -> None:
    s = holding(table(buildings={"I34": ("R", "settlement"), "I23": ("B", "settlement")},
                      roads={"P41": "R", "P35": "B", "P42": "B", "P51": "B"},
                      knights={"I29": ("R", 1, False)}), 0, "diplomat")
    legal = {a.model_dump()["edge"] for a in engine.legal_actions(s, "R")
             if a.type == "play_progress"}
    assert "P51" in legal and "P41" not in legal
    after = play(s, "R", "diplomat", edge="P51")
    assert parse_edge("P51") not in after.roads


def test_diplomat_on_ones_own_road_rebuilds_it_free() -> None:
    s = holding(table(buildings={"I34": ("R", "settlement")}, roads={"P41": "R", "P42": "R"}),
                0, "diplomat")
    s = play(s, "R", "diplomat", edge="P42")
    assert engine.to_act(s) == ["R"] and s.pending[0].kind == "road_place"
    s = act(s, "R", type="place_free_road", edge="P40")
    assert s.roads[parse_edge("P40")] == 0 and hand(s, "R") == {}


def test_t74_intrigue_displaces_a_knight_on_ones_road() -> None:
    s = holding(table(roads={"P51": "R", "P42": "B", "P43": "B"},
                      knights={"I35": ("B", 3, True)}), 0, "intrigue")
    s = play(s, "R", "intrigue", node="I35")
    assert parse_node("I35") not in s.knights and engine.to_act(s) == ["B"]
    s = act(s, "B", type="retreat_knight", node="I29")
    assert s.knights[parse_node("I29")].level == 3


def test_t75_saboteur_hits_players_with_at_least_as_many_points() -> None:
    s = table(cards={"B": {"wool": 9}, "W": {"ore": 9}})
    s = holding(holding(holding(s, 0, "saboteur", defenders=7), 1, defenders=7), 2,
                defenders=6)
    s = play(s, "R", "saboteur")
    assert [(d.seat, d.count) for d in s.pending] == [(1, 4)]


def test_t76_spy_takes_a_hand_card_not_a_revealed_one() -> None:
    s = holding(holding(table(), 0, "spy"), 1, "crane", "bishop")
    s.players[1].vp_cards = ["constitution"]
    s = play(s, "R", "spy", seat="B")
    seen = engine.legal_actions(s, "R")
    assert {a.model_dump()["card"] for a in seen} == {"crane", "bishop"}
    from rules.catan.views import view
    assert view(s, "R")["inspected"]["progress"] == ["crane", "bishop"]
    assert "inspected" not in view(s, "W") and "inspected" not in view(s, None)
    s = act(s, "R", type="take_progress", card="bishop")
    assert s.players[0].progress == ["bishop"] and s.players[1].progress == ["crane"]


def test_t77_warlord_activates_all_but_they_cannot_act() -> None:
    s = holding(table(roads={"P56": "R"}, knights={"I40": ("R", 1, False),
                                                   "I44": ("R", 2, False)}), 0, "warlord")
    s = play(s, "R", "warlord")
    assert all(k.active for k in s.knights.values())
    with pytest.raises(IllegalAction):
        engine.apply(s, "R", {"type": "move_knight", "node": "I44", "to": "I40"})


def test_t78_wedding_richer_players_give_two_cards() -> None:
    s = table(cards={"B": {"ore": 1}, "W": {"wool": 3}})
    s = holding(holding(holding(s, 0, "wedding", defenders=5), 1, defenders=8), 2,
                defenders=5)
    s = play(s, "R", "wedding")
    assert [(d.seat, d.count) for d in s.pending] == [(1, 1)]
    s = act(s, "B", type="give_cards", cards={"ore": 1})
    assert hand(s, "R") == {"ore": 1} and hand(s, "W") == {"wool": 3}


def test_t79_commercial_harbor() -> None:
    s = holding(table(cards={"R": {"wool": 2}, "B": {"cloth": 1, "coin": 1}}), 0,
                "commercial_harbor")
    s = play(s, "R", "commercial_harbor")
    s = act(s, "R", type="harbor_exchange", to="B", card="wool")
    assert engine.to_act(s) == ["B"]
    s = act(s, "B", type="return_commodity", card="cloth")
    assert hand(s, "R") == {"wool": 1, "cloth": 1} and hand(s, "B") == {"wool": 1, "coin": 1}
    s = act(s, "R", type="harbor_exchange", to="W", card="wool")
    assert hand(s, "R") == {"wool": 1, "cloth": 1} and s.pending == []
    with pytest.raises(IllegalAction):  # once per opponent
        engine.apply(s, "R", {"type": "harbor_exchange", "to": "B", "card": "wool"})


def test_t80_master_merchant() -> None:
    s = table(cards={"B": {"ore": 2, "wool": 1}})
    s = holding(holding(s, 0, "master_merchant", defenders=3), 1, defenders=3)
    refused(s, "R", "master_merchant", seat="B")
    s.players[1].defenders = 4
    s = play(s, "R", "master_merchant", seat="B")
    assert {tuple(sorted(a.model_dump()["cards"].items())) for a in engine.legal_actions(
        s, "R")} == {(("ore", 2),), (("ore", 1), ("wool", 1))}
    s = act(s, "R", type="take_cards", cards={"ore": 1, "wool": 1})
    assert hand(s, "R") == {"ore": 1, "wool": 1} and hand(s, "B") == {"ore": 1}


def test_t81_merchant() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement"), "I31": ("R", "settlement"),
                                 "I43": ("B", "settlement")}), 0, "merchant")
    refused(s, "R", "merchant", hex="H10")
    after = play(s, "R", "merchant", hex="H16")
    assert scoring.breakdown(after, 0)["merchant"] == 1 and trade.rate(after, 0, "wool") == 2
    b = holding(after.model_copy(update={"active": 1}), 1, "merchant")
    b = play(b, "B", "merchant", hex="H16")
    assert b.merchant_owner == 1 and scoring.breakdown(b, 0)["merchant"] == 0
    assert scoring.breakdown(b, 1)["merchant"] == 1


def test_t82_merchant_fleet_lasts_the_turn() -> None:
    s = holding(table(cards={"R": {"ore": 4}}), 0, "merchant_fleet")
    s = play(s, "R", "merchant_fleet", kind="ore")
    s = act(act(s, "R", type="maritime_trade", give="ore", get="wool"), "R",
            type="maritime_trade", give="ore", get="wool")
    assert hand(s, "R") == {"wool": 2}
    s = act(s, "R", type="end_turn")
    assert trade.rate(s, 0, "ore") == 4


def test_t83_t84_monopolies() -> None:
    s = holding(table(cards={"B": {"brick": 5, "coin": 1}, "W": {"brick": 1, "coin": 2}}), 0,
                "resource_monopoly", "trade_monopoly")
    after = play(s, "R", "resource_monopoly", kind="brick")
    assert hand(after, "R") == {"brick": 3} and hand(after, "B")["brick"] == 3
    after = play(s, "R", "trade_monopoly", kind="coin")
    assert hand(after, "R") == {"coin": 2} and hand(after, "W")["coin"] == 1
