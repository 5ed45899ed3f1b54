"""Rulebook "Las capacidades de los Personajes al detalle" and
docs/rules/citadels-classic.md §4.2-4.3."""

from __future__ import annotations

from rules import citadels

from .helpers import act, acting, assert_illegal, end_turn, gold_turn, start, types

FOUR = {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"], "di": ["king"]}


def test_characters_are_called_in_rank_order_skipping_absent_ones():
    """Fase de Turnos: ranks are called 1 to 8; a character nobody holds is skipped."""
    state = start(4, {"ana": ["warlord"], "bo": ["bishop"], "cy": ["thief"], "di": ["merchant"]})
    order = []
    while state.round == 1:
        order.append(state.current)
        state = gold_turn(state)
    assert order == ["thief", "bishop", "merchant", "warlord"]


def test_gathering_is_mandatory_and_first():
    """Durante su turno, el jugador debe adquirir recursos: nothing else comes first."""
    state = start(4, FOUR)
    seat = acting(state).id
    assert types(state, seat) == {"take_gold", "draw_cards"}
    assert_illegal(state, seat, {"type": "end_turn"})
    assert_illegal(state, seat, {"type": "assassinate", "character": "king"})


def test_draw_two_keep_one_other_to_bottom():
    """Robar 2 cartas, eligiendo una y descartando la otra en la parte inferior del mazo."""
    state = start(4, FOUR)
    top = state.deck[:2]
    state, _ = act(state, {"type": "draw_cards"})
    assert state.drawn == top
    seat = acting(state).id
    assert {a.district for a in citadels.legal_actions(state, seat)} == set(top)
    state, _ = act(state, {"type": "keep_card", "district": top[1]})
    assert state.player(seat).hand[-1] == top[1]
    assert state.deck[-1] == top[0]


def test_assassin_victim_loses_turn_silently():
    """1 - El Asesino: the murdered character's holder stays silent and loses the turn."""
    state = start(4, FOUR)
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "assassinate", "character": "magician"}, {"type": "end_turn"})
    assert state.current == "thief"
    state, events = act(state, {"type": "take_gold"}, {"type": "end_turn"})
    assert state.current == "king"  # the Magician was skipped
    assert "magician" not in state.revealed
    skipped = next(e for e in events if e.type == "character_skipped")
    assert skipped.player is None and skipped.data == {"character": "magician", "murdered": True}


def test_assassin_may_name_a_character_nobody_holds():
    """Naming a character nobody holds does nothing (docs/rules/citadels-classic.md §4.3)."""
    state = start(4, FOUR)
    state, _ = act(state, {"type": "take_gold"}, {"type": "assassinate", "character": "warlord"},
                   {"type": "end_turn"})
    assert state.murdered == "warlord" and state.current == "thief"
    assert_illegal(state, "bo", {"type": "assassinate", "character": "king"})


def test_assassin_cannot_murder_himself_nor_twice():
    state = start(4, FOUR)
    state, _ = act(state, {"type": "take_gold"})
    assert_illegal(state, "ana", {"type": "assassinate", "character": "assassin"})
    state, _ = act(state, {"type": "assassinate", "character": "king"})
    assert_illegal(state, "ana", {"type": "assassinate", "character": "thief"})


def test_thief_takes_all_gold_at_the_reveal():
    """2 - El Ladrón: when the robbed character is revealed, take all its gold at once."""
    state = start(4, FOUR, gold={"di": 7, "bo": 1})
    state = gold_turn(state)  # assassin
    state, _ = act(state, {"type": "take_gold"}, {"type": "steal", "character": "king"},
                   {"type": "end_turn"})
    state = gold_turn(state)  # magician
    assert state.current == "king"
    assert state.player("di").gold == 0
    assert state.player("bo").gold == 1 + 2 + 7


def test_thief_cannot_rob_assassin_or_murdered():
    """No puedes robar al Asesino ni al Personaje asesinado."""
    state = start(4, FOUR)
    state, _ = act(state, {"type": "take_gold"}, {"type": "assassinate", "character": "king"},
                   {"type": "end_turn"}, {"type": "take_gold"})
    targets = {a.character for a in citadels.legal_actions(state, "bo") if a.type == "steal"}
    assert targets == {"magician", "bishop", "merchant", "architect", "warlord"}
    assert_illegal(state, "bo", {"type": "steal", "character": "assassin"})
    assert_illegal(state, "bo", {"type": "steal", "character": "king"})
    assert_illegal(state, "bo", {"type": "steal", "character": "thief"})


def test_magician_swaps_hands():
    """3 - El Mago: swap all cards with another player (even from an empty hand)."""
    state = start(4, FOUR, hands={"cy": [], "ana": ["manor", "temple"]})
    state = gold_turn(end_turn(act(state, {"type": "take_gold"})[0]))
    assert state.current == "magician"
    state, events = act(state, {"type": "take_gold"}, {"type": "swap_hands", "player": "ana"})
    assert state.player("cy").hand == ["manor", "temple"]
    assert state.player("ana").hand == []
    swap = next(e for e in events if e.type == "hands_swapped")
    assert swap.private["cy"]["hand"] == ["manor", "temple"]
    assert "hand" not in swap.visible_to("bo")
    assert_illegal(state, "cy", {"type": "swap_hands", "player": "bo"})


def test_magician_discards_to_bottom_and_draws_as_many():
    """3 - El Mago: discard any number to the bottom of the deck and draw as many."""
    state = start(4, FOUR, hands={"cy": ["manor", "manor", "temple"]})
    state = gold_turn(gold_turn(state))
    state, _ = act(state, {"type": "take_gold"})
    options = [a for a in citadels.legal_actions(state, "cy") if a.type == "discard_and_draw"]
    assert sorted(tuple(a.districts) for a in options) == sorted(
        [("manor",), ("temple",), ("manor", "manor"), ("manor", "temple"),
         ("manor", "manor", "temple")])
    top = state.deck[:2]
    state, _ = act(state, {"type": "discard_and_draw", "districts": ["temple", "manor"]})
    assert state.player("cy").hand == ["manor"] + top
    assert state.deck[-2:] == ["manor", "temple"]
    assert_illegal(state, "cy", {"type": "swap_hands", "player": "ana"})


def test_magician_cannot_discard_cards_he_lacks():
    state = start(4, FOUR, hands={"cy": ["manor"]})
    state = act(gold_turn(gold_turn(state)), {"type": "take_gold"})[0]
    assert_illegal(state, "cy", {"type": "discard_and_draw", "districts": ["manor", "manor"]})
    assert_illegal(state, "cy", {"type": "discard_and_draw", "districts": []})
    assert_illegal(state, "cy", {"type": "discard_and_draw", "districts": ["castle"]})


def test_king_takes_crown_and_noble_income():
    """4 - El Rey: 1 gold per noble district; takes the crown during his turn."""
    state = start(4, FOUR, cities={"di": ["manor", "castle", "temple"]}, gold={"di": 0})
    state = gold_turn(gold_turn(gold_turn(state)))
    assert state.current == "king" and state.crown == "di"
    state, events = act(state, {"type": "take_gold"}, {"type": "collect_income"})
    assert state.player("di").gold == 2 + 2
    assert_illegal(state, "di", {"type": "collect_income"})


def test_murdered_king_takes_crown_at_end_of_round():
    """El Rey: si eres asesinado... al final de la ronda coges la Corona como heredero."""
    state = start(4, FOUR)
    state, _ = act(state, {"type": "take_gold"}, {"type": "assassinate", "character": "king"},
                   {"type": "end_turn"})
    assert state.crown == "ana"
    state = gold_turn(gold_turn(state))
    assert state.round == 2 and state.crown == "di"


def test_crown_stays_when_nobody_holds_the_king():
    """If no player holds the King this round, the crown stays where it is."""
    state = start(4, {"ana": ["assassin"], "bo": ["thief"], "cy": ["magician"],
                      "di": ["bishop"]}, faceup=["merchant", "architect"])
    assert "king" in state.facedown
    while state.round == 1:
        state = gold_turn(state)
    assert state.crown == "ana"


def test_bishop_income_and_protection():
    """5 - El Obispo: religious income; the Warlord cannot destroy his districts."""
    chars = {"ana": ["bishop"], "bo": ["warlord"], "cy": ["king"], "di": ["merchant"]}
    state = start(4, chars, cities={"ana": ["temple", "church"], "cy": ["temple"]},
                  gold={"bo": 10})
    state = gold_turn(state)  # king
    state = act(state, {"type": "take_gold"}, {"type": "collect_income"})[0]
    assert state.player("ana").gold == 2 + 2 + 2
    state = gold_turn(end_turn(state))  # merchant
    state = act(state, {"type": "take_gold"})[0]
    victims = {a.player for a in citadels.legal_actions(state, "bo") if a.type == "destroy"}
    assert victims == {"cy"}
    assert_illegal(state, "bo", {"type": "destroy", "player": "ana", "district": "temple"})


def test_murdered_bishop_does_not_protect():
    """Si eres asesinado, el Condotiero puede destruir tus Distritos."""
    chars = {"ana": ["bishop"], "bo": ["warlord"], "cy": ["assassin"], "di": ["merchant"]}
    state = start(4, chars, cities={"ana": ["temple"]}, gold={"bo": 10})
    state = act(state, {"type": "take_gold"}, {"type": "assassinate", "character": "bishop"},
                {"type": "end_turn"})[0]
    state = gold_turn(state)  # merchant
    state, _ = act(state, {"type": "take_gold"},
                   {"type": "destroy", "player": "ana", "district": "temple"})
    assert state.player("ana").city == []


def test_merchant_extra_gold_whatever_resource():
    """6 - El Mercader: one extra gold whatever resource; trade income."""
    chars = {"ana": ["merchant"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}
    state = start(4, chars, cities={"ana": ["tavern", "market", "manor"]})
    state = gold_turn(gold_turn(state))
    assert state.current == "merchant"
    state, _ = act(state, {"type": "draw_cards"})
    state, _ = act(state, {"type": "keep_card", "district": state.drawn[0]})
    assert state.player("ana").gold == 3
    state, _ = act(state, {"type": "collect_income"})
    assert state.player("ana").gold == 5


def test_architect_draws_two_more_and_builds_three():
    """7 - El Arquitecto: two extra cards; may build up to 3 districts."""
    chars = {"ana": ["architect"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}
    hand = ["temple", "tavern", "watchtower", "church"]
    state = start(4, chars, hands={"ana": hand}, gold={"ana": 10})
    state = gold_turn(gold_turn(state))
    assert state.current == "architect"
    extra = state.deck[:2]
    state, _ = act(state, {"type": "take_gold"})
    assert state.player("ana").hand == hand + extra
    state, _ = act(state, *({"type": "build", "district": d} for d in hand[:3]))
    assert state.player("ana").city == hand[:3]
    assert "build" not in types(state, "ana")
    assert_illegal(state, "ana", {"type": "build", "district": "church"})


def test_warlord_destroys_paying_cost_minus_one():
    """8 - El Condotiero: destroy paying one less than the cost; the card goes to the bottom."""
    chars = {"ana": ["warlord"], "bo": ["thief"], "cy": ["king"], "di": ["merchant"]}
    state = start(4, chars, cities={"cy": ["castle", "watchtower"], "ana": ["prison"]},
                  gold={"ana": 1})
    state = gold_turn(gold_turn(gold_turn(state)))
    state, _ = act(state, {"type": "take_gold"}, {"type": "collect_income"})
    assert state.player("ana").gold == 4
    legal = {(a.player, a.district) for a in citadels.legal_actions(state, "ana")
             if a.type == "destroy"}
    assert legal == {("cy", "castle"), ("cy", "watchtower"), ("ana", "prison")}
    state, events = act(state, {"type": "destroy", "player": "cy", "district": "castle"})
    assert state.player("ana").gold == 1
    assert state.player("cy").city == ["watchtower"]
    assert state.deck[-1] == "castle"
    assert_illegal(state, "ana", {"type": "destroy", "player": "cy", "district": "watchtower"})


def test_warlord_destroys_cost_one_for_free_and_own_city():
    chars = {"ana": ["warlord"], "bo": ["thief"], "cy": ["king"], "di": ["merchant"]}
    state = start(4, chars, cities={"ana": ["temple"]}, gold={"ana": 0})
    state = gold_turn(gold_turn(gold_turn(state)))
    state, _ = act(state, {"type": "draw_cards"})
    state, _ = act(state, {"type": "keep_card", "district": state.drawn[0]},
                   {"type": "destroy", "player": "ana", "district": "temple"})
    assert state.player("ana").city == [] and state.player("ana").gold == 0


def test_warlord_cannot_touch_a_completed_city():
    """No puedes destruir Distritos de una ciudad completada."""
    city = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    chars = {"ana": ["warlord"], "bo": ["thief"], "cy": ["king"], "di": ["merchant"]}
    state = start(4, chars, cities={"cy": city}, gold={"ana": 20})
    state = act(gold_turn(gold_turn(gold_turn(state))), {"type": "take_gold"})[0]
    assert "destroy" not in types(state, "ana")
    assert_illegal(state, "ana", {"type": "destroy", "player": "cy", "district": "temple"})


def test_two_player_characters_are_separate_turns():
    """Partidas de 2 o 3 jugadores: each character is a turn; Architect's builds stay his."""
    chars = {"ana": ["architect", "warlord"], "bo": ["king", "bishop"]}
    state = start(2, chars, hands={"ana": ["temple", "tavern", "watchtower"]},
                  gold={"ana": 10})
    state = gold_turn(gold_turn(state))  # king, bishop
    assert state.current == "architect"
    state = act(state, {"type": "take_gold"}, {"type": "build", "district": "temple"},
                {"type": "end_turn"})[0]
    assert state.current == "warlord" and citadels.to_act(state) == ["ana"]
    state, _ = act(state, {"type": "take_gold"}, {"type": "build", "district": "tavern"})
    assert "build" not in types(state, "ana")
