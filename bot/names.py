"""Names players read: seats, by any game (a person's display name or a numbered computer)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.i18n import Catalog
from bot.records import Seat


def language(catalog: Catalog, lang: str | None) -> str:
    """A catalog language from a language or a Discord locale string."""
    return catalog.language_of(lang)


def seat_name(seat: Seat, catalog: Catalog, lang: str) -> str:
    """A seat's name as players read it: the human's name, or a numbered computer player."""
    if seat.user_id is None:
        strength = catalog.text(f"render.strength.{seat.ai or 'basic'}", lang)
        return catalog.text("render.seat.computer", lang, strength=strength,
                            number=seat_number(seat.pid))
    if seat.left:
        return catalog.text("render.seat.left", lang, name=seat.name)
    if seat.away:
        return catalog.text("render.seat.away", lang, name=seat.name)
    return seat.name


def seat_number(pid: str) -> str:
    digits = pid.lstrip("p")
    return digits if digits.isdigit() else pid


def who(pid: str | None, seats: Iterable[Seat], catalog: Catalog, lang: str, *,
        markdown: bool = True) -> str:
    """The display name of an engine player id (markdown-escaped for embeds by default)."""
    if pid is None:
        return "?"
    seat = next((s for s in seats if s.pid == pid), None)
    name = seat_name(seat, catalog, lang) if seat is not None else pid
    return discord.utils.escape_markdown(name) if markdown else name
