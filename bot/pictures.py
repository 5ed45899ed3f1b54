"""Pictures that ride with public messages (the table, the final scores): drawn off the event
loop, once per content.

A game's UI says what a message's picture shows as a `Picture`: a file name, a key that changes
whenever the picture would (a hash of the public view it is drawn from) and how to draw it. The
platform keeps the last pictures drawn, so a table edited a hundred times in a round is drawn
only when something public changed, and a message whose picture is unchanged is edited without
uploading it again.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import heapq
import io
import itertools
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import discord

from bot.painter import Painter

log = logging.getLogger(__name__)
CACHED = 64  # pictures kept: a few per running game is enough, they are redrawn if evicted
LATER = 0.25  # seconds a picture asked `later` lets the others asked meanwhile go first
IN_FLIGHT = 2  # pictures handed to the painter process at once


class Unwanted(Exception):
    """A picture nobody who asked for it wanted any more when its turn to be drawn came."""


def _always() -> bool:
    return True


@dataclass(frozen=True)
class Picture:
    """A picture a message carries: `draw` makes its PNG bytes; equal keys, equal pictures.
    A `functools.partial` of a module-level function with picklable arguments is drawn in the
    painter process (bot/painter.py), anything else in the bot's drawing thread."""

    filename: str
    key: str
    draw: Callable[[], bytes]

    def url(self) -> str:
        """What an embed names to show it as its image."""
        return f"attachment://{self.filename}"


def picture_key(*parts: Any) -> str:
    """A key from what a picture is drawn from (JSON-ready parts)."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class Pictures:
    """Draws each picture once (in a worker thread, so the event loop keeps answering
    clicks) and keeps the most recent ones.

    One thread draws them all, one after the other: drawing is mostly Python, which holds the
    GIL, and each more thread drawing at once would make the event loop (and the store's
    thread) wait longer for it, for no more pictures per second. A picture asked `later` (a
    table's, which may go out with its last board a moment) is drawn after those asked
    without (a panel's, whose answer waits 50 ms for it, else is edited again once it is
    drawn: one more call) in the LATER seconds after it was asked, not after: a table's
    picture (and a new table waiting for it) is never starved by a stream of panels'."""

    def __init__(self, cached: int = CACHED, process: Painter | None = None) -> None:
        self._cached = cached
        self._painter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        # With `process`, the painter thread hands each picture to that process (bot/painter.py)
        # in the same order: the drawing's CPU leaves. IN_FLIGHT at once, so the next one is
        # on its way while one is drawn, yet a panel's picture asked now is not queued behind
        # every table waiting.
        self.process = process
        self._slots = threading.Semaphore(IN_FLIGHT)
        if process is not None:
            self._painter.submit(process.start)  # spawned while the first game sets up
        self._jobs: list[tuple[float, int, _Job, asyncio.Future[bytes]]] = []
        self._jobs_lock = threading.Lock()
        self._order = itertools.count()
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._drawing: dict[str, asyncio.Future[bytes]] = {}
        self._askers: dict[str, list[Callable[[], bool]]] = {}  # whether each still wants it
        self.drawn = 0  # pictures drawn so far (tests check the cache with it)

    async def png(self, picture: Picture, wanted: Callable[[], bool] | None = None,
                  later: bool = False) -> bytes:
        """The picture's bytes, drawn now only if no picture with its key was drawn lately.
        `wanted` says whether the asker still wants it (a panel answered again since does
        not): a picture that nobody asking wants when its turn to be drawn comes is not
        drawn (Unwanted), the painter's time going to the pictures still awaited. `later`:
        drawn after the pictures not asked `later` that were asked up to LATER seconds after
        it."""
        key = picture.key
        if (done := self._done.get(key)) is not None:
            self._done.move_to_end(key)
            return done
        askers = self._askers.setdefault(key, [])
        askers.append(wanted or _always)
        if (drawing := self._drawing.get(key)) is not None:
            return await asyncio.shield(drawing)  # the same picture asked twice at once

        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        job = _Job(picture, lambda: any(asker() for asker in askers))
        try:
            data = await self._painted(job, later)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting for it
            raise
        finally:
            del self._drawing[key]
            del self._askers[key]
        self.drawn += 1
        future.set_result(data)
        self._done[picture.key] = data
        while len(self._done) > self._cached:
            self._done.popitem(last=False)
        return data

    def _painted(self, job: _Job, later: bool) -> asyncio.Future[bytes]:
        """`job` drawn by the painter, in order of when it was asked, `later` LATER seconds
        later than it was."""
        drawn: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        with self._jobs_lock:
            turn = time.monotonic() + (LATER if later else 0.0)
            heapq.heappush(self._jobs, (turn, next(self._order), job, drawn))
        self._painter.submit(self._paint_next)
        return drawn

    def _paint_next(self) -> None:
        """In the painter thread: the first picture waiting handed to the painter process once
        it has a slot free, or drawn here (one submitted task per job)."""
        process = self.process
        if process is not None:
            self._slots.acquire()
        with self._jobs_lock:
            if not self._jobs:  # closed meanwhile
                self._slots.release()
                return
            _, _, job, drawn = heapq.heappop(self._jobs)
        handed = None
        try:
            if process is not None and job.wanted():
                handed = process.submit(job.picture.draw)
        except Exception:  # noqa: BLE001 - a picture that cannot be handed over is drawn here
            log.exception("Could not hand %s to the painter process", job.picture.filename)
        finally:
            if process is not None and handed is None:
                self._slots.release()
        if handed is not None:
            handed.add_done_callback(functools.partial(self._drawn_there, job, drawn))
        else:
            self._draw_here(job, drawn)

    def _drawn_there(self, job: _Job, drawn: asyncio.Future[bytes],
                     future: Future[bytes]) -> None:
        """In the painter process's managing thread: a picture it drew (or could not)."""
        self._slots.release()
        if future.cancelled():
            drawn.get_loop().call_soon_threadsafe(drawn.cancel)
        elif isinstance(exc := future.exception(), BrokenProcessPool):
            assert self.process is not None
            self.process.lost()  # a new one for the next picture; this one drawn here
            try:
                self._painter.submit(self._draw_here, job, drawn)
            except RuntimeError:  # closed
                drawn.get_loop().call_soon_threadsafe(drawn.cancel)
        else:
            _hand(drawn, None if exc else future.result(), exc)

    def _draw_here(self, job: _Job, drawn: asyncio.Future[bytes]) -> None:
        """In the painter thread: a picture drawn here (without a painter process, one that
        cannot travel there, or one the process lost), unless nobody wants it any more."""
        try:
            if not job.wanted():
                raise Unwanted(job.picture.filename)
            data = job.picture.draw()
        except BaseException as exc:  # noqa: BLE001 - handed to whoever awaits it
            _hand(drawn, None, exc)
        else:
            _hand(drawn, data, None)

    @property
    def backlog(self) -> int:
        """Pictures asked for and not drawn yet (the one being drawn included)."""
        return len(self._drawing)

    def close(self) -> None:
        """Let the drawing thread go (a picture being drawn is finished first, in it); the
        pictures still waiting are cancelled."""
        self._painter.shutdown(wait=False, cancel_futures=True)
        with self._jobs_lock:
            waiting, self._jobs = self._jobs, []
        for _, _, _, drawn in waiting:
            drawn.get_loop().call_soon_threadsafe(drawn.cancel)
        if self.process is not None:
            self.process.close()

    async def file(self, picture: Picture, wanted: Callable[[], bool] | None = None,
                   later: bool = False) -> discord.File | None:
        """The picture as a file to attach; None (logged) if it could not be drawn: the
        message goes out with its text, which says everything the picture shows. None too
        if it was no longer `wanted` when its turn to be drawn came (see `png`)."""
        try:
            data = await self.png(picture, wanted, later)
        except Unwanted:
            return None
        except Exception:
            log.exception("Could not draw %s", picture.filename)
            return None
        return discord.File(io.BytesIO(data), filename=picture.filename)


@dataclass(frozen=True)
class _Job:
    """A picture waiting for the painter, and whether anyone asking still wants it."""

    picture: Picture
    wanted: Callable[[], bool]


def _hand(drawn: asyncio.Future[bytes], data: bytes | None, exc: BaseException | None) -> None:
    """From any thread: a drawing's outcome to the event loop awaiting it."""
    drawn.get_loop().call_soon_threadsafe(_settle, drawn, data, exc)


def _settle(drawn: asyncio.Future[bytes], data: bytes | None,
            exc: BaseException | None) -> None:
    """In the event loop: a drawing's outcome to whoever awaits it (if anyone still does)."""
    if drawn.cancelled():
        return
    if exc is not None:
        drawn.set_exception(exc)
    else:
        assert data is not None
        drawn.set_result(data)
