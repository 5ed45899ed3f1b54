"""The `/citadels` command group."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import CitadelsBot


def _str(english: str, key: str) -> locale_str:
    return locale_str(english, key=key)


class Citadels(commands.Cog):
    citadels = app_commands.Group(
        name=_str("citadels", "commands.citadels.name"),
        description=_str("Play Citadels", "commands.citadels.description"),
    )

    def __init__(self, bot: CitadelsBot) -> None:
        self.bot = bot

    def _panel(self, interaction: discord.Interaction, topic: str) -> discord.Embed:
        text = self.bot.catalog.text
        return discord.Embed(
            title=text(f"{topic}.title", interaction.locale),
            description=text(f"{topic}.body", interaction.locale),
            colour=discord.Colour.gold(),
        )

    @citadels.command(
        name=_str("about", "commands.about.name"),
        description=_str("What this bot is", "commands.about.description"),
    )
    async def about(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=self._panel(interaction, "about"), ephemeral=True
        )

    @citadels.command(
        name=_str("help", "commands.help.name"),
        description=_str("How to play with this bot", "commands.help.description"),
    )
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=self._panel(interaction, "help"), ephemeral=True
        )


async def setup(bot: CitadelsBot) -> None:
    await bot.add_cog(Citadels(bot))
