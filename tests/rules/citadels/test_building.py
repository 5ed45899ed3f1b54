"""Rulebook "Fase de Turnos": building a district (one per turn, paying its cost, no duplicates)."""

from __future__ import annotations

from rules import citadels

from .helpers import act, assert_illegal, gold_turn, start

SOLO = {"ana": ["merchant"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}


def merchant_turn(**kw):
    return act(gold_turn(gold_turn(start(4, SOLO, **kw))), {"type": "take_gold"})[0]


def test_build_pays_cost_and_moves_card_to_city():
    state = merchant_turn(hands={"ana": ["manor", "temple"]}, gold={"ana": 0})
    state, events = act(state, {"type": "build", "district": "manor"})
    me = state.player("ana")
    assert me.city == ["manor"] and me.hand == ["temple"] and me.gold == 0
    assert any(e.type == "built" and e.data["district"] == "manor" for e in events)


def test_only_one_district_per_turn():
    state = merchant_turn(hands={"ana": ["temple", "tavern"]})
    state, _ = act(state, {"type": "build", "district": "temple"})
    assert_illegal(state, "ana", {"type": "build", "district": "tavern"})


def test_no_two_districts_of_one_name():
    """No puede construir un Distrito con el mismo nombre que otro de su ciudad."""
    state = merchant_turn(hands={"ana": ["temple"]}, cities={"ana": ["temple"]})
    assert "build" not in {a.type for a in citadels.legal_actions(state, "ana")}
    assert_illegal(state, "ana", {"type": "build", "district": "temple"})


def test_cannot_build_unaffordable_or_missing():
    state = merchant_turn(hands={"ana": ["palace"]}, gold={"ana": 0})  # 3 gold
    assert_illegal(state, "ana", {"type": "build", "district": "palace"})
    assert_illegal(state, "ana", {"type": "build", "district": "temple"})
    assert_illegal(state, "ana", {"type": "build", "district": "no_such_card"})


def test_building_before_gathering_is_refused():
    state = gold_turn(gold_turn(start(4, SOLO, hands={"ana": ["temple"]})))
    assert_illegal(state, "ana", {"type": "build", "district": "temple"})


def test_income_may_come_after_building():
    """Capacidades: income before or after building (the Bishop example)."""
    state = merchant_turn(hands={"ana": ["tavern"]}, cities={"ana": ["market"]}, gold={"ana": 0})
    state, _ = act(state, {"type": "build", "district": "tavern"}, {"type": "collect_income"})
    assert state.player("ana").gold == 3 - 1 + 2


def test_first_completed_city_is_recorded():
    city = ["manor", "castle", "palace", "temple", "church", "market"]
    state = merchant_turn(hands={"ana": ["tavern"]}, cities={"ana": city})
    state, events = act(state, {"type": "build", "district": "tavern"})
    assert state.first_complete == "ana"
    assert any(e.type == "city_completed" for e in events)
