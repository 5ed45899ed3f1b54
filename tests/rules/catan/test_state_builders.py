"""The unvalidated builders make what validation makes: state.decision as Decision(...),
state.replaced as model_copy(update=...)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from rules.catan.state import Building, Decision, Knight, decision, replaced

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


@pytest.mark.parametrize(("model", "changes"), [
    (Knight(owner=1, level=2, active=True), {"active": False, "acted": True}),
    (Building(owner=0, city=True), {"metropolis": "trade"}),
    (Decision(kind="discard", seat=1, stage=3, count=4), {"count": 3}),
])
def test_replaced_is_model_copy(model: BaseModel, changes: dict[str, Any]) -> None:
    made, copied = replaced(model, **changes), model.model_copy(update=changes)
    assert type(made) is type(model)
    assert made == copied and made.model_dump_json() == copied.model_dump_json()
    assert made.model_fields_set == copied.model_fields_set
    assert model.model_dump() != made.model_dump()  # the original left as it was
    if not isinstance(model, Decision):  # a decision holds dicts: unhashable either way
        assert hash(made) == hash(copied)
