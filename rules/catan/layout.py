"""What lies on the fixed island: terrains, number tokens, harbour types and the robber (§1.5,
§1.6). The beginner board and the almanac's variable set-up; data in data/board.json."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal

from .board import HARBOUR_COUNT, HEX_COUNT, TOPOLOGY, hex_id, parse_hex


def _load() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath("data/board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


_DATA = _load()
TERRAIN_COUNTS: dict[str, int] = _DATA["terrains"]
TERRAINS: tuple[str, ...] = tuple(TERRAIN_COUNTS)
DESERT: str = _DATA["desert"]
# Token values in letter order A..R: the spiral lays them in this order.
TOKEN_LETTERS: tuple[str, ...] = tuple(sorted(_DATA["tokens"]))
TOKENS: tuple[int, ...] = tuple(_DATA["tokens"][letter] for letter in TOKEN_LETTERS)
RED_NUMBERS: frozenset[int] = frozenset(_DATA["red_numbers"])
HARBOUR_TYPES: dict[str, dict[str, Any]] = _DATA["harbours"]
# The spiral from corner H12: outer ring and inner ring counter-clockwise, then the centre.
SPIRAL_OUTER: tuple[int, ...] = tuple(parse_hex(h) for h in _DATA["spiral"]["outer"])
SPIRAL_INNER: tuple[int, ...] = tuple(parse_hex(h) for h in _DATA["spiral"]["inner"])
SPIRAL_CENTRE: int = parse_hex(_DATA["spiral"]["centre"])
CORNERS = len(SPIRAL_INNER)  # 6 possible starting corners

TokenMode = Literal["spiral", "random"]


@dataclass(frozen=True)
class Layout:
    terrains: tuple[str, ...]  # by hex, terrain ids of §1.1
    tokens: tuple[int | None, ...]  # by hex; None on the desert
    harbours: tuple[str, ...]  # harbour type ids of §1.3, by slot HB1..HB9
    robber: int  # hex


def _multiset(counts: dict[str, int]) -> list[str]:
    return [name for name, count in counts.items() for _ in range(count)]


def _robber_on_desert(terrains: Sequence[str]) -> int:
    return terrains.index(DESERT) if DESERT in terrains else 0


def beginner() -> Layout:
    """The fixed starting board of §1.5."""
    data = _DATA["beginner"]
    terrains = tuple(data["terrains"])
    return Layout(terrains, tuple(data["tokens"]), tuple(data["harbours"]),
                  _robber_on_desert(terrains))


def spiral_order(corner: int) -> tuple[int, ...]:
    """Hexes in the order the spiral lays tokens when it starts at corner `corner` (0..5;
    0 = H12, then counter-clockwise)."""
    outer = SPIRAL_OUTER[2 * corner:] + SPIRAL_OUTER[:2 * corner]
    inner = SPIRAL_INNER[corner:] + SPIRAL_INNER[:corner]
    return (*outer, *inner, SPIRAL_CENTRE)


def spiral_tokens(terrains: Sequence[str], corner: int) -> tuple[int | None, ...]:
    """Tokens A..R laid along the spiral from `corner`, skipping the desert."""
    tokens: list[int | None] = [None] * HEX_COUNT
    values = iter(TOKENS)
    for h in spiral_order(corner):
        if terrains[h] != DESERT:
            tokens[h] = next(values)
    return tuple(tokens)


def red_adjacent(layout: Layout) -> bool:
    """Whether two neighbouring hexes both carry a red number (6 or 8)."""
    return _red_adjacent(layout.tokens)


def _red_adjacent(tokens: Sequence[int | None]) -> bool:
    red = [t in RED_NUMBERS for t in tokens]
    return any(red[h] and red[k] for h in range(HEX_COUNT) for k in TOPOLOGY.hex_neighbours[h])


def _random_tokens(rng: random.Random, terrains: Sequence[str]) -> tuple[int | None, ...]:
    """The 18 tokens shuffled onto the non-desert hexes, reshuffled while red numbers touch."""
    land = [h for h in range(HEX_COUNT) if terrains[h] != DESERT]
    values = list(TOKENS)
    while True:
        rng.shuffle(values)
        tokens: list[int | None] = [None] * HEX_COUNT
        for h, value in zip(land, values, strict=True):
            tokens[h] = value
        if not _red_adjacent(tokens):
            return tuple(tokens)


def random_layout(rng: random.Random, tokens: TokenMode = "spiral",
                  keep_harbours: bool = False) -> Layout:
    """The variable set-up of §1.6, drawn from `rng` only."""
    terrains = _multiset(TERRAIN_COUNTS)
    rng.shuffle(terrains)
    harbours = list(_DATA["beginner"]["harbours"]) if keep_harbours else _multiset(
        {kind: spec["count"] for kind, spec in HARBOUR_TYPES.items()})
    if not keep_harbours:
        rng.shuffle(harbours)
    if tokens == "spiral":
        laid = spiral_tokens(terrains, rng.randrange(CORNERS))
    elif tokens == "random":
        laid = _random_tokens(rng, terrains)
    else:
        raise ValueError(f"unknown token mode {tokens!r}")
    return Layout(tuple(terrains), laid, tuple(harbours), _robber_on_desert(terrains))


def node_harbours(layout: Layout) -> dict[int, str]:
    """Intersection -> the harbour type a building there may use."""
    return {
        node: kind
        for edge, kind in zip(TOPOLOGY.harbour_edges, layout.harbours, strict=True)
        for node in TOPOLOGY.edge_nodes[edge]
    }


def to_json(layout: Layout) -> dict[str, Any]:
    return {
        "terrains": list(layout.terrains),
        "tokens": list(layout.tokens),
        "harbours": list(layout.harbours),
        "robber": hex_id(layout.robber),
    }


def from_json(data: dict[str, Any]) -> Layout:
    """The inverse of `to_json`; ValueError on anything that is not a layout of this island."""
    try:
        terrains, tokens, harbours = list(data["terrains"]), list(data["tokens"]), list(
            data["harbours"])
        robber = parse_hex(data["robber"])
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a layout: {error}") from None
    if len(terrains) != HEX_COUNT or len(tokens) != HEX_COUNT or len(harbours) != HARBOUR_COUNT:
        raise ValueError("a layout has 19 terrains, 19 tokens and 9 harbours")
    if unknown := {*terrains} - set(TERRAINS) | {*harbours} - set(HARBOUR_TYPES):
        raise ValueError(f"unknown terrain or harbour types {sorted(unknown)}")
    if not all(t is None or (type(t) is int and t in TOKENS) for t in tokens):
        raise ValueError(f"bad number tokens {tokens}")
    return Layout(tuple(terrains), tuple(tokens), tuple(harbours), robber)
