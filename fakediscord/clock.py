"""The emulator's clock for deadlines (3-second acknowledgement, 15-minute token).

Tests move it forward instead of sleeping. Rate limits use real time, because discord.py
really sleeps for the `retry_after` the emulator announces.
"""

from __future__ import annotations

import time


class Clock:
    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds
