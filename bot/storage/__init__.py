"""Durable games: records, action logs and bot metadata in SQLite.

    store = await open_store(Path("data/bot.sqlite3"))
    record = await store.create(GameRecord(channel_id=..., host_id=...))
    record.version += 1
    await store.save(record, expected_version=record.version - 1, action=entry)
"""

from .base import ChannelBusy, SchemaTooNew, StaleVersion, Store, StoreError
from .migrations import SCHEMA_VERSION
from .replay import initial_state, replay_state
from .sqlite import SqliteStore, open_store

__all__ = [
    "SCHEMA_VERSION", "ChannelBusy", "SchemaTooNew", "SqliteStore", "StaleVersion", "Store",
    "StoreError", "initial_state", "open_store", "replay_state",
]
