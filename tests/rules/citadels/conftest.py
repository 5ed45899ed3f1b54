"""The `slow` marker: a test's full form (504 random games...), skipped unless asked for.

    CITADELS_SLOW=1 pytest tests/rules

The default run does every test's small form; nothing is deselected by configuration.
"""

from __future__ import annotations

import os

import pytest

RUN_SLOW = os.environ.get("CITADELS_SLOW", "") not in ("", "0")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "slow: a test's full form, run only with CITADELS_SLOW=1 in the environment")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if RUN_SLOW:
        return
    skip = pytest.mark.skip(reason="the full form: set CITADELS_SLOW=1 to run it")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
