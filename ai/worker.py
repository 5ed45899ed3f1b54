"""Run a decision off the bot's event loop, with a wall-clock cap.

    action = await decide_async(state, pid, make_player("expert"), seed=42, cap=2.0)

The decision runs in a worker thread (`asyncio.to_thread`), so the loop stays free. The search
is told a deadline a little before the cap; if the thread still has not answered by the cap,
the basic player's move is returned instead (the late thread's answer is discarded).
"""

from __future__ import annotations

import asyncio
import random
import time

from rules import citadels

from .basic import basic_move
from .player import Player, sampler_for


async def decide_async(state: citadels.GameState, pid: str, player: Player, seed: int,
                       cap: float = 2.0, margin: float = 0.8) -> citadels.Action:
    """pid's move from `player`, never later than about `cap` seconds."""
    v = citadels.view(state, pid)
    legal = citadels.legal_actions(state, pid)
    sample = sampler_for(v)
    deadline = time.monotonic() + cap * margin

    def run() -> citadels.Action:
        return player.choose(v, legal, random.Random(seed), sample=sample, deadline=deadline)

    try:
        return await asyncio.wait_for(asyncio.to_thread(run), timeout=cap)
    except TimeoutError:
        return basic_move(v, legal)
