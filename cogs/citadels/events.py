"""One short line per event, public or for one player's eyes, and the makings of those lines:
an event's context (`Line`) and the builders the engine's own events (here) and the action
types' declarations (cogs/citadels/actions_ui.py) make their lines with.

The lines of the events an action causes are in that action type's declaration; those of the
events the engine causes (a character revealed, a round started) are here; the platform's own
notes (a timeout, a seat away or back, a player who left) are the kit's, told alike in every
game (cogs/kit/lines.note). An event neither names is told by its text
`citadels.event.<type>` when the catalog has one (`by_fields`: a character added to the engine
needs no code for its events), else not at all. A line is the kit's (cogs/kit/lines.Line),
with Citadels' characters and districts by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from cogs.kit import lines
from cogs.kit.lines import NOTES, note
from rules.citadels.cards import CHARACTERS

from .texts import character, district, language

Event = dict[str, Any]
# The fields naming a seat besides `player` (an event names at most one of them): the crown's
# holder, the victim, the one given to, the one looked at, robbed of a card or seated beside.
OTHER_SEAT = lines.SEAT_FIELDS
EVENT = "citadels.event."  # the key of an event's line is EVENT + its type
# The kit's engine (cogs/kit/lines.py) with Citadels' characters and districts by their names.
WORDS = lines.Words("citadels.", seat_fields=OTHER_SEAT,
                    fields={"character": lambda cid, c: character(cid, c.lang),
                            "district": lambda did, c: district(did, c.lang)})


class Line(lines.Line):
    """One event told to one reader (None: the table): its texts in the reader's person
    (the kit's line), and Citadels' characters and cards."""

    __slots__ = ()

    def __init__(self, event: Event, seats: list[Seat], catalog: Catalog, lang: str,
                 person: str | None = None) -> None:
        super().__init__(event, seats, catalog, lang, person, WORDS)

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


# An event nothing declares (a character added to the engine) is told by its text
# `citadels.event.<type>` with its public fields: the seats, characters and districts by name.
by_fields = lines.by_fields


__all__ = ["OTHER_SEAT", "event_line", "event_types"]
# Types that say nothing new to the table (the table shows whose turn it is).
QUIET = frozenset({"draft_turn", "turn_ended"})
# Private fields: what the event's own player (or a swap partner) learns beyond the public part.
SECRET_FIELDS = ("cards", "options", "hand", "discarded", "drawn")
# Events whose private remark says all their second-person line says, and more ("You took the
# Warlord", not "You picked a character. You took the Warlord.").
SAID_PRIVATELY = frozenset({"character_picked", "character_discarded"})
# Events whose district is secret: only the players the engine tells see it.
SECRET_DISTRICT = frozenset({"laboratory", "card_taken", "tribute", "lighthouse", "museum"})


def event_line(event: Event, seats: list[Seat], catalog: Catalog, lang: str,
               viewer: str | None = None) -> str | None:
    """The line narrating `event` (as `Event.visible_to(viewer)` gives it); None if not worth one.

    The public part alone makes the public line; private fields present in the dict (the
    viewer's own secrets) add a private remark. A line never names its viewer in the third
    person: their own moves are told in the second person ("You take 2 gold":
    citadels.event.you.*), so is what others do to them ("Ana destroys your Manor":
    citadels.event.to_you.*) and what they do to themselves ("You destroy your own
    Manor": citadels.event.you_own.*).
    """
    lang = language(catalog, lang)
    kind = event.get("type", "")
    if kind in NOTES:
        return note(event, seats, catalog, lang, viewer)
    ctx = Line(event, seats, catalog, lang, WORDS.person(event, viewer))
    private = _private(ctx) if _has_secret(event) else None
    if kind in QUIET or (private and kind in SAID_PRIVATELY and ctx.person == "you"):
        return private
    builder = ENGINE_EVENTS.get(kind) or _declared().get(kind)
    if builder is None:
        if EVENT + kind not in catalog.tables[lang]:
            return None
        builder = by_fields
    line = builder(ctx)
    return f"{line} {private}" if private else line


def _declared() -> Mapping[str, Builder]:
    """The lines of the events actions cause, from their declarations (imported when asked:
    the declarations are made of this package's texts)."""
    from cogs.citadels.actions_ui import SPEC

    return SPEC.events()


def event_types() -> frozenset[str]:
    """Every event type that has a line, or none on purpose (QUIET)."""
    return frozenset(ENGINE_EVENTS) | frozenset(_declared()) | QUIET


def _has_secret(event: Event) -> bool:
    if any(k in event for k in SECRET_FIELDS):
        return True
    kind = event.get("type")
    if kind in ("character_picked", "character_discarded"):
        return "character" in event
    return kind in SECRET_DISTRICT and "district" in event


def _private(c: Line) -> str | None:
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


def _round_started(c: Line) -> str:
    e = c.event
    line = c.text("round_started", round=e.get("round", "?"), crown=c.name("crown"))
    if e.get("faceup"):
        faceup = ", ".join(character(x, c.lang) for x in e["faceup"])
        line += " " + c.text("faceup", characters=faceup)
    return line


# The events no one action type causes: the engine's (a character called, the round's end,
# powers that act by themselves, districts' effects).
ENGINE_EVENTS: dict[str, Builder] = {
    "round_started": _round_started,
    "character_revealed": lambda c: c.text("character_revealed", name=c.name(),
                                           character=c.char(),
                                           rank=CHARACTERS[c.event["character"]].rank),
    "character_skipped": lambda c: c.text("character_skipped", character=c.char()),
    "character_absent": lambda c: c.text("character_absent", character=c.char()),
    "gold_stolen": lambda c: c.text("gold_stolen", name=c.name(), victim=c.name("victim"),
                                    character=c.char(),
                                    amount=c.event.get("amount", 0)),
    "crown_passed": simple("crown_passed"),
    "bonus_gold": lambda c: c.text("bonus_gold", name=c.name(), amount=c.event.get("amount", 1)),
    "bonus_cards": counted("bonus_cards"),
    "king_heir": simple("king_heir"),
    "game_over": simple("game_over"),
    "resumed": lambda c: c.text("resumed"),
    # Dark City
    "witch_resumed": with_character("witch_resumed"),
    "character_discarded_at_random": lambda c: c.text("character_discarded_at_random"),
    "tax_paid": to("tax_paid"),
    "refund": amount("refund"),
    "queen_gold": lambda c: c.text("queen_gold", name=c.name(), other=c.name("next_to"),
                                   amount=c.event.get("amount", 3)),
    "greeting_forgotten": to("greeting_forgotten"),
    "park": counted("park"),
    "poor_house": amount("poor_house"),
    "throne_room": amount("throne_room"),
}
