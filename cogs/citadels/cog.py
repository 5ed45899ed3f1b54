"""`/citadels` (`/ciudadelas`): the commands every game has, `new` generated from Citadels'
options (a cast and a ninth character standing for the ranks'), and `rules` with a card, the
text of any character or district."""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import ui
from cogs.citadels import texts
from cogs.citadels.lobby import ninth
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
                  Param("rank9", field="", choices=ninth()),
                  Param("dark_districts", field="dark_city_districts"))

    def options_from(self, given: dict[str, Any]) -> dict[str, Any]:
        """A cast (Classic, Dark City, or one of each rank at random) and a ninth character
        stand for the ranks' options."""
        nine = given.get("rank9") if given.get("rank9") != "none" else None
        cast = given.get("cast")
        chosen = {} if cast is None and nine is None else casts.preset(
            cast or "classic", nine, random.SystemRandom().choice)
        return {**chosen, **super().options_from(given)}

    rules_topic = "card"
    rules_panel = "help"

    def topics(self, current: str, lang: str) -> list[tuple[str, str]]:
        return texts.rules_choices(current, lang)

    def topic_keys(self) -> Collection[str]:
        return citadels.CHARACTERS.keys() | citadels.DISTRICTS.keys()

    def topic_embed(self, key: str, lang: str) -> discord.Embed:
        return texts.rules_embed(key, lang)


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(Citadels(bot))
