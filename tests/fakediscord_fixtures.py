"""Pytest fixtures for tests that run against the fakediscord emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.client import CitadelsBot
from bot.settings import Settings
from fakediscord import Config, Discord, Emulator, Person, Ref, run_client


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


def bot_settings(database: Path, **overrides: object) -> Settings:
    values = {"discord_token": Config.token, "database_path": database, **overrides}
    return Settings(_env_file=None, **values)


@pytest.fixture
async def citadels_bot(
    emulator: Emulator, table: Table, tmp_path: Path
) -> AsyncIterator[CitadelsBot]:
    bot = CitadelsBot(bot_settings(tmp_path / "bot.sqlite3"))
    async with run_client(bot, emulator):
        yield bot
