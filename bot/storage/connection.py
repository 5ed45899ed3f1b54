"""What SQL shared by both backends needs from a connection inside a transaction.

Shared queries are written with `?` placeholders (SQLite's); the PostgreSQL adapter numbers
them (`$1`, `$2`, ...). Where the two dialects differ (reading a member of a JSON text column),
the query takes the backend's `JsonText`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any, Protocol, TypeVar, cast

T = TypeVar("T")
JsonText = Callable[[str, str], str]  # (column, key) -> SQL for that member as text or NULL


class Db(Protocol):
    """A connection in the caller's transaction."""

    json_text: JsonText

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it inserted, updated or deleted."""
        ...

    async def executemany(self, query: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...


def sqlite_json_text(column: str, key: str) -> str:
    return f"json_extract({column}, '$.{key}')"


class SqliteDb:
    """A sqlite3 connection as a `Db`, used on the connection's own thread (the SQLite store's
    `_in_thread`): its methods never suspend, so `finish_now` runs shared code written against
    `Db` there in one go, one round trip from the event loop for a whole transaction."""

    json_text: JsonText = staticmethod(sqlite_json_text)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        return self.conn.execute(query, tuple(params)).rowcount

    async def executemany(self, query: str, rows: Iterable[Sequence[Any]]) -> None:
        self.conn.executemany(query, [tuple(row) for row in rows])

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return [tuple(row) for row in self.conn.execute(query, tuple(params)).fetchall()]


def finish_now(work: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine that never suspends (one awaiting only SqliteDb's methods),
    run here and now, outside any event loop."""
    try:
        work.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    work.close()
    raise RuntimeError("finish_now: the coroutine suspended; it must not wait for anything")
