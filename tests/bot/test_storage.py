"""The game store, on both backends (SQLite and a real PostgreSQL server): create/get/save, the
version guard, one active game per channel, the action log and its replay, and metadata."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncpg
import pytest
from pydantic import ValidationError

from bot.records import ActionEntry, GameRecord
from bot.settings import Settings
from bot.storage import (
    ChannelBusy,
    PostgresStore,
    SqliteStore,
    StaleVersion,
    Store,
    initial_state,
    replay_state,
)
from rules.citadels import ENGINE_VERSION, GameState, Options, new_game
from tests.storage_helpers import lobby, opened, play, start, step


@pytest.fixture
async def store(store_location: Path | str) -> AsyncIterator[Store]:
    async with opened(store_location) as store:
        yield store


async def running(store: Store, channel_id: int = 100, *, moves: int = 0,
                  seed: int = 7, **kwargs: object) -> GameRecord:
    """A started game in `channel_id`, `moves` random actions in, all saved."""
    record = await store.create(lobby(channel_id, seed=seed, **kwargs))  # type: ignore[arg-type]
    await store.save(start(record), expected_version=0)
    await play(store, record, random.Random(seed), moves)
    return record


async def test_each_store_implements_the_interface(store: Store, backend: str):
    assert isinstance(store, Store)
    assert type(store) is {"sqlite": SqliteStore, "postgres": PostgresStore}[backend]


async def test_create_assigns_id_and_times(store: Store):
    record = lobby(100)
    created = await store.create(record)
    other = await store.create(lobby(200))

    assert created is record
    assert record.id > 0 and other.id > record.id
    assert record.created_at == record.updated_at > 0
    assert await store.get(record.id) == record
    assert await store.get(other.id + 1) is None


async def test_round_trip_with_a_real_game_state(store: Store):
    record = await running(store, moves=30)

    loaded = await store.get(record.id)

    assert loaded == record
    assert isinstance(loaded.state, GameState) and loaded.state == record.state
    assert loaded.version == 31 and loaded.status == "running"
    assert loaded.log and loaded.log == record.log
    assert await store.active_games() == [record]


async def test_save_sets_updated_at(store: Store):
    record = await store.create(lobby())
    before = record.updated_at
    record.version += 1
    record.seats.pop()

    await store.save(record, expected_version=0)

    assert record.updated_at >= before
    assert await store.get(record.id) == record


async def test_a_stale_version_writes_nothing(store: Store):
    record = await running(store, moves=3)
    stored, log = await store.get(record.id), await store.actions(record.id)
    stale = stored.model_copy(deep=True)
    entry = step(stale, random.Random(99))  # a different move from an older read
    stale.version = record.version  # ...that claims to follow version v-1
    entry.version = stale.version
    updated_at = stale.updated_at

    with pytest.raises(StaleVersion) as caught:
        await store.save(stale, expected_version=record.version - 1, action=entry)

    assert (caught.value.expected, caught.value.found) == (record.version - 1, record.version)
    assert await store.get(record.id) == stored
    assert await store.actions(record.id) == log
    assert stale.updated_at == updated_at


async def test_saving_an_unknown_game_is_stale(store: Store):
    ghost = lobby()
    ghost.id, ghost.version = 42, 1
    with pytest.raises(StaleVersion) as caught:
        await store.save(ghost, expected_version=0)
    assert caught.value.found is None
    assert await store.get(42) is None


async def test_save_refuses_a_version_that_was_not_bumped_by_one(store: Store):
    record = await store.create(lobby())
    record.version = 2
    with pytest.raises(ValueError, match="bump"):
        await store.save(record, expected_version=0)
    assert (await store.get(record.id)).version == 0


async def test_a_save_without_an_action_may_keep_the_version(store: Store):
    """Message ids and timer flags are not game changes: panels built on v stay valid."""
    record = await running(store, moves=2)
    record.table_message_id = 555

    await store.save(record, expected_version=record.version)

    assert (await store.get(record.id)).table_message_id == 555
    entry = step(record, random.Random(4))
    record.version -= 1  # an action must always produce a new version
    with pytest.raises(ValueError):
        await store.save(record, expected_version=record.version, action=entry)


async def test_save_refuses_an_action_for_another_version(store: Store):
    record = await running(store)
    entry = step(record, random.Random(1))
    entry.version += 1
    with pytest.raises(ValueError, match="action"):
        await store.save(record, expected_version=record.version - 1, action=entry)
    assert await store.actions(record.id) == []


async def test_one_active_game_per_channel(store: Store):
    first = await store.create(lobby(100))

    with pytest.raises(ChannelBusy) as caught:
        await store.create(lobby(100))
    assert caught.value.game_id == first.id

    await store.save(start(first), expected_version=0)
    with pytest.raises(ChannelBusy):
        await store.create(lobby(100))

    elsewhere = await store.create(lobby(200))
    assert elsewhere.id != first.id
    assert [g.id for g in await store.active_games()] == [first.id, elsewhere.id]


@pytest.mark.parametrize("status", ["finished", "cancelled"])
async def test_an_ended_game_frees_its_channel(store: Store, status: str):
    first = await running(store)
    first.status, first.version = status, first.version + 1
    await store.save(first, expected_version=first.version - 1)

    second = await store.create(lobby(100))

    assert [g for g in await store.active_games() if g.channel_id == 100] == [second]
    assert (await store.get(first.id)).status == status


async def test_a_channels_last_finished_game(store: Store):
    assert await store.last_finished(100) is None
    ids = []
    for status in ("finished", "finished", "cancelled"):
        game = await running(store)
        game.status, game.version = status, game.version + 1
        await store.save(game, expected_version=game.version - 1)
        ids.append(game.id)
    await running(store)  # one still being played there
    last = await store.last_finished(100)
    assert last is not None and last.id == ids[1]  # the newest finished, not the cancelled one
    assert await store.last_finished(200) is None


async def test_a_failed_create_leaves_the_record_alone(store: Store):
    await store.create(lobby(100))
    record = lobby(100)
    with pytest.raises(ChannelBusy):
        await store.create(record)
    assert (record.id, record.created_at, record.updated_at) == (0, 0.0, 0.0)


async def test_moving_a_game_into_a_busy_channel_is_refused(store: Store):
    busy = await store.create(lobby(100))
    mover = await store.create(lobby(200))
    mover.channel_id, mover.version = 100, 1

    with pytest.raises(ChannelBusy) as caught:
        await store.save(mover, expected_version=0)

    assert caught.value.game_id == busy.id
    assert (await store.get(mover.id)).channel_id == 200


async def test_concurrent_creates_in_one_store(store: Store):
    results = await asyncio.gather(*(store.create(lobby(100)) for _ in range(5)),
                                   return_exceptions=True)
    winners = [r for r in results if isinstance(r, GameRecord)]
    assert len(winners) == 1
    assert all(isinstance(r, ChannelBusy) and r.game_id == winners[0].id
               for r in results if r not in winners)


async def test_concurrent_creates_from_two_connections(store_location: Path | str):
    """Each store has its own connection (and thread, or pool), so the creates really race."""
    async with opened(store_location) as a, opened(store_location) as b:
        for channel in range(1, 21):
            results = await asyncio.gather(a.create(lobby(channel)), b.create(lobby(channel)),
                                           return_exceptions=True)
            winners = [r for r in results if isinstance(r, GameRecord)]
            losers = [r for r in results if isinstance(r, ChannelBusy)]
            assert len(winners) == 1 and len(losers) == 1, results
            assert losers[0].game_id == winners[0].id
        assert len(await a.active_games()) == 20


INSERT_BY_HAND = ("INSERT INTO games (guild_id, channel_id, status, version, created_at, "
                  "updated_at, record) VALUES (1, 100, 'running', 0, 0, 0, '{}')")


async def test_the_database_itself_refuses_a_second_active_game(store: Store,
                                                                store_location: Path | str):
    await store.create(lobby(100))
    if isinstance(store_location, Path):
        db = sqlite3.connect(store_location)
        try:
            with pytest.raises(sqlite3.IntegrityError):
                db.execute(INSERT_BY_HAND)
        finally:
            db.close()
        return
    conn = await asyncpg.connect(store_location)
    try:
        with pytest.raises(asyncpg.UniqueViolationError, match="games_active_channel"):
            await conn.execute(INSERT_BY_HAND)
    finally:
        await conn.close()


def test_initial_state_follows_the_seats():
    record = lobby(players=5, seed=11, city_size=8)
    record.seats.reverse()  # seating order, not seat-id order, is the engine's player order

    state = initial_state(record)

    assert [p.id for p in state.players] == [s.id for s in record.seats]
    assert state.crown == record.seats[0].id
    assert state.city_size == 8
    assert state == new_game(["p5", "p4", "p3", "p2", "p1"], 11, Options(city_size=8))
    assert replay_state(record, []) == state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (7, 3)])
async def test_the_action_log_replays_to_the_snapshot(store: Store, players: int,
                                                      seed: int):
    record = await running(store, players=players, seed=seed, moves=None)
    rng = random.Random(seed)

    entries = await store.actions(record.id)
    stored = await store.get(record.id)

    assert stored.status == "finished" and stored.state.finished
    assert [e.version for e in entries] == list(range(2, record.version + 1))
    assert all(e.engine_version == ENGINE_VERSION and e.user_id for e in entries)
    assert replay_state(stored, entries) == stored.state
    # Part way through too: the log's prefix gives the state at that version.
    half = rng.randrange(len(entries))
    assert replay_state(stored, entries[:half]) != stored.state


async def test_a_prefix_of_the_log_replays_to_that_version(store: Store):
    record = await running(store, moves=10)
    snapshot = record.state
    await play(store, record, random.Random(5), 10)

    entries = await store.actions(record.id)

    assert replay_state(record, entries[:10]) == snapshot
    assert replay_state(record, reversed(entries)) == record.state


def test_replay_refuses_another_engine_version():
    record = start(lobby())
    entry = step(record, random.Random(1))
    old = entry.model_copy(update={"engine_version": ENGINE_VERSION - 1})
    with pytest.raises(ValueError, match="engine"):
        replay_state(record, [old])
    with pytest.raises(ValueError, match="two log entries"):
        replay_state(record, [entry, entry])


async def test_ended_games_stay_in_the_file(store: Store):
    finished: list[GameRecord] = []
    for channel, guild in [(1, 10), (2, 20), (3, 10), (4, 10)]:
        record = await running(store, channel, guild_id=guild, moves=None)
        finished.append(record)
    cancelled = await store.create(lobby(5, guild_id=10))
    cancelled.status, cancelled.version = "cancelled", 1
    await store.save(cancelled, expected_version=0)
    live = await running(store, 6, guild_id=10, moves=5)

    for record in finished:
        assert await store.get(record.id) == record
    assert (await store.get(cancelled.id)).status == "cancelled"
    assert await store.active_games() == [live]
    assert len(await store.actions(finished[0].id)) == finished[0].version - 1


async def test_actions_of_a_game_without_any(store: Store):
    record = await store.create(lobby())
    assert await store.actions(record.id) == []
    assert await store.actions(record.id + 1) == []


async def test_actions_keep_who_and_when(store: Store):
    record = await running(store)
    entry = step(record, random.Random(2))
    entry = entry.model_copy(update={"user_id": None, "by": "timer", "at": 1234.5})

    await store.save(record, expected_version=record.version - 1, action=entry)

    assert await store.actions(record.id) == [ActionEntry.model_validate(entry.model_dump())]


async def test_meta(store: Store):
    assert await store.get_meta("k") is None
    await store.set_meta("k", "one")
    await store.set_meta("other", "x")
    await store.set_meta("k", "two")
    assert await store.get_meta("k") == "two"
    assert await store.get_meta("other") == "x"
    await store.delete_meta("k")
    await store.delete_meta("never set")
    assert await store.get_meta("k") is None and await store.get_meta("other") == "x"


async def test_a_closed_store_refuses_work(store_location: Path | str):
    async with opened(store_location) as store:
        pass
    with pytest.raises(RuntimeError, match="not open"):
        await store.get(1)
    await store.close()  # closing twice is harmless


async def test_database_url_chooses_postgres_and_sqlite_stays_the_default(
        postgres_schemas: Callable[[], str], tmp_path: Path):
    unset = Settings(_env_file=None, database_path=tmp_path / "x.sqlite3", database_url=" ")
    assert unset.database() == tmp_path / "x.sqlite3"
    url = postgres_schemas()
    chosen = Settings(_env_file=None, database_url=url)
    assert chosen.database() == url and url not in repr(chosen)  # a password stays hidden
    async with opened(chosen.database()) as store:
        assert isinstance(store, PostgresStore)
    async with opened(unset.database()) as store:
        assert isinstance(store, SqliteStore)
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings(_env_file=None, database_url="mysql://bot@localhost/games")
