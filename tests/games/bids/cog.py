"""`/bids`: the commands every game has, and the sealed bids' `new`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import ui
from bot.records import MAX_TURN_LIMIT
from cogs.commands import GameCommands

from .ui import UI

if TYPE_CHECKING:
    from bot.client import GameBot


@app_commands.guild_only()
class BidsCommands(GameCommands, group_name=locale_str("bids", key="commands.bids.name"),
                   group_description=locale_str("Play sealed bids",
                                                key="commands.bids.description")):
    game_id = "bids"

    @app_commands.command(name=locale_str("new", key="commands.new.name"),
                          description=locale_str("Open a lobby", key="commands.new.description"))
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, 2, 5] = 5,
                  rounds: app_commands.Range[int, 1, 4] = 3,
                  turn_limit: app_commands.Range[int, 0, MAX_TURN_LIMIT] | None = None) -> None:
        await self.open_lobby(interaction, players=players, turn_limit=turn_limit,
                              language=None, thread=False, options={"rounds": rounds})


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(BidsCommands(bot))
