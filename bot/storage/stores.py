"""Which store a location names: a `postgresql://` URL or a SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any, overload

from bot.settings import POSTGRES_SCHEMES

from .base import Store
from .postgres import PostgresStore
from .sqlite import SqliteStore


def is_postgres_url(location: str | Path) -> bool:
    return isinstance(location, str) and location.startswith(POSTGRES_SCHEMES)


@overload
async def open_store(location: Path, **options: Any) -> SqliteStore: ...


@overload
async def open_store(location: str | Path, **options: Any) -> Store: ...


async def open_store(location: str | Path, **options: Any) -> Store:
    """An open store at `location`, created or migrated as needed: a PostgresStore for a
    `postgresql://` (or `postgres://`) URL, else a SqliteStore on that file. `options` go to
    the store's constructor."""
    store: SqliteStore | PostgresStore
    if is_postgres_url(location):
        store = PostgresStore(str(location), **options)
    else:
        store = SqliteStore(Path(location), **options)
    await store.open()
    return store
