"""What survives, on both backends: closing and reopening, another connection holding a lock for
a moment, and the process being killed right after a save returned."""

from __future__ import annotations

import asyncio
import logging
import random
import signal
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path

import asyncpg
import pytest

from bot.records import GameRecord
from bot.storage import PostgresStore, Store
from tests.postgres_server import PostgresServer
from tests.storage_helpers import lobby, opened, play, start, step

ROOT = Path(__file__).resolve().parents[2]


async def running(store: Store, channel_id: int, moves: int) -> GameRecord:
    record = await store.create(lobby(channel_id))
    await store.save(start(record), expected_version=0)
    await play(store, record, random.Random(channel_id), moves)
    return record


async def test_pragmas(tmp_path: Path):
    async with opened(tmp_path / "bot.sqlite3") as store:
        pragmas = {name: (await (await store.db.execute(f"PRAGMA {name}")).fetchone())[0]
                   for name in ("journal_mode", "synchronous", "busy_timeout", "foreign_keys")}
    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "busy_timeout": 250,
                       "foreign_keys": 1}


async def test_reopening_keeps_everything(store_location: Path | str):
    path = store_location
    async with opened(path) as store:
        games = [await running(store, channel, moves=12) for channel in (1, 2, 3)]
        finished = await running(store, 4, moves=None)  # type: ignore[arg-type]
        logs = {g.id: await store.actions(g.id) for g in [*games, finished]}
        await store.set_meta("k", "v")

    async with opened(path) as store:
        assert await store.active_games() == games
        assert await store.get(finished.id) == finished
        assert {g.id: await store.actions(g.id) for g in [*games, finished]} == logs
        assert await store.get_meta("k") == "v"
        # Ids are never reused, and the version guard still holds across the restart.
        assert (await store.create(lobby(9))).id == finished.id + 1
        step(games[0], random.Random(0))
        await store.save(games[0], expected_version=games[0].version - 1)


def hold_lock(path: Path) -> sqlite3.Connection:
    """Another connection holding the write lock, as a backup or a sqlite3 shell might."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


async def release_after(other: sqlite3.Connection, seconds: float) -> None:
    await asyncio.sleep(seconds)
    other.execute("COMMIT")
    other.close()


async def save_next(store: Store, record: GameRecord) -> float:
    """Play and save one move; returns how long the save took."""
    entry = step(record, random.Random(record.version))
    began = time.perf_counter()
    await store.save(record, expected_version=record.version - 1, action=entry)
    return time.perf_counter() - began


@pytest.mark.parametrize("busy_timeout_ms", [250, 10])
async def test_a_lock_held_for_half_a_second_does_not_fail_a_save(
        tmp_path: Path, busy_timeout_ms: int, caplog: pytest.LogCaptureFixture):
    """With the default, SQLite's busy timeout plus a retry or two ride it out; with a tiny
    busy timeout, the store's own retries with backoff do."""
    path = tmp_path / "bot.sqlite3"
    async with opened(path, busy_timeout_ms=busy_timeout_ms) as store:
        record = await running(store, 1, moves=3)
        other = hold_lock(path)
        with caplog.at_level(logging.WARNING, logger="bot.storage.sqlite"):
            took, _ = await asyncio.gather(save_next(store, record),
                                           release_after(other, 0.5))
        assert took >= 0.4  # it really waited for the other connection
        assert await store.get(record.id) == record
        assert len(await store.actions(record.id)) == record.version - 1
    if busy_timeout_ms == 10:
        assert "retrying" in caplog.text


async def test_a_lock_held_past_every_retry_fails_cleanly(tmp_path: Path):
    path = tmp_path / "bot.sqlite3"
    async with opened(path, busy_timeout_ms=10, retries=2, backoff=0.01) as store:
        record = await running(store, 1, moves=3)
        before = await store.get(record.id)
        other = hold_lock(path)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                await save_next(store, record)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert await store.get(record.id) == before
        assert len(await store.actions(record.id)) == before.version - 1


async def test_reads_are_not_blocked_by_another_writer(tmp_path: Path):
    """WAL: a long write elsewhere must not stall the bot's reads (panels, resumes)."""
    path = tmp_path / "bot.sqlite3"
    async with opened(path, busy_timeout_ms=10, retries=0) as store:
        record = await running(store, 1, moves=3)
        other = hold_lock(path)
        try:
            assert await store.get(record.id) == record
        finally:
            other.execute("ROLLBACK")
            other.close()


async def test_postgres_a_row_lock_held_for_half_a_second_delays_a_save_only(
        postgres_schemas: Callable[[], str]):
    """Another session holding the game's row (a long transaction, a migration by hand) makes
    a save wait, never fail; reads go on meanwhile (MVCC)."""
    url = postgres_schemas()
    async with opened(url) as store:
        record = await running(store, 1, moves=3)
        other = await asyncpg.connect(url)
        try:
            lock = other.transaction()
            await lock.start()
            await other.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", record.id)
            began = time.perf_counter()
            assert await store.get(record.id) == record  # not blocked
            assert time.perf_counter() - began < 0.3

            async def release() -> None:
                await asyncio.sleep(0.5)
                await lock.commit()

            took, _ = await asyncio.gather(save_next(store, record), release())
        finally:
            await other.close()
        assert took >= 0.4  # it really waited for the other session
        assert await store.get(record.id) == record
        assert len(await store.actions(record.id)) == record.version - 1


async def test_postgres_commits_are_flushed_whatever_the_server_default(
        postgres_databases: Callable[[], str]):
    """A server or database set to synchronous_commit=off would acknowledge commits that a
    crash can lose: the store's connections say `on` regardless (like SQLite's FULL)."""
    url = postgres_databases()
    admin = await asyncpg.connect(url)
    try:
        database = await admin.fetchval("SELECT current_database()")
        await admin.execute(f'ALTER DATABASE "{database}" SET synchronous_commit = off')
    finally:
        await admin.close()
    async with opened(url) as store:
        setting = await store.pool.fetchval("SHOW synchronous_commit")
    assert setting == "on"
    async with opened(url, synchronous_commit="off") as store:  # what the bench compares
        assert await store.pool.fetchval("SHOW synchronous_commit") == "off"


WRITER = """
import asyncio, random, sys
from pathlib import Path
from tests.storage_helpers import lobby, opened, start, step

async def main() -> None:
    location = sys.argv[1]
    async with opened(location if "://" in location else Path(location)) as store:
        record = await store.create(lobby(1))
        await store.save(start(record), expected_version=0)
        rng = random.Random(3)
        for _ in range(int(sys.argv[2])):
            entry = step(record, rng)
            await store.save(record, expected_version=record.version - 1, action=entry)
        print(record.model_dump_json(), flush=True)  # acknowledged
        await asyncio.sleep(3600)

asyncio.run(main())
"""


async def test_a_killed_process_keeps_what_it_saved(store_location: Path | str):
    path = store_location
    writer = await asyncio.create_subprocess_exec(
        sys.executable, "-c", WRITER, str(path), "40", cwd=ROOT,
        stdout=asyncio.subprocess.PIPE)
    try:
        line = await asyncio.wait_for(writer.stdout.readline(), timeout=60)
    finally:
        writer.send_signal(signal.SIGKILL)
        await writer.wait()
    assert writer.returncode == -signal.SIGKILL
    acknowledged = GameRecord.model_validate_json(line)
    if isinstance(path, Path):
        # No close() ran, so the write-ahead log was left behind: reopening must recover from it.
        assert Path(f"{path}-wal").stat().st_size > 0

    async with opened(path) as store:
        assert await store.get(acknowledged.id) == acknowledged
        assert len(await store.actions(acknowledged.id)) == 40


def lose_answers(monkeypatch: pytest.MonkeyPatch, prefix: str, times: int = 1) -> list[str]:
    """The next `times` statements starting with `prefix` run (and commit) but their answer
    is lost, as when the connection drops right after the commit; returns what was lost."""
    lost: list[str] = []
    real = asyncpg.connection.Connection.execute

    async def execute(self: asyncpg.Connection, query: str, *args: object,
                      **kwargs: object) -> str:
        status = await real(self, query, *args, **kwargs)
        if query.startswith(prefix) and len(lost) < times:
            lost.append(query)
            raise asyncpg.exceptions.ConnectionDoesNotExistError("connection lost (test)")
        return status

    monkeypatch.setattr(asyncpg.connection.Connection, "execute", execute)
    return lost


async def test_postgres_a_save_whose_answer_was_lost_is_acknowledged_and_applied_once(
        postgres_schemas: Callable[[], str], monkeypatch: pytest.MonkeyPatch):
    async with opened(postgres_schemas(), backoff=0.01) as store:
        record = await running(store, 1, moves=3)
        lost = lose_answers(monkeypatch, "WITH saved")  # the save's statement
        await save_next(store, record)  # retried, and recognised as landed: no StaleVersion
        assert len(lost) == 1
        assert await store.get(record.id) == record
        assert [e.version for e in await store.actions(record.id)] == list(
            range(2, record.version + 1))
        # Lost again, and meanwhile another save moved the game on: the log still shows it.
        lose_answers(monkeypatch, "WITH saved")
        await save_next(store, record)
        await save_next(store, record)
        assert len(await store.actions(record.id)) == record.version - 1


async def test_postgres_a_create_whose_answer_was_lost_keeps_its_game(
        postgres_schemas: Callable[[], str], monkeypatch: pytest.MonkeyPatch):
    async with opened(postgres_schemas(), backoff=0.01) as store:
        lost = lose_answers(monkeypatch, "INSERT INTO games")
        record = await store.create(lobby(100))  # not ChannelBusy: the lobby is its own
        assert len(lost) == 1
        assert [g.id for g in await store.active_games()] == [record.id]
        assert await store.get(record.id) == record


async def test_postgres_connections_dropped_by_the_server_are_replaced(
        postgres_schemas: Callable[[], str], caplog: pytest.LogCaptureFixture):
    """The server restarting (or a failover) ends every pooled connection: the next actions
    wait for new ones rather than fail."""
    url = postgres_schemas()
    async with opened(url, min_size=3, backoff=0.01) as store:
        record = await running(store, 1, moves=3)
        admin = await asyncpg.connect(url)
        try:
            ended = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE application_name = 'citadels-bot' AND pid <> pg_backend_pid()")
        finally:
            await admin.close()
        assert ended >= 3
        with caplog.at_level(logging.WARNING, logger="bot.storage.postgres"):
            await save_next(store, record)
            assert await store.get(record.id) == record
        assert len(await store.actions(record.id)) == record.version - 1


async def test_postgres_acknowledged_saves_survive_the_server_being_killed():
    """A burst of saves from eight games, then the server is killed (SIGKILL: no shutdown,
    nothing flushed on the way out) and restarted: every acknowledged save is there, because
    each commit's WAL was written before the store answered (synchronous_commit=on; with off,
    the last ones are lost)."""
    server = PostgresServer()  # its own: this one gets killed
    await asyncio.to_thread(server.start)
    try:
        store = PostgresStore(server.url(), retries=0)
        await store.open()
        records = [await running(store, channel, moves=0) for channel in range(1, 9)]

        async def burst(record: GameRecord) -> None:
            for _ in range(10):
                await save_next(store, record)

        await asyncio.gather(*(burst(record) for record in records))
        acknowledged = [record.model_copy(deep=True) for record in records]
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.restart)
        store.pool.terminate()  # its connections died with the server
        async with opened(server.url()) as again:
            for record in acknowledged:
                assert await again.get(record.id) == record
                assert len(await again.actions(record.id)) == record.version - 1 == 10
    finally:
        await asyncio.to_thread(server.stop)


async def test_postgres_a_store_opening_waits_for_a_server_still_starting():
    """The bot and its database started together: the store waits for the server."""
    server = PostgresServer()
    await asyncio.to_thread(server.start)
    try:
        await asyncio.to_thread(server.kill)
        store = PostgresStore(server.url())

        async def start_later() -> None:
            await asyncio.sleep(0.5)
            await asyncio.to_thread(server.restart)

        await asyncio.gather(store.open(), start_later())
        try:
            record = await store.create(lobby(1))
            assert await store.get(record.id) == record
        finally:
            await store.close()
    finally:
        await asyncio.to_thread(server.stop)
