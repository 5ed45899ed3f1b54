"""Pacing for Discord calls: a rate, a width and a window of calls shared by every public
message or by one interaction token's, with urgent calls (the mentions people wait for) served
first, and retries of Discord's transient errors."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TypeVar

import discord

RETRIES = 4
# A call's rank in a pace's queue: each rank is served before the next.
URGENT, NORMAL, LOW, LAST = range(4)
T = TypeVar("T")


class Pace:
    """At most `rate` calls per second, evenly spaced (None: no spacing), at most `width` at
    once, and with `window` (limit, seconds) at most `limit` calls in any such stretch, each
    counted from its end: Discord counts a call when it arrives, before it ends, so this count
    never runs behind Discord's. The bot's global limit is 50/s for all its REST calls, and
    public messages must leave room for the rest; an interaction token's routes have buckets
    of their own (bot/couriers.py). Urgent calls (the mentions people wait for) go before every
    waiting other one (table edits), whenever they came; then LOW, then LAST (clearing up)."""

    def __init__(self, rate: float | None, *, width: int | None = None,
                 window: tuple[int, float] | None = None) -> None:
        self.interval = 0.0 if rate is None else 1.0 / rate
        self.width = width
        self.window = None if window is None else (max(1, window[0]), window[1])
        self.next = 0.0
        self.busy = 0
        self._ended: deque[float] = deque()  # when the calls of the last window ended
        self._waiting = tuple(deque[asyncio.Future[None]]() for _ in range(LAST + 1))
        self._timer: asyncio.TimerHandle | None = None
        self.observe: Callable[[float], None] | None = None  # told each wait for a turn

    @property
    def queued(self) -> int:
        return sum(len(waiting) for waiting in self._waiting)

    def ready(self) -> bool:
        """Whether a call now would go at once, without waiting its turn."""
        return not self.queued and self._free(asyncio.get_running_loop().time())

    @contextlib.asynccontextmanager
    async def slot(self, urgent: bool = False, *, rank: int | None = None
                   ) -> AsyncIterator[float]:
        """A call's turn (`rank`, else URGENT or NORMAL), held while it runs; gives the seconds
        it waited for it."""
        waited = await self._acquire(rank if rank is not None else URGENT if urgent else NORMAL)
        try:
            yield waited
        finally:
            self._release(ended=True)

    async def _acquire(self, rank: int) -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        if not self.queued and self._free(start):
            self._take(start)
            return 0.0
        future: asyncio.Future[None] = loop.create_future()
        queue = self._waiting[rank]
        queue.append(future)
        self._serve()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self._release(ended=False)  # its turn came as it was cancelled
            else:
                with contextlib.suppress(ValueError):
                    queue.remove(future)
            raise
        if self.observe is not None:
            self.observe(loop.time() - start)
        return loop.time() - start

    def _free(self, now: float) -> bool:
        if self.width is not None and self.busy >= self.width:
            return False
        if self.window is not None:
            limit, per = self.window
            while self._ended and self._ended[0] <= now - per:
                self._ended.popleft()
            if self.busy + len(self._ended) >= limit:
                return False
        return now >= self.next - 1e-4

    def _take(self, now: float) -> None:
        self.busy += 1
        self.next = max(now, self.next) + self.interval

    def _release(self, *, ended: bool) -> None:
        self.busy -= 1
        if ended and self.window is not None:
            self._ended.append(asyncio.get_running_loop().time())
        self._serve()

    def _serve(self) -> None:
        """Start waiting calls, urgent ones first, while the pace, width and window allow."""
        loop = asyncio.get_running_loop()
        while self.queued:
            now = loop.time()
            if not self._free(now):
                self._wake(now)
                return
            future = next(q for q in self._waiting if q).popleft()
            if not future.done():  # else cancelled while waiting
                self._take(now)
                future.set_result(None)

    def _wake(self, now: float) -> None:
        """Serve again when the pace or the window next frees a turn (a call ending frees one
        of the width itself)."""
        if self._timer is not None:
            return
        at = [self.next] if now < self.next - 1e-4 else []
        if self.window is not None and self._ended \
                and self.busy + len(self._ended) >= self.window[0]:
            at.append(self._ended[0] + self.window[1])
        if at:
            self._timer = asyncio.get_running_loop().call_at(max(at), self._tick)

    def _tick(self) -> None:
        self._timer = None
        self._serve()


async def retry(call: Callable[[], Awaitable[T]], pace: Pace | None, *, urgent: bool = False,
                rank: int | None = None, budget: Pace | None = None, patient: bool = True) -> T:
    """Retry Discord's transient failures (5xx, and 429s discord.py gave up on unless not
    `patient`: the caller has another route) with backoff, each attempt in its turn of `budget`
    (a limit shared with other paces: the bot's globally-limited calls) then of `pace`;
    neither: a call never paced."""
    for attempt in range(RETRIES):
        try:
            async with contextlib.AsyncExitStack() as turns:
                for gate in (budget, pace):
                    if gate is not None:
                        await turns.enter_async_context(gate.slot(urgent, rank=rank))
                return await call()
        except discord.HTTPException as exc:
            transient = exc.status >= 500 or (exc.status == 429 and patient)
            if not transient or attempt == RETRIES - 1:
                raise
            await asyncio.sleep(0.5 * 2**attempt)
    raise AssertionError("unreachable")
