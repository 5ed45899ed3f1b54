"""The public table, the standings and the end-of-game breakdown: embeds built from the public
view (and the recent public events) only; scores are the engine's, read from the view."""

from __future__ import annotations

from typing import Any

import discord

from bot.embeds import FIELD_VALUE, add_lines, clip, fit
from bot.i18n import Catalog
from bot.records import Seat
from cogs.kit.ui import medal
from rules.citadels import Score
from rules.citadels.cards import CHARACTERS, COST, DISTRICTS
from rules.citadels.scoring import BREAKDOWN
from rules.citadels.state import Options

from .events import event_line
from .texts import (
    BEAUTIFIED,
    BEWITCHED,
    CARDS,
    CITY,
    CROWN,
    GOLD,
    MURDERED,
    POINTS,
    ROBBED,
    TYPE_EMOJI,
    cast_lines,
    character,
    character_tag,
    district,
    district_tag,
    district_type,
    language,
    who,
)

View = dict[str, Any]
LOG_LINES = 3
TYPE_ORDER = list(TYPE_EMOJI)  # a city reads grouped by type: noble, religious, trade, ...
# Steps the table already shows (whose turn, revealed characters, gold and hands) or that are
# routine: "Recent" keeps the events that matter (a build, a power used, a murder revealed).
ROUTINE = frozenset({"character_picked", "character_discarded", "character_revealed",
                     "gold_taken", "cards_drawn", "cards_kept", "round_started", "draft_turn",
                     "turn_ended"})
COLOURS = {
    "draft": discord.Colour.blurple(),
    "turns": discord.Colour.green(),
    "over": discord.Colour.gold(),
}


def table_embed(view: View, seats: list[Seat], log: list[dict[str, Any]], catalog: Catalog,
                lang: str) -> discord.Embed:
    """The table everyone sees: built only from `view(state, None)` and public events."""
    lang = language(catalog, lang)
    embed = discord.Embed(
        title=catalog.text("citadels.render.table.title", lang, round=view["round"]),
        description="\n".join(_summary(view, seats, catalog, lang)),
        colour=COLOURS.get(view["phase"], discord.Colour.default()),
    )
    for p in view["players"]:
        add_lines(embed, _player_title(view, p, seats, catalog, lang),
                  _player_lines(view, p, catalog, lang))
    recent = [line for e in log if e.get("type") not in ROUTINE
              and (line := event_line(e, seats, catalog, lang))][-LOG_LINES:]
    if recent:
        add_lines(embed, catalog.text("citadels.render.table.log", lang),
                  [clip("• " + line, FIELD_VALUE // LOG_LINES) for line in recent])
    footer = [catalog.text("citadels.render.table.footer", lang, size=view["city_size"],
                           deck=view["deck_size"])]
    if options := view.get("options"):
        footer += cast_lines(Options.model_validate(options), catalog, lang)
    embed.set_footer(text="\n".join(footer))
    return fit(embed)


def _summary(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> list[str]:
    def t(key: str, **params: object) -> str:
        return catalog.text(f"citadels.render.table.{key}", lang, **params)

    lines = [t("crown", name=who(view["crown"], seats, catalog, lang))]
    if view["finished"]:
        lines.append(t("winner", name=who(view["winner"], seats, catalog, lang)))
        return lines
    acting = view["to_act"][0] if view["to_act"] else None
    if view["phase"] == "draft" and view.get("draft"):
        d = view["draft"]
        lines.append(t(f"draft.{d['step']}", name=who(d["chooser"], seats, catalog, lang),
                       count=d["pool_size"]))
    elif view.get("graveyard_card"):
        lines.append(t("graveyard", name=who(acting, seats, catalog, lang),
                       district=district(view["graveyard_card"], lang)))
    elif view.get("current_character"):
        lines.append(t("turn", character=character_tag(view["current_character"], lang),
                       name=who(acting, seats, catalog, lang)))
    if view["faceup_discards"]:
        lines.append(t("faceup", characters=", ".join(
            character(c, lang) for c in view["faceup_discards"])))
    marks = []  # one line for the round's fates: a phone has few lines to spare
    if view["murdered"]:
        marks.append(t("murdered", mark=MURDERED, character=character(view["murdered"], lang)))
    if view["robbed"]:
        marks.append(t("robbed", mark=ROBBED, character=character(view["robbed"], lang)))
    if view.get("bewitched"):
        marks.append(t("bewitched", mark=BEWITCHED,
                       character=character(view["bewitched"], lang)))
    if view["absent"]:
        marks.append(t("absent", characters=", ".join(character(c, lang)
                                                      for c in view["absent"])))
    if marks:
        lines.append(" · ".join(marks))
    return lines


def _player_title(view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog,
                  lang: str) -> str:
    crown = f"{CROWN} " if view["crown"] == p["id"] else ""
    first = " 🏁" if view.get("first_complete") == p["id"] else ""
    turn = "▶️ " if view["to_act"] and view["to_act"][0] == p["id"] else ""
    return (f"{turn}{crown}{who(p['id'], seats, catalog, lang)}{first} · "
            f"{p['score']['total']} {POINTS} · {p['gold']} {GOLD} · "
            f"{p['hand_size']} {CARDS} · {len(p['city'])}/{view['city_size']} {CITY}")


def _player_lines(view: View, p: dict[str, Any], catalog: Catalog, lang: str) -> list[str]:
    """The characters shown this round and the city grouped by type, on one line."""
    shown = " · ".join(character_tag(c, lang) + (f" {ROBBED}" if c == view["robbed"] else "")
                       for c in p["revealed"])
    city = sorted(p["city"], key=lambda d: (TYPE_ORDER.index(DISTRICTS[d].type), COST[d], d))
    built = (", ".join(district_tag(d, lang) + (BEAUTIFIED if d in p.get("beautified", ())
                                                else "") for d in city)
             if city else catalog.text("citadels.render.table.empty_city", lang))
    lines = [f"{shown} — {built}" if shown else built]
    if p.get("museum_count"):
        lines.append(catalog.text("citadels.render.table.museum", lang, count=p["museum_count"]))
    return lines


STANDINGS_COLOUR = discord.Colour.blurple()
FINAL_COLOUR = discord.Colour.gold()
# Every part of a score beyond its districts, in the engine's order: each on its own line.
BONUSES = tuple(part for part in BREAKDOWN if part != "districts")


def scores_from_view(view: View) -> dict[str, Score]:
    """Each player's score as the engine computed it for the view (never computed here)."""
    return {p["id"]: Score(player=p["id"], **p["score"]["breakdown"],
                           tiebreak=p["score"]["tiebreak"],
                           haunted_quarter_as=p["score"]["haunted_quarter_as"],
                           total=p["score"]["total"])
            for p in view["players"]}


def ranking(view: View, table: dict[str, Score] | None = None) -> list[str]:
    """Player ids best first, as the engine ranks them (the view's `ranking`)."""
    return list(view["ranking"])


def standings_embed(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> discord.Embed:
    """The current public standings, as if the game ended now."""
    lang = language(catalog, lang)
    table = scores_from_view(view)
    embed = discord.Embed(title=catalog.text("citadels.render.standings.title", lang,
                                             round=view["round"]), colour=STANDINGS_COLOUR)
    lines = []
    for i, seat in enumerate(ranking(view, table)):
        sc = table[seat]
        lines.append(catalog.text("citadels.render.standings.line", lang, place=_place(i),
                                  name=who(seat, seats, catalog, lang), total=sc.total,
                                  details=_details(sc, catalog, lang)))
    embed.description = "\n".join(lines)
    embed.set_footer(text=catalog.text("citadels.render.standings.footer", lang))
    return fit(embed)


def final_embed(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> discord.Embed:
    """The end-of-game breakdown, the winner and, on a tie, how it was broken."""
    lang = language(catalog, lang)
    table = scores_from_view(view)
    order = ranking(view, table)
    winner = view.get("winner") or order[0]
    embed = discord.Embed(
        title=catalog.text("citadels.render.final.title", lang),
        description=catalog.text("citadels.render.final.winner", lang,
                                 name=who(winner, seats, catalog, lang),
                                 total=table[winner].total),
        colour=FINAL_COLOUR)
    ties = [tiebreak_text(view, table, seats, catalog, lang), *lower_ties(view, table, seats,
                                                                           catalog, lang)]
    embed.description = "\n".join([embed.description or "", *(t for t in ties if t)])
    for i, seat in enumerate(order):
        sc = table[seat]
        name = catalog.text("citadels.render.final.player", lang, place=_place(i),
                            name=who(seat, seats, catalog, lang), total=sc.total)
        add_lines(embed, name, _breakdown(sc, catalog, lang))
    if view.get("final_reveal"):
        add_lines(embed, catalog.text("citadels.render.final.reveal", lang),
                  _reveal(view, seats, catalog, lang))
    return fit(embed)


def _reveal(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> list[str]:
    """Who held which character in the last round (the murdered one too), and the
    characters discarded face down."""
    final = view["final_reveal"]
    held: dict[str, list[str]] = {}
    for cid, seat in final["holders"].items():
        mark = f" {MURDERED}" if cid == view.get("murdered") else ""
        held.setdefault(seat, []).append(character_tag(cid, lang) + mark)
    lines = [f"{who(seat, seats, catalog, lang)}: {', '.join(held[seat])}"
             for seat in (p["id"] for p in view["players"]) if seat in held]
    if final["facedown"]:
        lines.append(catalog.text("citadels.render.final.facedown", lang, characters=", ".join(
            character(c, lang) for c in final["facedown"])))
    return lines


def tiebreak_text(view: View, table: dict[str, Score], seats: list[Seat], catalog: Catalog,
                  lang: str, markdown: bool = True) -> str | None:
    """Why the winner won a tie on points, in words; None without a tie. The names are
    markdown-escaped for an embed, or plain (`markdown=False`) for a picture."""
    order = ranking(view, table)
    best = table[order[0]].total
    tied = [seat for seat in order if table[seat].total == best]
    if len(tied) < 2:
        return None
    winner = view.get("winner") or order[0]
    names = ", ".join(who(p, seats, catalog, lang, markdown=markdown) for p in tied)
    name = who(winner, seats, catalog, lang, markdown=markdown)
    top = table[winner].tiebreak
    if sum(1 for p in tied if table[p].tiebreak == top) == 1 and top > 0:
        cid = _of_rank(view, top)
        return catalog.text("citadels.render.final.tie_character", lang, names=names, total=best,
                            name=name, character=character(cid, lang), rank=top)
    return catalog.text("citadels.render.final.tie_seat", lang, names=names, total=best, name=name)


def lower_ties(view: View, table: dict[str, Score], seats: list[Seat], catalog: Catalog,
               lang: str) -> list[str]:
    """Each tie below first place, with the order the rulebook's tie-break gave it: the
    highest character revealed in the last round, then seating order; and a tie for first of
    three or more, whose places after the winner's need the same explanation."""
    order = ranking(view, table)
    lines = []
    for n, total in enumerate(sorted({table[p].total for p in order}, reverse=True)):
        tied = [p for p in order if table[p].total == total]
        if len(tied) < (3 if n == 0 else 2):
            continue
        ranked = " › ".join(_tied_name(view, p, table[p].tiebreak, seats, catalog, lang)
                            for p in tied)
        lines.append(catalog.text("citadels.render.final.tie_lower", lang, total=total,
                                  order=ranked, place=_place(order.index(tied[0]))))
    return lines


def _tied_name(view: View, seat: str, rank: int, seats: list[Seat], catalog: Catalog,
               lang: str) -> str:
    """'Ana (4 King)', or 'Ana (—)' when she revealed no character in the last round."""
    shown = f"{rank} {character(_of_rank(view, rank), lang)}" if rank else "—"
    return f"{who(seat, seats, catalog, lang)} ({shown})"


def _of_rank(view: View, rank: int) -> str:
    """The character of `rank` in this game's cast (Dark City swaps some)."""
    cast = view.get("cast") or [c.id for c in CHARACTERS.values()]
    return next(c for c in cast if CHARACTERS[c].rank == rank)


def _place(i: int) -> str:
    return medal(i + 1)


def _details(sc: Score, catalog: Catalog, lang: str) -> str:
    """'20 + 3 + 4': the parts of a total that are not zero, compactly."""
    parts = [catalog.text("citadels.render.score.short.districts", lang, points=sc.districts)]
    for key in BONUSES:
        points = getattr(sc, key)
        if points:
            parts.append(catalog.text(f"citadels.render.score.short.{key}", lang, points=points))
    return " · ".join(parts)


def _breakdown(sc: Score, catalog: Catalog, lang: str) -> list[str]:
    def line(key: str, points: int, **params: object) -> str:
        return catalog.text(f"citadels.render.score.{key}", lang, points=points, **params)

    lines = [line("districts", sc.districts)]
    if sc.five_types:
        if sc.haunted_quarter_as:
            lines.append(line("five_types_haunted", sc.five_types,
                              type=district_type(sc.haunted_quarter_as, lang)))
        else:
            lines.append(line("five_types", sc.five_types))
    for key in BONUSES[1:]:
        points = getattr(sc, key)
        if points:
            lines.append(line(key, points))
    return lines
