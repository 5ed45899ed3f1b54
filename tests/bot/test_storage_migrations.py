"""Schema upgrades, on both backends: every earlier version is upgraded in place, keeping its
data; a database from a newer bot is refused untouched; a failing step leaves it as it was."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.command_sync import SyncedTreeStore
from bot.storage import SCHEMA_VERSION, SchemaTooNew, open_store
from bot.storage import migrations as m
from bot.storage import postgres as pg
from tests.storage_helpers import lobby, opened

APP_ID = 4242


Schema = tuple[int, list[tuple[str, str, str]]]


def sqlite_schema(path: Path) -> Schema:
    """user_version and every table and index definition, in a comparable form."""
    db = sqlite3.connect(path)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        rows = db.execute("SELECT type, name, sql FROM sqlite_master "
                          "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").fetchall()
    finally:
        db.close()
    return version, [(t, n, " ".join(sql.split()) if sql else "") for t, n, sql in rows]


async def postgres_schema(url: str) -> Schema:
    """The recorded version and every column, constraint and index of the URL's schema."""
    conn = await asyncpg.connect(url)
    try:
        has_version = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0 \
            if has_version else 0
        columns = await conn.fetch(
            "SELECT table_name, column_name, data_type || ' ' || is_nullable || ' ' ||"
            " coalesce(column_default, '') || is_identity FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY table_name, column_name")
        indexes = await conn.fetch(
            "SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '')"
            " FROM pg_indexes"
            " WHERE schemaname = current_schema() ORDER BY indexname")
        constraints = await conn.fetch(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
            " FROM pg_constraint WHERE connamespace = current_schema()::regnamespace"
            " ORDER BY conname")
    finally:
        await conn.close()
    return version, [tuple(r) for r in [*columns, *indexes, *constraints]]


async def schema(location: Path | str) -> Schema:
    if isinstance(location, Path):
        return sqlite_schema(location)
    return await postgres_schema(location)


async def build(location: Path | str, version: int) -> None:
    """A database at `version`, made by the real steps, holding data in what that version
    has."""
    game = lobby(100).model_copy(update={"id": 1}).model_dump_json()
    data = [("INSERT INTO bot_meta VALUES ('command_tree:1', 'abc')", ())] if version >= 1 else []
    if version >= 2:
        data.append(("INSERT INTO games (guild_id, channel_id, status, version, created_at, "
                     "updated_at, record) VALUES (1, 100, 'lobby', 0, 1, 1, ?)", (game,)))
    if isinstance(location, Path):
        async with aiosqlite.connect(location, isolation_level=None) as db:
            await m.migrate(db, target=version)
            for sql, params in data:
                await db.execute(sql, params)
        return
    conn = await asyncpg.connect(location)
    try:
        await pg.migrate(conn, target=version)
        for sql, params in data:
            await conn.execute(pg.numbered(sql), *params)
    finally:
        await conn.close()


@pytest.fixture
async def current(new_location: Callable[[], Path | str]) -> Schema:
    """The schema a fresh database of the test's backend gets."""
    location = new_location()
    async with opened(location):
        pass
    return await schema(location)


def test_the_schema_version_counts_the_steps():
    assert SCHEMA_VERSION == len(m.STEPS) >= 2


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
async def test_upgrade_from_every_earlier_version(store_location: Path | str, version: int,
                                                  current: Schema):
    path = store_location
    await build(path, version)
    assert (await schema(path))[0] == version

    async with opened(path) as store:
        if version >= 1:
            assert await store.get_meta("command_tree:1") == "abc"
        if version >= 2:
            assert [g.id for g in await store.active_games() if g.channel_id == 100] == [1]
        created = await store.create(lobby(200))
        assert await store.get(created.id) == created

    assert await schema(path) == current


async def test_upgrade_a_file_written_by_command_sync(tmp_path: Path):
    """The files in the field: bot_meta made and filled by command_sync, user_version still 0."""
    path = tmp_path / "bot.sqlite3"
    await SyncedTreeStore(path).put(APP_ID, "fingerprint-1")
    assert sqlite_schema(path)[0] == 0

    async with opened(path) as store:
        assert await store.get_meta(f"command_tree:{APP_ID}") == "fingerprint-1"
        await store.set_meta(f"command_tree:{APP_ID}", "fingerprint-2")

    async with opened(tmp_path / "fresh.sqlite3"):
        pass
    assert sqlite_schema(path) == sqlite_schema(tmp_path / "fresh.sqlite3")
    # ...and command_sync keeps working on the upgraded file, seeing what the store wrote.
    assert await SyncedTreeStore(path).get(APP_ID) == "fingerprint-2"
    await SyncedTreeStore(path).put(APP_ID, "fingerprint-3")
    async with opened(path) as store:
        assert await store.get_meta(f"command_tree:{APP_ID}") == "fingerprint-3"


async def test_a_current_database_is_left_as_it_is(store_location: Path | str,
                                                   current: Schema):
    await build(store_location, SCHEMA_VERSION)
    async with opened(store_location) as store:
        assert await store.get_meta("command_tree:1") == "abc"
    assert await schema(store_location) == current


async def test_a_newer_database_is_refused_untouched(store_location: Path | str):
    path = store_location
    await build(path, SCHEMA_VERSION)
    if isinstance(path, Path):
        db = sqlite3.connect(path)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        db.close()
    else:
        conn = await asyncpg.connect(path)
        await conn.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION + 1)
        await conn.close()
    before = await schema(path)

    with pytest.raises(SchemaTooNew, match="newer than this bot supports"):
        await open_store(path)

    assert await schema(path) == before


async def test_a_failing_step_changes_nothing(store_location: Path | str,
                                             monkeypatch: pytest.MonkeyPatch):
    path = store_location
    await build(path, 1)
    before = await schema(path)
    broken = m.Step.same("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL")
    monkeypatch.setattr(m, "STEPS", (m.STEPS[0], broken))

    if isinstance(path, Path):
        async with aiosqlite.connect(path, isolation_level=None) as db:
            with pytest.raises(sqlite3.OperationalError):
                await m.migrate(db, target=2)
    else:
        conn = await asyncpg.connect(path)
        try:
            with pytest.raises(asyncpg.PostgresSyntaxError):
                await pg.migrate(conn, target=2)
        finally:
            await conn.close()

    assert await schema(path) == before


async def test_migrate_reports_where_it_started(tmp_path: Path):
    async with aiosqlite.connect(tmp_path / "bot.sqlite3", isolation_level=None) as db:
        assert await m.migrate(db, target=1) == 0
        assert await m.migrate(db) == 1
        assert await m.migrate(db) == SCHEMA_VERSION
        with pytest.raises(ValueError):
            await m.migrate(db, target=SCHEMA_VERSION + 1)


async def test_postgres_migrate_reports_where_it_started(postgres_schemas: Callable[[], str]):
    conn = await asyncpg.connect(postgres_schemas())
    try:
        assert await pg.migrate(conn, target=1) == 0
        assert await pg.migrate(conn) == 1
        assert await pg.migrate(conn) == SCHEMA_VERSION
        with pytest.raises(ValueError):
            await pg.migrate(conn, target=SCHEMA_VERSION + 1)
    finally:
        await conn.close()


async def test_processes_starting_together_migrate_once(postgres_schemas: Callable[[], str]):
    """Bot processes sharing a server start at once: each waits for the one migrating."""
    url = postgres_schemas()
    stores = [pg.PostgresStore(url) for _ in range(4)]
    try:
        await asyncio.gather(*(store.open() for store in stores))
        created = [await store.create(lobby(100 + n)) for n, store in enumerate(stores)]
        assert len({r.id for r in created}) == 4
    finally:
        await asyncio.gather(*(store.close() for store in stores))
    assert (await postgres_schema(url))[0] == SCHEMA_VERSION
