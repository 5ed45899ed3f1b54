"""Pytest fixtures for tests that run against the fakediscord emulator."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.client import GameBot
from bot.settings import Settings
from fakediscord import Config, Discord, Emulator, Person, Ref, run_client
from fakediscord.gateway import shard_of


@dataclass
class Table:
    """A server with a #general channel, an English-speaking and a Spanish-speaking member."""

    guild: Ref
    general: Ref
    alice: Person
    bruno: Person


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    async with Emulator(Config()) as running:
        yield running


@pytest.fixture
def discord_api(emulator: Emulator) -> Discord:
    return Discord.local(emulator)


@pytest.fixture
async def table(discord_api: Discord) -> Table:
    guild = await discord_api.guild("Test Server")
    general = await discord_api.channel(guild, "general")
    alice = await discord_api.user("alice", guild=guild)
    bruno = await discord_api.user("bruno", locale="es-ES", guild=guild)
    return Table(guild, general, alice, bruno)


# discord.py waits this long after the last GUILD_CREATE before `on_ready` (2 s by default).
FAST_READY: dict[str, Any] = {"guild_ready_timeout": 0.05}


def bot_settings(database: Path, **overrides: object) -> Settings:
    values: dict[str, Any] = {"discord_token": Config.token, "database_path": database, **overrides}
    return Settings(_env_file=None, **values)


@pytest.fixture
async def citadels_bot(
    emulator: Emulator, table: Table, tmp_path: Path
) -> AsyncIterator[GameBot]:
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), **FAST_READY)
    async with run_client(bot, emulator):
        yield bot


@pytest.fixture
async def fast_bot(emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path
                   ) -> AsyncIterator[GameBot]:
    """The bot for whole-game tests: computers move at once, no rate limits (bench.bot_load
    measures those), and at the end no Discord error and no unanswered interaction."""
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        yield bot
        await bot.publisher.idle()
        assert await discord_api.errors() == []
        assert await discord_api.failed_interactions() == []


async def guilds_on_shards(discord_api: Discord, shard_count: int = 2, name: str = "server"
                           ) -> dict[int, list[Ref]]:
    """New servers until each of `shard_count` shards has one: Discord sends a server's events
    to shard `(id >> 22) % shard_count`, and ids are time-based, so a few may be needed."""
    by_shard: dict[int, list[Ref]] = {s: [] for s in range(shard_count)}
    while not all(by_shard.values()):
        guild = await discord_api.guild(f"{name}-{sum(map(len, by_shard.values()))}")
        by_shard[shard_of(int(guild.id), shard_count)].append(guild)
        await asyncio.sleep(0.002)  # the next id from another millisecond
    return by_shard


class BotRest:
    """Raw REST calls with the bot's token, to send payloads discord.py itself would refuse."""

    def __init__(self, session: aiohttp.ClientSession, url: str) -> None:
        self.session = session
        self.base = url + "/api/v10"

    async def send(self, channel_id: str, payload: dict[str, Any]) -> tuple[int, dict]:
        return await self.request("POST", f"/channels/{channel_id}/messages", payload)

    async def request(self, method: str, path: str, payload: Any = None) -> tuple[int, dict]:
        status, _, body = await self.raw(method, path, payload)
        return status, body

    async def raw(self, method: str, path: str, payload: Any = None) -> tuple[int, Any, dict]:
        headers = {"Authorization": f"Bot {Config.token}"}
        async with self.session.request(method, self.base + path, json=payload,
                                        headers=headers) as response:
            assert response.headers["Content-Type"] == "application/json"
            return response.status, response.headers, await response.json()


@pytest.fixture
async def bot_rest(emulator: Emulator) -> AsyncIterator[BotRest]:
    async with aiohttp.ClientSession() as session:
        yield BotRest(session, emulator.url)
