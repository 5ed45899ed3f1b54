"""The public table, the standings and the end with every point by source: embeds built from
the public view (and the record's recent public events) only, the table a text that fits a phone;
and the options' lines the lobby shows."""

from __future__ import annotations

from typing import Any

import discord

from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.names import waiting_for
from bot.records import GameRecord, Seat
from cogs.kit.ui import medal
from rules.cities import data
from rules.cities.state import RANDOM, Options

from . import events, texts
from .texts import PARTS, RING, STAR, WORKER, t

View = dict[str, Any]
LATEST = 3  # the table's latest events


def table_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    lang = texts.lang_of(catalog, lang)
    view = record.rules.public_view(record.state)
    if view["phase"] == "start_tile":
        title = t(catalog, lang, "table.title.draft")
    else:
        title = t(catalog, lang, "table.title", round=view["round"], rounds=view["rounds"])
    lines = [_turn_line(view, record.seats, catalog, lang)]
    lines += [_seat_line(view, p, record.seats, catalog, lang) for p in view["players"]]
    embed = discord.Embed(title=title, description="\n".join(lines),
                          colour=discord.Colour.teal())
    add_lines(embed, t(catalog, lang, "table.achievements", board=texts.board_name(view, lang)),
              [texts.objective_line(view, o, record.seats, catalog, lang)
               for o in view["achievements"]["objectives"]])
    latest = _latest(record, view, catalog, lang)
    if latest:
        add_lines(embed, t(catalog, lang, "table.latest"), latest)
    if (names := waiting_for(record, catalog, lang, markdown=False)) is not None:
        embed.set_footer(text=t(catalog, lang, "table.waiting", names=names))
    return fit(embed)


def _turn_line(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    if not view["to_act"]:
        return t(catalog, lang, "table.over")
    name = texts.name(view["to_act"][0], seats, catalog, lang)
    line = t(catalog, lang, "table.turn", name=name,
             phase=texts.phase_text(view, catalog, lang))
    if view["round"]:
        line += " · " + t(catalog, lang, "table.turn_count",
                          turn=min(view["turn"] + 1, view["turns"]), turns=view["turns"])
    return line


def _seat_line(view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
               lang: str) -> str:
    star = f" {STAR}" if p["seat"] == view["start_player"] and view["phase"] != "over" \
        else ""
    workers = t(catalog, lang, "table.seat.workers", worker=WORKER, workers=p["workers"]) \
        if texts.in_round(view) else ""  # none are out before the first round or after
    return t(catalog, lang, "table.seat", mark=texts.seat_mark(view, p["seat"]),
             name=texts.name(p["seat"], seats, catalog, lang), star=star,
             total=p["score"]["total"], achievements=p["score"]["achievements"],
             workers=workers, cards=len(p["cards"]))


def _latest(record: GameRecord, view: View, catalog: Catalog, lang: str
            ) -> list[str]:
    parts = texts.parts_of(view)
    found = [line for e in record.log if e.get("type") not in events.QUIET
             and (line := events.event_line(e, record.seats, parts, catalog, lang))]
    return found[-LATEST:]


def standings_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    lang = texts.lang_of(catalog, lang)
    view = record.rules.public_view(record.state)
    embed = discord.Embed(title=t(catalog, lang, "standings.title", round=view["round"],
                                  rounds=view["rounds"]), colour=discord.Colour.teal())
    order = sorted(view["players"], key=lambda p: (view["standings"][p["seat"]],
                                                   texts.seat_index(view, p["seat"])))
    for p in order:
        add_lines(embed, _score_title(view, p, record.seats, catalog, lang),
                  _score_lines(view, p, catalog, lang))
    return fit(embed)


def _score_title(view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
                 lang: str) -> str:
    rank = view["standings"][p["seat"]]
    return t(catalog, lang, "standings.seat", medal=medal(rank),
             mark=texts.seat_mark(view, p["seat"]),
             name=texts.name(p["seat"], seats, catalog, lang, markdown=False),
             total=p["score"]["total"])


def _score_lines(view: View, p: dict[str, Any], catalog: Catalog, lang: str
                 ) -> list[str]:
    """Every point by source: each part, each card, each ring."""
    parts = texts.parts_of(view)
    score = p["score"]
    lines = [t(catalog, lang, f"part.{part}.line", n=score[part]) for part in PARTS]
    for card, n in p["card_points"].items():
        lines.append(t(catalog, lang, "standings.card", name=texts.card_name(parts, card,
                                                                              lang), n=n))
    board_id = view["achievements"]["board"]
    for objective, value in p["rings"].items():
        lines.append(t(catalog, lang, "standings.ring", mark=RING, value=value,
                       objective=texts.objective_text(parts, board_id, objective, catalog,
                                                      lang)))
    return lines


def final_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    lang = texts.lang_of(catalog, lang)
    view = record.rules.public_view(record.state)
    result = record.rules.result(record.state)
    ranks = result.ranks if result is not None else view["standings"]
    order = sorted(view["players"], key=lambda p: (ranks[p["seat"]],
                                                   texts.seat_index(view, p["seat"])))
    lines = [t(catalog, lang, "final.place", medal=medal(ranks[p["seat"]]),
               name=texts.name(p["seat"], record.seats, catalog, lang),
               total=p["score"]["total"]) for p in order]
    lines += _ties(view, order, ranks, record.seats, catalog, lang)
    embed = discord.Embed(title=t(catalog, lang, "final.title"),
                          description="\n".join(lines), colour=discord.Colour.gold())
    for p in order:
        add_lines(embed, _score_title(view, p, record.seats, catalog, lang),
                  _score_lines(view, p, catalog, lang))
    embed.set_footer(text=texts.set_line(view, catalog, lang))
    return fit(embed)


def _ties(view: View, order: list[dict[str, Any]], ranks: dict[str, int],
          seats: list[Seat], catalog: Catalog, lang: str) -> list[str]:
    """Every tie on points, and how the achievements settle it or not (R23)."""
    out = []
    by_total: dict[int, list[dict[str, Any]]] = {}
    for p in order:
        by_total.setdefault(p["score"]["total"], []).append(p)
    for total, tied in by_total.items():
        if len(tied) < 2:
            continue
        names = ", ".join(texts.name(p["seat"], seats, catalog, lang) for p in tied)
        shared = len({ranks[p["seat"]] for p in tied}) == 1
        detail = ", ".join(t(catalog, lang, "final.tie.detail",
                             name=texts.name(p["seat"], seats, catalog, lang),
                             n=p["score"]["achievements"]) for p in tied)
        out.append(t(catalog, lang, "final.tie.shared" if shared else "final.tie.broken",
                     names=names, total=total, detail=detail))
    return out


def option_lines(settings: dict[str, Any], catalog: Catalog, lang: str) -> list[str]:
    """The lobby's and the table's lines on the game's options."""
    options = Options.model_validate(settings)
    parts = data.component_set(options.component_set)
    lang = texts.lang_of(catalog, lang)
    chosen = (t(catalog, lang, "lobby.board.random") if options.board == RANDOM
              else texts.named(parts.boards[options.board], lang))
    lines = [t(catalog, lang, "lobby.set.printed" if parts.printed else "lobby.set.open",
               id=parts.id),
             t(catalog, lang, "lobby.board", board=chosen)]
    if options.long:
        lines.append(t(catalog, lang, "lobby.long"))
    return lines
