"""Names players read: seats, characters, districts and district types, in either language."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.i18n import Catalog
from bot.records import Seat
from rules.citadels.cards import CHARACTERS, DATA, DISTRICTS

TYPE_EMOJI = {"noble": "🟨", "religious": "🟦", "trade": "🟩", "military": "🟥", "unique": "🟪"}
CHARACTER_EMOJI = {
    "assassin": "🗡️", "thief": "🦹", "magician": "🪄", "king": "🤴", "bishop": "⛪",
    "merchant": "⚖️", "architect": "📐", "warlord": "⚔️",
}
CROWN, GOLD, CARDS, CITY = "👑", "💰", "🃏", "🏙️"
MURDERED, ROBBED = "✝", "💸"


def language(catalog: Catalog, lang: str | None) -> str:
    """'en' or 'es' from a language or a Discord locale string."""
    return catalog.language_of(lang)


def data_language(lang: str | None) -> str:
    """The data file's language for `lang`, without a catalog (English when unknown)."""
    code = (lang or "en").split("-")[0].lower()
    return code if code in ("en", "es") else "en"


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


def character(cid: str, lang: str) -> str:
    """'King' / 'Rey'."""
    return CHARACTERS[cid].name[data_language(lang)]


def character_tag(cid: str, lang: str) -> str:
    """'4 🤴 King': rank, emoji and name."""
    return f"{CHARACTERS[cid].rank} {CHARACTER_EMOJI.get(cid, '')} {character(cid, lang)}"


def district(did: str, lang: str) -> str:
    """'Manor' / 'Señorío'."""
    return DISTRICTS[did].name[data_language(lang)]


def district_tag(did: str, lang: str) -> str:
    """'🟨 Manor 3': type colour, name and cost."""
    d = DISTRICTS[did]
    return f"{TYPE_EMOJI.get(d.type, '⬜')} {district(did, lang)} {d.cost}"


def district_label(did: str, lang: str) -> str:
    """A district as a select option or a list item shows it: '🟨 Manor 3'."""
    return district_tag(did, lang)


def district_type(kind: str, lang: str) -> str:
    return DATA["district_types"][kind][data_language(lang)]


def names(items: Iterable[str], lang: str) -> list[str]:
    """District names, in order."""
    return [district(d, lang) for d in items]


def grouped(items: Iterable[str]) -> list[tuple[str, int]]:
    """Distinct items in first-seen order with how many times each appears."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())
