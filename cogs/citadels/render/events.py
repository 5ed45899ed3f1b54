"""One short line per event, public or for one player's eyes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from rules.citadels.cards import CHARACTERS

from .names import character, district, district_tag, district_type, language, who

Event = dict[str, Any]
# Types that say nothing new to the table (the table shows whose turn it is).
QUIET = frozenset({"draft_turn", "turn_ended"})
# Private fields: what the event's own player (or a swap partner) learns beyond the public part.
SECRET_FIELDS = ("cards", "options", "hand", "discarded", "drawn")
# Events whose district is secret: only the players the engine tells see it.
SECRET_DISTRICT = frozenset({"laboratory", "card_taken", "tribute", "lighthouse", "museum"})
# The fields naming a seat besides `player` (an event names at most one of them): the crown's
# holder, the victim, the one given to, the one looked at, robbed of a card or seated beside.
OTHER_SEAT = ("crown", "victim", "to", "other", "from", "next_to")


def event_line(event: Event, seats: list[Seat], catalog: Catalog, lang: str,
               viewer: str | None = None) -> str | None:
    """The line narrating `event` (as `Event.visible_to(viewer)` gives it); None if not worth one.

    The public part alone makes the public line; private fields present in the dict (the
    viewer's own secrets) add a private remark. A line never names its viewer in the third
    person: their own moves are told in the second person ("You take 2 gold":
    citadels.render.event.you.*), so is what others do to them ("Ana destroys your Manor":
    citadels.render.event.to_you.*) and what they do to themselves ("You destroy your own
    Manor": citadels.render.event.you_own.*).
    """
    lang = language(catalog, lang)
    kind = event.get("type", "")
    ctx = _Context(event, seats, catalog, lang, _person(event, viewer))
    private = _private(ctx) if _has_secret(event) else None
    if kind in QUIET:
        return private
    builder = _BUILDERS.get(kind)
    if builder is None:
        return None
    line = builder(ctx)
    return f"{line} {private}" if private else line


def _person(event: Event, viewer: str | None) -> str | None:
    """Which second-person form tells `event` to `viewer`: "you" (they are its player),
    "to_you" (another seat it names), "you_own" (both), or None (it does not name them)."""
    if viewer is None:
        return None
    acts = event.get("player") == viewer
    named = any(event.get(field) == viewer for field in OTHER_SEAT)
    return "you_own" if acts and named else "you" if acts else "to_you" if named else None


def _has_secret(event: Event) -> bool:
    if any(k in event for k in SECRET_FIELDS):
        return True
    kind = event.get("type")
    if kind in ("character_picked", "character_discarded"):
        return "character" in event
    return kind in SECRET_DISTRICT and "district" in event


class _Context:
    __slots__ = ("event", "seats", "catalog", "lang", "person")

    def __init__(self, event: Event, seats: list[Seat], catalog: Catalog, lang: str,
                 person: str | None = None) -> None:
        self.event, self.seats, self.catalog, self.lang = event, seats, catalog, lang
        self.person = person  # how the line names its viewer (see `_person`), if it does

    def _key(self, key: str, probe: str) -> str:
        """citadels.render.event.<person>.<key> when the line names its viewer, else the
        third person's citadels.render.event.<key>. The catalog must have it: a test renders
        every event of whole games for every seat."""
        person = f"citadels.render.event.{self.person}."
        if self.person and person + probe in self.catalog.tables[self.lang]:
            return person + key
        return f"citadels.render.event.{key}"

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


def _private(c: _Context) -> str | None:
    e = c.event
    kind = e.get("type")
    if kind == "draft_turn":
        options = ", ".join(character(x, c.lang) for x in e.get("options", []))
        return c.text(f"private.draft_turn.{e.get('kind', 'pick')}", characters=options)
    if kind in ("character_picked", "character_discarded"):
        return c.text(f"private.{kind}", character=c.char())
    if kind == "hands_swapped":
        return c.text("private.hand", cards=c.cards("hand"))
    if kind == "hand_looked_at":
        return c.text("private.looked_at", cards=c.cards("hand"))
    if kind == "cards_exchanged":
        return c.text("private.cards_exchanged", discarded=c.cards("discarded"),
                      drawn=c.cards("drawn"))
    if kind in SECRET_DISTRICT and "district" in e:
        return c.text(f"private.{kind}", district=district(e["district"], c.lang))
    if "cards" in e:
        return c.text("private.cards", cards=c.cards("cards"))
    return None


def _round_started(c: _Context) -> str:
    e = c.event
    line = c.text("round_started", round=e.get("round", "?"), crown=c.name("crown"))
    if e.get("faceup"):
        faceup = ", ".join(character(x, c.lang) for x in e["faceup"])
        line += " " + c.text("faceup", characters=faceup)
    return line


def _simple(key: str) -> Callable[[_Context], str]:
    return lambda c: c.text(key, name=c.name())


def _counted(key: str) -> Callable[[_Context], str]:
    return lambda c: c.count(key, int(c.event.get("count", 0)), name=c.name())


def _with_character(key: str) -> Callable[[_Context], str]:
    return lambda c: c.text(key, name=c.name(), character=c.char())


def _with_district(key: str) -> Callable[[_Context], str]:
    return lambda c: c.text(key, name=c.name(), district=district(c.event["district"], c.lang))


def _to(key: str) -> Callable[[_Context], str]:
    """`name` did something to (or for) `other`, named by the event's field `to`."""
    return lambda c: c.text(key, name=c.name(), other=c.name("to"),
                            amount=c.event.get("amount", 1))


def _sized(key: str) -> Callable[[_Context], str]:
    return lambda c: c.text(key, name=c.name(), size=c.event.get("city_size", 0))


def _amount(key: str) -> Callable[[_Context], str]:
    return lambda c: c.text(key, name=c.name(), amount=c.event.get("amount", 1))


def _greeted(c: _Context) -> str:
    text = c.event.get("text") or {}
    return c.text("greeted", name=c.name(), other=c.name("to"),
                  words=text.get(c.lang) or text.get("en", ""))


_DARK_CITY: dict[str, Callable[[_Context], str]] = {
    "bewitched": _with_character("bewitched"),
    "witch_resumed": _with_character("witch_resumed"),
    "character_discarded_at_random": lambda c: c.text("character_discarded_at_random"),
    "tax_paid": _to("tax_paid"),
    "hand_looked_at": lambda c: c.text("hand_looked_at", name=c.name(), other=c.name("other")),
    "card_taken": lambda c: c.text("card_taken.built" if c.event.get("build")
                                   else "card_taken", name=c.name(), other=c.name("from")),
    "crown_given": _to("crown_given"),
    "tribute": lambda c: c.text(f"tribute.{c.event.get('kind', 'gold')}", name=c.name(),
                                other=c.name("to")),
    "gold_given": _to("gold_given"),
    "no_richest": _simple("no_richest"),
    "refund": _amount("refund"),
    "exchanged": lambda c: c.text("exchanged", name=c.name(), victim=c.name("victim"),
                                  give=district(c.event["give"], c.lang),
                                  take=district(c.event["take"], c.lang),
                                  cost=c.event.get("cost", 0)),
    "beautified": _with_district("beautified"),
    "queen_gold": lambda c: c.text("queen_gold", name=c.name(), other=c.name("next_to"),
                                   amount=c.event.get("amount", 3)),
    "armory": lambda c: c.text("armory", name=c.name(), victim=c.name("victim"),
                               district=district(c.event["district"], c.lang)),
    "greeted": _greeted,
    "greeting_forgotten": _to("greeting_forgotten"),
    "bell_tower_rung": _sized("bell_tower_rung"),
    "bell_tower_silenced": _sized("bell_tower_silenced"),
    "lighthouse": _simple("lighthouse"),
    "museum": lambda c: c.text("museum", name=c.name(), count=c.event.get("count", 1)),
    "park": _counted("park"),
    "poor_house": _amount("poor_house"),
    "throne_room": _amount("throne_room"),
}


_BUILDERS: dict[str, Callable[[_Context], str]] = {
    "round_started": _round_started,
    "character_picked": _simple("character_picked"),
    "character_discarded": _simple("character_discarded"),
    "character_revealed": lambda c: c.text("character_revealed", name=c.name(),
                                           character=c.char(),
                                           rank=CHARACTERS[c.event["character"]].rank),
    "character_skipped": lambda c: c.text("character_skipped", character=c.char()),
    "character_absent": lambda c: c.text("character_absent", character=c.char()),
    "gold_stolen": lambda c: c.text("gold_stolen", name=c.name(), victim=c.name("victim"),
                                    character=c.char(),
                                    amount=c.event.get("amount", 0)),
    "crown_passed": _simple("crown_passed"),
    "gold_taken": lambda c: c.text("gold_taken", name=c.name(), amount=c.event.get("amount", 2)),
    "cards_drawn": _counted("cards_drawn"),
    "cards_kept": _counted("cards_kept"),
    "bonus_gold": lambda c: c.text("bonus_gold", name=c.name(), amount=c.event.get("amount", 1)),
    "bonus_cards": _counted("bonus_cards"),
    "built": lambda c: c.text("built", name=c.name(),
                              district=district_tag(c.event["district"], c.lang)),
    "city_completed": _simple("city_completed"),
    "income": lambda c: c.text("income", name=c.name(), amount=c.event.get("amount", 0),
                               type=district_type(c.event.get("district_type") or "unique",
                                                  c.lang)),
    "murder": _with_character("murder"),
    "theft": _with_character("theft"),
    "hands_swapped": lambda c: c.text("hands_swapped", name=c.name(), other=c.name("other")),
    "cards_exchanged": _counted("cards_exchanged"),
    "destroyed": lambda c: c.text("destroyed", name=c.name(), victim=c.name("victim"),
                                  district=district(c.event["district"], c.lang),
                                  cost=c.event.get("cost", 0)),
    "graveyard_offer": _with_district("graveyard_offer"),
    "graveyard_used": _with_district("graveyard_used"),
    "graveyard_declined": _with_district("graveyard_declined"),
    "laboratory": lambda c: c.text("laboratory", name=c.name(), amount=c.event.get("amount", 2)),
    "smithy": _counted("smithy"),
    "king_heir": _simple("king_heir"),
    "game_over": _simple("game_over"),
    "timeout": _simple("timeout"),
    "seat_away": _simple("seat_away"),
    "seat_back": _simple("seat_back"),
    "player_left": _simple("player_left"),
    "resumed": lambda c: c.text("resumed"),
    **_DARK_CITY,
}
EVENT_TYPES = frozenset(_BUILDERS) | QUIET
