"""The unvalidated builders make what validation makes: state.decision as Decision(...)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.catan.state import Decision, Knight, decision

CASES: list[dict[str, Any]] = [
    {"kind": "discard", "seat": 1, "stage": 3, "count": 4},
    {"kind": "robber", "seat": 0, "stage": 2},
    {"kind": "aqueduct", "seat": 2, "stage": 7},
    {"kind": "knight_place", "seat": 1, "stage": 1, "nodes": [3, 4],
     "knight": Knight(owner=1, level=2)},
]


@pytest.mark.parametrize("fields", CASES)
def test_decision_is_the_validated_one(fields: dict[str, Any]) -> None:
    made = decision(**fields)
    valid = Decision(**fields)
    assert made == valid
    assert made.model_dump_json() == valid.model_dump_json()
    assert made.model_fields_set == valid.model_fields_set
    assert made.give is not decision(**fields).give  # fresh defaults, never shared
