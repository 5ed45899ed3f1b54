"""The public table: one embed from the public view and the recent public events."""

from __future__ import annotations

from typing import Any

import discord

from bot.embeds import FIELD_VALUE, add_lines, clip, fit
from bot.i18n import Catalog
from bot.records import Seat
from rules.citadels.cards import COST, DISTRICTS
from rules.citadels.state import Options

from .cast import cast_lines
from .events import event_line
from .names import (
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
    character,
    character_tag,
    district,
    district_tag,
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
