"""Rulebook "Final de la partida": end of game and scoring, docs/rules/citadels-classic.md §5."""

from __future__ import annotations

from rules import citadels

from .helpers import act, gold_turn, start

SOLO = {"ana": ["merchant"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}
SIX = ["manor", "castle", "palace", "temple", "church", "market"]


def test_game_ends_at_end_of_round_of_first_completion():
    """La partida termina cuando acaba la ronda actual."""
    state = start(4, SOLO, hands={"ana": ["tavern"]}, cities={"ana": SIX})
    state = gold_turn(gold_turn(state))
    state = act(state, {"type": "take_gold"}, {"type": "build", "district": "tavern"},
                {"type": "end_turn"})[0]
    assert not state.finished and state.current == "warlord"
    state, events = act(state, {"type": "take_gold"}, {"type": "end_turn"})
    assert state.finished and state.phase == "over"
    assert citadels.to_act(state) == []
    assert citadels.legal_actions(state, "ana") == []
    assert events[-1].type == "game_over" and state.winner == events[-1].player


def test_scoring_districts_bonuses_completion():
    """Points: district costs, +3 five types, +4 first complete, +2 other complete cities."""
    complete = ["manor", "temple", "tavern", "watchtower", "keep", "castle", "church"]
    state = start(4, cities={"ana": complete, "bo": SIX + ["harbor"], "cy": ["university"]})
    state = state.model_copy(update={"first_complete": "ana"})
    s = citadels.scores(state)
    assert s["ana"].districts == 3 + 1 + 1 + 1 + 3 + 4 + 2
    assert s["ana"].five_types == 3 and s["ana"].first_complete == 4 and s["ana"].complete == 0
    assert s["ana"].total == 15 + 3 + 4
    assert s["bo"].complete == 2 and s["bo"].five_types == 0 and s["bo"].first_complete == 0
    assert s["bo"].total == 3 + 4 + 5 + 1 + 2 + 2 + 4 + 2
    assert s["cy"].total == 8  # the University scores 8
    assert s["di"].total == 0
    assert all(isinstance(x.total, int) for x in s.values())


def test_classic_variant_needs_eight():
    """Variante Clásica: seven districts do not complete a city."""
    city = SIX + ["tavern"]
    state = start(4, cities={"ana": city}, city_size=8)
    assert citadels.scores(state)["ana"].complete == 0
    state = start(4, SOLO, hands={"ana": ["harbor"]}, cities={"ana": city}, city_size=8)
    state = act(gold_turn(gold_turn(state)), {"type": "take_gold"},
                {"type": "build", "district": "harbor"})[0]
    assert state.first_complete == "ana"


def test_haunted_quarter_stays_unique_when_that_is_best():
    """Haunted Quarter: the engine picks the best type, which may be unique itself."""
    state = start(4, cities={"ana": ["haunted_quarter", "manor", "temple", "tavern", "prison"]})
    s = citadels.scores(state)["ana"]
    assert s.five_types == 3 and s.haunted_quarter_as == "unique"
    state = start(4, cities={"ana": ["haunted_quarter", "manor", "temple"]})
    assert citadels.scores(state)["ana"].five_types == 0
