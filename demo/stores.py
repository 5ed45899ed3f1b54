"""What a store holds, read as the tests and benchmarks judge it: every game, each one's action
log, whether any is still active; a store opened so that it is closed however a check ends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.records import ActionEntry, GameRecord
from bot.storage import open_store


@asynccontextmanager
async def opened(location: Path | str, **options: Any) -> AsyncIterator[Any]:
    """A store on `location` (a SQLite file or a PostgreSQL URL) that is closed afterwards even
    if the test fails: an open aiosqlite connection keeps a non-daemon thread alive, which
    would hang the test process at exit."""
    store = await open_store(location, **options)
    try:
        yield store
    finally:
        await store.close()


async def stored_games(location: Path | str) -> list[GameRecord]:
    """Every game in the store at `location`, by id (ids run from 1 without gaps)."""
    async with opened(location) as store:
        games: list[GameRecord] = []
        while (record := await store.get(len(games) + 1)) is not None:
            games.append(record)
        return games


async def games_and_logs(location: Path | str
                         ) -> tuple[list[GameRecord], dict[int, list[ActionEntry]]]:
    """Every game in the store at `location`, and each one's action log."""
    games = await stored_games(location)
    async with opened(location) as store:
        return games, {g.id: await store.actions(g.id) for g in games}


async def all_ended(location: Path | str) -> bool:
    """Whether no lobby or running game is left in the store at `location`."""
    async with opened(location) as store:
        return not await store.active_games()
