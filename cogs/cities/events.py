"""Cities' events as lines people read: the table's latest, the log and replays, and the
acting player's own, in the second person (`cities.event.you.<type>`, as in every game). Every
event is public (rules/cities/events.py); what a face-down item was is told only by the event of
its taking. The platform's notes (a timeout, a seat away or back, a player who left) are the
kit's (cogs/kit/lines.note), told alike in every game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from cogs.kit.lines import NOTES, note
from rules.cities.data import ComponentSet

from . import texts
from .texts import COLOUR_EMOJI, STAR, t

QUIET = {"star"}  # events the table's latest lines leave out (the picture shows them)


def event_line(event: dict[str, Any], seats: Sequence[Seat], parts: ComponentSet,
               catalog: Catalog, lang: str, viewer: str | None = None) -> str | None:
    """One event as a line; None for one no line tells."""
    kind = event.get("type", "")
    if kind in NOTES:  # the platform's own, told alike in every game
        return note(event, seats, catalog, lang, viewer)
    seat = event.get("seat", event.get("player"))
    you = viewer is not None and seat == viewer
    name = texts.name(seat, seats, catalog, lang)

    def line(key: str, **params: object) -> str:
        full = f"event.you.{key}" if you else f"event.{key}"
        return t(catalog, lang, full, name=name, **params)

    if kind == "start_tile":
        return line("start_tile", tile=event["tile"], rot=event["rot"])
    if kind == "round":
        return t(catalog, lang, "event.round", round=event["round"], name=name, mark=STAR)
    if kind == "took":
        return line("took", item=event["item"], what=_taken(event, parts, catalog, lang))
    if kind == "placed_tile":
        return line("placed_tile", tile=event["tile"], at=event["at"], rot=event["rot"])
    if kind == "placed_feature":
        return line("placed_feature", feature=_kind(parts, event["kind"], lang),
                    space=event["space"])
    if kind == "discarded_feature":
        return line("discarded_feature", feature=_kind(parts, event["kind"], lang))
    if kind == "placed_piece":
        return line("placed_piece", mark=COLOUR_EMOJI.get(event["colour"], ""),
                    colour=texts.colour(event["colour"], catalog, lang).lower(),
                    space=event["space"], height=event["height"])
    if kind == "discarded_piece":
        return line("discarded_piece", mark=COLOUR_EMOJI.get(event["colour"], ""),
                    colour=texts.colour(event["colour"], catalog, lang).lower())
    if kind == "star":
        return t(catalog, lang, "event.star", mark=STAR)
    if kind == "achievement":
        return line("achievement", value=event["value"],
                    objective=_objective(parts, event["objective"], catalog, lang))
    if kind == "round_end":
        removed = event.get("removed") or {}
        unseen = event.get("unseen") or {}
        gone = sum(len(removed.get(k) or ()) for k in ("cards", "tiles", "features")) + sum(
            unseen.values()) + (1 if removed.get("pieces") else 0)
        end = t(catalog, lang, "event.round_end", round=event["round"], name=name, mark=STAR)
        if gone:
            end += " " + t(catalog, lang, "event.leftovers")
        return end
    if kind == "game_over":
        return t(catalog, lang, "event.game_over")
    return None


def _taken(event: dict[str, Any], parts: ComponentSet, catalog: Catalog, lang: str) -> str:
    if "card" in event:
        card = event["card"]
        return texts.card_name(parts, card, lang) if card in parts.cards else card
    if "tile" in event:
        tile = event["tile"]
        return (t(catalog, lang, "tile.line", tile=tile, spaces=texts.tile_text(parts, tile))
                if tile in parts.city_tiles else tile)
    if "features" in event:
        return ", ".join(texts.feature_name(parts, f, lang) if f in parts.features else f
                         for f in event["features"]) or t(catalog, lang, "none")
    return texts.pieces_text(event.get("pieces", ""), catalog, lang)


def _kind(parts: ComponentSet, kind: str, lang: str) -> str:
    return texts.kind_name(parts, kind, lang) if kind in parts.kinds else kind


def _objective(parts: ComponentSet, objective: str, catalog: Catalog, lang: str) -> str:
    board = next((b for b in parts.boards.values()
                  if any(g.id == objective for g in b.objectives)), None)
    if board is None:
        return objective
    return texts.objective_text(parts, board.id, objective, catalog, lang)
