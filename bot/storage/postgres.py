"""The PostgreSQL store: a pool of connections to a server that several bot processes can share.

The same guarantees as the SQLite store, by other means:

- a save is one statement (the version-checked UPDATE with the action's INSERT chained to it),
  so it is atomic without a transaction block and costs one round trip; the version check is
  the UPDATE's own WHERE, so two writers (in any processes) can never both win;
- `synchronous_commit` is set on every connection (`on` by default, whatever the server's
  default is): a save returns once its commit is flushed to the server's disk, so an
  acknowledged action survives the server crashing too. The server itself groups the commits
  of concurrent connections into one WAL flush, so the store needs no group commit of its own;
- the one active game per channel is the same partial unique index;
- recording an ended game and moving its ratings is one transaction holding an advisory lock
  per server and game, so two games ending at once move the ratings one after the other
  (read-compute-write on ratings would otherwise lose one of the updates);
- the schema migrates in one transaction under an advisory lock, so processes starting
  together migrate once;
- a dropped connection (the server restarting, a failover, a proxy timing out) or a
  serialization conflict is retried with backoff, as the SQLite store rides out a lock. A write
  whose answer was lost may have committed: its retry recognises its own record (the JSON,
  updated_at included, is unique to that write) or its action in the log, and reports success
  instead of a conflict, so the action is acknowledged and applied once.

Shared SQL is written with `?` placeholders and numbered here (`$1`, `$2`, ...); none of it
holds a `?` in a literal.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Literal, TypeVar

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.finished import FinishedGame
from bot.records import ActionEntry, GameRecord

from . import history_sql as history
from . import reads
from .base import ChannelBusy, StaleVersion
from .connection import JsonText
from .migrations import SCHEMA_VERSION, pending
from .reads import SqlStore

log = logging.getLogger(__name__)
T = TypeVar("T")
Connection = asyncpg.Connection | PoolConnectionProxy


class ConnectionLost(Exception):
    """A statement failed on a connection that was found closed after it (asyncpg reports a
    connection the server ended while it sat in the pool in several ways)."""


# Worth another try: the connection went away (server restart, failover, network), the server
# is shutting down or starting, or the transaction lost a serialization conflict or deadlock.
TRANSIENT: tuple[type[BaseException], ...] = (
    ConnectionLost, asyncpg.PostgresConnectionError, asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError, asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.TransactionRollbackError, OSError,
)
SynchronousCommit = Literal["on", "remote_apply", "remote_write", "local", "off"]

# Advisory lock keys: arbitrary constants, the same in every process of the bot.
MIGRATION_LOCK = 0x0C17AD315
FORGET_LOCK = 0x0C17AD316


@functools.lru_cache(maxsize=512)
def numbered(query: str) -> str:
    """`query` with its `?` placeholders numbered for PostgreSQL."""
    counter = itertools.count(1)
    return re.sub(r"\?", lambda _: f"${next(counter)}", query)


def rowcount(status: str) -> int:
    """Rows a command touched, from its status tag ("UPDATE 1", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def postgres_json_text(column: str, key: str) -> str:
    return f"({column}::json ->> '{key}')"


class PostgresDb:
    """An asyncpg connection as a `Db` (bot/storage/connection.py)."""

    json_text: JsonText = staticmethod(postgres_json_text)

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        return rowcount(await self.conn.execute(numbered(query), *params))

    async def executemany(self, query: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(query), [tuple(row) for row in rows])

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return [tuple(row) for row in await self.conn.fetch(numbered(query), *params)]


_INSERT_GAME = numbered(
    f"INSERT INTO games (id, {reads.GAME_COLUMNS}) OVERRIDING SYSTEM VALUE"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
_NEXT_ID = "SELECT nextval(pg_get_serial_sequence('games', 'id'))"
_UPDATE_GAME = numbered(reads.UPDATE_GAME)
# The action is inserted only if the version-checked update found its row: both or neither.
_UPDATE_WITH_ACTION = numbered(
    f"WITH saved AS ({reads.UPDATE_GAME} RETURNING id)"
    f" INSERT INTO actions ({reads.ACTION_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ? FROM saved")


class PostgresStore(SqlStore):
    """Games in a PostgreSQL database, reached through a connection pool."""

    json_text = staticmethod(postgres_json_text)

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 10,
        synchronous_commit: SynchronousCommit = "on",
        retries: int = 6,
        backoff: float = 0.05,
    ) -> None:
        self.url = url
        self.min_size = min_size
        self.max_size = max_size
        self.synchronous_commit = synchronous_commit
        self.retries = retries  # further attempts after a transient error
        self.backoff = backoff  # seconds before the first retry; doubles each time (3 s in all)
        self._pool: asyncpg.Pool | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    async def open(self) -> None:
        """Connect the pool and migrate the database to the current schema."""
        if self._pool is not None:
            return
        # A server still starting (the bot and the database started together) is waited for.
        pool = await self._retrying(lambda: asyncpg.create_pool(
            self.url, min_size=self.min_size, max_size=self.max_size,
            server_settings={"synchronous_commit": self.synchronous_commit,
                             "application_name": "citadels-bot"},
        ))
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise RuntimeError("the store is not open")
        return self._pool

    # -- writes -------------------------------------------------------------------------------

    async def create(self, record: GameRecord) -> GameRecord:
        """Insert `record`; on success its id, created_at and updated_at are set (in place) and
        it is returned. ChannelBusy, and `record` unchanged, if the channel has an active game.
        The id is drawn first so the stored JSON carries it: one INSERT, no UPDATE after."""
        now = time.time()
        draft = record.model_copy(update={"created_at": now, "updated_at": now})
        draft.id = int((await self._fetch(_NEXT_ID))[0][0])
        text = draft.model_dump_json()

        async def insert(conn: PoolConnectionProxy, retried: bool) -> None:
            try:
                await conn.execute(_INSERT_GAME, draft.id, *reads.game_columns(draft), text)
            except asyncpg.UniqueViolationError as exc:
                if retried and await _landed(conn, draft.id, text):
                    return  # an earlier attempt committed; its answer was lost
                raise await _channel_busy(conn, draft.channel_id, exc) from None

        await self._writing(insert)
        record.id, record.created_at, record.updated_at = draft.id, now, now
        return record

    async def save(
        self, record: GameRecord, *, expected_version: int, action: ActionEntry | None = None
    ) -> None:
        """Write `record` and append `action` in one statement, if the stored version is still
        `expected_version`; otherwise StaleVersion and nothing is written. Sets updated_at."""
        reads.check_save(record, expected_version, action)
        now = time.time()
        draft = record.model_copy(update={"updated_at": now})
        text = draft.model_dump_json()
        params = (*reads.game_columns(draft), text, draft.id, expected_version)

        async def update(conn: PoolConnectionProxy, retried: bool) -> None:
            try:
                if action is None:
                    status = await conn.execute(_UPDATE_GAME, *params)
                else:
                    row = reads.action_row(action)
                    status = await conn.execute(_UPDATE_WITH_ACTION, *params, *row)
            except asyncpg.UniqueViolationError as exc:
                raise await _channel_busy(conn, draft.channel_id, exc) from None
            if rowcount(status) == 1:
                return
            if retried and await _landed(conn, draft.id, text, action):
                return  # an earlier attempt committed; its answer was lost
            found = await conn.fetchval(numbered(reads.STORED_VERSION), draft.id)
            raise StaleVersion(draft.id, expected_version, found)

        await self._writing(update)
        record.updated_at = now

    async def set_meta(self, key: str, value: str) -> None:
        await self._fetch(reads.SET_META, (key, value))

    async def delete_meta(self, key: str) -> None:
        await self._fetch(reads.DELETE_META, (key,))

    async def record_finished(self, game: FinishedGame, rate: history.Rate) -> bool:
        """Keep an ended game and, if it counts, move its players' ratings with `rate`, in one
        transaction; False (nothing written) if it was kept before: exactly once."""
        now = time.time()

        async def record() -> bool:
            async with self._transaction() as db:
                # Shared with every other recording, exclusive against forgetting someone.
                await db.conn.execute("SELECT pg_advisory_xact_lock_shared($1)", FORGET_LOCK)
                await db.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                                      f"ratings:{game.guild_id or 0}:{game.game}")
                return await history.record(db, game, rate, now)

        # A retry after a lost answer finds the game kept: False, and nothing counted twice.
        return await self._retrying(record)

    async def forget(self, user_id: int) -> int:
        """Take a person's name and ratings out of the history; their results stay, as a
        former player's. Returns how many ended games named them."""
        async def forget() -> int:
            async with self._transaction() as db:
                await db.conn.execute("SELECT pg_advisory_xact_lock($1)", FORGET_LOCK)
                return await history.forget(db, user_id)

        return await self._retrying(forget)

    # -- plumbing -----------------------------------------------------------------------------

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[PoolConnectionProxy]:
        """A pooled connection; a failure that leaves it closed is ConnectionLost."""
        async with self.pool.acquire() as conn:
            try:
                yield conn
            except (asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError) as exc:
                if conn.is_closed():
                    raise ConnectionLost(f"{type(exc).__name__}: {exc}") from exc
                raise

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PostgresDb]:
        async with self._connection() as conn, conn.transaction():
            yield PostgresDb(conn)

    async def _fetch(self, query: str, params: Iterable[Any] = ()) -> Sequence[Sequence[Any]]:
        values = tuple(params)

        async def fetch() -> list[asyncpg.Record]:
            async with self._connection() as conn:
                return await conn.fetch(numbered(query), *values)

        return [tuple(row) for row in await self._retrying(fetch)]

    async def _writing(self, body: Callable[[PoolConnectionProxy, bool], Awaitable[T]]) -> T:
        """`body(connection, retried)`, retried while it fails transiently; `retried` tells it
        that an earlier attempt may have committed before its answer was lost."""
        attempts = 0

        async def attempt() -> T:
            nonlocal attempts
            attempts += 1
            async with self._connection() as conn:
                return await body(conn, attempts > 1)

        return await self._retrying(attempt)

    async def _retrying(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """Run `attempt` again, after a growing pause, while it fails transiently (a dead
        pooled connection is dropped by the pool, so the next attempt gets a fresh one)."""
        for n in range(self.retries + 1):
            try:
                return await attempt()
            except TRANSIENT as exc:
                if n == self.retries:
                    raise
                delay = self.backoff * 2**n
                log.warning("PostgreSQL: %s: %s; retrying in %.2fs",
                            type(exc).__name__, exc, delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")


async def schema_version(conn: Connection) -> int:
    """The database's schema version (0: empty); creates its bookkeeping table if missing."""
    await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_version"))


async def migrate(conn: Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target` in one transaction (PostgreSQL's DDL is
    transactional: a failing step leaves it as it was); returns the version it was at."""
    pending(0, target, "postgres")  # an unknown target is refused before anything starts
    async with conn.transaction():
        # Processes starting together wait here; the later ones find the work done.
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        found = await schema_version(conn)
        for statement in pending(found, target, "postgres"):
            await conn.execute(statement)
        if target > found:
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", target)
    return found


async def _landed(conn: Connection, game_id: int, text: str,
                  action: ActionEntry | None = None) -> bool:
    """Whether a write committed: the stored game is exactly `text` (no other write makes the
    same JSON: its updated_at is that write's), or the log holds exactly its `action` (which
    stays there, even once a later save changed the game)."""
    if await conn.fetchval("SELECT record = $2 FROM games WHERE id = $1", game_id, text):
        return True
    if action is None:
        return False
    logged = await conn.fetchval(
        "SELECT at = $3 AND action = $4 FROM actions WHERE game_id = $1 AND version = $2",
        action.game_id, action.version, action.at, reads.action_row(action)[6])
    return bool(logged)


async def _channel_busy(conn: Connection, channel_id: int,
                        exc: asyncpg.UniqueViolationError) -> Exception:
    """ChannelBusy naming the game that holds the channel, if that is what `exc` is about."""
    if exc.constraint_name != "games_active_channel":
        return exc
    holder = await conn.fetchval(numbered(reads.HOLDER), channel_id)
    return ChannelBusy(int(holder)) if holder is not None else exc
