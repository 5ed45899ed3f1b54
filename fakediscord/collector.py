"""Short collector passes for a process that keeps everything it sees.

The emulator run on its own keeps every message, interaction and call of a run (tests read
them back), and bench.bot_load's scripted people keep what they saw. Each full pass of the
cyclic collector walks all of it: at 200 games the emulator's passes grew to 300-600 ms by the
middle of a run, and every interaction created or acknowledged meanwhile waited them out,
counted against the bot. Those records hold no reference cycles, so after a full pass this moves
the survivors to the permanent generation (`gc.freeze`): later passes walk only what is newer.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable
from typing import Any

_FULL = 2  # the oldest generation: a pass over it is a full one


Callback = Callable[[str, dict[str, Any]], None]


def freeze_after_full_passes(loop: asyncio.AbstractEventLoop) -> Callback:
    """From now on, after each full pass, freeze what survived it (on `loop`, once the pass is
    over: the collector's callbacks run inside it). Returns the callback installed in
    `gc.callbacks`."""
    def after(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == _FULL and not loop.is_closed():
            loop.call_soon_threadsafe(gc.freeze)

    gc.callbacks.append(after)
    return after
