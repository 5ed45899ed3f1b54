"""One event-line engine for every game: an event told to one reader (None: the table, the
log, a replay) in the reader's person.

One key convention: an event's line is `<game>.event.<type>`; where it names its reader, the
catalog may hold `<game>.event.you.<type>` (the reader made it), `<game>.event.to_you.<type>`
(another seat it names is the reader) and `<game>.event.you_own.<type>` (both), used where
present. Defaults by field: an event nothing declares is told by its text with its fields as
parameters, `{name}` its actor (`player`, or `seat`), every seat field by name, and each field
a game formats (`fields`: a character, a district) so; an event with no text has no line.
A field may list seats (an offer to several): the reader among them is named by it. A game
names its seats its own way (`seat_name`: Catan's with their colour) and may have every text
given the actor's and the other seat's names (`names`).
The platform's own notes (a timeout, a seat away or back, a player who left) are told by
bot/locales' `event.*` unless the game words them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import Catalog
from bot.names import who
from bot.records import Seat

Event = dict[str, Any]
SeatName = Callable[[str | None, Sequence[Seat], Catalog, str], str]
ACTORS = ("player", "seat")  # the field naming who made an event (the engine's or platform's)
# The fields naming another seat (an event names at most one of them): the crown's holder, the
# victim, the one given to, the one looked at, robbed of a card or seated beside.
SEAT_FIELDS = ("crown", "victim", "to", "other", "from", "next_to")
PLATFORM = "event."  # the platform's notes' keys in bot/locales: event.<type>, event.you.<type>
PERSONS = ("you", "to_you", "you_own")
NOTES = frozenset({"timeout", "seat_away", "seat_back", "player_left"})  # the platform's own


class Line:
    """One event told to one reader: its texts in the reader's person, the game's first."""

    __slots__ = ("event", "seats", "catalog", "lang", "person", "words", "viewer")

    def __init__(self, event: Event, seats: Sequence[Seat], catalog: Catalog, lang: str,
                 person: str | None, words: Words, viewer: str | None = None) -> None:
        self.event, self.seats, self.catalog, self.lang = event, list(seats), catalog, lang
        self.person, self.words, self.viewer = person, words, viewer

    @property
    def actor(self) -> str | None:
        return next((self.event[k] for k in ACTORS if self.event.get(k)), None)

    @property
    def other(self) -> str | None:
        """The other seat the event names (its first seat field): of a list, its one seat or
        else the reader if among them."""
        found = next((self.event[k] for k in self.words.seat_fields if self.event.get(k)), None)
        if isinstance(found, list):
            return found[0] if len(found) == 1 else self.viewer if self.viewer in found else None
        return found

    def others(self, field: str) -> str:
        """The seats a field lists but the reader, by name (an offer to several seats)."""
        return ", ".join(self.who(p) for p in self.event.get(field) or [] if p != self.viewer)

    def key(self, key: str, probe: str | None = None) -> str | None:
        """The key that tells `key` (probed by `probe`, a plural's form): in the reader's
        person where the catalog has one, else in the third; the game's before the
        platform's; None: neither has it."""
        table = self.catalog.tables[self.catalog.language_of(self.lang)]
        probe = probe or key
        bases = (self.words.base, PLATFORM)
        persons = [f"{base}{self.person}." for base in bases] if self.person else []
        return next((stem + key for stem in (*persons, *bases) if stem + probe in table), None)

    def who(self, seat: str | None) -> str:
        """A seat, by its id, as the game names seats."""
        return self.words.seat_name(seat, self.seats, self.catalog, self.lang)

    def name(self, field: str | None = None) -> str:
        """The actor, or the seat (or seats, of a list) a field names."""
        seat = self.actor if field is None else self.event.get(field)
        if isinstance(seat, list):
            return ", ".join(self.who(p) for p in seat)
        return self.who(seat)

    def text(self, key: str, **params: object) -> str:
        found = self.key(key)
        if found is None:
            raise KeyError(f"no line {self.words.base}{key}")
        if self.words.names:
            other = self.other
            params = {"name": self.name(), "other": self.who(other) if other else "?", **params}
        return self.catalog.text(found, self.lang, **params)

    def count(self, key: str, count: int, **params: object) -> str:
        found = self.key(key, f"{key}.other")
        if found is None:
            raise KeyError(f"no line {self.words.base}{key}")
        return self.catalog.plural(found, self.lang, count, count=count, **params)

    def params(self) -> dict[str, object]:
        """The event's fields as a text's parameters (the defaults by field)."""
        out: dict[str, object] = {"name": self.name()}
        for field, value in self.event.items():
            if field in self.words.seat_fields:
                out[field] = self.name(field)
            elif field in self.words.fields:
                out[field] = self.words.fields[field](value, self)
            elif field not in ("type", "name", *ACTORS):
                out[field] = value
        return out


Builder = Callable[[Line], "str | None"]
FieldText = Callable[[Any, Line], object]


def by_fields(c: Line) -> str:
    """The line of an event nothing declares: its text with its fields (Line.params)."""
    return c.text(str(c.event.get("type")), **c.params())


class Words:
    """A game's event lines: `prefix` starts its keys ("bids." → "bids.event.<type>"),
    `lines` builds the events whose line is more than their text with their fields, `fields`
    formats a field wherever it appears, `quiet` are types no line tells; `seat_name` names a
    seat, `names` gives every text `{name}` and `{other}` (the seat the event is about), and
    `persons` are the person keys of a reader who made the event, is named by it, or both;
    `line_type` is the game's Line (the kit's, with the game's helpers)."""

    def __init__(self, prefix: str, *, lines: Mapping[str, Builder] | None = None,
                 fields: Mapping[str, FieldText] | None = None,
                 seat_fields: Iterable[str] = SEAT_FIELDS, quiet: Iterable[str] = (),
                 seat_name: SeatName = who, names: bool = False,
                 persons: tuple[str, str, str] = PERSONS, line_type: type[Line] = Line
                 ) -> None:
        self.base = f"{prefix}event."
        self.lines = dict(lines or {})
        self.fields = dict(fields or {})
        self.seat_fields = tuple(seat_fields)
        self.quiet = frozenset(quiet)
        self.seat_name, self.names, self.persons = seat_name, names, persons
        self.line_type = line_type  # a game's Line, with its own helpers for its builders

    def person(self, event: Event, viewer: str | None) -> str | None:
        """How the line names `viewer`: "you" (they made it), "to_you" (another seat it
        names), "you_own" (both), or None (it does not name them)."""
        if viewer is None:
            return None
        acts = next((event[k] for k in ACTORS if event.get(k)), None) == viewer
        named = any(_names(event.get(field), viewer) for field in self.seat_fields)
        made, about, both = self.persons
        return both if acts and named else made if acts else about if named else None

    def line(self, event: Event, seats: Sequence[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None) -> str | None:
        """`event` (as `GameEvent.visible_to(viewer)` gives it) as `viewer` reads it; None for
        an event no line tells."""
        kind = str(event.get("type", ""))
        if kind in self.quiet:
            return None
        line = self.make(event, seats, catalog, lang, viewer)
        builder = self.lines.get(kind)
        if builder is None:
            if line.key(kind) is None:
                return None
            builder = by_fields
        return builder(line)

    def make(self, event: Event, seats: Sequence[Seat], catalog: Catalog, lang: str,
             viewer: str | None = None) -> Line:
        """The event's line told to `viewer` (a game's Line may subclass the kit's)."""
        return self.line_type(event, seats, catalog, lang, self.person(event, viewer), self,
                              viewer)

    def many(self, events: Iterable[Event], seats: Sequence[Seat], catalog: Catalog,
             lang: str, viewer: str | None = None) -> list[str]:
        return [text for e in events if (text := self.line(e, seats, catalog, lang, viewer))]


def _names(value: object, seat: str) -> bool:
    """Whether a seat field's value (one seat, or a list of them) names `seat`."""
    return value == seat or (isinstance(value, list) and seat in value)


_PLATFORM = Words("")  # its keys are the platform's: event.<type>, event.you.<type>


def note(event: Event, seats: Sequence[Seat], catalog: Catalog, lang: str,
         viewer: str | None = None) -> str | None:
    """One of the platform's notes (`NOTES`: a timeout, a seat away or back, a player who
    left), as every game tells it: bot/locales' `event.*`, in the reader's person."""
    return _PLATFORM.line(event, seats, catalog, lang, viewer)
