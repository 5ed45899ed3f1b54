"""The public table, its key, the standings and the final result: embeds built from the public
view (and the record's recent public events) only; the table's lines fit a phone (40 columns,
an emoji two: bot.embeds.width), a seat in two lines."""

from __future__ import annotations

from typing import Any

import discord

from bot.embeds import FIELD_VALUE, PHONE, add_lines, clip, fit, width, wrap
from bot.i18n import Catalog
from bot.names import language, waiting_for
from bot.records import GameRecord, Seat
from rules.catan.state import RULES, TRACKS

from . import events, texts

View = dict[str, Any]
LOG_LINES = 4
INDENT = "  "  # a seat's second line
TRACK = int(RULES["barbarian_track"])
COLOURS = {"setup": discord.Colour.blurple(), "roll": discord.Colour.green(),
           "production": discord.Colour.green(), "action": discord.Colour.green(),
           "over": discord.Colour.gold()}
# The result's sources of points, in the order it lists them; "progress" (the VP cards) is
# told apart into the Printer and the Constitution.
SOURCES = ("settlements", "cities", "metropolises", "defenders", "longest_road", "merchant")
VP_CARDS = ("constitution", "printer")


def round_of(view: View) -> int:
    """The table's round: 0 for the set-up, then one for each turn of every seat."""
    turn = int(view["turn"])
    return 0 if turn <= 0 else (turn - 1) // len(view["players"]) + 1


def table_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    """The table: every line within a phone's width (bot.embeds.PHONE columns), a seat in one
    or two lines; what each mark means is the key (`key_embed`)."""
    lang = language(catalog, lang)
    view = record.rules.view(record.state, None)
    seats = list(record.seats)

    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    title = (t("table.title.setup") if view["phase"] == "setup"
             else t("table.title", round=round_of(view), turn=view["turn"]))
    embed = discord.Embed(title=title, description="\n".join(
        _phone(_summary(record, view, catalog, lang))), colour=COLOURS.get(view["phase"]))
    add_lines(embed, t("table.seats"), [line for p in view["players"]
                                        for line in _seat_lines(view, p, seats, catalog, lang)])
    recent = [line for e in record.log if e.get("type") not in events.ROUTINE
              and (line := events.line(e, seats, catalog, lang))][-LOG_LINES:]
    if recent:
        add_lines(embed, t("table.log"),
                  _phone([clip("• " + line, FIELD_VALUE // LOG_LINES) for line in recent]))
    embed.set_footer(text="\n".join(_phone(option_lines(view["options"], catalog, lang))))
    return fit(embed)


def _phone(lines: list[str]) -> list[str]:
    """Each line wrapped to a phone's width between words."""
    return [part for line in lines for part in wrap(line)]


def _summary(record: GameRecord, view: View, catalog: Catalog, lang: str) -> list[str]:
    """Whose turn, the last roll with its event die, the barbarians against the knights,
    Longest Road, whom the game waits for."""
    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    seats = list(record.seats)
    lines = []
    if view["winner"] is not None:
        lines.append(t("table.winner", name=texts.seat(view["winner"], seats, catalog, lang)))
    elif view["active"] is not None:
        turn = "table.turn.setup" if view["phase"] == "setup" else "table.turn"
        lines.append(t(turn, name=texts.seat(view["active"], seats, catalog, lang)))
    if (dice := view["dice"]) is not None:
        lines.append(t("table.dice", red=dice["red"], yellow=dice["yellow"],
                       total=dice["red"] + dice["yellow"],
                       face=t(f"table.face.{dice['event']}")))
    ship = int(view["barbarians"]["ship"])
    lines.append(t("table.barbarians", steps=TRACK - ship, ship=ship, track=TRACK))
    lines.append(t("table.defence", attack=texts.attack(view),
                   defence=sum(texts.strength(view, p["seat"]) for p in view["players"])))
    if view["barbarians"]["robber_locked"]:
        lines.append(t("table.robber_locked"))
    holder = view["longest_road"]
    if holder is not None:
        lines.append(t("table.longest_road", name=texts.seat(holder, seats, catalog, lang)))
    if view["phase"] != "over" and (names := waiting_for(record, catalog, lang)):
        lines.append(t("table.waiting", names=names))
    return lines


def _seat_lines(view: View, p: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str
                ) -> list[str]:
    """A seat in two lines of a phone's width: its turn, colour, name (cut to fit), points,
    cards and progress cards; then its knights' strength, road, improvement levels by their
    track's colour, Defender cards and the merchant."""
    seat = p["seat"]
    turn = "▶️ " if view["active"] == seat and view["phase"] != "over" else ""
    points = (f" · **{p['points']}**{texts.POINTS} · {p['cards']}{texts.HAND}"
              f" {sum(p['progress'].values())}{texts.PROGRESS}")
    head = f"{turn}{texts.seat_fitted(seat, seats, catalog, lang, PHONE - width(turn + points))}"
    road = f"{texts.ROAD}{p['road_length']}" + ("🏆" if view["longest_road"] == seat else "")
    more = [f"{texts.KNIGHTS}{texts.strength(view, seat)}", road]
    if levels := " ".join(f"{texts.TRACK_EMOJI[k]}{p['improvements'][k]}" for k in TRACKS
                          if p["improvements"][k]):
        more.append(levels)
    marks = (f"{texts.DEFENDER}{p['defenders']}" if p["defenders"] else "") + (
        f" {texts.MERCHANT}" if view["board"]["merchant_owner"] == seat else "")
    if marks:
        more.append(marks.strip())
    return [head + points, INDENT + " · ".join(more)]


def key_embed(catalog: Catalog, lang: str) -> discord.Embed:
    """What each of the table's marks means (the table's Key button, `/catan help`)."""
    lang = language(catalog, lang)
    return discord.Embed(title=texts.t(catalog, lang, "key.title"),
                         description=texts.t(catalog, lang, "key.body"),
                         colour=discord.Colour.gold())


def option_lines(options: dict[str, Any], catalog: Catalog, lang: str) -> list[str]:
    """The game's options as the lobby and the table's footer say them."""
    layout = options.get("layout", "beginner")
    points = int(options.get("points", RULES["victory_points"]))
    return [texts.t(catalog, lang, "options.line", layout=texts.t(catalog, lang,
                                                                  f"layout.{layout}"),
                    points=points)]


def standings_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    """The points so far, each with its sources."""
    lang = language(catalog, lang)
    view = record.rules.view(record.state, None)
    seats = list(record.seats)
    embed = discord.Embed(title=texts.t(catalog, lang, "standings.title", turn=view["turn"]),
                          colour=discord.Colour.blue())
    order = sorted(view["players"], key=lambda p: -p["points"])
    for p in order:
        add_lines(embed, f"{texts.seat(p['seat'], seats, catalog, lang)} · {p['points']} "
                         f"{texts.POINTS}", [_sources(p["breakdown"], p["vp_cards"], catalog,
                                                      lang)])
    embed.set_footer(text="\n".join(option_lines(view["options"], catalog, lang)))
    return fit(embed)


def _sources(breakdown: dict[str, int], vp_cards: list[str], catalog: Catalog, lang: str
             ) -> str:
    """Every source of points with what it gives: "Settlements 2 · Cities 4 · Printer 1"."""
    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    parts = [f"{t(f'result.{k}')} {breakdown[k]}" for k in SOURCES if breakdown.get(k)]
    parts += [f"{t(f'progress.{card}')} 1" for card in VP_CARDS if card in vp_cards]
    return " · ".join(parts) or t("result.nothing")


def final_embed(record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
    """The end: places, points and every point's source (the engine's result breakdown, the
    VP cards told apart from the public view), the winner first."""
    lang = language(catalog, lang)
    result = record.rules.result(record.state)
    assert result is not None
    view = record.rules.view(record.state, None)
    seats = list(record.seats)
    cards = {p["seat"]: p["vp_cards"] for p in view["players"]}
    winner = next((s for s, r in result.ranks.items() if r == 1), None)
    embed = discord.Embed(
        title=texts.t(catalog, lang, "result.title"),
        description=texts.t(catalog, lang, "result.winner",
                            name=texts.seat(winner, seats, catalog, lang),
                            points=result.scores.get(winner or "", 0), turn=view["turn"]),
        colour=discord.Colour.gold())
    for seat in sorted(result.ranks, key=lambda s: (result.ranks[s], -result.scores[s])):
        medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(result.ranks[seat], f"{result.ranks[seat]}.")
        add_lines(embed, f"{medal} {texts.seat(seat, seats, catalog, lang)} · "
                         f"{result.scores[seat]} {texts.POINTS}",
                  [_sources(result.breakdown[seat], cards.get(seat, []), catalog, lang)])
    embed.set_footer(text="\n".join(option_lines(view["options"], catalog, lang)))
    return fit(embed)
