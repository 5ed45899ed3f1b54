"""Nim, a tiny game that exists only under tests/: it proves that the platform hosts any game
behind rules.game (lobby, turns, private views, the end and a restart, through the real bot).

`ui` names the UI *package*, as for every game (the bot loads `<ui>.cog`, and finds texts in
`<ui>/locales`), so it is this package, not its `cog` module.

`register()` adds Nim to the registry for good (idempotent); `registered()` adds it for the
duration of a block and then leaves the registry as it found it, so other tests see the real one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rules import registry

ENTRY = registry.Entry("nim", rules="tests.games.nim.rules", ai="tests.games.nim.ai",
                       ui="tests.games.nim")


def register() -> registry.Entry:
    """Nim in the registry; calling it again changes nothing."""
    if registry.GAMES.get(ENTRY.id) != ENTRY:
        registry.register(ENTRY)
    return ENTRY


@contextmanager
def registered() -> Iterator[registry.Entry]:
    """Nim in the registry for the duration of the block (left there if it already was)."""
    already = registry.GAMES.get(ENTRY.id) == ENTRY
    register()
    try:
        yield ENTRY
    finally:
        if not already:
            registry.unregister(ENTRY.id)
