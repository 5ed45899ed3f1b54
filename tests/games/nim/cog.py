"""`/nim`: the commands every game has, and Nim's `new`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import ui
from cogs.commands import GameCommands

from .ui import UI

if TYPE_CHECKING:
    from bot.client import GameBot


@app_commands.guild_only()
class NimCommands(GameCommands, group_name=locale_str("nim", key="commands.nim.name"),
                  group_description=locale_str("Play Nim", key="commands.nim.description")):
    game_id = "nim"

    @app_commands.command(name=locale_str("new", key="commands.new.name"),
                          description=locale_str("Open a lobby", key="commands.new.description"))
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, 2, 4] = 4,
                  heaps: app_commands.Range[int, 1, 5] = 3,
                  size: app_commands.Range[int, 1, 9] = 5) -> None:
        await self.open_lobby(interaction, players=players, turn_limit=None, language=None,
                              thread=False, options={"heaps": heaps, "size": size})


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(NimCommands(bot))
