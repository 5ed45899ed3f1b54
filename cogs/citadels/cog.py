"""`/citadels` (`/ciudadelas`): the commands every game has, plus Citadels' `new` with its
options and `rules`, the text of any character or district."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import ui
from bot.records import MAX_TURN_LIMIT
from cogs.citadels import texts
from cogs.citadels.ui import UI
from cogs.commands import LANGUAGES, NEW_DESCRIPTIONS, NEW_NAMES, GameCommands, choice
from cogs.commands import text as _str
from rules import citadels
from rules.citadels import cast as casts
from rules.citadels.game import GAME

if TYPE_CHECKING:
    from bot.client import GameBot



@app_commands.guild_only()
class Citadels(GameCommands, group_name=_str("citadels", "commands.citadels.name"),
               group_description=_str("Play Citadels", "commands.citadels.description")):
    game_id = "citadels"

    @app_commands.command(name=_str("new", "commands.new.name"),
                          description=_str("Open a lobby for a new game in this channel",
                                           "commands.new.description"))
    @app_commands.rename(
        players=_str("players", "commands.new.players.name"),
        city_size=_str("city_size", "commands.citadels.new.city_size.name"),
        **NEW_NAMES,
        cast=_str("cast", "commands.citadels.new.cast.name"),
        rank9=_str("rank9", "commands.citadels.new.rank9.name"),
        dark_districts=_str("dark_districts", "commands.citadels.new.dark_districts.name"))
    @app_commands.describe(
        players=_str("Most players at the table (2-8; 8 with a rank-9 character)",
                     "commands.citadels.new.players.description"),
        cast=_str("The characters: Classic, Dark City, or one of each rank at random",
                  "commands.citadels.new.cast.description"),
        rank9=_str("A ninth character: the Artist or the Queen (needed for 8 players)",
                   "commands.citadels.new.rank9.description"),
        dark_districts=_str("Add Dark City's 12 unique districts (on with Dark City characters)",
                            "commands.citadels.new.dark_districts.description"),
        city_size=_str("Districts that complete a city",
                       "commands.citadels.new.city_size.description"),
        **NEW_DESCRIPTIONS)
    @app_commands.choices(
        city_size=[choice("7 (rulebook, 4+ players)", "commands.citadels.new.city_size.7", 7),
                   choice("8 (variant)", "commands.citadels.new.city_size.8", 8)],
        language=LANGUAGES,
        cast=[choice("Classic", "commands.citadels.new.cast.classic", "classic"),
              choice("Dark City", "commands.citadels.new.cast.dark_city", "dark_city"),
              choice("Random mix", "commands.citadels.new.cast.random", "random")],
        rank9=[choice("None", "commands.citadels.new.rank9.none", "none"),
               choice("Artist", "commands.citadels.new.rank9.artist", "artist"),
               choice("Queen", "commands.citadels.new.rank9.queen", "queen")])
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, GAME.min_players, GAME.max_players] | None
                  = None,
                  city_size: app_commands.Choice[int] | None = None,
                  turn_limit: app_commands.Range[int, 0, MAX_TURN_LIMIT] | None = None,
                  language: app_commands.Choice[str] | None = None,
                  thread: bool = True,
                  cast: app_commands.Choice[str] | None = None,
                  rank9: app_commands.Choice[str] | None = None,
                  dark_districts: bool | None = None,
                  pictures: bool | None = None) -> None:
        options: dict[str, object] = {"city_size": city_size.value} if city_size else {}
        nine = rank9.value if rank9 and rank9.value != "none" else None
        if cast is not None or nine is not None:
            options.update(casts.preset(cast.value if cast else "classic", nine,
                                        random.SystemRandom().choice))
        if dark_districts is not None:
            options["dark_city_districts"] = dark_districts
        await self.open_lobby(
            interaction, players=players, turn_limit=turn_limit,
            language=language.value if language else None, thread=thread,
            options=options, pictures=pictures)

    @new.autocomplete("turn_limit")
    async def _new_limit(self, interaction: discord.Interaction, current: str
                         ) -> list[app_commands.Choice[int]]:
        return self.limit_choices(interaction, current)

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
