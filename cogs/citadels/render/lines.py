"""The makings of event lines: an event's context (`Line`), and the builders the engine's own
events (events.py) and the action types' declarations (cogs/citadels/actions_ui.py) make
their lines with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat

from .names import character, district, who

Event = dict[str, Any]
# The fields naming a seat besides `player` (an event names at most one of them): the crown's
# holder, the victim, the one given to, the one looked at, robbed of a card or seated beside.
OTHER_SEAT = ("crown", "victim", "to", "other", "from", "next_to")
EVENT = "citadels.render.event."  # the key of an event's line is EVENT + its type


class Line:
    """One event told to one reader (None: the table): its texts in the reader's person."""

    __slots__ = ("event", "seats", "catalog", "lang", "person")

    def __init__(self, event: Event, seats: list[Seat], catalog: Catalog, lang: str,
                 person: str | None = None) -> None:
        self.event, self.seats, self.catalog, self.lang = event, seats, catalog, lang
        self.person = person  # how the line names its viewer (events._person), if it does

    def _key(self, key: str, probe: str) -> str:
        """citadels.render.event.<person>.<key> when the line names its viewer, else the
        third person's citadels.render.event.<key>. The catalog must have it: a test renders
        every event of whole games for every seat."""
        person = f"{EVENT}{self.person}."
        if self.person and person + probe in self.catalog.tables[self.lang]:
            return person + key
        return EVENT + key

    def name(self, key: str = "player") -> str:
        return who(self.event.get(key), self.seats, self.catalog, self.lang)

    def text(self, key: str, **params: object) -> str:
        return self.catalog.text(self._key(key, key), self.lang, **params)

    def count(self, key: str, count: int, **params: object) -> str:
        return self.catalog.plural(self._key(key, f"{key}.other"), self.lang, count,
                                   count=count, **params)

    def char(self, key: str = "character") -> str:
        return character(self.event[key], self.lang)

    def cards(self, key: str) -> str:
        return ", ".join(district(d, self.lang) for d in self.event.get(key) or []) or "—"


Builder = Callable[[Line], str]


def simple(key: str) -> Builder:
    return lambda c: c.text(key, name=c.name())


def counted(key: str) -> Builder:
    return lambda c: c.count(key, int(c.event.get("count", 0)), name=c.name())


def with_character(key: str) -> Builder:
    return lambda c: c.text(key, name=c.name(), character=c.char())


def with_district(key: str) -> Builder:
    return lambda c: c.text(key, name=c.name(), district=district(c.event["district"], c.lang))


def to(key: str) -> Builder:
    """`name` did something to (or for) `other`, named by the event's field `to`."""
    return lambda c: c.text(key, name=c.name(), other=c.name("to"),
                            amount=c.event.get("amount", 1))


def sized(key: str) -> Builder:
    return lambda c: c.text(key, name=c.name(), size=c.event.get("city_size", 0))


def amount(key: str) -> Builder:
    return lambda c: c.text(key, name=c.name(), amount=c.event.get("amount", 1))


def by_fields(c: Line) -> str:
    """The line of an event nothing declares (a character added to the engine): its text
    `citadels.render.event.<type>` with the event's public fields, the seats by name
    (`player` as {name}), characters and districts by their names."""
    params: dict[str, object] = {"name": c.name()}
    for field, value in c.event.items():
        if field in OTHER_SEAT:
            params[field] = c.name(field)
        elif field == "character":
            params[field] = c.char()
        elif field == "district":
            params[field] = district(value, c.lang)
        elif field not in ("type", "player", "name"):
            params[field] = value
    return c.text(str(c.event.get("type")), **params)
