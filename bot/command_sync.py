"""When to push the slash-command tree to Discord.

Global sync is rate limited and takes a while to propagate, so production syncs only when the
tree (including its translations) differs from what was last pushed, or when forced. A
development guild is synced at every start, which Discord applies instantly.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

import aiosqlite
import discord
from discord import app_commands

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)

SyncOutcome = Literal["guild", "global", "unchanged"]


async def tree_fingerprint(tree: app_commands.CommandTree) -> str:
    """Hash of the global command payload exactly as a sync would send it."""
    translator = tree.translator
    payload = [
        await command.get_translated_payload(tree, translator)
        if translator
        else command.to_dict(tree)
        for command in tree.get_commands()
    ]
    encoded = json.dumps(payload, sort_keys=True, default=str).encode()
    return hashlib.sha256(encoded).hexdigest()


class Fingerprints(Protocol):
    """Where the fingerprint of the last global sync is kept."""

    async def get(self, application_id: int) -> str | None: ...

    async def put(self, application_id: int, fingerprint: str) -> None: ...


class StoreFingerprints:
    """The fingerprint in the game store's metadata: with PostgreSQL, one for every process."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, application_id: int) -> str | None:
        return await self.store.get_meta(f"command_tree:{application_id}")

    async def put(self, application_id: int, fingerprint: str) -> None:
        await self.store.set_meta(f"command_tree:{application_id}", fingerprint)


class SyncedTreeStore:
    """Remembers the fingerprint of the last global sync in the bot's SQLite file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    async def _connect(self) -> aiosqlite.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path)
        await db.execute(
            "CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
        )
        return db

    async def get(self, application_id: int) -> str | None:
        db = await self._connect()
        try:
            query = "SELECT value FROM bot_meta WHERE key = ?"
            async with db.execute(query, (f"command_tree:{application_id}",)) as cursor:
                row = await cursor.fetchone()
        finally:
            await db.close()
        return row[0] if row else None

    async def put(self, application_id: int, fingerprint: str) -> None:
        db = await self._connect()
        try:
            await db.execute(
                "INSERT OR REPLACE INTO bot_meta (key, value) VALUES (?, ?)",
                (f"command_tree:{application_id}", fingerprint),
            )
            await db.commit()
        finally:
            await db.close()


async def sync_commands(
    tree: app_commands.CommandTree,
    store: Fingerprints,
    *,
    application_id: int,
    dev_guild_id: int | None = None,
    force: bool = False,
) -> SyncOutcome:
    if dev_guild_id is not None:
        guild = discord.Object(id=dev_guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        log.info("Synced %d commands to development guild %s", len(synced), dev_guild_id)
        return "guild"

    fingerprint = await tree_fingerprint(tree)
    if not force and await store.get(application_id) == fingerprint:
        log.info("Command tree unchanged since the last global sync; not syncing")
        return "unchanged"
    synced = await tree.sync()
    await store.put(application_id, fingerprint)
    log.info("Synced %d global commands", len(synced))
    return "global"
