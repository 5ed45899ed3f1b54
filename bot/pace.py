"""Pacing for Discord calls: a rate and a width shared by every public message, with urgent
calls (the mentions people wait for) served first, and retries of Discord's transient errors."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import discord

RETRIES = 4
T = TypeVar("T")


class Pace:
    """At most `rate` calls per second, evenly spaced, and at most `width` at once: the bot's
    global limit is 50/s for all its REST calls, and public messages must leave room for the
    rest. Urgent calls (the mentions people wait for) go before every waiting other one (table
    edits), whenever they came."""

    def __init__(self, rate: float, *, width: int | None = None) -> None:
        self.interval = 1.0 / rate
        self.width = width
        self.next = 0.0
        self.busy = 0
        self._waiting: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (
            deque(), deque())  # urgent, others
        self._timer: asyncio.TimerHandle | None = None

    @property
    def queued(self) -> int:
        return len(self._waiting[0]) + len(self._waiting[1])

    def ready(self) -> bool:
        """Whether a call now would go at once, without waiting its turn."""
        return not self.queued and self._free(asyncio.get_running_loop().time())

    @contextlib.asynccontextmanager
    async def slot(self, urgent: bool = False) -> AsyncIterator[None]:
        """A call's turn, held while it runs."""
        await self._acquire(urgent)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, urgent: bool) -> None:
        loop = asyncio.get_running_loop()
        if not self.queued and self._free(loop.time()):
            self._take(loop.time())
            return
        future: asyncio.Future[None] = loop.create_future()
        queue = self._waiting[0 if urgent else 1]
        queue.append(future)
        self._serve()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release()  # its turn came as it was cancelled
            else:
                with contextlib.suppress(ValueError):
                    queue.remove(future)
            raise

    def _free(self, now: float) -> bool:
        return (self.width is None or self.busy < self.width) and now >= self.next - 1e-4

    def _take(self, now: float) -> None:
        self.busy += 1
        self.next = max(now, self.next) + self.interval

    def _release(self) -> None:
        self.busy -= 1
        self._serve()

    def _serve(self) -> None:
        """Start waiting calls, urgent ones first, while the pace and the width allow."""
        loop = asyncio.get_running_loop()
        while self.queued:
            if self.width is not None and self.busy >= self.width:
                return  # the next release serves again
            if not self._free(loop.time()):
                if self._timer is None:
                    self._timer = loop.call_at(self.next, self._tick)
                return
            future = (self._waiting[0] or self._waiting[1]).popleft()
            if not future.done():  # else cancelled while waiting
                self._take(loop.time())
                future.set_result(None)

    def _tick(self) -> None:
        self._timer = None
        self._serve()


async def retry(call: Callable[[], Awaitable[T]], pace: Pace | None, *, urgent: bool = False
                ) -> T:
    """Retry Discord's transient failures (5xx, and 429s discord.py gave up on) with backoff;
    `pace` None: a call outside the global limit (an interaction token's), never paced."""
    for attempt in range(RETRIES):
        try:
            if pace is None:
                return await call()
            async with pace.slot(urgent):
                return await call()
        except discord.HTTPException as exc:
            transient = exc.status >= 500 or exc.status == 429
            if not transient or attempt == RETRIES - 1:
                raise
            await asyncio.sleep(0.5 * 2**attempt)
    raise AssertionError("unreachable")
