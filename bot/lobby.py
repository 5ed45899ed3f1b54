"""The lobby message: settings, seats and status of a game not yet (or no longer) running."""

from __future__ import annotations

import discord

from bot.components import LobbyButton, LobbyOptionSelect, LobbySelect, unstored
from bot.computers import strengths
from bot.durations import duration
from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.names import language, seat_name, who
from bot.records import GameRecord, Seat
from bot.service import seating_problem
from bot.ui import ui_for

COLOURS = {
    "lobby": discord.Colour.green(),
    "running": discord.Colour.blue(),
    "finished": discord.Colour.gold(),
    "cancelled": discord.Colour.dark_grey(),
}
LANGUAGE_NAMES = {"en": "English", "es": "Español"}


def lobby_embed(record: GameRecord, options: list[str], catalog: Catalog, lang: str,
                starting: bool = False) -> discord.Embed:
    """Host, settings (`options`: the game's own, as its UI words them), seats, free places
    and status of a game's lobby (`starting`: Start was pressed and the game's thread waits
    its turn to open)."""
    lang = language(catalog, lang)

    def t(key: str, **params: object) -> str:
        return catalog.text(f"render.lobby.{key}", lang, **params)

    s = record.settings
    title = catalog.text(f"{record.game}.title", lang)
    embed = discord.Embed(title=t("title", id=record.id, title=title),
                          description=t("status.starting" if starting and record.status == "lobby"
                                        else f"status.{record.status}"),
                          colour=COLOURS.get(record.status, discord.Colour.default()))
    limit = (t("limit.minutes", duration=duration(s.turn_limit, catalog, lang)) if s.turn_limit
             else t("limit.off"))
    add_lines(embed, t("settings"), [
        t("host", host=f"<@{record.host_id}>"),
        t("max_players", count=record.max_players),
        *options,
        t("limit", value=limit),
        t("language", value=LANGUAGE_NAMES.get(s.language, s.language)),
    ])
    seats = [_seat_line(i, seat, record.seats, catalog, lang)
             for i, seat in enumerate(record.seats, 1)]
    add_lines(embed, t("seats", count=len(record.seats), max=record.max_players),
              seats or [t("no_seats")])
    if record.status == "lobby":
        if len(record.seats) >= record.rules.min_players and (
                problem := seating_problem(record)) is not None:
            embed.add_field(name=t("problem"), inline=False,
                            value="⚠️ " + catalog.text(problem.key, lang, **problem.params))
        free = max(0, record.max_players - len(record.seats))
        embed.set_footer(text=t("free", count=free) if free else t("full"))
    elif record.status == "running":
        embed.add_field(name=t("where"), value=f"<#{record.channel_id}>", inline=False)
    elif record.status == "finished" and record.state is not None:
        result = record.rules.result(record.state)
        if result is not None:
            order = sorted(result.ranks, key=result.ranks.__getitem__)
            add_lines(embed, t("result"), [
                t("place", rank=result.ranks[seat], name=who(seat, record.seats, catalog, lang),
                  score=result.scores[seat]) for seat in order])
    return fit(embed)


def lobby_message(record: GameRecord, catalog: Catalog, starting: bool = False
                  ) -> tuple[discord.Embed, discord.ui.View | None]:
    """The lobby message as it stands: buttons only while the lobby is open (kept while it is
    `starting`, so that a lobby whose start a restart cut short can still be started);
    afterwards, where the game is played and, once over, its result."""
    lang = record.settings.language
    embed = lobby_embed(record, ui_for(record.game).option_lines(record, catalog, lang),
                        catalog, lang, starting)
    if record.status != "lobby":
        return embed, None
    text = catalog.text
    view = discord.ui.View(timeout=None)
    style = discord.ButtonStyle
    for op, colour in (("join", style.success), ("leave", style.secondary),
                       ("start", style.primary), ("cancel", style.danger),
                       ("remove", style.secondary)):
        view.add_item(LobbyButton(record.id, op, text(f"lobby.{op}", lang), colour, row=0))
    options = [discord.SelectOption(label=text(f"strength.{s}", lang), value=s,
                                    description=text(f"strength.{s}.about", lang))
               for s in strengths(record.game)]
    view.add_item(LobbySelect(record.id, options, text("lobby.add", lang), row=1))
    for row, select in enumerate(ui_for(record.game).lobby_selects(record, catalog, lang)[:3],
                                 start=2):
        view.add_item(LobbyOptionSelect(record.id, select.name, select.options,
                                        select.placeholder, min_values=select.min_values,
                                        max_values=select.max_values, row=row))
    return embed, unstored(view)


def _seat_line(i: int, seat: Seat, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    if seat.user_id is None:
        return f"{i}. {seat_name(seat, catalog, lang, seats)}"
    away = ""
    if seat.left:
        away = " " + catalog.text("render.lobby.left", lang)
    elif seat.away:
        away = " " + catalog.text("render.lobby.away", lang)
    return f"{i}. <@{seat.user_id}>{away}"
