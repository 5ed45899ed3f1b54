"""Names players read: seats, characters, districts and district types, in either language."""

from __future__ import annotations

from collections.abc import Iterable

from bot.names import language, seat_name, seat_number, who
from rules.citadels.cards import CHARACTERS, DATA, DISTRICTS

TYPE_EMOJI = {"noble": "🟨", "religious": "🟦", "trade": "🟩", "military": "🟥", "unique": "🟪"}
CHARACTER_EMOJI = {
    "assassin": "🗡️", "thief": "🦹", "magician": "🪄", "king": "🤴", "bishop": "⛪",
    "merchant": "⚖️", "architect": "📐", "warlord": "⚔️",
    "witch": "🧙", "tax_collector": "🧾", "wizard": "🔮", "emperor": "🏛️", "abbot": "📿",
    "alchemist": "⚗️", "navigator": "🧭", "diplomat": "🤝", "artist": "🎨", "queen": "👸",
}
CROWN, GOLD, CARDS, CITY, POINTS = "👑", "💰", "🃏", "🏙️", "⭐"
MURDERED, ROBBED = "✝", "💸"
BEWITCHED, BEAUTIFIED = "🧙", "✨"


def data_language(lang: str | None) -> str:
    """The data file's language for `lang`, without a catalog (English when unknown)."""
    code = (lang or "en").split("-")[0].lower()
    return code if code in ("en", "es") else "en"


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


def district_type(kind: str, lang: str) -> str:
    return DATA["district_types"][kind][data_language(lang)]


def grouped(items: Iterable[str]) -> list[tuple[str, int]]:
    """Distinct items in first-seen order with how many times each appears."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())


__all__ = ["language", "seat_name", "seat_number", "who"]  # re-exported for the renderers
