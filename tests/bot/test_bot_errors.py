"""The global app-command error handler: a translated answer for the user, a log with context."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.client import GameBot
from bot.i18n import Catalog
from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings


@app_commands.command(description="Always fails")
async def boom(interaction: discord.Interaction) -> None:
    raise RuntimeError("kaboom")


@app_commands.command(description="Refused by a check")
@app_commands.check(lambda interaction: False)
async def guarded(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("never")


@app_commands.command(description="Fails after deferring")
async def late(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True)
    raise RuntimeError("late kaboom")


class FailingBot(GameBot):
    async def setup_hook(self) -> None:
        for command in (boom, guarded, late):
            self.tree.add_command(command)
        await super().setup_hook()


@pytest.fixture
async def failing_bot(
    emulator: Emulator, table: Table, tmp_path: Path
) -> AsyncIterator[FailingBot]:
    bot = FailingBot(bot_settings(tmp_path / "bot.sqlite3"), **FAST_READY)
    async with run_client(bot, emulator):
        yield bot


async def test_unexpected_error_is_translated_and_logged(
    failing_bot: FailingBot, table: Table, caplog: pytest.LogCaptureFixture
):
    catalog = Catalog.load()
    with caplog.at_level(logging.ERROR, logger="bot.errors"):
        result = await table.bruno.slash(table.general, "boom")
        reply = await result.response()
    assert reply.ephemeral and reply.content == catalog.text("errors.unexpected", "es-ES")
    [record] = caplog.records
    assert "command=boom" in record.getMessage()
    assert f"interaction={result.id}" in record.getMessage()
    assert f"user={table.bruno.id}" in record.getMessage()
    assert record.exc_info[1].args == ("kaboom",)


async def test_failed_check_is_refused_without_traceback(
    failing_bot: FailingBot, table: Table, caplog: pytest.LogCaptureFixture
):
    with caplog.at_level(logging.INFO, logger="bot.errors"):
        reply = await (await table.alice.slash(table.general, "guarded")).response()
    assert reply.content == Catalog.load().text("errors.check_failed", "en-US")
    assert [r.levelname for r in caplog.records] == ["INFO"]
    assert caplog.records[0].exc_info is None


async def test_error_after_defer_uses_the_followup(
    failing_bot: FailingBot, table: Table, discord_api: Discord
):
    result = await table.alice.slash(table.general, "late")
    reply = await result.response()
    assert result.ack_type == 5
    assert reply.content == Catalog.load().text("errors.unexpected", "en-US")
    assert await discord_api.errors() == []
