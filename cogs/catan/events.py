"""Catan's events as lines people read: the table's recent events, the log, a replay (the
public part of each event), and a panel's notes (what one reader's own action caused, with
what the event tells that reader alone: the card they stole, the progress card they drew).

The lines are the kit's engine (cogs/kit/lines.py): each event type's line is
`catan.event.<type>` (or a variant of it), read `catan.event.you.<type>` by its maker and
`catan.event.to_you.<type>` by the seat it is about (of an offer to several seats, the one
reading it) where the catalog has those; every text is given the maker's and the other seat's
names, with their colour. This module names the lines that are more than their text with their
fields, and how Catan's fields read. The platform's notes (a timeout, a seat away or back, a
player who left) are the kit's (cogs/kit/lines.note), told alike in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from bot.i18n import Catalog
from bot.records import Seat
from cogs.kit import lines as kit
from cogs.kit.lines import NOTES, note
from rules.catan.state import CARDS, RULES

from . import texts

Event = dict[str, Any]
TRACK = int(RULES["barbarian_track"])
# Fields naming the other seat an event is about (at most one of them per event).
OTHERS = ("victim", "to", "taken_from", "by")
# Steps the table shows by itself (whose turn, the dice, the ship) or that are routine: the
# table's recent events keep those that matter.
ROUTINE = frozenset({"turn_started", "turn_ended", "rolled", "ship_advanced", "produced",
                     "starting_hand"})


class Line(kit.Line):
    """One event told to one reader (None: the table), with Catan's cards, decks and hexes."""

    __slots__ = ()

    def cards(self, field: str = "cards") -> str:
        return texts.cards(self.event.get(field) or {}, self.catalog, self.lang)

    def card(self, field: str = "card") -> str:
        return texts.card(self.event[field], self.catalog, self.lang)

    def progress(self, field: str = "card") -> str:
        return texts.progress(self.event[field], self.catalog, self.lang)

    def deck(self) -> str:
        return texts.deck(self.event["deck"], self.catalog, self.lang)

    def hex(self, field: str = "hex") -> str:
        return str(self.event[field])

    def t(self, key: str, **params: Any) -> str:
        return texts.t(self.catalog, self.lang, key, **params)


Builder = Callable[[Line], "str | None"]


def _cards(value: Any, c: kit.Line) -> str:
    return texts.cards(value or {}, c.catalog, c.lang)


def _card(value: Any, c: kit.Line) -> str:
    """A resource or commodity, or a progress card, by its name."""
    if value in CARDS:
        return texts.card(value, c.catalog, c.lang)
    return texts.progress(value, c.catalog, c.lang) if value in texts.COLOUR_OF else str(value)


# How Catan's fields read wherever a line is its text with its fields (kit.by_fields: an
# event nothing here names, as a progress card added to the engine causes).
FIELDS: dict[str, kit.FieldText] = {
    "cards": _cards, "give": _cards, "get": _cards, "card": _card,
    "deck": lambda value, c: texts.deck(value, c.catalog, c.lang),
}


def _placed(c: Line) -> str:
    piece = c.event["piece"]
    place = c.event.get("node") or c.event.get("edge")
    return c.text(f"placed.{piece}", place=place)


def _built(c: Line) -> str:
    piece = c.event["piece"]
    free = "" if c.event.get("paid") else ".free"
    return c.text(f"built.{piece}{free}", place=c.event.get("node") or c.event.get("edge"))


def _rolled(c: Line) -> str:
    e = c.event
    return c.text("rolled", red=e["red"], yellow=e["yellow"], total=e["total"],
                  face=c.t(f"event_die.{e['event']}"))


def _ship(c: Line) -> str:
    steps = max(0, TRACK - int(c.event.get("position", 0)))
    return c.text("ship_advanced", steps=steps) if steps else c.text("ship_arrived")


def _attacked(c: Line) -> str:
    e = c.event
    held = e["defence"] >= e["strength"]
    return c.text("barbarians_attacked.held" if held else "barbarians_attacked.lost",
                  strength=e["strength"], defence=e["defence"])


def _pillaged(c: Line) -> str:
    return c.text("city_pillaged.ruined" if c.event.get("ruined") else "city_pillaged",
                  place=c.event["node"])


def _produced(c: Line) -> str | None:
    got: dict[str, dict[str, int]] = c.event.get("cards") or {}
    if not got:
        return c.text("produced.none")
    parts = []
    for seat in [s.id for s in c.seats if s.id in got] + [p for p in got
                                                          if p not in {s.id for s in c.seats}]:
        who = c.t("you") if seat == c.viewer else c.who(seat)
        parts.append(f"{who} +{texts.cards(got[seat], c.catalog, c.lang)}")
    return c.text("produced", gains="; ".join(parts))


def _drawn(c: Line) -> str:
    if "card" in c.event:  # the drawer's own view: which card
        return c.text("progress_drawn.card", card=c.progress(), deck=c.deck())
    return c.text("progress_drawn", deck=c.deck())


def _gave(c: Line) -> str:
    if "cards" in c.event:
        return c.text("gave.cards", cards=c.cards(), count=c.event.get("count", 0))
    return c.text("gave", count=c.event.get("count", 0))


def _stole(c: Line) -> str:
    if "card" in c.event:
        return c.text("stole.card", card=c.card())
    return c.text("stole")


def _improvement(c: Line) -> str:
    track, level = c.event["track"], int(c.event["level"])
    return c.text("improvement_bought", level=level, track=texts.track(track, c.catalog, c.lang),
                  building=texts.level(track, level, c.catalog, c.lang))


def _metropolis(c: Line) -> str:
    key = "metropolis_placed.taken" if c.event.get("taken_from") else "metropolis_placed"
    return c.text(key, metropolis=c.t(f"metropolis.{c.event['track']}"), place=c.event["node"])


def _offered(c: Line) -> str:
    to = c.event.get("to")
    key = "trade_offered.several" if isinstance(to, list) and len(to) > 1 else "trade_offered"
    return c.text(key, give=c.cards("give"), get=c.cards("get"), others=c.others("to"))


def _terms(key: str) -> Builder:
    """An answer to an offer to several seats, or the trade made: the offerer's give and get."""
    return lambda c: c.text(key, give=c.cards("give"), get=c.cards("get"))


def _cancelled(c: Line) -> str:
    several = isinstance(c.event.get("to"), list)
    return c.text("trade_cancelled.several" if several else "trade_cancelled")


def _answered(c: Line) -> str:
    key = "trade_answered.accepted" if c.event.get("accepted") else "trade_answered.declined"
    return c.text(key, give=c.cards("give"), get=c.cards("get"))


def _knight_built(c: Line) -> str:
    if c.event.get("free"):
        return c.text("knight_built.free", place=c.event["node"],
                      knight=texts.knight(int(c.event.get("level", 1)), c.catalog, c.lang))
    return c.text("knight_built", place=c.event["node"])


def _knight_at(key: str) -> Builder:
    return lambda c: c.text(key, place=c.event.get("node") or c.event.get("to"))


def _promoted(c: Line) -> str:
    return c.text("knight_promoted", place=c.event["node"],
                  knight=texts.knight(int(c.event["level"]), c.catalog, c.lang))


def _moved(c: Line) -> str:
    return c.text("knight_moved", place=c.event["node"], to=c.event["to"])


def _displaced(c: Line) -> str:
    if c.event.get("node"):
        return c.text("knight_displaced", place=c.event["node"], to=c.event["to"])
    return c.text("knight_displaced.intrigue", to=c.event["to"])


def _played(c: Line) -> str:
    """A progress card played, with what it does: its rules to the player who plays it (who
    acts on it next), its effect in short to everyone else."""
    card = c.event["card"]
    effect = (texts.progress_text(card, c.catalog, c.lang) if c.person == "you"
              else c.t(f"event.progress_played.{card}"))
    return c.text("progress_played", card=c.progress(), effect=effect)


def _swapped(c: Line) -> str:
    a, b = c.event["hexes"]
    return c.text("tokens_swapped", a=a, b=b)


def _road_removed(c: Line) -> str:
    e = c.event
    if e.get("by") == e.get("seat"):
        return c.text("road_removed.own", place=e["edge"])
    return c.text("road_removed", place=e["edge"], by=c.name("by"))


def _monopoly(c: Line) -> str:
    taken: dict[str, int] = c.event.get("taken") or {}
    return c.text("monopoly", card=c.card(), count=sum(taken.values()))


def _spied(c: Line) -> str:
    if "card" in c.event:
        return c.text("spied.card", card=c.progress())
    return c.text("spied", deck=c.deck())


def _taken(c: Line) -> str:
    if "cards" in c.event:
        return c.text("cards_taken.cards", cards=c.cards())
    return c.text("cards_taken", count=c.event.get("count", 0))


def _harbor(c: Line) -> str:
    if not c.event.get("give"):
        return c.text("harbor_exchanged.none")
    return c.text("harbor_exchanged", give=c.cards("give"), get=c.cards("get"))


def _longest(c: Line) -> str:
    if c.actor is None:
        return c.text("longest_road.lost")
    return c.text("longest_road.taken" if c.event.get("taken_from") else "longest_road")


def _over(c: Line) -> str:
    return c.text("game_over", points=c.event.get("points", 0))


LINES: dict[str, Builder] = {
    "placed": _placed,
    "rolled": _rolled,
    "ship_advanced": _ship,
    "barbarians_attacked": _attacked,
    "city_pillaged": _pillaged,
    "produced": _produced,
    "aqueduct": lambda c: c.text("aqueduct", card=c.card()),
    "progress_drawn": _drawn,
    "vp_card_revealed": lambda c: c.text("vp_card_revealed", card=c.progress()),
    "gave": _gave,
    "robber_moved": lambda c: c.text("robber_moved", place=c.hex()),
    "stole": _stole,
    "robber_chased": _knight_at("robber_chased"),
    "built": _built,
    "improvement_bought": _improvement,
    "metropolis_placed": _metropolis,
    "trade_offered": _offered,
    "trade_answered": _answered,
    "trade_cancelled": _cancelled,
    "trade_accepted": _terms("trade_accepted"),
    "trade_countered": _terms("trade_countered"),
    "trade_made": _terms("trade_made"),
    "knight_built": _knight_built,
    "knight_activated": _knight_at("knight_activated"),
    "knight_promoted": _promoted,
    "knight_moved": _moved,
    "knight_displaced": _displaced,
    "knight_retreated": _knight_at("knight_retreated"),
    "knight_removed": _knight_at("knight_removed"),
    "progress_played": _played,
    "tokens_swapped": _swapped,
    "road_removed": _road_removed,
    "merchant_placed": lambda c: c.text("merchant_placed", place=c.hex()),
    "monopoly": _monopoly,
    "spied": _spied,
    "cards_taken": _taken,
    "harbor_exchanged": _harbor,
    "longest_road": _longest,
    "game_over": _over,
}


# Catan's words: its lines, its fields, its seats by colour and name, and every text given the
# maker's and the other seat's names (its maker reads "you" even of an event about themselves).
# Its builders take Catan's Line, the line_type the kit makes for them.
WORDS = kit.Words("catan.", lines=cast(Mapping[str, kit.Builder], LINES), fields=FIELDS,
                  seat_fields=OTHERS, seat_name=texts.seat, names=True,
                  persons=("you", "to_you", "you"), line_type=Line)


def line(event: Event, seats: Sequence[Seat], catalog: Catalog, lang: str,
         viewer: str | None = None) -> str | None:
    """The event as `viewer` reads it (None: everyone); None for an event with no line."""
    if event.get("type") in NOTES:  # the platform's own, told alike in every game
        return note(event, seats, catalog, lang, viewer)
    return WORDS.line(event, seats, catalog, lang, viewer)


def lines(events: Sequence[Event], seats: Sequence[Seat], catalog: Catalog, lang: str,
          viewer: str | None = None) -> list[str]:
    return [text for e in events if (text := line(e, seats, catalog, lang, viewer))]
