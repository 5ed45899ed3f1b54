"""The history's Discord side, for every game: stats, leaderboard pages, the server's recent
games, replays round by round and forgetting a person. Read from the store (bot/history.py
keeps every ended game); replays show only the public log, never a hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import defaults as server
from bot import history, names
from bot.components import BoardButton, ForgetButton, ReplayButton, unstored
from bot.embeds import add_lines, fit
from bot.finished import FORMER, FinishedGame, RatingRow, ResultRow, SeatResult
from bot.names import as_text, seat_number
from bot.records import Seat
from bot.ui import ui_for

if TYPE_CHECKING:
    from bot.client import GameBot

PAGE = 10      # leaderboard rows per page
RECENT = 10    # games /history lists
TREND = 5      # games the rating trend looks back over
LATEST = 10**6  # the page of a game's latest round


class HistoryCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def t(self, interaction: discord.Interaction, key: str, **params: Any) -> str:
        return self.bot.catalog.text(f"history.{key}", interaction.locale, **params)

    def tn(self, interaction: discord.Interaction, key: str, games: int, **params: Any) -> str:
        """A text naming a number of games, in its plural form."""
        return self.bot.catalog.plural(f"history.{key}", interaction.locale, games,
                                       games=games, **params)

    def identity_name(self, interaction: discord.Interaction, identity: str, name: str) -> str:
        if identity.startswith("ai:"):
            return self.bot.catalog.text(f"strength.{identity[3:]}", interaction.locale)
        if identity == FORMER or not name:
            return self.t(interaction, "former")
        return as_text(name)

    def former(self, interaction: discord.Interaction, seat: str) -> str:
        """The name of a seat whose person asked to be forgotten: a former player, numbered
        by the seat as computers are."""
        return self.t(interaction, "former_seat", number=seat_number(seat))

    def seat_label(self, interaction: discord.Interaction, seat: SeatResult, *,
                   markdown: bool = True) -> str:
        """A seat of a kept game as its history names it: as its log does (a person, a
        numbered computer, a numbered former player), and whether they left before the end
        (a computer played the seat on; they count it as a loss)."""
        [shown] = self.log_seats(interaction, [seat])
        catalog = self.bot.catalog
        name = names.who(seat.id, [shown], catalog, catalog.language_of(interaction.locale),
                         markdown=markdown)
        return self.t(interaction, "left", name=name) if seat.left else name

    def log_seats(self, interaction: discord.Interaction, seats: Iterable[SeatResult]
                  ) -> list[Seat]:
        """The seats a game's log names: a forgotten person's as the former player, never as
        the computer that no seat of theirs held."""
        return history.readable(
            [Seat(id=s.id, name="" if s.identity == FORMER else s.name, user_id=s.user_id,
                  ai=s.ai) for s in seats],
            lambda seat: self.former(interaction, seat))

    # -- stats -------------------------------------------------------------------------------

    async def stats(self, interaction: discord.Interaction, game: str,
                    member: discord.abc.User) -> discord.Embed:
        who = f"user:{member.id}"
        store, guild = self.bot.store, interaction.guild_id
        here = await server.load(store, guild, self.bot.settings)
        rows = await store.results(guild, game, who)
        place, rating = await store.standing(guild, game, who, min_games=here.min_games)
        embed = discord.Embed(title=self.t(interaction, "stats.title",
                                           name=as_text(member.display_name)),
                              colour=discord.Colour.gold())
        if not rows:
            embed.description = self.t(interaction, "stats.none")
            return embed
        add_lines(embed, self.t(interaction, "stats.games"),
                  self._stat_lines(interaction, game, rows))
        if rating is not None:
            add_lines(embed, self.t(interaction, "stats.rating"),
                      self._rating_lines(interaction, rows, rating, place, here.min_games))
        return fit(embed)

    def _stat_lines(self, interaction: discord.Interaction, game: str, rows: list[ResultRow]
                    ) -> list[str]:
        wins = sum(r.rank == 1 for r in rows)
        return [
            self.t(interaction, "stats.played", games=len(rows), wins=wins,
                   rate=round(100 * wins / len(rows))),
            self.t(interaction, "stats.average", score=f"{_mean(r.score for r in rows):.1f}",
                   place=f"{_mean(r.rank for r in rows):.1f}"),
            self.t(interaction, "stats.best", score=max(r.score for r in rows)),
            *self._favourite(interaction, game, rows),
        ]

    def _favourite(self, interaction: discord.Interaction, game: str, rows: list[ResultRow]
                   ) -> list[str]:
        """The role played most often (the game's own kind: Citadels' characters), if any."""
        played = Counter(role for r in rows for role in r.roles)
        if not played:
            return []
        role, times = max(played.items(), key=lambda item: (item[1], item[0]))
        catalog = self.bot.catalog
        return [ui_for(game).favourite_line(role, times, catalog,
                                            catalog.language_of(interaction.locale))]

    def _rating_lines(self, interaction: discord.Interaction, rows: list[ResultRow],
                      rating: RatingRow, place: int | None, min_games: int) -> list[str]:
        rated = [r.rating for r in rows if r.rating is not None]
        lines = [self.tn(interaction, "stats.ordinal", rating.games,
                         rating=f"{rating.ordinal:.1f}")]
        if len(rated) > 1:
            back = rated[-TREND - 1] if len(rated) > TREND else rated[0]
            lines.append(self.tn(interaction, "stats.trend", min(TREND, len(rated) - 1),
                                 change=f"{rated[-1] - back:+.1f}"))
        lines.append(self.t(interaction, "stats.place", place=place) if place
                     else self.tn(interaction, "stats.unplaced", min_games))
        return lines

    # -- leaderboard -------------------------------------------------------------------------

    async def board(self, interaction: discord.Interaction, game: str, offset: int
                    ) -> tuple[discord.Embed, discord.ui.View]:
        store, guild = self.bot.store, interaction.guild_id
        here = await server.load(store, guild, self.bot.settings)
        rows, total = await store.leaderboard(guild, game, min_games=here.min_games,
                                              limit=PAGE, offset=offset)
        if not rows and offset:
            # Past the end: fewer qualify than when the page's buttons were drawn (the
            # minimum rose). The last page that exists (the first, if none does).
            offset = max(0, (total - 1) // PAGE * PAGE)
            if total:
                rows, total = await store.leaderboard(guild, game, min_games=here.min_games,
                                                      limit=PAGE, offset=offset)
        embed = discord.Embed(title=self.t(interaction, "board.title"),
                              colour=discord.Colour.gold())
        lines = [self.tn(interaction, "board.row", r.games, place=offset + i + 1,
                         name=self.identity_name(interaction, r.identity, r.name),
                         rating=f"{r.ordinal:.1f}", wins=r.wins)
                 for i, r in enumerate(rows)]
        embed.description = "\n".join(lines) or self.tn(interaction, "board.empty",
                                                        here.min_games)
        place, mine = await store.standing(guild, game, f"user:{interaction.user.id}",
                                           min_games=here.min_games)
        footer = (self.t(interaction, "board.you", place=place, rating=f"{mine.ordinal:.1f}")
                  if place and mine else self.tn(interaction, "board.you_unplaced",
                                                 here.min_games))
        embed.set_footer(text=footer)
        view = discord.ui.View(timeout=None)
        view.add_item(BoardButton(game, max(0, offset - PAGE), self.t(interaction, "previous"),
                                  disabled=offset == 0))
        view.add_item(BoardButton(game, offset + PAGE, self.t(interaction, "next"),
                                  disabled=offset + PAGE >= total))
        return fit(embed), unstored(view)

    async def board_page(self, interaction: discord.Interaction, game: str, offset: int
                         ) -> None:
        embed, view = await self.board(interaction, game, offset)
        await interaction.response.edit_message(embed=embed, view=view)

    # -- recent games ------------------------------------------------------------------------

    async def recent(self, interaction: discord.Interaction, game: str) -> discord.Embed:
        games = await self.bot.store.finished_games(interaction.guild_id, game, limit=RECENT)
        embed = discord.Embed(title=self.t(interaction, "recent.title"),
                              colour=discord.Colour.blue())
        embed.description = "\n".join(self._recent_line(interaction, g) for g in games) or \
            self.t(interaction, "recent.none")
        return fit(embed)

    def _recent_line(self, interaction: discord.Interaction, game: FinishedGame) -> str:
        names = [self.seat_label(interaction, s) for s in game.seats]
        winners = [n for n, s in zip(names, game.seats, strict=True) if s.rank == 1]
        shown = ", ".join(f"**{n}**" if s.rank == 1 else n
                          for n, s in zip(names, game.seats, strict=True))
        how = (self.t(interaction, "recent.won", names=", ".join(winners)) if winners
               else self.t(interaction, f"recent.ended.{game.ended_reason}"))
        link = (f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}/"
                f"{game.result_message_id}" if game.result_message_id else "")
        return self.t(interaction, "recent.line", game=game.game_id, when=int(game.ended_at),
                      players=shown, how=how, link=link).strip()

    # -- replays -----------------------------------------------------------------------------

    async def replay(self, interaction: discord.Interaction, game_id: int, page: int
                     ) -> tuple[discord.Embed, discord.ui.View] | None:
        """A page of a game's public log: its rounds' public events, then the result (for a
        game still being played, its log so far). A page past the end is the last one."""
        game = await self.bot.store.finished_game(game_id)
        live = None if game is not None else self.bot.service.games.get(game_id)
        if game is None:  # being played, or just ended (the history keeps it in a moment)
            record = live or await self.bot.store.get(game_id)
            if record is not None and record.state is not None and (
                    record is live or not record.active):
                game = await self.bot.service.history.replayed(record)
        if game is None or game.guild_id != interaction.guild_id:
            return None
        last = len(game.rounds)  # pages 0..last-1 are rounds; `last` is the end
        page = max(0, min(page, last - 1 if page == LATEST else last))
        lang = interaction.locale.value
        seats = self.log_seats(interaction, game.seats)
        embed = discord.Embed(colour=discord.Colour.blue())
        if page < last:
            first = ui_for(game.game).first_round  # the rounds as the table numbered them
            number = page + first
            embed.title = (self.t(interaction, "replay.round", game=game_id, round=number,
                                  rounds=last - 1 + first) if number > 0
                           else self.t(interaction, "replay.setup", game=game_id))
            lines = ui_for(game.game).log_lines(game.rounds[page], seats, self.bot.catalog, lang)
            embed.description = "\n".join(lines) or "—"
        elif live is not None:
            embed.title = self.t(interaction, "replay.end", game=game_id)
            embed.description = self.t(interaction, "replay.live")
        else:
            embed.title = self.t(interaction, "replay.end", game=game_id)
            order = sorted(game.seats, key=lambda s: (s.rank is None, s.rank or 0))
            embed.description = "\n".join(
                self.t(interaction, "replay.place", rank=s.rank or "—", score=s.score or 0,
                       name=self.seat_label(interaction, s))
                for s in order)
        view = discord.ui.View(timeout=None)
        for tag, target, key in (("f", 0, "first"), ("p", page - 1, "previous"),
                                 ("n", page + 1, "next"), ("l", last, "last")):
            view.add_item(ReplayButton(game_id, max(0, min(target, last)),
                                       self.t(interaction, key), tag=tag,
                                       disabled=target < 0 or target > last or target == page))
        return fit(embed), unstored(view)

    async def replay_page(self, interaction: discord.Interaction, game_id: int, page: int
                          ) -> None:
        shown = await self.replay(interaction, game_id, page)
        if shown is None:
            await interaction.response.send_message(self.t(interaction, "replay.unknown"),
                                                    ephemeral=True)
            return
        await interaction.response.edit_message(embed=shown[0], view=shown[1])

    # -- forgetting ----------------------------------------------------------------------------

    def forget_prompt(self, interaction: discord.Interaction) -> tuple[str, discord.ui.View]:
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton("yes", self.t(interaction, "forget.yes"),
                                   discord.ButtonStyle.danger))
        view.add_item(ForgetButton("no", self.t(interaction, "forget.no"),
                                   discord.ButtonStyle.secondary))
        return self.t(interaction, "forget.confirm"), unstored(view)

    async def confirm_forget(self, interaction: discord.Interaction, yes: bool) -> None:
        if not yes:
            await interaction.response.edit_message(content=self.t(interaction, "forget.kept"),
                                                    view=None)
            return
        games = await self.bot.store.forget(interaction.user.id)
        await interaction.response.edit_message(
            content=self.tn(interaction, "forget.done", games), view=None)


def _mean(values: Any) -> float:
    items = list(values)
    return sum(items) / len(items) if items else 0.0
