"""The code says `seat` for a seat id, the stored records keep saying "pid": a seat's `id`, a
timer's and an action's `seat`, a seat result's `id` read a record stored before the renaming
and write the very same JSON (ARCHITECTURE.md, "Seats")."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.finished import FinishedGame, SeatResult
from bot.records import STORED, ActionEntry, GameRecord, Seat, Timer
from bot.storage import postgres as pg
from tests.storage_helpers import lobby, opened, start


def stored_before_the_renaming() -> dict[str, Any]:
    """A running game's record as the versions that said `pid` in the code stored it."""
    data = json.loads(start(lobby(players=3, seed=4)).model_dump_json())
    data["timers"] = [{"version": 1, "pid": "p2", "due_at": 160.0, "reminders": [100.0],
                       "reminded": 0}]
    return data


def test_an_old_record_loads_and_is_written_as_it_was() -> None:
    data = stored_before_the_renaming()
    assert [s["pid"] for s in data["seats"]] == ["p1", "p2", "p3"]  # the stored key is "pid"
    record = GameRecord.model_validate_json(json.dumps(data), context=STORED)
    assert [s.id for s in record.seats] == ["p1", "p2", "p3"]
    assert record.seat("p2").name == "Player 2" and record.timer_of("p2") is not None
    assert json.loads(record.model_dump_json()) == data  # the same keys, the same values
    assert record.seats[0].model_dump()["pid"] == "p1" and "id" not in record.seats[0].model_dump()


def test_either_name_is_read() -> None:
    assert Seat(id="p1", name="a") == Seat.model_validate({"pid": "p1", "name": "a"})
    assert Timer(version=1, seat="p2", due_at=1.0) == Timer.model_validate(
        {"version": 1, "pid": "p2", "due_at": 1.0})
    entry = {"game_id": 1, "version": 2, "user_id": None, "by": "timer", "engine_version": 1,
             "action": {"type": "take_gold"}, "at": 0.0}
    old = ActionEntry.model_validate({**entry, "pid": "p3"})
    assert old == ActionEntry.model_validate({**entry, "seat": "p3"})
    assert old.seat == "p3" and old.pid == "p3" and old.model_dump()["pid"] == "p3"
    seat = SeatResult.model_validate({"pid": "p1", "identity": "ai:basic", "name": "b"})
    assert seat.id == "p1" and json.loads(seat.model_dump_json())["pid"] == "p1"
    game = FinishedGame(game_id=1, game="citadels", guild_id=None, channel_id=1,
                        ended_reason="completed", seats=[seat], started_at=0.0, ended_at=1.0)
    assert FinishedGame.model_validate_json(game.model_dump_json()) == game


async def test_an_old_record_in_a_store_loads(store_location: Path | str) -> None:
    """In either backend, a record's JSON written before the renaming is read by the store (the
    SQL columns `pid` keep their names: there is nothing to migrate)."""
    async with opened(store_location) as store:
        record = await store.create(start(lobby(players=3, seed=4)))
    data = {**stored_before_the_renaming(), "id": record.id}
    await write_raw(store_location, "UPDATE games SET record = ? WHERE id = ?",
                    json.dumps(data), record.id)
    async with opened(store_location) as store:
        loaded = await store.get(record.id)
    assert loaded is not None and loaded.state == record.state
    assert [s.id for s in loaded.seats] == ["p1", "p2", "p3"]
    assert [t.seat for t in loaded.timers] == ["p2"]


async def write_raw(location: Path | str, sql: str, *params: Any) -> None:
    if isinstance(location, Path):
        db = sqlite3.connect(location)
        try:
            with db:
                db.execute(sql, params)
        finally:
            db.close()
        return
    conn = await asyncpg.connect(location)
    try:
        await conn.execute(pg.numbered(sql), *params)
    finally:
        await conn.close()
