"""One place per card: every character has its Power, every unique district's rule is its
Effect (or its data, for the points-only ones), and the hooks the rules ask come from them."""

from __future__ import annotations

from rules.citadels import districts, scoring
from rules.citadels.cards import CHARACTERS, DISTRICTS
from rules.citadels.powers import POWERS


def test_every_character_has_its_power() -> None:
    assert set(POWERS) == set(CHARACTERS)


def test_every_unique_district_has_an_effect_or_only_scores() -> None:
    unique = {d.id for d in DISTRICTS.values() if d.type == "unique"}
    assert set(districts.EFFECTS) <= unique
    for d in unique - set(districts.EFFECTS):
        assert DISTRICTS[d].points != DISTRICTS[d].cost, f"{d} has no effect at all"


def test_every_score_bonus_is_a_breakdown_part() -> None:
    assert set(districts.BONUSES) <= set(scoring.BREAKDOWN)
    assert {"map_room", "imperial_treasury"} <= set(districts.BONUSES)


def test_the_hooks_change_what_the_rules_compute() -> None:
    assert districts.draw_counts(["manor"]) == (2, 1)
    assert districts.draw_counts(["observatory", "library"]) == (3, 3)
    assert districts.income(["manor", "school_of_magic", "temple"], "king") == 2
    assert districts.income(["manor"], "assassin") is None
    assert districts.destroy_costs(["great_wall", "palace"]) == {"great_wall": 5, "palace": 5}
    assert "keep" in districts.INDESTRUCTIBLE
    assert set(districts.TURN_FLAGS) == {"laboratory_used", "smithy_used", "museum_used"}
