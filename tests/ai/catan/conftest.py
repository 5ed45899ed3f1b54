"""The expert's set-up search on a small budget in these tests (one round played on, two
worlds): the same code path at a tenth of the default's time."""

from __future__ import annotations

import pytest

from ai.catan import opening


@pytest.fixture(autouse=True)
def small_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(opening, "ROUNDS", 1)
    monkeypatch.setattr(opening, "WORLDS", 2)
