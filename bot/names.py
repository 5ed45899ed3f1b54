"""Names players read: seats, by any game (a person's display name or a numbered computer).

A display name is text, never markup: `who` escapes markdown and mentions, drops the invisible
and direction-changing controls, and isolates the name so right-to-left letters cannot reorder
the text around it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence

import discord

from bot.changes import waiting
from bot.i18n import Catalog
from bot.records import GameRecord, Seat

# Zero-width characters and bidirectional controls (marks, embeddings, overrides, isolates).
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\u061c\ufeff]")
_ISOLATE = "\u2068{}\u2069"  # first-strong isolate: the name's direction stays inside it


def plain(name: str) -> str:
    """A display name without invisible or direction-changing controls ('?' if none is left)."""
    return _INVISIBLE.sub("", name).strip() or "?"


def as_text(name: str) -> str:
    """A display name for a message or an embed: its literal text, never markup or a mention;
    a name with right-to-left letters is isolated so the text around it keeps its order."""
    text = discord.utils.escape_mentions(discord.utils.escape_markdown(plain(name)))
    rtl = any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)
    return _ISOLATE.format(text) if rtl else text


def language(catalog: Catalog, lang: str | None) -> str:
    """A catalog language from a language or a Discord locale string."""
    return catalog.language_of(lang)


def seat_name(seat: Seat, catalog: Catalog, lang: str,
              seats: Sequence[Seat] | None = None) -> str:
    """A seat's name as players read it: the human's name, or a computer player, numbered
    when another computer at the table (`seats`) has its strength."""
    if seat.user_id is None:
        strength = catalog.text(f"render.strength.{seat.ai or 'basic'}", lang)
        number = computer_number(seat, seats)
        if number is None:
            return catalog.text("render.seat.computer_alone", lang, strength=strength)
        return catalog.text("render.seat.computer", lang, strength=strength, number=number)
    if seat.left:
        return catalog.text("render.seat.left", lang, name=seat.name)
    if seat.away:
        return catalog.text("render.seat.away", lang, name=seat.name)
    return seat.name


def computer_number(seat: Seat, seats: Sequence[Seat] | None) -> str | None:
    """The number that tells a computer seat from another of its strength: its seat's (the
    number a seat keeps everywhere, "Former player 3" too), None when no other computer at the
    table has its strength; its seat's number when the table is unknown."""
    if seats is None:
        return seat_number(seat.id)
    strength = seat.ai or "basic"
    twins = [s for s in seats if s.user_id is None and (s.ai or "basic") == strength]
    return seat_number(seat.id) if len(twins) > 1 else None


def seat_number(seat: str) -> str:
    digits = seat.lstrip("p")
    return digits if digits.isdigit() else seat


def who(seat: str | None, seats: Iterable[Seat], catalog: Catalog, lang: str, *,
        markdown: bool = True) -> str:
    """The display name of an engine player id (markdown-escaped for embeds by default)."""
    if seat is None:
        return "?"
    seats = list(seats)
    found = next((s for s in seats if s.id == seat), None)
    name = seat_name(found, catalog, lang, seats) if found is not None else seat
    return as_text(name) if markdown else plain(name)


def waiting_for(record: GameRecord, catalog: Catalog, lang: str, *, markdown: bool = True
                ) -> str | None:
    """Everyone the game waits for, by name ("alice, bruno, cy"), or None if nobody: a game's
    table says it in its "waiting for" line, however many decide at once."""
    seats = waiting(record)
    if not seats:
        return None
    return ", ".join(who(seat, record.seats, catalog, lang, markdown=markdown) for seat in seats)
