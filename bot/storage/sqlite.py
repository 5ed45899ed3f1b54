"""The SQLite store: one file, WAL, one connection that writes and one that reads; every change
one transaction."""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from bot import failpoints
from bot.finished import FinishedGame
from bot.records import ActionEntry, GameRecord

from . import history_sql as history
from .base import ChannelBusy, StaleVersion
from .connection import SqliteDb, finish_now, sqlite_json_text
from .migrations import migrate
from .reads import (
    DELETE_META,
    GAME_COLUMNS,
    HOLDER,
    INSERT_ACTION,
    SET_META,
    STORED_VERSION,
    UPDATE_GAME,
    SqlStore,
    action_row,
    check_save,
    game_columns,
)
from .sql import is_lock_error

log = logging.getLogger(__name__)

T = TypeVar("T")
Synchronous = Literal["NORMAL", "FULL"]



class SqliteStore(SqlStore):
    """Games in one SQLite file.

    synchronous=FULL by default: with WAL, NORMAL already survives a killed process (a commit is
    in the OS page cache once `save` returns), but only FULL fsyncs the WAL at each commit, so an
    acknowledged action also survives a power cut or an OS crash. Saves are a few per human
    decision, so the fsync (see bench/storage.py) is affordable.
    """

    json_text = staticmethod(sqlite_json_text)

    def __init__(
        self,
        path: Path,
        *,
        synchronous: Synchronous = "FULL",
        busy_timeout_ms: int = 250,
        retries: int = 5,
        backoff: float = 0.05,
    ) -> None:
        self.path = Path(path)
        self.synchronous = synchronous
        self.busy_timeout_ms = busy_timeout_ms  # SQLite's own wait for a lock, per attempt
        self.retries = retries  # further attempts after a lock error outlasts that wait
        self.backoff = backoff  # seconds before the first retry; doubles each time
        self._db: aiosqlite.Connection | None = None  # every write, one at a time
        self._reader: aiosqlite.Connection | None = None  # every read
        # One connection writes, another reads (WAL lets them run at once); the lock keeps the
        # writes one at a time, each transaction whole.
        self._lock = asyncio.Lock()
        self._queue: list[_Save] = []
        self._flusher: asyncio.Task[None] | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect, set the pragmas and migrate the file to the current schema."""
        if self._db is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: transactions are explicit (BEGIN IMMEDIATE ... COMMIT).
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await self._configure(db)
            await self._retrying(lambda: migrate(db))
            self._reader = await self._open_reader()
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def _open_reader(self) -> aiosqlite.Connection:
        """The connection reads go through, on a thread of its own: with WAL a read never
        waits for a write, so the action log of a game that ended, a leaderboard or a restart's
        games never hold up a click's save (they used to queue with them for the writer)."""
        reader = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await reader.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await reader.close()
            raise
        return reader

    async def _configure(self, db: aiosqlite.Connection) -> None:
        await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        # Switching to WAL needs a moment of exclusive access; it persists in the file.
        await self._retrying(lambda: db.execute("PRAGMA journal_mode = WAL"))
        await db.execute(f"PRAGMA synchronous = {self.synchronous}")
        await db.execute("PRAGMA foreign_keys = ON")

    async def close(self) -> None:
        if self._db is None:
            return
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)  # pending saves land
        async with self._lock:
            db, self._db = self._db, None
            await db.close()
        if self._reader is not None:
            reader, self._reader = self._reader, None
            await reader.close()

    # -- writes -------------------------------------------------------------------------------

    async def create(self, record: GameRecord) -> GameRecord:
        """Insert `record`; on success its id, created_at and updated_at are set (in place) and
        it is returned. ChannelBusy, and `record` unchanged, if the channel has an active game.

        The whole transaction is one trip to the connection's thread: the store's lock, which
        every click's save waits for, is held for one round trip instead of four."""
        now = time.time()
        draft = record.model_copy(update={"created_at": now, "updated_at": now})
        game_id = await self._write_in_thread(functools.partial(_insert_game, draft=draft))
        record.id, record.created_at, record.updated_at = game_id, now, now
        return record

    async def save(
        self, record: GameRecord, *, expected_version: int, action: ActionEntry | None = None
    ) -> None:
        """Write `record` and append `action` in one transaction, if the stored version is still
        `expected_version`; otherwise StaleVersion and nothing is written. Sets updated_at.

        Saves that arrive while a transaction is running are committed together in the next
        one (group commit): each keeps its own version check, and a game has at most one save
        in flight (the service holds its lock), so a busy bot pays one commit per batch
        instead of one per click.
        """
        check_save(record, expected_version, action)
        now = time.time()
        draft = record.model_copy(update={"updated_at": now})
        pending = _Save(draft, expected_version, action, draft.model_dump_json(),
                        asyncio.get_running_loop().create_future())
        self._queue.append(pending)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="store-flush")
        await pending.done
        record.updated_at = now

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                results = await self._write_in_thread(functools.partial(_save_batch, batch=batch))
            except sqlite3.IntegrityError:
                # Someone's save moves a game into a busy channel: sort it out one by one.
                results = [await self._save_alone(item) for item in batch]
            except Exception as exc:
                results = [exc] * len(batch)
            for item, result in zip(batch, results, strict=True):
                if item.done.done():
                    continue
                if result is None:
                    item.done.set_result(None)
                else:
                    item.done.set_exception(result)

    async def _save_alone(self, item: _Save) -> Exception | None:
        try:
            await self._write_in_thread(functools.partial(_save_one, item=item))
        except Exception as exc:
            return exc
        return None

    async def set_meta(self, key: str, value: str) -> None:
        await self._change(SET_META, (key, value))

    async def delete_meta(self, key: str) -> None:
        await self._change(DELETE_META, (key,))

    # -- history ------------------------------------------------------------------------------

    async def record_finished(self, game: FinishedGame, rate: history.Rate) -> bool:
        """Keep an ended game and, if it counts, move its players' ratings with `rate`, in one
        transaction; False (nothing written) if it was kept before: exactly once."""
        now = time.time()
        return await self._write_in_thread(
            lambda conn: finish_now(history.record(SqliteDb(conn), game, rate, now)))

    async def forget(self, user_id: int) -> int:
        """Take a person's name and ratings out of the history; their results stay, as a
        former player's. Returns how many ended games named them."""
        return await self._write_in_thread(
            lambda conn: finish_now(history.forget(SqliteDb(conn), user_id)))

    # -- plumbing -----------------------------------------------------------------------------

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("the store is not open")
        return self._db

    async def _write_in_thread(self, body: Callable[[sqlite3.Connection], T]) -> T:
        """`body` in one write transaction (`_in_transaction`), in one call on the writer's
        thread: one round trip to that thread and back for the whole transaction, instead of
        one per statement (each of which waits for the GIL there and for the event loop here,
        ~5 per batch under load)."""
        async with self._lock:
            db = self.db
            return await self._retrying(
                lambda: _in_thread(db, functools.partial(_in_transaction, body=body)))

    async def _fetch(self, query: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        reader = self._reader
        if reader is None:
            raise RuntimeError("the store is not open")
        return list(await self._retrying(lambda: reader.execute_fetchall(query, tuple(params))))

    async def _change(self, query: str, params: Iterable[Any] = ()) -> None:
        values = tuple(params)
        await self._write_in_thread(lambda conn: conn.execute(query, values))

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run `attempt` again, after a growing pause, while another connection holds a lock
        longer than the busy timeout: a moment's lock (a backup, a sqlite3 shell, the other
        process's checkpoint) must not fail a player's action."""
        for n in range(self.retries + 1):
            try:
                return await attempt()
            except sqlite3.OperationalError as exc:
                if n == self.retries or not is_lock_error(exc):
                    raise
                delay = self.backoff * 2**n
                log.warning("%s: %s; retrying in %.2fs", self.path, exc, delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")


@dataclass
class _Save:
    record: GameRecord
    expected: int
    action: ActionEntry | None
    json: str
    done: asyncio.Future[None]


def _update_params(item: _Save) -> tuple[Any, ...]:
    return (*game_columns(item.record), item.json, item.record.id, item.expected)


def _in_thread(db: aiosqlite.Connection, body: Callable[[sqlite3.Connection], T]
               ) -> Awaitable[T]:
    """Run `body(connection)` on aiosqlite's thread: `_execute` is what each of its public
    methods does with one sqlite3 call; here one call runs a whole transaction."""
    return db._execute(body, db._conn)


def _in_transaction(conn: sqlite3.Connection, body: Callable[[sqlite3.Connection], T]) -> T:
    """`body` in one write transaction: committed if it returns, rolled back if it raises.
    Runs on the connection's thread (see `_in_thread`); IMMEDIATE as sql.transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = body(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    return result


def _save_batch(conn: sqlite3.Connection, batch: list[_Save]) -> list[Exception | None]:
    """Every save of the batch, in four statements whatever its size: read the versions
    (nobody else can write meanwhile: the transaction holds the write lock), then write the
    saves that still match; the others get StaleVersion."""
    results = _save_rows(conn, batch)
    failpoints.reach("in_commit")
    return results


def _save_one(conn: sqlite3.Connection, item: _Save) -> None:
    """One save alone: ChannelBusy if it moves its game into a channel that has an active game,
    StaleVersion if the stored version moved on."""
    try:
        cursor = conn.execute(UPDATE_GAME, _update_params(item))
    except sqlite3.IntegrityError as exc:
        raise _channel_busy(conn, item.record.channel_id, exc) from None
    if cursor.rowcount != 1:
        row = conn.execute(STORED_VERSION, (item.record.id,)).fetchone()
        raise StaleVersion(item.record.id, item.expected, int(row[0]) if row else None)
    if item.action is not None:
        conn.execute(INSERT_ACTION, action_row(item.action))


def _insert_game(conn: sqlite3.Connection, draft: GameRecord) -> int:
    """Insert a new game and return its id (also set on `draft`)."""
    try:
        cursor = conn.execute(f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, '')",
                              game_columns(draft))
    except sqlite3.IntegrityError as exc:
        raise _channel_busy(conn, draft.channel_id, exc) from None
    game_id = cursor.lastrowid
    assert game_id is not None
    # The JSON carries the id too, so the record column alone is a complete game.
    draft.id = game_id
    conn.execute("UPDATE games SET record = ? WHERE id = ?", (draft.model_dump_json(), game_id))
    return game_id


def _save_rows(conn: sqlite3.Connection, batch: list[_Save]) -> list[Exception | None]:
    ids = [i.record.id for i in batch]
    marks = ", ".join("?" * len(ids))
    rows = conn.execute(f"SELECT id, version FROM games WHERE id IN ({marks})", ids).fetchall()
    stored: dict[int, int | None] = {int(game): int(version) for game, version in rows}
    current: list[_Save] = []
    results: list[Exception | None] = []
    for item in batch:  # in order: a later save of the same game must follow the earlier one
        found = stored.get(item.record.id)
        if found == item.expected:
            current.append(item)
            stored[item.record.id] = item.record.version
            results.append(None)
        else:
            results.append(StaleVersion(item.record.id, item.expected, found))
    conn.executemany(UPDATE_GAME, [_update_params(i) for i in current])
    conn.executemany(INSERT_ACTION, [action_row(i.action) for i in current if i.action])
    return results


def _channel_busy(conn: sqlite3.Connection, channel_id: int, exc: sqlite3.IntegrityError
                  ) -> Exception:
    """ChannelBusy naming the game that holds the channel, if that is what `exc` is about."""
    if "games.channel_id" not in str(exc):
        return exc
    row = conn.execute(HOLDER, (channel_id,)).fetchone()
    return ChannelBusy(int(row[0])) if row else exc
