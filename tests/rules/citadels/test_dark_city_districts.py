"""The Dark City purples (docs/rules/citadels-dark-city.md §5 and the §8 test cases), on
hand-made states."""

from __future__ import annotations

from rules import citadels
from rules.citadels.scoring import city_score

from .dark_helpers import act1, dstart, run, until
from .helpers import assert_illegal

GOLD = {"type": "take_gold"}
END = {"type": "end_turn"}
CHARS = {"ana": ["warlord"], "bo": ["king"], "cy": ["bishop"], "di": ["merchant"]}
FULL = ["manor", "castle", "palace", "temple", "church", "market", "keep"]


def test_armory_destroys_itself_and_a_keep_in_a_complete_city_no_graveyard() -> None:
    state = dstart(4, {"ana": ["assassin"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   cities={"ana": ["armory"], "cy": FULL, "bo": ["graveyard"]},
                   gold={"bo": 5}, dark_city_districts=True)
    deck = len(state.deck)
    state, events = act1(run(state, "ana", GOLD), {"type": "use_armory", "player": "cy",
                                                   "district": "keep"})
    assert state.player("ana").city == [] and "keep" not in state.player("cy").city
    assert state.deck[-2:] == ["armory", "keep"] and len(state.deck) == deck + 2
    assert state.graveyard_card is None and not any("graveyard" in e.type for e in events)


def test_ball_room_forgotten_greeting_loses_the_turn() -> None:
    state = dstart(4, CHARS, cities={"cy": ["ball_room"]}, crown="cy", dark_city_districts=True)
    assert state.current == "king" and state.pending == "greet"
    gold = state.player("bo").gold
    state = run(state, "bo", GOLD)  # no greeting: the whole turn is lost
    assert state.player("bo").gold == gold and state.current == "bishop"
    ok = dstart(4, CHARS, cities={"cy": ["ball_room"]}, crown="cy", dark_city_districts=True)
    ok = run(ok, "bo", {"type": "greet"}, GOLD)
    assert ok.crown == "bo" and ok.current == "king" and ok.player("bo").gold == 4


def test_bell_tower_announced_game_ends_one_district_earlier_and_destroyed_restores() -> None:
    six = ["manor", "castle", "palace", "temple", "church"]
    state = dstart(4, CHARS, cities={"bo": six}, hands={"bo": ["bell_tower"]},
                   gold={"bo": 9}, dark_city_districts=True)
    state = until(state, "king")
    state = run(state, "bo", GOLD, {"type": "build", "district": "bell_tower"},
                {"type": "bell_tower", "announce": True})
    assert state.city_size == 6 and state.first_complete == "bo"
    state = dstart(4, {"ana": ["warlord"], "bo": ["king"], "cy": ["bishop"], "di": ["merchant"]},
                   cities={"bo": ["bell_tower"]}, gold={"ana": 9}, dark_city_districts=True)
    state = state.model_copy(update={"bell_tower": True, "city_size": 6})
    state = until(state, "warlord")
    state = run(state, "ana", GOLD, {"type": "destroy", "player": "bo",
                                     "district": "bell_tower"})
    assert state.city_size == 7 and not state.bell_tower


def test_factory_discount_and_warlord_printed_cost() -> None:
    state = dstart(4, CHARS, cities={"bo": ["factory"]}, hands={"bo": ["library"]},
                   gold={"bo": 3}, dark_city_districts=True)
    state = until(state, "king")
    state = run(state, "bo", GOLD, {"type": "build", "district": "library"})
    assert state.player("bo").gold == 0
    assert citadels.view(state, None)["players"][1]["destroy_costs"]["library"] == 5


def test_hospital_murdered_owner_takes_action_only() -> None:
    state = dstart(4, {"ana": ["assassin"], "bo": ["king"], "cy": ["bishop"], "di": ["warlord"]},
                   cities={"bo": ["hospital", "manor"]}, hands={"bo": ["tavern"]},
                   dark_city_districts=True)
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "king"}, END)
    assert state.current == "king" and citadels.to_act(state) == ["bo"]
    assert {a.type for a in citadels.legal_actions(state, "bo")} == {"take_gold", "draw_cards"}
    state = run(state, "bo", GOLD)
    assert state.player("bo").gold == 4 and state.current == "bishop"
    assert state.player("bo").city == ["hospital", "manor"]


def test_lighthouse_takes_any_card_then_shuffles() -> None:
    state = dstart(4, CHARS, hands={"bo": ["lighthouse"]}, deck=["tavern"] * 5 + ["palace"],
                   dark_city_districts=True)
    state = until(state, "king")
    state = run(state, "bo", GOLD, {"type": "build", "district": "lighthouse"})
    assert state.pending == "lighthouse"
    assert citadels.view(state, "bo")["deck"] == sorted(state.deck)
    assert "deck" not in citadels.view(state, "cy")
    state = run(state, "bo", {"type": "lighthouse", "district": "palace"})
    assert "palace" in state.player("bo").hand and sorted(state.deck) == ["tavern"] * 5


def test_museum_scores_tucked_cards_map_room_ignores_them() -> None:
    parts, _ = city_score(["museum", "map_room"], 0, 1, first=False, complete=False, museum=3)
    assert parts["museum"] == 3 and parts["map_room"] == 1
    state = dstart(4, CHARS, cities={"bo": ["museum"]}, hands={"bo": ["tavern", "temple"]},
                   dark_city_districts=True)
    state = until(state, "king")
    state = run(state, "bo", GOLD, {"type": "use_museum", "district": "tavern"})
    assert state.player("bo").museum == ["tavern"]
    assert_illegal(state, "bo", {"type": "use_museum", "district": "temple"})
    assert citadels.view(state, "cy")["players"][1]["museum_count"] == 1
    assert "museum" not in citadels.view(state, "cy")["players"][1]


def test_park_and_poor_house_at_end_of_turn() -> None:
    state = dstart(4, CHARS, cities={"bo": ["park", "poor_house"]}, hands={"bo": ["palace"]},
                   gold={"bo": 3}, dark_city_districts=True)
    state = until(state, "king")
    state = run(state, "bo", GOLD, {"type": "build", "district": "palace"})
    state = state.model_copy(update={"players": [
        p.model_copy(update={"beautified": ["park"]}) if p.id == "bo" else p
        for p in state.players]})
    state = run(state, "bo", END)
    assert state.player("bo").gold == 1 and len(state.player("bo").hand) == 2


def test_quarry_one_duplicate_at_a_time() -> None:
    state = dstart(4, {"ana": ["assassin"], "bo": ["king"], "cy": ["bishop"],
                       "di": ["architect"]},
                   cities={"di": ["quarry", "temple", "market"]},
                   hands={"di": ["temple", "market"]}, gold={"di": 9}, dark_city_districts=True)
    state = run(state, "ana", GOLD, {"type": "assassinate", "character": "magician"}, END)
    state = until(state, "architect")
    state = run(state, "di", GOLD, {"type": "build", "district": "temple"})
    assert state.player("di").city.count("temple") == 2
    assert_illegal(state, "di", {"type": "build", "district": "market"})


def test_throne_room_gains_when_the_crown_changes_hands() -> None:
    state = dstart(4, CHARS, cities={"di": ["throne_room"]}, crown="ana",
                   dark_city_districts=True)
    state = until(state, "king")
    assert state.crown == "bo" and state.player("di").gold == 3
    same = dstart(4, CHARS, cities={"di": ["throne_room"]}, crown="bo",
                  dark_city_districts=True)
    same = until(same, "king")
    assert same.player("di").gold == 2


def test_wishing_well_counts_other_purples() -> None:
    parts, _ = city_score(["wishing_well", "keep", "library", "haunted_quarter", "manor"], 0, 0,
                          first=False, complete=False)
    assert parts["wishing_well"] == 3
