"""Rulebook "Final de la partida": ties go to the highest character revealed in the last round."""

from __future__ import annotations

from rules import citadels

from .helpers import act, gold_turn, start


def finish(state):
    while not state.finished:
        state = gold_turn(state)
    return state


def test_tie_goes_to_highest_revealed_rank():
    chars = {"ana": ["merchant"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}
    state = start(4, chars, cities={"ana": ["palace"], "bo": ["castle", "temple"]})
    state = finish(state.model_copy(update={"first_complete": "cy"}))
    s = citadels.scores(state)
    assert s["ana"].total == s["bo"].total == 5
    assert (s["ana"].tiebreak, s["bo"].tiebreak) == (6, 8)
    assert state.winner == "bo"  # the Warlord (8) beats the Merchant (6)


def test_two_player_tiebreak_uses_best_of_both_characters():
    chars = {"ana": ["assassin", "architect"], "bo": ["thief", "merchant"]}
    state = start(2, chars, cities={"ana": ["palace"], "bo": ["castle", "temple"]})
    state = finish(state.model_copy(update={"first_complete": "ana"}))
    s = citadels.scores(state)
    assert s["ana"].total == 5 + 4 and s["bo"].total == 5
    assert s["ana"].tiebreak == 7 and s["bo"].tiebreak == 6
    assert state.winner == "ana"


def test_murdered_player_revealed_nothing():
    """A player whose only characters were murdered revealed none."""
    chars = {"ana": ["assassin"], "bo": ["warlord"], "cy": ["king"], "di": ["bishop"]}
    state = start(4, chars, cities={"ana": ["palace"], "bo": ["castle", "temple"]})
    state = act(state, {"type": "take_gold"}, {"type": "assassinate", "character": "warlord"},
                {"type": "end_turn"})[0]
    state = finish(state.model_copy(update={"first_complete": "cy"}))
    s = citadels.scores(state)
    assert s["bo"].tiebreak == 0 and s["ana"].tiebreak == 1
    assert s["ana"].total == s["bo"].total
    assert state.winner == "ana"
