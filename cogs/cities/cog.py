"""`/cities` (`/ciudades`): the commands every game has, `new` generated from Cities' options,
`hood` (any player's neighbourhood as a picture, only you see it) and `achievements` (the
board's objectives, their values and the rings on them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import ui
from bot.records import GameRecord
from cogs.commands import GameCommands
from cogs.commands import text as _str
from cogs.kit.new import Param
from rules.cities import data
from rules.cities.state import RANDOM

from . import texts
from .panel import hood_picture
from .texts import t
from .ui import UI

if TYPE_CHECKING:
    from bot.client import GameBot


@app_commands.guild_only()
class Cities(GameCommands, group_name=_str("cities", "commands.cities.name"),
             group_description=_str("Play Cities", "commands.cities.description")):
    game_id = "cities"

    new_params = ("long", Param("board", autocomplete="board_choices"))

    def players_for(self, players: int | None, options: dict[str, Any]) -> int | None:
        return 2 if players is None and options.get("long") else players  # the long game: two

    async def board_choices(self, interaction: discord.Interaction, current: str
                            ) -> list[app_commands.Choice[str]]:
        """The boards to pick while typing `board` (any may be typed)."""
        lang = self.bot.catalog.language_of(interaction.locale)
        parts = data.component_set(data.DEFAULT)
        found = [(t(self.bot.catalog, lang, "lobby.board.random"), RANDOM)]
        found += [(texts.named(b, lang), b.id) for b in parts.boards.values()]
        return [app_commands.Choice(name=name[:100], value=value) for name, value in found
                if current.lower() in name.lower()][:25]

    # --- looking at the game ------------------------------------------------------------------

    async def _game_or_last(self, interaction: discord.Interaction) -> GameRecord | None:
        """The running game here, or the channel's last finished one."""
        record = self._game_here(interaction)
        if record is None or record.state is None:
            record = await self.bot.store.last_finished(interaction.channel_id or 0)
        if record is None or record.game != self.game_id or record.state is None:
            return None
        return record

    @app_commands.command(name=_str("hood", "commands.cities.hood.name"),
                          description=_str("A player's neighbourhood as a picture (only you see "
                                           "it)", "commands.cities.hood.description"))
    @app_commands.rename(player=_str("player", "commands.cities.hood.player.name"))
    @app_commands.describe(player=_str("Whose neighbourhood (default: yours, or whoever plays "
                                       "now)", "commands.cities.hood.player.description"))
    async def hood(self, interaction: discord.Interaction, player: str | None = None) -> None:
        record = await self._game_or_last(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        lang = self.bot.catalog.language_of(interaction.locale)
        view = record.rules.public_view(record.state)
        seat = self._whose(record, view, interaction, player)
        if seat is None:
            await self.reply(interaction, "cities.errors.no_player", player=player or "")
            return
        picture = hood_picture(view, seat, record.seats, self.bot.catalog, lang)
        p = texts.player(view, seat)
        embed = discord.Embed(
            title=t(self.bot.catalog, lang, "hood.title",
                    name=texts.name(seat, record.seats, self.bot.catalog, lang)),
            description=texts.score_parts(p["score"], self.bot.catalog, lang),
            colour=discord.Colour.teal())
        file = await self.bot.publisher.pictures.file(picture)
        if file is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        embed.set_image(url=picture.url())
        await interaction.response.send_message(embed=embed, file=file, ephemeral=True)

    def _whose(self, record: GameRecord, view: texts.View, interaction: discord.Interaction,
               player: str | None) -> str | None:
        """The seat `player` names (a seat id or a name), else the clicker's, else whoever
        plays now (or the first seat)."""
        seats = [p["seat"] for p in view["players"]]
        if player:
            if player in seats:
                return player
            lang = self.bot.catalog.language_of(interaction.locale)
            wanted = player.strip().lower()
            return next((seat for seat in seats if texts.name(
                seat, record.seats, self.bot.catalog, lang, markdown=False).lower() == wanted),
                None)
        mine = record.seat_of_user(interaction.user.id)
        if mine is not None:
            return mine.id
        return view["to_act"][0] if view["to_act"] else seats[0]

    @hood.autocomplete("player")
    async def _hood_players(self, interaction: discord.Interaction, current: str
                            ) -> list[app_commands.Choice[str]]:
        record = await self._game_or_last(interaction)
        if record is None:
            return []
        lang = self.bot.catalog.language_of(interaction.locale)
        found = [(texts.name(s.id, record.seats, self.bot.catalog, lang, markdown=False), s.id)
                 for s in record.seats]
        return [app_commands.Choice(name=name[:100], value=seat) for name, seat in found
                if current.lower() in name.lower()][:25]

    @app_commands.command(name=_str("achievements", "commands.cities.achievements.name"),
                          description=_str("The achievement board: objectives, values and rings",
                                           "commands.cities.achievements.description"))
    async def achievements(self, interaction: discord.Interaction) -> None:
        record = await self._game_or_last(interaction)
        if record is None:
            await self._no_game(interaction)
            return
        lang = self.bot.catalog.language_of(interaction.locale)
        catalog = self.bot.catalog
        view = record.rules.public_view(record.state)
        embed = discord.Embed(title=t(catalog, lang, "achievements.title",
                                      board=texts.board_name(view, lang)),
                              description=t(catalog, lang, "achievements.about",
                                            players=len(view["players"])),
                              colour=discord.Colour.gold())
        for k, objective in enumerate(view["achievements"]["objectives"], 1):
            embed.add_field(name=t(catalog, lang, "achievements.objective", n=k),
                            value=texts.objective_line(view, objective, record.seats, catalog,
                                                       lang), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameBot) -> None:
    ui.register(UI)
    await bot.add_cog(Cities(bot))
