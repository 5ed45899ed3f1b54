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
    emoji: str = ""  # beside its name wherever it is told


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


def _load(name: str) -> dict[str, Any]:
    raw = resources.files(__package__).joinpath(f"data/{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


DATA: dict[str, Any] = _load("classic")
DARK: dict[str, Any] = _load("dark_city")  # the Dark City expansion's rows

CHARACTERS: dict[str, Character] = {
    c["id"]: Character(c["id"], c["rank"], c["income"], c["name"], c["text"], c["emoji"])
    for c in sorted(DATA["characters"] + DARK["characters"], key=lambda c: c["rank"])
}
# The Classic cast, by rank: the default cast of every game.
CHARACTER_ORDER: tuple[str, ...] = tuple(c["id"] for c in DATA["characters"])
RANK: dict[str, int] = {c.id: c.rank for c in CHARACTERS.values()}
# The characters that may hold each rank (Classic first); rank 9 has no Classic one.
RANK_CHOICES: dict[int, tuple[str, ...]] = {
    r: tuple(c.id for c in CHARACTERS.values() if c.rank == r)
    for r in sorted({c.rank for c in CHARACTERS.values()})}
DARK_CHARACTERS: frozenset[str] = frozenset(c["id"] for c in DARK["characters"])
# The rulings of docs/rules/citadels-dark-city.md §11 kept as data: changing one is a one-line edit.
RULINGS: dict[str, Any] = DARK["rulings"]

DISTRICTS: dict[str, District] = {
    d["id"]: District(
        d["id"], d["type"], d["cost"], d.get("points", d["cost"]), d["copies"],
        d["name"], d.get("text"), tuple(d.get("aliases", ())),
    )
    for d in DATA["districts"] + DARK["districts"]
}
DISTRICT_TYPES: tuple[str, ...] = tuple(DATA["district_types"])
COST: dict[str, int] = {d.id: d.cost for d in DISTRICTS.values()}
KIND: dict[str, str] = {d.id: d.type for d in DISTRICTS.values()}

# The Classic deck in a fixed order; new_game shuffles a copy.
DECK: tuple[str, ...] = tuple(d["id"] for d in DATA["districts"] for _ in range(d["copies"]))
# The Dark City purples a game may add to it (one copy each).
DARK_DISTRICTS: tuple[str, ...] = tuple(d["id"] for d in DARK["districts"])

# Draft table by player count: face-up discards, face-down discards, characters each.
DRAFT: dict[int, tuple[int, int, int]] = {
    int(n): (t["faceup"], t["facedown"], t["characters_each"]) for n, t in DATA["draft"].items()
}
# With a rank-9 character (9 characters in the cast): docs/rules/citadels-dark-city.md §2.3.
DRAFT_NINE: dict[int, tuple[int, int, int]] = {
    int(n): (t["faceup"], t["facedown"], t["characters_each"])
    for n, t in DARK["draft_nine"].items()
}
MIN_PLAYERS, MAX_PLAYERS = min(DRAFT), max(DRAFT_NINE)
# Player counts whose draft is not one pick per seat in turn, each time round: its steps, as
# (seat offset from the crown, "pick" or "discard") (the rulebook's 2 players).
DRAFT_STEPS: dict[int, tuple[tuple[int, str], ...]] = {
    int(n): tuple((offset, kind) for offset, kind in t["steps"])
    for n, t in DATA["draft"].items() if "steps" in t
}
DRAFT_STEPS_NINE: dict[int, tuple[tuple[int, str], ...]] = {
    int(n): tuple((offset, kind) for offset, kind in t["steps"])
    for n, t in DARK["draft_nine"].items() if "steps" in t
}
# 3 players with 9 characters: after this many picks one card of the pool is discarded at
# random, face down.
RANDOM_DISCARD_AFTER: dict[int, int] = {
    int(n): t["random_discard_after"] for n, t in DARK["draft_nine"].items()
    if "random_discard_after" in t}
# Districts that complete a city by player count, unless the options say otherwise.
CITY_SIZE: dict[int, int] = {int(n): size for n, size in
                             {**DATA["city_size"], **DARK["city_size"]}.items()}
# Player counts whose last chooser also gets the face-down card (the rulebook's 7 players).
LAST_TAKES_FACEDOWN: frozenset[int] = frozenset(
    int(n) for n, t in DATA["draft"].items() if t.get("last_takes_facedown"))
LAST_TAKES_FACEDOWN_NINE: frozenset[int] = frozenset(
    int(n) for n, t in DARK["draft_nine"].items() if t.get("last_takes_facedown"))
# Characters a player count may not have in its cast.
BARRED: dict[int, frozenset[str]] = {int(n): frozenset(cs) for n, cs in DARK["barred"].items()}
