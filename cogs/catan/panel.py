"""A seat's private panel: what it holds (resources, commodities, progress cards with what
each does), where it stands (points, improvements, knights, bank rates, what is safe on a 7),
what the game asks of it now, and a component for every legal action.

Built from `view(state, seat)` and `legal_actions(state, seat)` only. What each action type
shows is its declaration's (actions_ui.py); the components are built by cogs/panels.py, the
turn's pieces as Build buttons that open their places (builds.py), its other kinds in groups
behind a menu, its usual choices (actions_ui.EAGER) shown before any group is chosen; the
offer builder's selects are trades.py's; the candidates' picture shows the places of the
selects shown (places.py).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.embeds import add_lines, fit
from bot.i18n import Catalog
from bot.names import language, waiting_for
from bot.records import GameRecord, Seat
from bot.ui import Panel
from cogs import panels
from cogs.declare import Context
from cogs.game import PicturePanel
from rules.catan.state import COMMODITIES, RESOURCES, TRACKS

from . import builder, builds, order, places, texts, trades
from .actions_ui import SPEC
from .render import picture

View = dict[str, Any]
COLOURS = {"mine": discord.Colour.green(), "waiting": discord.Colour.light_grey(),
           "over": discord.Colour.gold()}


def player_panel(record: GameRecord, seat: str, catalog: Catalog, lang: str,
                 notes: list[str], focus: str | None = None) -> Panel:
    lang = language(catalog, lang)
    state = record.state
    view = record.rules.view(state, seat)
    legal = record.rules.legal_actions(state, seat) if record.status == "running" else []
    legal, view = trades.prepared(legal, view, focus)
    legal = order.board_order(legal)  # every select of places in board order
    embed = panel_embed(record, view, seat, legal, catalog, lang, notes)
    if not legal:
        return PicturePanel(embed, None, None)
    ctx = Context(view, list(record.seats), catalog, lang)
    if builder.wanted(legal, view, focus):  # the trade builder: a layout of its own
        return PicturePanel(embed, builder.layout(record.id, record.version, legal, ctx,
                                                  focus, embed), None)
    hint = record.settings.hints and len(legal) > 1
    legal = builds.prepared(legal, focus)  # the pieces as Build buttons
    components = panels.components(record.id, record.version, legal, SPEC, ctx, focus,
                                   hint=hint)
    shown = panels.shown_types(components, SPEC)
    ids = places.candidates(legal, focus, shown) if record.settings.pictures else []
    return PicturePanel(embed, components, picture.places(record, ids, catalog, lang))


def panel_embed(record: GameRecord, view: View, seat: str, legal: list[Any], catalog: Catalog,
                lang: str, notes: list[str]) -> discord.Embed:
    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    seats = list(record.seats)
    me = texts.player(view, seat)
    over = view["phase"] == "over"
    state = "over" if over else "mine" if legal else "waiting"
    top = list(notes)
    top += _asked(view, seat, legal, seats, catalog, lang)
    if not legal and not over:
        names = waiting_for(record, catalog, lang)
        if names:
            top.append(t("panel.waiting", names=names))
    if over:
        top.append(t("panel.over"))
    top += trades.offer_lines(view, seats, catalog, lang)
    embed = discord.Embed(title=t("panel.title", points=me["points"]),
                          description="\n".join(top) or None, colour=COLOURS[state])
    hand = view.get("hand") or {}
    add_lines(embed, t("panel.resources", count=sum(hand.get(c, 0) for c in RESOURCES)),
              [texts.hand_line(hand, RESOURCES, catalog, lang)])
    add_lines(embed, t("panel.commodities", count=sum(hand.get(c, 0) for c in COMMODITIES)),
              [texts.hand_line(hand, COMMODITIES, catalog, lang)])
    cards = view.get("progress") or []
    add_lines(embed, t("panel.progress", count=len(cards)),
              [f"**{texts.progress(c, catalog, lang)}**: {texts.progress_text(c, catalog, lang)}"
               for c in cards] or [t("panel.no_progress")])
    add_lines(embed, t("panel.standing"), _standing(view, me, catalog, lang))
    if inspected := view.get("inspected"):
        add_lines(embed, t("panel.inspected", other=texts.seat(inspected["seat"], seats,
                                                               catalog, lang)),
                  _inspected(inspected, catalog, lang))
    if view["active"] == seat and (made := trades.turn_offers(view, seats, catalog, lang)):
        add_lines(embed, t("panel.offers"), made)
    embed.set_footer(text=t("panel.footer", turn=view["turn"]))
    return fit(embed)


def _standing(view: View, me: dict[str, Any], catalog: Catalog, lang: str) -> list[str]:
    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    seat = me["seat"]
    levels = " · ".join(f"{texts.track(k, catalog, lang)} {me['improvements'][k]}"
                        + (f" ({texts.level(k, me['improvements'][k], catalog, lang)})"
                           if me["improvements"][k] else "") for k in TRACKS)
    lines = [t("panel.points", points=me["points"], goal=_goal(view)), levels]
    knights = texts.knights_of(view, seat)
    if knights:
        lines.append(t("panel.knights", strength=texts.strength(view, seat), list=", ".join(
            f"{node} {texts.knight(k['level'], catalog, lang)}"
            + (f" ({t('knight.active').lower()})" if k["active"] else "")
            for node, k in knights)))
    rates: dict[str, int] = view.get("rates") or {}
    usual = max(rates.values(), default=4)  # 4:1, or 3:1 with a 3:1 harbour
    better = [f"{texts.CARD_EMOJI[c]} {n}:1" for c, n in rates.items() if n < usual]
    lines.append(t("panel.rates.better", usual=usual, rates=" · ".join(better)) if better
                 else t("panel.rates", usual=usual))
    lines.append(t("panel.safe", count=me["safe_cards"]))
    supply = me["supply"]
    lines.append(t("panel.supply", roads=supply["road"], settlements=supply["settlement"],
                   cities=supply["city"], walls=supply["wall"]))
    return lines


def _goal(view: View) -> int:
    return int((view.get("options") or {}).get("points", 13))


def _inspected(inspected: dict[str, Any], catalog: Catalog, lang: str) -> list[str]:
    if "progress" in inspected:
        return [texts.progress(c, catalog, lang) for c in inspected["progress"]] or ["—"]
    return [texts.cards(inspected.get("hand") or {}, catalog, lang)]


def _asked(view: View, seat: str, legal: list[Any], seats: list[Seat], catalog: Catalog,
           lang: str) -> list[str]:
    """The line saying what the game asks of the seat now."""
    def t(key: str, **params: object) -> str:
        return texts.t(catalog, lang, key, **params)

    def name(other: str | None) -> str:
        return texts.seat(other, seats, catalog, lang)

    if not legal:
        return []
    mine = next((d for d in view["pending"] if d["seat"] == seat), None)
    if mine is not None:
        kind = mine["kind"]
        params: dict[str, Any] = {"count": mine.get("count", 0),
                                  "other": name(mine.get("target") or mine.get("from")),
                                  "give": texts.cards(mine.get("give"), catalog, lang),
                                  "get": texts.cards(mine.get("get"), catalog, lang),
                                  "hand": sum((view.get("hand") or {}).values())}
        if kind == "knight_place" and mine.get("knight"):
            params["knight"] = texts.knight(mine["knight"]["level"], catalog, lang)
        lines = [t(f"ask.{kind}", **params)]
        if kind in ("trade_offer", "trade_ask") and not any(a.type == "accept_trade"
                                                            for a in legal):
            lines.append(t(f"ask.{kind}.cannot_pay"))
        if kind == "trade_reply":  # every acceptance and counter of the offer
            lines += trades.answers_lines(view, seats, catalog, lang)
        return lines
    if waiting := trades.waiting_lines(view, seats, catalog, lang):
        return waiting  # the offerer, while the addressees of its offer answer
    if view["pending"]:  # the offerer, waiting for the answer to an offer
        offer = next((d for d in view["pending"] if d["kind"] == "trade_offer"), None)
        if offer is not None:
            return [t("ask.offer_waiting", other=name(offer["seat"]),
                      give=texts.cards(offer["give"], catalog, lang),
                      get=texts.cards(offer["get"], catalog, lang))]
        return []
    if view["phase"] == "setup":
        setup = view.get("setup") or {}
        if setup.get("building"):
            return [t("ask.setup_road", place=setup["building"])]
        return [t("ask.setup_city" if setup.get("round") == 2 else "ask.setup_settlement")]
    if view["phase"] == "roll":
        return [t("ask.roll")]
    lines = [t("ask.turn")]
    this = view.get("this_turn") or {}
    if this.get("free_roads"):
        lines.append(t("ask.free_roads", count=this["free_roads"]))
    if this.get("free_promotions"):
        lines.append(t("ask.free_promotions", count=this["free_promotions"]))
    if any(a.type == "discard_progress" for a in legal):
        lines.append(t("ask.progress_limit"))
    return lines
