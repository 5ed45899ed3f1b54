"""`/catan`: the commands every game has, `new` generated from Catan's options (the layout, the
points to win), and `rules`: what a progress card, an improvement track or a building costs
and does."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import ui
from cogs.commands import GameCommands
from cogs.commands import text as _str
from rules.catan.state import COSTS, DECKS, RULES, TRACKS

from . import texts
from .ui import UI

if TYPE_CHECKING:
    from bot.client import GameBot

BUILDS = ("road", "settlement", "city", "wall", "knight", "promote", "activate")
TOPICS = ("costs", *(f"track_{k}" for k in TRACKS),
          *(card for cards in DECKS.values() for card in cards))


@app_commands.guild_only()
class Catan(GameCommands, group_name=_str("catan", "commands.catan.name"),
            group_description=_str("Play Catan: Cities & Knights",
                                   "commands.catan.description")):
    game_id = "catan"

    new_params = ("layout", "points")

    rules_topic = "topic"

    def topics(self, current: str, lang: str) -> list[tuple[str, str]]:
        """(name, key) of every topic whose name holds `current`, case-blind."""
        wanted = current.strip().lower()
        out = [(self._topic_name(key, lang), key) for key in TOPICS]
        return [(name, key) for name, key in out if wanted in name.lower()]

    def topic_keys(self) -> Collection[str]:
        return TOPICS

    def _topic_name(self, key: str, lang: str) -> str:
        catalog = self.bot.catalog
        if key == "costs":
            return texts.t(catalog, lang, "rules.costs")
        if key.startswith("track_"):
            return texts.track(key[len("track_"):], catalog, lang)
        return texts.progress(key, catalog, lang)

    def topic_embed(self, key: str, lang: str) -> discord.Embed:
        catalog = self.bot.catalog

        def t(name: str, **params: object) -> str:
            return texts.t(catalog, lang, name, **params)

        if key == "costs":
            lines = [f"**{t(f'build.{b}')}**: {texts.cards(COSTS[b], catalog, lang)}"
                     for b in BUILDS]
            lines.append(t("rules.costs.improvement"))
            body = "\n".join(lines)
        elif key.startswith("track_"):
            track = key[len("track_"):]
            lines = [f"{n}. **{texts.level(track, n, catalog, lang)}**: "
                     f"{texts.cards({TRACKS[track]: n}, catalog, lang)}"
                     for n in range(1, int(RULES['max_level']) + 1)]
            lines.append(t(f"improvement.{track}.ability"))
            lines.append(t("rules.metropolis", metropolis=t(f"metropolis.{track}")))
            body = "\n".join(lines)
        else:
            body = "\n".join([texts.progress_text(key, catalog, lang),
                              t("rules.deck", deck=texts.deck(texts.COLOUR_OF[key], catalog,
                                                              lang))])
        return discord.Embed(title=self._topic_name(key, lang), description=body,
                             colour=discord.Colour.gold())


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(Catan(bot))
