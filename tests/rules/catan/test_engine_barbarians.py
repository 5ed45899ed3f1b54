"""§7 barbarian attacks through the roll: §15 T45-T53."""

from __future__ import annotations

from typing import Any

from rules.catan import engine, production, scoring
from rules.catan.board import parse_node
from rules.catan.state import GameState

from .engine_helpers import act, hand, roll, table


def attack(**kw: Any) -> GameState:
    s = table(ship=6, **kw)
    return roll(s, 4, 4, "ship")[0]


def test_t45_the_attack_comes_before_production() -> None:
    s = table(ship=6, buildings={"I32": ("R", "city")})
    after, events = roll(s, 4, 4, "ship")
    kinds = [e.type for e in events]
    assert kinds.index("barbarians_attacked") < kinds.index("produced")
    assert hand(after, "R") == {"ore": 1}  # pillaged first: produces as a settlement
    assert after.ship == 0 and after.attacks == 1


def test_t46_lowest_defender_with_a_plain_city_loses_it() -> None:
    s = attack(buildings={"I1": ("R", "city"), "I3": ("R", "metropolis:science"),
                          "I21": ("B", "city"), "I44": ("W", "city")},
               knights={"I29": ("R", 1, True), "I35": ("B", 2, True)})
    assert production.strength(table(buildings={"I1": ("R", "city")})) == 1
    assert not s.buildings[parse_node("I44")].city
    assert s.buildings[parse_node("I1")].city and s.buildings[parse_node("I21")].city


def test_t47_every_tied_lowest_loses_a_city_and_chooses_which() -> None:
    s = attack(buildings={"I1": ("R", "city"), "I3": ("R", "city"), "I21": ("B", "city"),
                          "I27": ("B", "city"), "I44": ("W", "city")},
               knights={"I35": ("B", 3, True)})
    assert engine.to_act(s) == ["R"]
    assert not s.buildings[parse_node("I44")].city
    legal = {a.model_dump()["node"] for a in engine.legal_actions(s, "R")}
    assert legal == {"I1", "I3"}
    default = engine.default_action(s, "R")
    assert default is not None and default.model_dump()["node"] == "I1"
    done = act(s, "R", type="choose_city", node="I3")
    assert not done.buildings[parse_node("I3")].city and done.phase == "action"


def test_t48_only_plain_cities_are_exposed() -> None:
    s = attack(buildings={"I1": ("R", "metropolis:trade"), "I21": ("B", "city"),
                          "I44": ("W", "settlement")},
               knights={"I35": ("B", 1, True)})
    assert not s.buildings[parse_node("I21")].city
    assert s.buildings[parse_node("I1")].city


def test_t49_tied_defenders_draw_a_card_of_a_chosen_colour_in_turn_order() -> None:
    s = attack(buildings={"I1": ("R", "city"), "I21": ("B", "city")},
               knights={"I35": ("R", 3, True), "I29": ("B", 3, True), "I44": ("W", 1, True)})
    assert engine.to_act(s) == ["R"]
    s = act(s, "R", type="choose_deck", deck="politics")
    assert engine.to_act(s) == ["B"]
    s = act(s, "B", type="choose_deck", deck="trade")
    counts = [len(p.progress) + len(p.vp_cards) for p in s.players]
    assert counts == [1, 1, 0] and all(p.defenders == 0 for p in s.players)


def test_t50_unique_top_defender_scores_even_when_the_cards_ran_out() -> None:
    s = attack(buildings={"I1": ("R", "city")}, knights={"I44": ("W", 2, True)},
               defenders_left=0)
    assert s.players[2].defenders == 1 and scoring.breakdown(s, 2)["defenders"] == 1


def test_t51_a_walled_city_loses_its_wall() -> None:
    s = attack(buildings={"I1": ("R", "city+wall")})
    b = s.buildings[parse_node("I1")]
    assert not b.city and not b.wall and production.safe_limit(s, 0) == 7


def test_t52_no_settlement_left_lays_the_city_on_its_side() -> None:
    five = {f"I{n}": ("R", "settlement") for n in (3, 21, 44, 52, 54)}
    s = attack(buildings={"I1": ("R", "city"), **five})
    b = s.buildings[parse_node("I1")]
    assert b.city and b.ruined and scoring.breakdown(s, 0)["cities"] == 1
    assert production.strength(s) == 0


def test_t53_after_any_attack_knights_rest_and_the_robber_is_free() -> None:
    s = attack(buildings={"I1": ("R", "city")}, knights={"I44": ("W", 2, True)})
    assert all(not k.active for k in s.knights.values())
    assert s.ship == 0 and s.attacks == 1
    seven, _ = roll(s, 3, 4)
    assert [d.kind for d in seven.pending] == ["robber"]


def test_ship_moves_without_attacking_below_seven() -> None:
    s = table(ship=2, buildings={"I32": ("R", "city")})
    after, _ = roll(s, 4, 4, "ship")
    assert after.ship == 3 and after.attacks == 0 and hand(after, "R") == {"ore": 1, "coin": 1}
