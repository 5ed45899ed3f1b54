"""Durable games: records, action logs, ended games, ratings and bot metadata, in SQLite (one
file, the default) or PostgreSQL (a server several processes share).

    store = await open_store(Path("data/bot.sqlite3"))   # or "postgresql://user@host/db"
    record = await store.create(GameRecord(game="citadels", channel_id=..., host_id=...))
    record.version += 1
    await store.save(record, expected_version=record.version - 1, action=entry)
"""

from .base import ChannelBusy, SchemaTooNew, StaleVersion, Store, StoreError
from .migrations import SCHEMA_VERSION
from .postgres import PostgresStore
from .replay import initial_state, replay_state
from .sqlite import SqliteStore
from .stores import is_postgres_url, open_store

__all__ = [
    "SCHEMA_VERSION", "ChannelBusy", "PostgresStore", "SchemaTooNew", "SqliteStore",
    "StaleVersion", "Store", "StoreError", "initial_state", "is_postgres_url", "open_store",
    "replay_state",
]
