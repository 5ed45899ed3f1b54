"""What SQL shared by both backends needs from a connection inside a transaction.

Shared queries are written with `?` placeholders (SQLite's); the PostgreSQL adapter numbers
them (`$1`, `$2`, ...). Where the two dialects differ (reading a member of a JSON text column),
the query takes the backend's `JsonText`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

import aiosqlite

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
    """An aiosqlite connection as a `Db`."""

    json_text: JsonText = staticmethod(sqlite_json_text)

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, query: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.conn.execute(query, tuple(params))
        return cursor.rowcount

    async def executemany(self, query: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(query, [tuple(row) for row in rows])

    async def fetch(self, query: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        return [tuple(row) for row in await self.conn.execute_fetchall(query, tuple(params))]
