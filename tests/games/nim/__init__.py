"""Nim, a tiny game that exists only under tests/: it proves that the platform hosts any game
behind rules.game (lobby, turns, private views, the end and a restart, through the real bot).

Registered only while a test needs it (`registered()`), so other tests see the real registry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rules import registry

ENTRY = registry.Entry("nim", rules="tests.games.nim.rules", ai="tests.games.nim.ai",
                       ui="tests.games.nim")


@contextmanager
def registered() -> Iterator[registry.Entry]:
    """Nim in the registry for the duration of the block."""
    registry.register(ENTRY)
    try:
        yield ENTRY
    finally:
        registry.unregister(ENTRY.id)
