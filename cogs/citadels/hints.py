"""A hint in one line: the expert's move as its button reads, and the reason in words."""

from __future__ import annotations

from typing import Any

from ai.player import Hint
from bot.i18n import Catalog
from bot.records import Seat
from rules.citadels import Action

from .labels import action_label
from .texts import character, district, seat_name


def hint_line(hint: Hint, view: dict[str, Any], seats: list[Seat], catalog: Catalog,
              lang: str) -> str:
    """'💡 Take Warlord — two players are one district from finishing.'"""
    label = action_label(Action.parse(hint.action), view, seats, catalog, lang)
    params = dict(hint.params)
    if "player" in params:
        seat = next((s for s in seats if s.id == params["player"]), None)
        params["player"] = seat_name(seat, catalog, lang, seats) if seat else params["player"]
    if "character" in params:
        params["character"] = character(params["character"], lang)
    if "district" in params:
        params["district"] = district(params["district"], lang)
    if "count" in params:
        params["players"] = catalog.plural("citadels.hint.players", lang, params["count"],
                                           count=params["count"])
    if "gold" in params:
        params["coins"] = catalog.plural("citadels.hint.coins", lang, params["gold"],
                                         gold=params["gold"])
    reason = catalog.text(f"citadels.hint.{hint.reason}", lang, **params)
    return catalog.text("hint.line", lang, action=label, reason=reason)
