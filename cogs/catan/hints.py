"""A Catan hint in one line: the expert's move as its button reads, and the reason in words
(`catan.hint.<reason>`, its facts worded: cards, numbers, tracks, goals, seats)."""

from __future__ import annotations

from typing import Any

from ai.player import Hint
from bot.i18n import Catalog
from bot.records import Seat
from cogs.declare import Context
from rules.catan.actions import OfferTrade
from rules.catan.game import GAME

from . import texts
from .actions_ui import SPEC

View = dict[str, Any]


def hint_line(hint: Hint, view: View, seats: list[Seat], catalog: Catalog, lang: str) -> str:
    """'💡 **Build a city at I21**: a city doubles ⛰️ Ore on 6, 🌾 Grain on 8 and makes
    commodities.'"""
    action = GAME.parse_action(hint.action)
    if isinstance(action, OfferTrade):  # its panel builds it in steps: the whole offer here
        to = [action.to] if isinstance(action.to, str) else action.to
        text = texts.t(catalog, lang, "hint.offer.label",
                       give=texts.cards(action.give, catalog, lang),
                       get=texts.cards(action.get, catalog, lang),
                       to=", ".join(texts.seat(t, seats, catalog, lang) for t in to))
    else:
        label = SPEC.of(action.type).label
        assert label is not None
        text = label(action, Context(view, seats, catalog, lang))
    reason = texts.t(catalog, lang, f"hint.{hint.reason}", **worded(hint.params, seats,
                                                                    catalog, lang))
    return catalog.text("hint.line", lang, action=text, reason=reason)


def worded(params: dict[str, Any], seats: list[Seat], catalog: Catalog, lang: str
           ) -> dict[str, Any]:
    """The reason's facts as its text reads them."""
    out = dict(params)
    if "yields" in params:
        out["yields"] = ", ".join(
            texts.t(catalog, lang, "hint.yield", card=texts.card(c, catalog, lang), number=n)
            for c, n in params["yields"])
    if "card" in params:
        card = params["card"]
        out["card"] = (texts.progress(card, catalog, lang) if card in texts.COLOUR_OF
                       else texts.card(card, catalog, lang))
    if "cards" in params:
        out["cards"] = texts.cards(params["cards"], catalog, lang)
    if "track" in params:
        out["track"] = texts.track(params["track"], catalog, lang)
    if "goal" in params:
        kind, _, track = str(params["goal"]).partition(":")
        out["goal"] = texts.t(catalog, lang, f"hint.goal.{kind}",
                              track=texts.track(track, catalog, lang) if track else "")
    if "player" in params:
        out["player"] = texts.seat(params["player"], seats, catalog, lang)
    return out
