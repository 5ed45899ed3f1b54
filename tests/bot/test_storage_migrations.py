"""Schema upgrades: every earlier version is upgraded in place, keeping its data; a file from a
newer bot is refused untouched; a failing step leaves the file as it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.command_sync import SyncedTreeStore
from bot.storage import SCHEMA_VERSION, SchemaTooNew, open_store
from bot.storage import migrations as m
from tests.storage_helpers import lobby, opened

APP_ID = 4242


def schema(path: Path) -> tuple[int, list[tuple[str, str, str]]]:
    """user_version and every table and index definition, in a comparable form."""
    db = sqlite3.connect(path)
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        rows = db.execute("SELECT type, name, sql FROM sqlite_master "
                          "WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").fetchall()
    finally:
        db.close()
    return version, [(t, n, " ".join(sql.split()) if sql else "") for t, n, sql in rows]


async def build(path: Path, version: int) -> None:
    """A file at `version`, made by the real steps, holding data in what that version has."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await m.migrate(db, target=version)
        if version >= 1:
            await db.execute("INSERT INTO bot_meta VALUES ('command_tree:1', 'abc')")
        if version >= 2:
            await db.execute(
                "INSERT INTO games (guild_id, channel_id, status, version, created_at, "
                "updated_at, record) VALUES (1, 100, 'lobby', 0, 1, 1, ?)",
                (lobby(100).model_copy(update={"id": 1}).model_dump_json(),))


@pytest.fixture
async def current(tmp_path: Path) -> tuple[int, list[tuple[str, str, str]]]:
    """The schema a fresh file gets."""
    path = tmp_path / "fresh.sqlite3"
    async with opened(path):
        pass
    return schema(path)


def test_the_schema_version_counts_the_steps():
    assert SCHEMA_VERSION == len(m.STEPS) >= 2


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
async def test_upgrade_from_every_earlier_version(tmp_path: Path, version: int, current):
    path = tmp_path / "bot.sqlite3"
    await build(path, version)
    assert schema(path)[0] == version

    async with opened(path) as store:
        if version >= 1:
            assert await store.get_meta("command_tree:1") == "abc"
        if version >= 2:
            assert [g.id for g in await store.active_games() if g.channel_id == 100] == [1]
        created = await store.create(lobby(200))
        assert await store.get(created.id) == created

    assert schema(path)[0] == SCHEMA_VERSION
    assert schema(path)[1] == current[1]


async def test_upgrade_a_file_written_by_command_sync(tmp_path: Path, current):
    """The files in the field: bot_meta made and filled by command_sync, user_version still 0."""
    path = tmp_path / "bot.sqlite3"
    await SyncedTreeStore(path).put(APP_ID, "fingerprint-1")
    assert schema(path)[0] == 0

    async with opened(path) as store:
        assert await store.get_meta(f"command_tree:{APP_ID}") == "fingerprint-1"
        await store.set_meta(f"command_tree:{APP_ID}", "fingerprint-2")

    assert schema(path) == current
    # ...and command_sync keeps working on the upgraded file, seeing what the store wrote.
    assert await SyncedTreeStore(path).get(APP_ID) == "fingerprint-2"
    await SyncedTreeStore(path).put(APP_ID, "fingerprint-3")
    async with opened(path) as store:
        assert await store.get_meta(f"command_tree:{APP_ID}") == "fingerprint-3"


async def test_a_current_file_is_left_as_it_is(tmp_path: Path, current):
    path = tmp_path / "bot.sqlite3"
    await build(path, SCHEMA_VERSION)
    async with opened(path) as store:
        assert await store.get_meta("command_tree:1") == "abc"
    assert schema(path) == current


async def test_a_newer_file_is_refused_untouched(tmp_path: Path):
    path = tmp_path / "bot.sqlite3"
    await build(path, SCHEMA_VERSION)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = schema(path)

    with pytest.raises(SchemaTooNew, match="newer than this bot supports"):
        await open_store(path)

    assert schema(path) == before


async def test_a_failing_step_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "bot.sqlite3"
    await build(path, 1)
    before = schema(path)
    broken = m.Step.same("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL")
    monkeypatch.setattr(m, "STEPS", (m.STEPS[0], broken))

    async with aiosqlite.connect(path, isolation_level=None) as db:
        with pytest.raises(sqlite3.OperationalError):
            await m.migrate(db, target=2)

    assert schema(path) == before


async def test_migrate_reports_where_it_started(tmp_path: Path):
    async with aiosqlite.connect(tmp_path / "bot.sqlite3", isolation_level=None) as db:
        assert await m.migrate(db, target=1) == 0
        assert await m.migrate(db) == 1
        assert await m.migrate(db) == SCHEMA_VERSION
        with pytest.raises(ValueError):
            await m.migrate(db, target=SCHEMA_VERSION + 1)
