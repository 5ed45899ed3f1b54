"""Card and character data, loaded once from the data file the bot also reads."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    rank: int
    income: str | None  # district type this character collects income for
    name: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True, slots=True)
class District:
    id: str
    type: str
    cost: int
    points: int
    copies: int
    name: dict[str, str]
    text: dict[str, str] | None
    aliases: tuple[str, ...]


def _load() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("data/classic.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


DATA: dict[str, Any] = _load()

CHARACTERS: dict[str, Character] = {
    c["id"]: Character(c["id"], c["rank"], c["income"], c["name"], c["text"])
    for c in sorted(DATA["characters"], key=lambda c: c["rank"])
}
CHARACTER_ORDER: tuple[str, ...] = tuple(CHARACTERS)  # by rank
RANK: dict[str, int] = {c.id: c.rank for c in CHARACTERS.values()}

DISTRICTS: dict[str, District] = {
    d["id"]: District(
        d["id"], d["type"], d["cost"], d.get("points", d["cost"]), d["copies"],
        d["name"], d.get("text"), tuple(d.get("aliases", ())),
    )
    for d in DATA["districts"]
}
DISTRICT_TYPES: tuple[str, ...] = tuple(DATA["district_types"])
COST: dict[str, int] = {d.id: d.cost for d in DISTRICTS.values()}
KIND: dict[str, str] = {d.id: d.type for d in DISTRICTS.values()}

# The full deck in a fixed order; new_game shuffles a copy.
DECK: tuple[str, ...] = tuple(d.id for d in DISTRICTS.values() for _ in range(d.copies))

# Draft table by player count: face-up discards, face-down discards, characters each.
DRAFT: dict[int, tuple[int, int, int]] = {
    int(n): (t["faceup"], t["facedown"], t["characters_each"]) for n, t in DATA["draft"].items()
}
MIN_PLAYERS, MAX_PLAYERS = min(DRAFT), max(DRAFT)
# Player counts whose draft is not one pick per seat in turn, each time round: its steps, as
# (seat offset from the crown, "pick" or "discard") (the rulebook's 2 players).
DRAFT_STEPS: dict[int, tuple[tuple[int, str], ...]] = {
    int(n): tuple((offset, kind) for offset, kind in t["steps"])
    for n, t in DATA["draft"].items() if "steps" in t
}
# Districts that complete a city by player count, unless the options say otherwise.
CITY_SIZE: dict[int, int] = {int(n): size for n, size in DATA["city_size"].items()}
# Player counts whose last chooser also gets the face-down card (the rulebook's 7 players).
LAST_TAKES_FACEDOWN: frozenset[int] = frozenset(
    int(n) for n, t in DATA["draft"].items() if t.get("last_takes_facedown"))
