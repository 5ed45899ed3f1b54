"""`/citadels` (`/ciudadelas`): the commands every game has, `new` generated from Citadels'
options (a cast and a ninth character standing for the ranks'), and `rules`, the text of any
character or district."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import ui
from cogs.citadels import texts
from cogs.citadels.ui import UI
from cogs.commands import GameCommands
from cogs.commands import text as _str
from cogs.kit.new import Param
from rules import citadels
from rules.citadels import cast as casts

if TYPE_CHECKING:
    from bot.client import GameBot


@app_commands.guild_only()
class Citadels(GameCommands, group_name=_str("citadels", "commands.citadels.name"),
               group_description=_str("Play Citadels", "commands.citadels.description")):
    game_id = "citadels"

    new_params = (Param("city_size", choices=(7, 8)), "turn_limit", "language", "thread",
                  Param("cast", field="", kind=str, choices=("classic", "dark_city", "random")),
                  Param("rank9", field="", choices=("none", "artist", "queen")),
                  Param("dark_districts", field="dark_city_districts"))

    def options_from(self, given: dict[str, Any]) -> dict[str, Any]:
        """A cast (Classic, Dark City, or one of each rank at random) and a ninth character
        stand for the ranks' options."""
        nine = given.get("rank9") if given.get("rank9") != "none" else None
        cast = given.get("cast")
        chosen = {} if cast is None and nine is None else casts.preset(
            cast or "classic", nine, random.SystemRandom().choice)
        return {**chosen, **super().options_from(given)}

    @app_commands.command(name=_str("rules", "commands.citadels.rules.name"),
                          description=_str("What a character or a district does",
                                           "commands.citadels.rules.description"))
    @app_commands.rename(card=_str("card", "commands.citadels.rules.card.name"))
    @app_commands.describe(card=_str("A character or a district",
                                     "commands.citadels.rules.card.description"))
    async def rules(  # type: ignore[override]  # the generic rules, with a card to ask about
            self, interaction: discord.Interaction, card: str | None = None) -> None:
        lang = interaction.locale.value
        if card is None:
            await interaction.response.send_message(embed=self._panel(interaction, "help"),
                                                    ephemeral=True)
            return
        key = card if card in citadels.CHARACTERS or card in citadels.DISTRICTS else next(
            (k for _, k in texts.rules_choices(card, lang)), None)
        if key is None:
            await self.reply(interaction, "citadels.errors.unknown_card", card=card[:50])
            return
        await interaction.response.send_message(embed=texts.rules_embed(key, lang),
                                                ephemeral=True)

    @rules.autocomplete("card")
    async def _rules_autocomplete(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label[:100], value=key)
                for label, key in texts.rules_choices(current, interaction.locale.value)][:25]


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(Citadels(bot))
