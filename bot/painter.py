"""The painter process: pictures drawn in a process of their own, so their CPU is not the bot's.

Drawing a picture is Python and Pillow holding the GIL (layout, text, quantizing, PNG): in the
bot's process it was about half of its CPU per click in Citadels and three quarters in Catan,
time the event loop could not answer clicks in. Here a picture whose drawing is a
`functools.partial` of a module-level function (what every game's UI gives, see
`bot.pictures.Picture`) is pickled and drawn by one worker process; its PNG bytes come back.

- One worker: the painter thread (bot/pictures.py) hands pictures over in its order, two at a
  time (one drawn while the next travels: waiting for each round trip left the worker idle and
  panels' pictures queued), and a game's boards painted over its last one
  (cogs/catan/render/overlay.py) need their last board in the same process.
- The catalog travels once, when the worker starts; a picture's drawing names it by reference
  (only where it is one of the partial's own arguments: pickling each argument's objects through
  a Python hook would cost more than it saves).
- Anything that cannot be pickled (a closure) is drawn in the thread as before, and a worker that
  died is replaced: the picture it was drawing is drawn in the thread, so none is lost.
"""

from __future__ import annotations

import functools
import importlib
import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from rules import registry

log = logging.getLogger(__name__)


class _CatalogRef:
    """Stands for the worker's catalog among a drawing's arguments (pickled by name)."""

    def __reduce__(self) -> str:
        return "CATALOG"


CATALOG = _CatalogRef()
_catalog: Any = None  # in the worker: the bot's catalog, sent once


def _started(catalog: bytes, modules: Sequence[str]) -> None:
    """In the worker, once: the catalog, and the drawing code imported before any picture.
    Ctrl-C is the bot's to handle (it closes the painter); a bot that dies takes it along."""
    global _catalog
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_outlive_not, name="painter-parent", daemon=True).start()
    _catalog = pickle.loads(catalog)
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a module it cannot import is imported (or not) later
            log.exception("The painter could not import %s", name)


def _outlive_not() -> None:
    """In the worker: exit when the bot's process is gone (killed, it could not say so)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)


def _draw(job: bytes) -> bytes:
    """In the worker: one picture's PNG bytes."""
    func, args, keywords = pickle.loads(job)
    args = [_catalog if a is CATALOG else a for a in args]
    keywords = {k: _catalog if v is CATALOG else v for k, v in keywords.items()}
    data: bytes = func(*args, **keywords)
    return data


def drawing_modules() -> list[str]:
    """What the worker imports as it starts: every registered game's UI (its drawings)."""
    return [f"{ui}.ui" for game in registry.games() if (ui := registry.entry(game).ui)]


class Painter:
    """Draws pictures in a worker process: the painter thread submits them, in its order."""

    def __init__(self, catalog: object, modules: Sequence[str] = ()) -> None:
        self._catalog = catalog
        self._modules = tuple(modules)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.pid: int | None = None  # the worker's, once started (the benches read its CPU)
        self.drawn = 0  # pictures drawn in the worker
        self.in_thread = 0  # pictures drawn in the thread instead (unpicklable, worker lost)

    def start(self) -> ProcessPoolExecutor:
        """The worker, started if it is not (spawned: a fork of a bot running threads and an
        event loop could inherit a lock held by one of them)."""
        with self._lock:
            if self._pool is None:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=context, initializer=_started,
                    initargs=(pickle.dumps(self._catalog, pickle.HIGHEST_PROTOCOL),
                              self._modules))
                self.pid = self._pool.submit(os.getpid).result()
            return self._pool

    def submit(self, draw: Callable[[], bytes]) -> Future[bytes] | None:
        """`draw` sent to the worker, its bytes to come in the future returned; None if it
        cannot travel there (then it is drawn in the thread)."""
        job = self._job(draw)
        if job is None:
            self.in_thread += 1
            return None
        try:
            future = self.start().submit(_draw, job)
        except (BrokenProcessPool, OSError, RuntimeError):
            log.warning("The painter process could not start; pictures are drawn in a thread "
                        "until it does", exc_info=True)
            self.lost()
            self.in_thread += 1
            return None
        future.add_done_callback(self._count)
        return future

    def _count(self, future: Future[bytes]) -> None:
        if future.cancelled():
            return
        if (exc := future.exception()) is None:
            self.drawn += 1
        elif isinstance(exc, BrokenProcessPool):
            self.in_thread += 1  # drawn again in the thread (bot/pictures.py)

    def _job(self, draw: Callable[[], bytes]) -> bytes | None:
        """`draw` pickled for the worker, its catalog by reference; None if it cannot be."""
        if not isinstance(draw, functools.partial):
            return None
        ref = self._ref
        try:
            return pickle.dumps((draw.func, [ref(a) for a in draw.args],
                                 {k: ref(v) for k, v in draw.keywords.items()}),
                                pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - whatever pickle refuses is drawn in the thread
            log.debug("Drawn in the thread, cannot be pickled: %r", draw.func, exc_info=True)
            return None

    def _ref(self, value: object) -> object:
        return CATALOG if value is self._catalog else value

    def lost(self) -> None:
        """The worker stopped (or could not start): the next picture starts a new one."""
        with self._lock:
            pool, self._pool, self.pid = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Let the worker go (the picture it is drawing, if any, is dropped)."""
        self.lost()
