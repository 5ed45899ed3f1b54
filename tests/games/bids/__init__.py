"""Sealed bids, a game that exists only under tests/: every round opens with all seats
deciding at once (a sealed bid), then one seat alone (the winner's pick). It proves that the
platform waits for several seats at once: each gets its panel, ping, timer and computer, any
may act in any order, and one deciding outdates nobody else's panel.

`register()` / `registered()` as for Nim (tests/games/nim).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rules import registry

ENTRY = registry.Entry("bids", rules="tests.games.bids.rules", ai="tests.games.bids.ai",
                       ui="tests.games.bids")


def register() -> registry.Entry:
    """Sealed bids in the registry; calling it again changes nothing."""
    if registry.GAMES.get(ENTRY.id) != ENTRY:
        registry.register(ENTRY)
    return ENTRY


@contextmanager
def registered() -> Iterator[registry.Entry]:
    """Sealed bids in the registry for the duration of the block."""
    already = registry.GAMES.get(ENTRY.id) == ENTRY
    register()
    try:
        yield ENTRY
    finally:
        if not already:
            registry.unregister(ENTRY.id)
