"""Command registration: global sync only when the tree changed or when forced; guild in dev."""

from __future__ import annotations

from pathlib import Path

from bot.client import GameBot
from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings

GLOBAL = "/applications/{app_id}/commands"
GUILD = "/applications/{app_id}/guilds/{guild_id}/commands"


async def start(emulator: Emulator, bot: GameBot) -> str | None:
    async with run_client(bot, emulator):
        return bot.sync_outcome


async def test_global_sync_only_when_the_tree_changed(
    emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path
):
    settings = bot_settings(tmp_path / "bot.sqlite3")
    assert await start(emulator, GameBot(settings, **FAST_READY)) == "global"
    assert await start(emulator, GameBot(settings, **FAST_READY)) == "unchanged"
    assert await discord_api.count_calls("PUT", GLOBAL) == 1

    changed = GameBot(settings, extensions=(), **FAST_READY)
    assert await start(emulator, changed) == "global"
    assert await discord_api.commands() == []


async def test_forced_sync(emulator: Emulator, discord_api: Discord, table: Table,
                           tmp_path: Path):
    settings = bot_settings(tmp_path / "bot.sqlite3")
    await start(emulator, GameBot(settings, **FAST_READY))
    forced = GameBot(settings, force_sync=True, **FAST_READY)
    assert await start(emulator, forced) == "global"
    assert await discord_api.count_calls("PUT", GLOBAL) == 2


async def test_development_guild_sync(
    emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path
):
    settings = bot_settings(tmp_path / "bot.sqlite3", dev_guild_id=int(table.guild.id))
    bot = GameBot(settings, **FAST_READY)
    async with run_client(bot, emulator):
        assert bot.sync_outcome == "guild"
        reply = await (await table.alice.slash(table.general, "citadels about")).response()
        assert reply.embeds[0]["title"] == "Citadels"
    assert await discord_api.count_calls("PUT", GUILD) == 1
    assert await discord_api.count_calls("PUT", GLOBAL) == 0
    commands = await discord_api.commands(table.guild)
    assert {"citadels", "catan"} <= {command["name"] for command in commands}
