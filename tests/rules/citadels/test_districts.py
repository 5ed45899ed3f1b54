"""docs/rules/citadels-classic.md §2 "Unique district effects": the 14 unique districts."""

from __future__ import annotations

from rules import citadels

from .helpers import act, assert_illegal, gold_turn, start, types

WARLORD = {"ana": ["warlord"], "bo": ["thief"], "cy": ["king"], "di": ["merchant"]}
SOLO = {"ana": ["merchant"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}


def to_merchant(state):
    return gold_turn(gold_turn(state))


def to_warlord(state):
    return gold_turn(gold_turn(gold_turn(state)))


def test_keep_cannot_be_destroyed():
    """Keep: cannot be destroyed by the Warlord."""
    state = to_warlord(start(4, WARLORD, cities={"cy": ["keep", "temple"]}, gold={"ana": 9}))
    state = act(state, {"type": "take_gold"})[0]
    targets = {a.district for a in citadels.legal_actions(state, "ana") if a.type == "destroy"}
    assert targets == {"temple"}
    assert_illegal(state, "ana", {"type": "destroy", "player": "cy", "district": "keep"})


def test_great_wall_costs_one_more_for_other_districts():
    """Great Wall: the Warlord pays 1 more to destroy any other district in that city."""
    state = to_warlord(start(4, WARLORD, cities={"cy": ["great_wall", "manor"]}, gold={"ana": 1}))
    state = act(state, {"type": "take_gold"})[0]  # 3 gold
    targets = {a.district for a in citadels.legal_actions(state, "ana") if a.type == "destroy"}
    assert targets == {"manor"}  # 3-1+1 = 3; the Wall itself costs 5
    state, _ = act(state, {"type": "destroy", "player": "cy", "district": "manor"})
    assert state.player("ana").gold == 0


def test_university_and_dragon_gate_cost_five_to_destroy():
    """University, Dragon Gate: the Warlord pays 5 (6 - 1; the printed cost counts)."""
    state = to_warlord(start(4, WARLORD, cities={"cy": ["university"]}, gold={"ana": 2}))
    state = act(state, {"type": "take_gold"})[0]  # 4 gold
    assert "destroy" not in types(state, "ana")
    state = to_warlord(start(4, WARLORD, cities={"cy": ["dragon_gate"]}, gold={"ana": 3}))
    state = act(state, {"type": "take_gold"}, {"type": "destroy", "player": "cy",
                                               "district": "dragon_gate"})[0]
    assert state.player("ana").gold == 0


def test_graveyard_owner_may_buy_the_destroyed_card():
    """Graveyard: its owner may pay 1 gold to take the destroyed card into hand."""
    state = to_warlord(start(4, WARLORD, cities={"cy": ["graveyard", "manor"]},
                             gold={"ana": 5, "cy": 1}))
    state, events = act(state, {"type": "take_gold"},
                        {"type": "destroy", "player": "cy", "district": "manor"})
    assert citadels.to_act(state) == ["cy"]
    assert types(state, "cy") == {"graveyard"}
    assert citadels.legal_actions(state, "ana") == []
    assert_illegal(state, "ana", {"type": "end_turn"})
    hand = list(state.player("cy").hand)
    state, _ = act(state, {"type": "graveyard", "accept": True})
    assert state.player("cy").hand == hand + ["manor"]
    assert state.player("cy").gold == 1 + 2 - 1  # the King took 2 gold in his turn
    assert citadels.to_act(state) == ["ana"]


def test_graveyard_declined_sends_card_to_bottom():
    state = to_warlord(start(4, WARLORD, cities={"cy": ["graveyard", "manor"]},
                             gold={"ana": 5, "cy": 3}))
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "destroy", "player": "cy", "district": "manor"},
                   {"type": "graveyard", "accept": False})
    assert state.deck[-1] == "manor" and state.player("cy").gold == 3 + 2


def test_graveyard_not_for_itself_nor_for_the_warlord_nor_without_gold():
    """A Graveyard destroyed itself cannot be used; not by the Warlord's own player."""
    state = to_warlord(start(4, WARLORD, cities={"cy": ["graveyard"]}, gold={"ana": 9}))
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "destroy", "player": "cy", "district": "graveyard"})
    assert citadels.to_act(state) == ["ana"] and state.deck[-1] == "graveyard"
    state = to_warlord(start(4, WARLORD, cities={"ana": ["graveyard", "temple"]}))
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "destroy", "player": "ana", "district": "temple"})
    assert citadels.to_act(state) == ["ana"] and state.graveyard_card is None
    state = gold_turn(start(4, WARLORD, cities={"cy": ["graveyard", "temple"]}, gold={"cy": 0}))
    state, _ = act(state, {"type": "draw_cards"})  # the King takes no gold
    state, _ = act(state, {"type": "keep_card", "district": state.drawn[0]}, {"type": "end_turn"})
    state = gold_turn(state)  # merchant
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "destroy", "player": "cy", "district": "temple"})
    assert citadels.to_act(state) == ["ana"]


def test_observatory_draws_three_keeps_one():
    """Observatory: draw 3 instead of 2."""
    state = to_merchant(start(4, SOLO, cities={"ana": ["observatory"]}))
    top = state.deck[:3]
    state, _ = act(state, {"type": "draw_cards"})
    assert state.drawn == top
    state, _ = act(state, {"type": "keep_card", "district": top[2]})
    assert state.player("ana").hand[-1] == top[2] and state.deck[-2:] == top[:2]


def test_library_keeps_all_drawn_and_with_observatory_three():
    """Library: keep all the cards you drew; with the Observatory, draw 3 and keep 3."""
    state = to_merchant(start(4, SOLO, cities={"ana": ["library"]}))
    top, hand = state.deck[:2], list(state.player("ana").hand)
    state, _ = act(state, {"type": "draw_cards"})
    assert state.player("ana").hand == hand + top and state.drawn == []
    state = to_merchant(start(4, SOLO, cities={"ana": ["library", "observatory"]}))
    top, hand = state.deck[:3], list(state.player("ana").hand)
    state, _ = act(state, {"type": "draw_cards"})
    assert state.player("ana").hand == hand + top


def test_laboratory_discards_one_for_two_gold_once():
    """Laboratory: once per turn, discard 1 card from hand to gain 2 gold."""
    state = to_merchant(start(4, SOLO, cities={"ana": ["laboratory"]},
                              hands={"ana": ["manor", "temple"]}, gold={"ana": 0}))
    state, _ = act(state, {"type": "take_gold"})
    assert {a.district for a in citadels.legal_actions(state, "ana")
            if a.type == "use_laboratory"} == {"manor", "temple"}
    state, _ = act(state, {"type": "use_laboratory", "district": "temple"})
    assert state.player("ana").gold == 2 + 1 + 2 and state.player("ana").hand == ["manor"]
    assert state.deck[-1] == "temple"
    assert_illegal(state, "ana", {"type": "use_laboratory", "district": "manor"})


def test_smithy_pays_two_for_three_cards_once():
    """Smithy: once per turn, pay 2 gold to draw 3 cards."""
    state = to_merchant(start(4, SOLO, cities={"ana": ["smithy"]}, hands={"ana": []},
                              gold={"ana": 0}))
    state, _ = act(state, {"type": "take_gold"})
    top = state.deck[:3]
    state, _ = act(state, {"type": "use_smithy"})
    assert state.player("ana").hand == top and state.player("ana").gold == 1
    assert_illegal(state, "ana", {"type": "use_smithy"})


def test_smithy_needs_two_gold_and_lab_or_smithy_need_the_district():
    state = to_merchant(start(4, SOLO, cities={"ana": ["smithy"]}, gold={"ana": 0}))
    state, _ = act(state, {"type": "draw_cards"})
    state, _ = act(state, {"type": "keep_card", "district": state.drawn[0]})  # 1 gold
    assert_illegal(state, "ana", {"type": "use_smithy"})
    card = state.player("ana").hand[0]
    assert_illegal(state, "ana", {"type": "use_laboratory", "district": card})


def test_school_of_magic_counts_for_the_active_income():
    """School of Magic: counts as the type of the character collecting income."""
    state = to_merchant(start(4, SOLO, cities={"ana": ["school_of_magic", "tavern", "manor"]},
                              gold={"ana": 0}))
    state, _ = act(state, {"type": "take_gold"}, {"type": "collect_income"})
    assert state.player("ana").gold == 2 + 1 + 2


def test_haunted_quarter_map_room_imperial_treasury_score():
    """Haunted Quarter, Map Room and Imperial Treasury change the final score."""
    state = start(4, cities={"ana": ["haunted_quarter", "manor", "temple", "tavern", "map_room"],
                             "bo": ["imperial_treasury"]},
                  hands={"ana": ["castle"] * 3}, gold={"bo": 9})
    scores = citadels.scores(state)
    assert scores["ana"].five_types == 3 and scores["ana"].haunted_quarter_as == "military"
    assert scores["ana"].map_room == 3
    assert scores["bo"].imperial_treasury == 9
    assert scores["bo"].total == 5 + 9
