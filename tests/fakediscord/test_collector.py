"""fakediscord.collector: after a full collector pass, its survivors leave the passes to come."""

from __future__ import annotations

import asyncio
import gc

from fakediscord.collector import freeze_after_full_passes


async def test_the_survivors_of_a_full_pass_are_frozen_once_it_is_over():
    before = gc.get_freeze_count()
    callback = freeze_after_full_passes(asyncio.get_running_loop())
    try:
        kept = [[n] for n in range(5000)]  # containers: the collector tracks them
        gc.collect(1)  # not a full pass: nothing is frozen
        await asyncio.sleep(0)
        assert gc.get_freeze_count() == before
        gc.collect()
        await asyncio.sleep(0)
        assert gc.get_freeze_count() >= before + len(kept)
    finally:
        gc.callbacks.remove(callback)
        gc.unfreeze()
