"""Progress cards (§9, §10): §15 T59-T84 (and T22 with a Spy), each card's effect on a rigged
state, the general rules of playing, and the defaults of the decisions cards raise (§3.5)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.catan import engine, progress, rng, scoring, trade, views
from rules.catan.actions import Action, PlayProgress, RemoveKnight
from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.errors import IllegalAction
from rules.catan.events import Event
from rules.catan.state import DECKS, EVENT_FACES, RULES, GameState

from .engine_helpers import act, give, hand, table


def holding(s: GameState, name: str, *cards: str, points: int | None = None) -> GameState:
    """`name` also holds these progress cards (taken out of their decks), and with `points`
    that many VP (Defender cards make up the difference)."""
    s = s.clone()
    seat = s.seats.index(name)
    for card in cards:
        colour = next(c for c, deck in DECKS.items() if card in deck)
        s.decks[colour].remove(card)
        s.players[seat].progress.append(card)
    if points is not None:
        player = s.players[seat]
        player.defenders += points - scoring.points(s, seat)
        assert player.defenders >= 0 and scoring.points(s, seat) == points
    return s


def play(s: GameState, name: str, card: str, **fields: Any) -> tuple[GameState, list[Event]]:
    return engine.apply(s, name, {"type": "play_progress", "card": card, **fields})


def played(s: GameState, name: str, card: str, **fields: Any) -> GameState:
    return play(s, name, card, **fields)[0]


def plays(s: GameState, name: str, card: str) -> list[dict[str, Any]]:
    """The legal plays of `card`, as JSON without the unset fields."""
    unset = PlayProgress(card=card).model_dump()
    return [{k: v for k, v in a.model_dump().items() if v != unset[k] or k == "card"}
            for a in engine.legal_actions(s, name)
            if isinstance(a, PlayProgress) and a.card == card]


def refused(s: GameState, name: str, action: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction):
        engine.apply(s, name, action)


def kinds(s: GameState) -> list[tuple[str, str]]:
    return [(d.kind, s.seats[d.seat]) for d in engine.batch(s)]


def event_rigged(s: GameState, event: str) -> GameState:
    """A generator state whose next event die shows `event` (the Alchemist sets the others)."""
    for start in range(1, 10_000):
        if EVENT_FACES[rng.below(start, len(EVENT_FACES))[1]] == event:
            return s.model_copy(update={"rng": start})
    raise AssertionError(event)


# --- general rules (§9.1) ---------------------------------------------------------------------

def test_every_card_of_the_decks_has_a_play_or_is_a_vp_card() -> None:
    cards = {card for colour in DECKS.values() for card in colour}
    assert sum(n for colour in DECKS.values() for n in colour.values()) == 54
    assert len(cards) == 25 and set(RULES["vp_cards"]) == {"printer", "constitution"}
    assert set(progress.PROGRESS) == cards - set(RULES["vp_cards"])
    assert set(progress.CARD) - {"_doc"} <= cards  # data/progress.json names real cards


def test_a_card_is_played_in_ones_own_action_phase_and_goes_under_its_deck() -> None:
    s = holding(table(cards={"B": {"brick": 1}}), "R", "resource_monopoly")
    refused(s.model_copy(update={"phase": "roll"}), "R",
            {"type": "play_progress", "card": "resource_monopoly", "kind": "brick"})
    refused(s, "B", {"type": "play_progress", "card": "resource_monopoly", "kind": "brick"})
    refused(s, "R", {"type": "play_progress", "card": "trade_monopoly", "kind": "coin"})
    refused(s, "R", {"type": "play_progress", "card": "printer"})
    refused(s, "R", {"type": "play_progress", "card": "resource_monopoly", "kind": "brick",
                     "hex": "H5"})  # a field the card does not take
    refused(s, "R", {"type": "play_progress", "card": "no_such_card"})
    after, events = play(s, "R", "resource_monopoly", kind="brick")
    assert after.players[0].progress == [] and after.decks["trade"][-1] == "resource_monopoly"
    assert events[0].visible_to(None) == {"type": "progress_played", "seat": "R",
                                          "card": "resource_monopoly"}


def test_a_card_drawn_this_turn_may_be_played() -> None:
    s = table(active="R", phase="roll", cards={"B": {"ore": 3}})
    s.players[0].improvements["trade"] = 1
    s.decks["trade"] = ["resource_monopoly", *s.decks["trade"]]
    s = event_rigged(holding(s, "R", "alchemist"), "gate_trade")
    s = played(s, "R", "alchemist", red=1, yellow=2)
    assert s.players[0].progress == ["resource_monopoly"]
    assert hand(played(s, "R", "resource_monopoly", kind="ore"), "R") == {"ore": 2}


def test_every_listed_play_is_accepted() -> None:
    """legal_actions and apply agree, for every card on a busy board."""
    s = table(buildings={"I32": ("R", "city"), "I41": ("R", "settlement"),
                         "I20": ("B", "settlement"), "I37": ("W", "city")},
              roads={"P47": "R", "P58": "R", "P30": "B", "P53": "W"},
              knights={"I42": ("R", 1, False), "I26": ("B", 2, True), "I45": ("B", 1, False)},
              cards={"R": {"ore": 3, "grain": 2, "paper": 2, "wool": 1},
                     "B": {"brick": 2}, "W": {"coin": 1}}, attacks=1)
    s.players[1].progress = ["spy"]
    s = holding(s, "R", *(c for c in progress.PROGRESS if c != "alchemist"), points=3)
    s.players[1].defenders = 3
    count = 0
    for a in engine.legal_actions(s, "R"):
        if isinstance(a, PlayProgress):
            engine.apply(s, "R", a)
            count += 1
    assert count > 100
    assert {a.card for a in engine.legal_actions(s, "R") if isinstance(a, PlayProgress)} == (
        set(progress.PROGRESS) - {"alchemist"})


# --- science ------------------------------------------------------------------------------

def test_t59_alchemist_sets_the_dice_and_the_event_die_comes_first() -> None:
    s = table(buildings={"I9": ("R", "settlement"), "I41": ("B", "settlement")},
              phase="roll")
    s.players[0].improvements["science"] = 1
    s.decks["science"] = ["crane", *[c for c in s.decks["science"] if c != "crane"]]
    s = event_rigged(holding(s, "R", "alchemist"), "gate_science")
    assert {(p["red"], p["yellow"]) for p in plays(s, "R", "alchemist")} == {
        (r, y) for r in range(1, 7) for y in range(1, 7)}
    after, events = play(s, "R", "alchemist", red=1, yellow=5)
    types = [e.type for e in events]
    assert types[:4] == ["progress_played", "rolled", "progress_drawn", "produced"]
    assert after.dice is not None and (after.dice.red, after.dice.yellow) == (1, 5)
    assert after.players[0].progress == ["crane"] and after.players[1].progress == []
    assert hand(after, "R") == {"brick": 1} and hand(after, "B") == {"grain": 1}  # H5, H18
    assert after.phase == "action"


def test_t60_alchemist_after_the_roll_is_refused() -> None:
    s = holding(table(phase="action"), "R", "alchemist")
    assert plays(s, "R", "alchemist") == []
    refused(s, "R", {"type": "play_progress", "card": "alchemist", "red": 1, "yellow": 1})
    refused(s.model_copy(update={"phase": "roll"}), "R",
            {"type": "play_progress", "card": "alchemist", "red": 0, "yellow": 7})


def test_t61_crane_takes_one_commodity_off_one_improvement() -> None:
    s = holding(table(buildings={"I32": ("R", "city")}), "R", "crane", "crane")
    assert {p["track"] for p in plays(s, "R", "crane")} == {"trade", "politics", "science"}
    one = played(s, "R", "crane", track="science")
    assert one.players[0].improvements["science"] == 1 and hand(one, "R") == {}
    # Level 2 costs 2: one Crane makes it 1, and the second Crane cannot make it 0.
    assert plays(one, "R", "crane") != [] and all(
        p["track"] != "science" for p in plays(one, "R", "crane"))
    refused(one, "R", {"type": "play_progress", "card": "crane", "track": "science"})
    paid = played(give(one, "R", paper=1), "R", "crane", track="science")
    assert paid.players[0].improvements["science"] == 2 and hand(paid, "R") == {}


def test_crane_places_a_metropolis_on_a_named_city() -> None:
    s = table(buildings={"I32": ("R", "city"), "I9": ("R", "city")}, cards={"R": {"paper": 3}})
    s.players[0].improvements["science"] = 3
    s = holding(s, "R", "crane")
    assert {p["node"] for p in plays(s, "R", "crane") if p["track"] == "science"} == {
        "I9", "I32"}
    refused(s, "R", {"type": "play_progress", "card": "crane", "track": "science"})
    after = played(s, "R", "crane", track="science", node="I9")
    assert after.metropolis["science"] == parse_node("I9") and hand(after, "R") == {}


def test_t62_engineer_builds_a_free_wall_but_not_a_fourth() -> None:
    walled = {"I32": ("R", "city+wall"), "I41": ("R", "city+wall"), "I9": ("R", "city+wall"),
              "I50": ("R", "city")}
    s = holding(table(buildings=walled), "R", "engineer")
    assert plays(s, "R", "engineer") == []
    refused(s, "R", {"type": "play_progress", "card": "engineer", "node": "I50"})
    two = holding(table(buildings={**walled, "I9": ("R", "city")}), "R", "engineer")
    assert [p["node"] for p in plays(two, "R", "engineer")] == ["I9", "I50"]
    after = played(two, "R", "engineer", node="I50")
    assert after.buildings[parse_node("I50")].wall and hand(after, "R") == {}


def test_t63_inventor_swaps_tokens_but_never_2_12_6_8() -> None:
    s = holding(table(), "R", "inventor")
    h1, h9, h13 = parse_hex("H1"), parse_hex("H9"), parse_hex("H13")
    after = played(s, "R", "inventor", hex="H1", other_hex="H9")
    assert (after.tokens[h1], after.tokens[h9]) == (11, 10)
    refused(s, "R", {"type": "play_progress", "card": "inventor", "hex": "H1", "other_hex": "H13"})
    refused(s, "R", {"type": "play_progress", "card": "inventor", "hex": "H1", "other_hex": "H1"})
    refused(s, "R", {"type": "play_progress", "card": "inventor", "hex": "H1", "other_hex": "H10"})
    listed = {frozenset((p["hex"], p["other_hex"])) for p in plays(s, "R", "inventor")}
    assert len(listed) == 66 and s.tokens[h13] == 8  # 12 swappable hexes, 2 by 2
    assert not any("H13" in pair or "H10" in pair for pair in listed)


def test_t64_irrigation_two_grain_per_fields_hex() -> None:
    s = table(buildings={"I41": ("R", "settlement"), "I50": ("R", "city")},
              robber=parse_hex("H15"), attacks=1)
    after = played(holding(s, "R", "irrigation"), "R", "irrigation")
    assert hand(after, "R") == {"grain": 4}  # H15 and H18, each once; the robber is ignored
    assert plays(holding(table(buildings={"I9": ("R", "city")}), "R", "irrigation"), "R",
                 "irrigation") == []  # no fields next to I9


def test_irrigation_a_short_bank_pays_what_it_has() -> None:
    s = table(buildings={"I41": ("R", "settlement"), "I50": ("R", "city")})
    s = holding(s.model_copy(update={"bank": {**s.bank, "grain": 3}}), "R", "irrigation")
    assert hand(played(s, "R", "irrigation"), "R") == {"grain": 3}


def test_t65_medicine_a_city_for_two_ore_and_a_grain() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement")}), "R", "medicine")
    assert plays(s, "R", "medicine") == []
    s = give(s, "R", ore=2, grain=1)
    assert plays(s, "R", "medicine") == [{"card": "medicine", "node": "I32"}]
    after = played(s, "R", "medicine", node="I32")
    assert after.buildings[parse_node("I32")].city and hand(after, "R") == {}


def test_t66_mining_two_ore_per_mountains_hex() -> None:
    after = played(holding(table(buildings={"I41": ("R", "city")}), "R", "mining"), "R",
                   "mining")
    assert hand(after, "R") == {"ore": 2}  # H14


def test_t67_printer_is_revealed_scores_and_no_spy_takes_it() -> None:
    s = table(active="R")
    s.players[0].improvements["science"] = 1
    s.decks["science"] = ["printer", *[c for c in s.decks["science"] if c != "printer"]]
    s = event_rigged(holding(s.model_copy(update={"phase": "roll"}), "R", "alchemist"),
                     "gate_science")
    before = scoring.points(s, 0)
    after = played(s, "R", "alchemist", red=1, yellow=1)
    assert after.players[0].vp_cards == ["printer"] and after.players[0].progress == []
    assert scoring.points(after, 0) == before + 1
    b_turn = holding(after.model_copy(update={"active": 1}), "B", "spy")
    assert plays(b_turn, "B", "spy") == []
    refused(b_turn, "B", {"type": "play_progress", "card": "spy", "seat": "R"})


def test_t68_road_building_two_free_roads_or_one_with_one_piece_left() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement")}, roads={"P47": "R"}), "R",
                "road_building")
    s = played(s, "R", "road_building")
    assert s.free_roads == 2
    refused(s, "R", {"type": "build_road", "edge": "P1"})  # not connected
    s = act(s, "R", type="build_road", edge="P48")
    s = act(s, "R", type="build_road", edge="P53")
    assert s.free_roads == 0 and hand(s, "R") == {}
    assert sorted(e for e, o in s.roads.items() if o == 0) == sorted(
        parse_edge(e) for e in ("P47", "P48", "P53"))
    refused(s, "R", {"type": "build_road", "edge": "P54"})  # a third road is paid for
    many = {f"P{k}": "R" for k in range(1, 14)} | {"P47": "R"}  # 14 roads: one piece left
    last = played(holding(table(buildings={"I32": ("R", "settlement")}, roads=many), "R",
                          "road_building"), "R", "road_building")
    assert last.free_roads == 1
    last = act(last, "R", type="build_road", edge="P48")
    assert last.free_roads == 0 and sum(1 for o in last.roads.values() if o == 0) == 15


def test_road_building_free_roads_end_with_the_turn() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement")}, roads={"P47": "R"}), "R",
                "road_building")
    s = act(act(played(s, "R", "road_building"), "R", type="build_road", edge="P48"), "R",
            type="end_turn")
    assert s.free_roads == 0


def test_t69_smith_promotes_two_knights_free_but_not_one_twice() -> None:
    s = table(knights={"I40": ("R", 1, False), "I35": ("R", 1, True)})
    s = played(holding(s, "R", "smith"), "R", "smith")
    assert s.free_promotions == 2
    s = act(s, "R", type="promote_knight", node="I40")
    refused(s, "R", {"type": "promote_knight", "node": "I40"})  # once per knight per turn
    s = act(s, "R", type="promote_knight", node="I35")
    assert [(s.knights[parse_node(n)].level, s.knights[parse_node(n)].active)
            for n in ("I40", "I35")] == [(2, False), (2, True)]
    assert hand(s, "R") == {} and s.free_promotions == 0
    # Both were promoted this turn: a second Smith has nothing to promote.
    assert plays(holding(s, "R", "smith"), "R", "smith") == []


def test_smith_needs_the_fortress_for_mighty_and_pieces_in_supply() -> None:
    s = table(knights={"I40": ("R", 1, False), "I35": ("R", 1, True), "I44": ("R", 2, False)})
    s = played(holding(s, "R", "smith"), "R", "smith")
    refused(s, "R", {"type": "promote_knight", "node": "I44"})  # no Fortress, no coin
    s = act(s, "R", type="promote_knight", node="I40")
    # The strong pieces are both on the board now: I35 cannot become strong.
    refused(s, "R", {"type": "promote_knight", "node": "I35"})
    assert plays(holding(table(knights={"I44": ("R", 2, False)}), "R", "smith"), "R",
                 "smith") == []


def test_smith_a_promotion_frees_its_piece_for_the_next() -> None:
    s = table(knights={"I40": ("R", 1, False), "I44": ("R", 2, False), "I35": ("R", 2, False)})
    s.players[0].improvements["politics"] = 3
    s = played(holding(s, "R", "smith"), "R", "smith")
    refused(s, "R", {"type": "promote_knight", "node": "I40"})  # both strong pieces in use
    s = act(act(s, "R", type="promote_knight", node="I44"), "R", type="promote_knight",
            node="I40")
    assert sorted(k.level for k in s.knights.values()) == [2, 2, 3] and hand(s, "R") == {}


# --- politics -----------------------------------------------------------------------------

def test_t70_bishop_after_the_lock_robs_everyone_on_the_hex() -> None:
    s = table(buildings={"I20": ("B", "settlement"), "I37": ("W", "city"),
                         "I32": ("R", "settlement")},
              cards={"B": {"ore": 2}, "W": {"wool": 1}})
    s = holding(s, "R", "bishop")
    assert plays(s, "R", "bishop") == []
    refused(s, "R", {"type": "play_progress", "card": "bishop", "hex": "H11"})
    s = s.model_copy(update={"attacks": 1})
    assert len(plays(s, "R", "bishop")) == 18
    refused(s, "R", {"type": "play_progress", "card": "bishop", "hex": "H10"})  # robber's hex
    after, events = play(s, "R", "bishop", hex="H11")
    assert after.robber == parse_hex("H11")
    assert hand(after, "R") == {"ore": 1, "wool": 1}
    assert hand(after, "B") == {"ore": 1} and hand(after, "W") == {}
    stolen = [e for e in events if e.type == "stole"]
    assert [e.visible_to(None)["victim"] for e in stolen] == ["B", "W"]
    assert "card" not in stolen[0].visible_to(None) and "card" in stolen[0].visible_to("B")


def test_t71_constitution_drawn_off_turn_scores_at_once() -> None:
    s = table(active="R", phase="roll")
    s.players[2].improvements["politics"] = 1
    s.decks["politics"] = ["constitution",
                           *[c for c in s.decks["politics"] if c != "constitution"]]
    s = event_rigged(holding(s, "R", "alchemist"), "gate_politics")
    before = scoring.points(s, 2)
    after = played(s, "R", "alchemist", red=2, yellow=2)
    assert after.players[2].vp_cards == ["constitution"] and after.players[2].progress == []
    assert scoring.points(after, 2) == before + 1


def test_t72_deserter_the_victim_removes_one_and_you_place_its_match() -> None:
    s = table(buildings={"I44": ("R", "settlement")}, roads={"P56": "R"},
              knights={"I30": ("B", 3, True), "I23": ("B", 1, False)})
    s = holding(s, "R", "deserter")
    assert plays(s, "R", "deserter") == [{"card": "deserter", "seat": "B"}]
    refused(s, "R", {"type": "play_progress", "card": "deserter", "seat": "W"})
    s = played(s, "R", "deserter", seat="B")
    assert kinds(s) == [("knight_remove", "B")] and engine.to_act(s) == ["B"]
    assert engine.default_action(s, "B") == RemoveKnight(node="I23")
    s = act(s, "B", type="remove_knight", node="I30")
    assert parse_node("I30") not in s.knights and kinds(s) == [("knight_place", "R")]
    refused(s, "R", {"type": "place_knight", "node": "I44"})  # the settlement's, not empty
    s = act(s, "R", type="place_knight", node="I40")
    k = s.knights[parse_node("I40")]
    assert (k.owner, k.level, k.active, k.activated) == (0, 3, True, True)  # no Fortress needed
    assert s.pending == []


def test_deserter_with_no_such_piece_left_places_the_strongest_below() -> None:
    s = table(roads={"P56": "R"},
              knights={"I30": ("B", 3, False), "I1": ("R", 3, False), "I2": ("R", 3, False),
                       "I3": ("R", 2, False)})
    s = played(holding(s, "R", "deserter"), "R", "deserter", seat="B")
    s = act(s, "B", type="remove_knight", node="I30")
    assert kinds(s) == [("knight_place", "R")]
    assert s.pending[0].knight is not None and s.pending[0].knight.level == 2
    s = act(s, "R", type="place_knight")  # no node: not placed
    assert s.pending == [] and parse_node("I30") not in s.knights and len(s.knights) == 3


def test_t73_diplomat_removes_open_roads_only() -> None:
    s = table(buildings={"I30": ("B", "settlement"), "I34": ("R", "settlement")},
              roads={"P43": "B", "P51": "B", "P41": "R"}, knights={"I29": ("R", 1, False)})
    s = holding(s, "R", "diplomat")
    assert [p["edge"] for p in plays(s, "R", "diplomat")] == ["P51"]
    refused(s, "R", {"type": "play_progress", "card": "diplomat", "edge": "P41"})
    refused(s, "R", {"type": "play_progress", "card": "diplomat", "edge": "P43"})
    after = played(s, "R", "diplomat", edge="P51")
    assert parse_edge("P51") not in after.roads and after.pending == []


def test_diplomat_on_ones_own_road_rebuilds_it_free() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement")}, roads={"P48": "R"}), "R",
                "diplomat")
    s = played(s, "R", "diplomat", edge="P48")
    assert kinds(s) == [("road_place", "R")] and s.roads == {}
    refused(s, "R", {"type": "place_free_road", "edge": "P1"})
    s = act(s, "R", type="place_free_road", edge="P47")
    assert s.roads == {parse_edge("P47"): 0} and s.pending == [] and hand(s, "R") == {}


def test_t74_intrigue_displaces_a_knight_on_ones_road_without_a_knight() -> None:
    s = table(buildings={"I23": ("B", "settlement")}, roads={"P51": "R", "P35": "B",
                                                            "P42": "B", "P43": "B"},
              knights={"I35": ("B", 3, True)})
    s = holding(s, "R", "intrigue")
    assert plays(s, "R", "intrigue") == [{"card": "intrigue", "node": "I35"}]
    refused(s, "R", {"type": "play_progress", "card": "intrigue", "node": "I40"})
    s = played(s, "R", "intrigue", node="I35")
    assert kinds(s) == [("knight_retreat", "B")] and parse_node("I35") not in s.knights
    assert s.pending[0].nodes == [parse_node("I29"), parse_node("I30")]  # not I35 itself
    s = act(s, "B", type="retreat_knight", node="I30")
    k = s.knights[parse_node("I30")]
    assert (k.owner, k.level, k.active) == (1, 3, True) and s.pending == []
    assert not any(k.owner == 0 for k in s.knights.values())  # R used no knight


def test_intrigue_with_nowhere_to_retreat_removes_the_knight() -> None:
    s = table(roads={"P51": "R"}, knights={"I35": ("B", 1, False)})
    s = played(holding(s, "R", "intrigue"), "R", "intrigue", node="I35")
    assert s.knights == {} and s.pending == []


def test_t75_saboteur_players_with_as_many_points_discard_half() -> None:
    s = table(cards={"B": {"ore": 5, "wool": 4}, "W": {"grain": 6}})
    s = holding(holding(holding(s, "B", points=7), "W", points=6), "R", "saboteur", points=7)
    s = played(s, "R", "saboteur")
    assert kinds(s) == [("discard", "B")] and s.pending[0].count == 4
    s = act(s, "B", type="discard", cards={"ore": 4})
    assert hand(s, "B") == {"ore": 1, "wool": 4} and hand(s, "W") == {"grain": 6}


def test_saboteur_needs_a_victim_with_cards_and_ignores_walls() -> None:
    s = table(buildings={"I32": ("B", "city+wall")}, cards={"B": {"ore": 1}})
    s = holding(holding(s, "B", points=8), "R", "saboteur", points=2)
    assert plays(s, "R", "saboteur") == []  # one card: half of it is none
    s = give(s, "B", wool=8)
    assert kinds(played(s, "R", "saboteur")) == [("discard", "B")]


def test_t76_spy_takes_a_hidden_card_but_not_a_revealed_one() -> None:
    s = table()
    s.players[1].progress = ["bishop", "crane"]
    s.players[1].vp_cards = ["constitution"]
    s = holding(s, "R", "spy")
    assert [p["seat"] for p in plays(s, "R", "spy")] == ["B"]  # W holds none
    s = played(s, "R", "spy", seat="B")
    assert kinds(s) == [("spy_pick", "R")]
    assert {a.model_dump()["card"] for a in engine.legal_actions(s, "R")} == {"bishop", "crane"}
    assert views.view(s, "R")["inspected"] == {"seat": "B", "progress": ["bishop", "crane"]}
    assert "inspected" not in views.view(s, "W") and "inspected" not in views.view(s, None)
    refused(s, "R", {"type": "take_progress", "card": "constitution"})
    after, events = engine.apply(s, "R", {"type": "take_progress", "card": "crane"})
    assert after.players[0].progress == ["crane"] and after.players[1].progress == ["bishop"]
    assert after.players[1].vp_cards == ["constitution"]
    taken = next(e for e in events if e.type == "spied")
    assert "card" not in taken.visible_to("W") and taken.visible_to("B")["card"] == "crane"


def test_t22_a_spied_fifth_card_is_kept_until_the_end_of_the_turn() -> None:
    s = table()
    s.players[1].progress = ["bishop"]
    s = holding(s, "R", "spy", "crane", "smith", "merchant", "wedding")
    s = act(played(s, "R", "spy", seat="B"), "R", type="take_progress", card="bishop")
    assert len(s.players[0].progress) == 5 and s.pending == []
    refused(s, "R", {"type": "end_turn"})
    s = act(act(s, "R", type="discard_progress", card="wedding"), "R", type="end_turn")
    assert len(s.players[0].progress) == 4 and engine.to_act(s) == ["B"]


def test_t77_warlord_activates_every_knight_and_none_may_act() -> None:
    s = table(knights={"I40": ("R", 1, False), "I35": ("R", 2, False), "I44": ("R", 1, True),
                       "I30": ("B", 1, False)})
    s = holding(s, "R", "warlord")
    after = played(s, "R", "warlord")
    mine = {n: k for n, k in after.knights.items() if k.owner == 0}
    assert all(k.active for k in mine.values())
    assert {n for n, k in mine.items() if k.activated} == {parse_node("I40"), parse_node("I35")}
    assert not after.knights[parse_node("I30")].active
    assert plays(holding(after, "R", "warlord"), "R", "warlord") == []


def test_t78_wedding_richer_players_give_two_cards_of_their_choice() -> None:
    s = table(cards={"B": {"wool": 1}, "W": {"ore": 3}, "O": {"ore": 3, "coin": 2}}, n=4)
    s = holding(holding(holding(s, "B", points=8), "W", points=5), "O", points=9)
    s = played(holding(s, "R", "wedding", points=5), "R", "wedding")
    assert kinds(s) == [("gift", "B"), ("gift", "O")]
    assert [d.count for d in s.pending] == [1, 2]
    assert sorted(engine.to_act(s)) == ["B", "O"]
    refused(s, "B", {"type": "give_cards", "cards": {"ore": 1}})
    s = act(s, "B", type="give_cards", cards={"wool": 1})
    s = act(s, "O", type="give_cards", cards={"coin": 1})
    assert kinds(s) == [("gift", "O")]
    s = act(s, "O", type="give_cards", cards={"coin": 1})
    assert s.pending == [] and hand(s, "R") == {"wool": 1, "coin": 2}
    assert hand(s, "W") == {"ore": 3}


# --- trade --------------------------------------------------------------------------------

def test_t79_commercial_harbor_a_resource_for_a_commodity_once_per_opponent() -> None:
    s = table(cards={"R": {"wool": 2}, "B": {"cloth": 1, "coin": 1}, "W": {"grain": 1}})
    s = played(holding(s, "R", "commercial_harbor", "commercial_harbor"), "R",
               "commercial_harbor")
    assert plays(s, "R", "commercial_harbor") == []  # a second copy adds nothing
    offers = [a.model_dump() for a in engine.legal_actions(s, "R")
              if a.type == "harbor_exchange"]
    assert offers == [{"type": "harbor_exchange", "to": "B", "card": "wool"},
                      {"type": "harbor_exchange", "to": "W", "card": "wool"}]
    refused(s, "R", {"type": "harbor_exchange", "to": "B", "card": "ore"})
    s = act(s, "R", type="harbor_exchange", to="B", card="wool")
    assert kinds(s) == [("harbor_return", "B")]
    refused(s, "B", {"type": "return_commodity", "card": "wool"})
    refused(s, "B", {"type": "return_commodity", "card": "paper"})
    s = act(s, "B", type="return_commodity", card="cloth")
    assert hand(s, "R") == {"wool": 1, "cloth": 1} and hand(s, "B") == {"wool": 1, "coin": 1}
    refused(s, "R", {"type": "harbor_exchange", "to": "B", "card": "wool"})  # B is used
    after, events = engine.apply(s, "R", {"type": "harbor_exchange", "to": "W", "card": "wool"})
    assert hand(after, "R") == {"wool": 1, "cloth": 1} and hand(after, "W") == {"grain": 1}
    assert after.pending == [] and sorted(after.harbor_used or []) == [1, 2]
    ended = act(after, "R", type="end_turn")
    assert ended.harbor_used is None


def test_t80_master_merchant_only_on_a_richer_player() -> None:
    s = table(cards={"B": {"ore": 2}, "W": {"ore": 1, "coin": 1, "wool": 1}})
    s = holding(holding(s, "B", points=4), "W", points=6)
    s = holding(s, "R", "master_merchant", points=4)
    assert plays(s, "R", "master_merchant") == [{"card": "master_merchant", "seat": "W"}]
    refused(s, "R", {"type": "play_progress", "card": "master_merchant", "seat": "B"})
    s = played(s, "R", "master_merchant", seat="W")
    assert kinds(s) == [("merchant_pick", "R")] and s.pending[0].count == 2
    seen = views.view(s, "R")["inspected"]
    assert seen["seat"] == "W" and {c: n for c, n in seen["hand"].items() if n} == {
        "wool": 1, "ore": 1, "coin": 1}
    assert "inspected" not in views.view(s, "W")
    refused(s, "R", {"type": "take_cards", "cards": {"ore": 2}})
    s = act(s, "R", type="take_cards", cards={"coin": 1, "wool": 1})
    assert s.pending == [] and hand(s, "R") == {"coin": 1, "wool": 1} and hand(s, "W") == {
        "ore": 1}


def test_t81_merchant_next_to_ones_buildings_not_on_the_desert() -> None:
    s = table(buildings={"I32": ("R", "settlement"), "I31": ("R", "settlement"),
                         "I43": ("B", "settlement")})
    s = holding(holding(s, "R", "merchant"), "B", "merchant")
    assert "H10" not in [p["hex"] for p in plays(s, "R", "merchant")]
    refused(s, "R", {"type": "play_progress", "card": "merchant", "hex": "H10"})
    refused(s, "R", {"type": "play_progress", "card": "merchant", "hex": "H1"})  # not adjacent
    before = scoring.points(s, 0)
    s = played(s, "R", "merchant", hex="H16")
    assert scoring.points(s, 0) == before + 1 and trade.rate(s, 0, "wool") == 2
    assert trade.rate(s, 0, "grain") == 4
    b_turn = s.model_copy(update={"active": 1})
    b_before = scoring.points(b_turn, 1)
    taken = played(b_turn, "B", "merchant", hex="H16")
    assert taken.merchant_owner == 1 and scoring.points(taken, 1) == b_before + 1
    assert scoring.points(taken, 0) == before and trade.rate(taken, 0, "wool") == 4


def test_t82_merchant_fleet_two_for_one_this_turn_only() -> None:
    s = played(holding(table(cards={"R": {"ore": 4}}), "R", "merchant_fleet"), "R",
               "merchant_fleet", kind="ore")
    s = act(s, "R", type="maritime_trade", give="ore", get="wool")
    s = act(s, "R", type="maritime_trade", give="ore", get="wool")
    assert hand(s, "R") == {"wool": 2}
    s = act(s, "R", type="end_turn")
    assert s.fleets == [] and trade.rate(s, 0, "ore") == 4


def test_merchant_fleet_two_fleets_name_two_types() -> None:
    s = holding(table(), "R", "merchant_fleet", "merchant_fleet")
    s = played(s, "R", "merchant_fleet", kind="coin")
    assert "coin" not in [p["kind"] for p in plays(s, "R", "merchant_fleet")]
    refused(s, "R", {"type": "play_progress", "card": "merchant_fleet", "kind": "coin"})
    s = played(s, "R", "merchant_fleet", kind="grain")
    assert s.fleets == ["coin", "grain"]


def test_t83_resource_monopoly_two_from_each() -> None:
    s = table(cards={"B": {"brick": 5}, "W": {"brick": 1, "ore": 2}})
    s = played(holding(s, "R", "resource_monopoly"), "R", "resource_monopoly", kind="brick")
    assert hand(s, "R") == {"brick": 3} and hand(s, "B") == {"brick": 3}
    assert hand(s, "W") == {"ore": 2}
    refused(holding(table(), "R", "resource_monopoly"), "R",
            {"type": "play_progress", "card": "resource_monopoly", "kind": "coin"})


def test_t84_trade_monopoly_one_from_each_holder() -> None:
    s = table(cards={"B": {"coin": 3}, "W": {"paper": 1}, "O": {"coin": 1}}, n=4)
    s, events = play(holding(s, "R", "trade_monopoly"), "R", "trade_monopoly", kind="coin")
    assert hand(s, "R") == {"coin": 2} and hand(s, "B") == {"coin": 2} and hand(s, "O") == {}
    assert events[-1].visible_to(None)["taken"] == {"B": 1, "O": 1}  # W had none


# --- the defaults of the decisions cards raise (§3.5) --------------------------------------

def test_defaults_are_legal_answers() -> None:
    """Each decision's default is one of its legal answers, and §3.5's picks where it names one
    (random cards the giver holds, a commodity the returner holds)."""
    s = table(cards={"B": {"wool": 3, "coin": 1}, "W": {"ore": 2}})
    s = holding(holding(s, "B", points=6), "W", points=1)
    s = played(holding(s, "R", "wedding", "commercial_harbor", points=2), "R", "wedding")
    gift = engine.default_action(s, "B")
    assert isinstance(gift, Action) and gift.type == "give_cards"
    assert sum(gift.model_dump()["cards"].values()) == 2
    s = act(s, "B", **gift.model_dump())
    assert sum(hand(s, "R").values()) == 2
    s = give(played(s, "R", "commercial_harbor"), "R", grain=1)
    s = act(s, "R", type="harbor_exchange", to="B", card="grain")
    back = engine.default_action(s, "B")
    assert back is not None and back.model_dump() == {"type": "return_commodity",
                                                      "card": "coin"}  # B's one commodity


def test_random_decisions_of_cards_stay_legal() -> None:
    """Random play of a hand holding every card, on a busy board: every listed action applies
    and the invariants hold."""
    r = random.Random(4)
    for seed in range(4):
        s = table(buildings={"I32": ("R", "city"), "I41": ("R", "settlement"),
                             "I20": ("B", "settlement"), "I37": ("W", "city")},
                  roads={"P47": "R", "P58": "R", "P30": "B", "P53": "W"},
                  knights={"I45": ("R", 1, False), "I26": ("B", 2, True),
                           "I19": ("B", 1, False)},
                  cards={"R": {"ore": 3, "grain": 2, "paper": 2, "wool": 1},
                         "B": {"brick": 2, "coin": 2}, "W": {"coin": 1, "wool": 3}},
                  attacks=1, rng=seed)
        s = holding(holding(s, "B", "spy"), "R", *(c for c in progress.PROGRESS
                                                    if c != "alchemist"))
        s.players[1].defenders = 5
        for _ in range(60):
            if s.phase != "action" or s.active != 0:
                break
            name = engine.to_act(s)[0]
            legal = engine.legal_actions(s, name)
            choice = [a for a in legal if a.type != "end_turn"] or legal
            a = choice[r.randrange(len(choice))]
            s, _ = engine.apply(s, name, a)
            check_invariants(s)


# --- edge cases beyond §15 -----------------------------------------------------------------

def test_irrigation_with_no_grain_in_the_bank_has_no_effect_and_no_play() -> None:
    s = table(buildings={"I41": ("R", "settlement")})
    s = holding(s.model_copy(update={"bank": {**s.bank, "grain": 0}}), "R", "irrigation")
    assert plays(s, "R", "irrigation") == []


def test_knights_activated_by_warlord_or_deserter_cannot_act_this_turn() -> None:
    s = table(buildings={"I44": ("R", "settlement")}, roads={"P56": "R", "P57": "R"},
              knights={"I40": ("R", 1, False), "I30": ("B", 2, True)})
    warlord = played(holding(s, "R", "warlord"), "R", "warlord")
    refused(warlord, "R", {"type": "move_knight", "node": "I40", "to": "I45"})
    already = table(buildings={"I44": ("R", "settlement")}, roads={"P56": "R", "P57": "R"},
                    knights={"I40": ("R", 1, True)})
    assert act(already, "R", type="move_knight", node="I40", to="I45").knights[
        parse_node("I45")].owner == 0  # an active knight from before may move
    deserted = played(holding(s, "R", "deserter"), "R", "deserter", seat="B")
    deserted = act(act(deserted, "B", type="remove_knight", node="I30"), "R",
                   type="place_knight", node="I45")
    assert deserted.knights[parse_node("I45")].active
    refused(deserted, "R", {"type": "move_knight", "node": "I45", "to": "I40"})


def test_alchemist_may_set_a_seven() -> None:
    s = table(cards={"B": {"ore": 9}}, phase="roll")
    s = event_rigged(holding(s, "R", "alchemist"), "gate_trade")
    s = played(s, "R", "alchemist", red=3, yellow=4)
    assert kinds(s) == [("discard", "B")] and s.pending[0].count == 4


def test_bishop_robs_only_opponents_holding_cards() -> None:
    s = table(buildings={"I20": ("B", "settlement"), "I37": ("W", "city"),
                         "I32": ("R", "settlement")},
              cards={"R": {"ore": 1}, "W": {"wool": 1}}, attacks=1)
    after = played(holding(s, "R", "bishop"), "R", "bishop", hex="H11")
    assert hand(after, "R") == {"ore": 1, "wool": 1} and hand(after, "B") == {}


def test_master_merchant_takes_all_when_fewer_than_two() -> None:
    s = table(cards={"W": {"coin": 1}})
    s = holding(holding(s, "W", points=6), "R", "master_merchant", points=2)
    s = played(s, "R", "master_merchant", seat="W")
    assert s.pending[0].count == 1
    s = act(s, "R", type="take_cards", cards={"coin": 1})
    assert hand(s, "R") == {"coin": 1} and hand(s, "W") == {}


def test_diplomat_and_deserter_recount_longest_road() -> None:
    five = {"P20": "B", "P26": "B", "P35": "B", "P42": "B", "P51": "B"}  # I13 ... I40
    s = table(buildings={"I13": ("B", "settlement")}, roads=five, longest_road=1)
    after = played(holding(s, "R", "diplomat"), "R", "diplomat", edge="P51")
    assert after.longest_road is None  # 4 left: the card is set aside
    cut = table(buildings={"I13": ("B", "settlement")}, roads=five, longest_road=1,
                knights={"I29": ("R", 1, False), "I50": ("W", 1, False)})
    assert cut.longest_road == 1
    s = played(holding(cut, "W", "deserter").model_copy(update={"active": 2}), "W",
               "deserter", seat="R")
    s = act(s, "R", type="remove_knight", node="I29")
    assert s.longest_road == 1 and s.pending == []  # W has no road to place a knight on


def test_medicine_rebuilds_a_city_on_its_side_first() -> None:
    s = table(buildings={"I32": ("R", "city+ruined"), "I41": ("R", "settlement")},
              cards={"R": {"ore": 2, "grain": 1}})
    s = holding(s, "R", "medicine")
    assert [p["node"] for p in plays(s, "R", "medicine")] == ["I32"]
    after = played(s, "R", "medicine", node="I32")
    b = after.buildings[parse_node("I32")]
    assert b.city and not b.ruined and hand(after, "R") == {}


def test_crane_needs_a_city() -> None:
    s = holding(table(buildings={"I32": ("R", "settlement")}), "R", "crane")
    assert plays(s, "R", "crane") == []


def test_a_merchant_reaching_thirteen_wins_at_once() -> None:
    s = table(buildings={"I32": ("R", "settlement")})
    s = holding(s, "R", "merchant", points=12)
    after = played(s, "R", "merchant", hex="H16")
    assert after.phase == "over" and after.winner == 0


def test_a_second_merchant_moves_ones_own_merchant_elsewhere_only() -> None:
    s = table(buildings={"I32": ("R", "settlement")})
    s = played(holding(s, "R", "merchant", "merchant"), "R", "merchant", hex="H16")
    hexes = [p["hex"] for p in plays(s, "R", "merchant")]
    assert "H16" not in hexes and sorted(hexes) == ["H11", "H12"]
    assert played(s, "R", "merchant", hex="H12").merchant == parse_hex("H12")


# --- invariants over random play with many progress cards -----------------------------------

def check_invariants(s: GameState) -> None:
    """What no sequence of plays may break: cards and pieces are conserved, the limits hold."""
    for card in s.bank:
        held = s.bank[card] + sum(p.cards[card] for p in s.players)
        assert held == (19 if card in RULES["resources"] else 12), card
        assert all(p.cards[card] >= 0 for p in s.players) and s.bank[card] >= 0
    progress_cards = Counter(c for deck in s.decks.values() for c in deck)
    for p in s.players:
        progress_cards.update(p.progress + p.vp_cards)
    assert progress_cards == Counter({c: n for cards in DECKS.values() for c, n in cards.items()})
    for seat, p in enumerate(s.players):
        assert not set(p.progress) & set(RULES["vp_cards"])
        waits = any(d.kind == "progress_discard" and d.seat == seat for d in s.pending)
        assert seat == s.active or len(p.progress) <= 4 or waits
        levels = Counter(k.level for k in s.knights.values() if k.owner == seat)
        assert all(levels[lv] <= 2 for lv in (1, 2, 3))
        assert sum(1 for o in s.roads.values() if o == seat) <= 15
        mine = [b for b in s.buildings.values() if b.owner == seat]
        assert sum(1 for b in mine if not b.city) <= 5 and sum(1 for b in mine if b.city) <= 4
        assert sum(1 for b in mine if b.wall) <= 3
    assert set(s.knights).isdisjoint(s.buildings)
    assert 0 <= s.free_roads <= 2 and 0 <= s.free_promotions <= 2
    recount = s.clone()
    scoring.award_longest_road(recount)
    assert recount.longest_road == s.longest_road


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_with_many_progress_cards_keeps_the_invariants(seed: int) -> None:
    s = table(buildings={"I32": ("R", "city"), "I9": ("R", "settlement"),
                         "I20": ("B", "city"), "I41": ("B", "settlement"),
                         "I35": ("W", "city"), "I43": ("W", "settlement")},
              roads={"P47": "R", "P14": "R", "P30": "B", "P58": "B", "P51": "W", "P62": "W"},
              knights={"I37": ("R", 1, True), "I26": ("B", 2, True), "I40": ("W", 1, False)},
              cards={name: {"ore": 3, "grain": 3, "wool": 2, "brick": 2, "lumber": 2,
                            "paper": 2, "cloth": 2, "coin": 2} for name in "RBW"},
              attacks=1, phase="roll", rng=seed)
    for p in s.players:
        p.improvements = {"trade": 4, "politics": 4, "science": 4}  # draws on most gates
    r = random.Random(seed)
    played_cards: set[str] = set()
    for _ in range(250):
        name = engine.to_act(s)[r.randrange(len(engine.to_act(s)))]
        a = engine.random_action(s, name, r)
        assert a is not None
        s, _ = engine.apply(s, name, a)
        if isinstance(a, PlayProgress):
            played_cards.add(a.card)
        check_invariants(s)
        if s.phase == "over":
            break
    assert len(played_cards) >= 8  # the run did exercise the cards
