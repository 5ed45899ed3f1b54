"""`/cities` (`/ciudades`): the commands every game has, Cities' `new` with its options, `hood`
(any player's neighbourhood as a picture, only you see it) and `achievements` (the board's
objectives, their values and the rings on them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import ui
from bot.records import MAX_TURN_LIMIT, GameRecord
from cogs.commands import LANGUAGES, NEW_DESCRIPTIONS, NEW_NAMES, GameCommands
from cogs.commands import text as _str
from rules.cities import data
from rules.cities.game import GAME
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

    @app_commands.command(name=_str("new", "commands.new.name"),
                          description=_str("Open a lobby for a new game in this channel",
                                           "commands.new.description"))
    @app_commands.rename(
        players=_str("players", "commands.new.players.name"),
        long=_str("long", "commands.cities.new.long.name"),
        board=_str("board", "commands.cities.new.board.name"),
        **NEW_NAMES)
    @app_commands.describe(
        players=_str("Most players at the table (2-4)", "commands.cities.new.players.description"),
        long=_str("The long 2-player game: 7 rounds and a 3×5 neighbourhood",
                  "commands.cities.new.long.description"),
        board=_str("The achievement board (default: one at random)",
                   "commands.cities.new.board.description"),
        **NEW_DESCRIPTIONS)
    @app_commands.choices(language=LANGUAGES)
    async def new(self, interaction: discord.Interaction,
                  players: app_commands.Range[int, GAME.min_players, GAME.max_players] | None
                  = None,
                  long: bool = False, board: str | None = None,
                  turn_limit: app_commands.Range[int, 0, MAX_TURN_LIMIT] | None = None,
                  language: app_commands.Choice[str] | None = None,
                  thread: bool = True, pictures: bool | None = None) -> None:
        options: dict[str, object] = {"long": long}
        if board is not None:
            options["board"] = board
        if long and players is None:
            players = 2  # the long game is for two
        await self.open_lobby(
            interaction, players=players, turn_limit=turn_limit,
            language=language.value if language else None, thread=thread,
            options=options, pictures=pictures)

    @new.autocomplete("turn_limit")
    async def _new_limit(self, interaction: discord.Interaction, current: str
                         ) -> list[app_commands.Choice[int]]:
        return self.limit_choices(interaction, current)

    @new.autocomplete("board")
    async def _new_board(self, interaction: discord.Interaction, current: str
                         ) -> list[app_commands.Choice[str]]:
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
