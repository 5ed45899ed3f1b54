"""The SQLite Db used on the connection's thread: shared async SQL code runs there in one go."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.storage.connection import SqliteDb, finish_now


async def copy_rows(db: SqliteDb) -> list[tuple[int, str]]:
    await db.execute("CREATE TABLE t (n INTEGER, name TEXT)")
    await db.executemany("INSERT INTO t VALUES (?, ?)", [(1, "uno"), (2, "dos")])
    changed = await db.execute("UPDATE t SET name = upper(name) WHERE n = ?", (2,))
    assert changed == 1
    return [(int(n), str(name)) for n, name in await db.fetch("SELECT n, name FROM t ORDER BY n")]


def test_shared_sql_runs_to_its_end_without_a_loop():
    conn = sqlite3.connect(":memory:")
    assert finish_now(copy_rows(SqliteDb(conn))) == [(1, "uno"), (2, "DOS")]


def test_a_coroutine_that_waits_is_refused():
    async def waits() -> int:
        await asyncio.sleep(0)
        return 1

    with pytest.raises(RuntimeError, match="suspended"):
        finish_now(waits())


def test_an_error_inside_comes_out_as_it_is():
    conn = sqlite3.connect(":memory:")

    async def broken() -> int:
        return await SqliteDb(conn).execute("SELECT * FROM nowhere")

    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        finish_now(broken())
