"""`/bids`: the commands every game has, `new` generated from the sealed bids' Options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.app_commands import locale_str

from bot import ui
from cogs.commands import GameCommands

from .ui import UI

if TYPE_CHECKING:
    from bot.client import GameBot


@app_commands.guild_only()
class BidsCommands(GameCommands, group_name=locale_str("bids", key="commands.bids.name"),
                   group_description=locale_str("Play sealed bids",
                                                key="commands.bids.description")):
    game_id = "bids"
    new_params = ("rounds",)


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(BidsCommands(bot))
