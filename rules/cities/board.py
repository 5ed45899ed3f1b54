"""The central board's four rows (docs/rules/cities.md §3, §5.1): dealing a round, which items
are still there, what lies face down, drawing from the bag, and the round's leftovers."""

from __future__ import annotations

from typing import Any

from rules.kernel import rng

from .counts import ROWS
from .geometry import COLOURS
from .state import Leftovers, Rows

ITEMS = tuple(f"{row}{i}" for row in ROWS for i in range(1, 5))
DEALT = 4  # cards, and city tiles, a round: the last face down (R2)
FEATURE_GROUPS = (2, 1, 1, 2)  # C1-C4; the second tile of C4 face down (R1)
PIECE_GROUPS = (4, 3, 3)  # D1-D3; D4 draws 2 from the bag when taken (R3)
D4_DRAW = 2
STAR_ORDER = ("D4", "D3", "D2", "D1")  # nearest the star first (R5)


def present(rows: Rows, item: str) -> bool:
    """Whether an item is still there to take."""
    if item in rows.workers:
        return False
    row, i = item[0], int(item[1]) - 1
    if row == "A":
        return i < len(rows.cards) and rows.cards[i] is not None
    if row == "B":
        return i < len(rows.tiles) and rows.tiles[i] is not None
    if row == "C":
        return i < len(rows.features) and bool(rows.features[i])
    return i == 3 or (i < len(rows.pieces) and bool(rows.pieces[i]))


def face_down(item: str) -> bool:
    """A4 and B4 lie face down; C4's second tile does too (feature groups: `hidden_tile`)."""
    return item in ("A4", "B4")


def hidden_tile(item: str, index: int) -> bool:
    return item == "C4" and index == 1


def draw_pieces(seed: int, bag: dict[str, int], count: int
                ) -> tuple[int, dict[str, int], str]:
    """(seed, the bag after, the colours drawn): `count` pieces at random, fewer if the bag
    holds fewer."""
    left = dict(bag)
    drawn = []
    for _ in range(min(count, sum(left.values()))):
        seed, pick = rng.modulo(seed, sum(left.values()))
        for colour in COLOURS:
            if pick < left[colour]:
                left[colour] -= 1
                drawn.append(colour)
                break
            pick -= left[colour]
    return seed, left, "".join(drawn)


def _groups(items: tuple[str, ...], sizes: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    out, at = [], 0
    for size in sizes:
        out.append(items[at:at + size])
        at += size
    return tuple(out)


def deal(seed: int, cards: tuple[str, ...], tiles: tuple[str, ...],
         features: tuple[str, ...], bag: dict[str, int]) -> dict[str, Any]:
    """A round's rows from the tops of the stacks and the bag (docs/rules/cities.md §5.1): the
    state update. A stack run short leaves its last places empty (R25)."""
    seed, bag_after, drawn = draw_pieces(seed, bag, sum(PIECE_GROUPS))
    count = sum(FEATURE_GROUPS)
    rows = Rows(
        cards=tuple(cards[i] if i < len(cards) else None for i in range(DEALT)),
        tiles=tuple(tiles[i] if i < len(tiles) else None for i in range(DEALT)),
        features=_groups(features[:count], FEATURE_GROUPS),
        pieces=tuple("".join(group) for group in _groups(tuple(drawn), PIECE_GROUPS)))
    return {"rows": rows, "rng": seed, "bag": bag_after, "card_deck": cards[DEALT:],
            "tile_stack": tiles[DEALT:], "feature_stack": features[count:]}


def public(rows: Rows) -> dict[str, Any]:
    """The rows as everyone sees them: face-down items as None (docs/rules/cities.md §9)."""
    return {
        "A": [None if face_down(f"A{i + 1}") else card for i, card in enumerate(rows.cards)],
        "B": [None if face_down(f"B{i + 1}") else tile for i, tile in enumerate(rows.tiles)],
        "C": [[None if hidden_tile(f"C{i + 1}", j) else ft for j, ft in enumerate(group)]
              for i, group in enumerate(rows.features)],
        "D": list(rows.pieces),
    }


def leftovers(rows: Rows) -> tuple[Leftovers, Leftovers]:
    """What nobody took (3 players, R20): (face up, face down). An untaken D4 draws nothing."""
    up: dict[str, list[str]] = {"cards": [], "tiles": [], "features": []}
    down: dict[str, list[str]] = {"cards": [], "tiles": [], "features": []}
    for i, card in enumerate(rows.cards):
        if card is not None:
            (down if face_down(f"A{i + 1}") else up)["cards"].append(card)
    for i, tile in enumerate(rows.tiles):
        if tile is not None:
            (down if face_down(f"B{i + 1}") else up)["tiles"].append(tile)
    for i, group in enumerate(rows.features):
        for j, ft in enumerate(group):
            (down if hidden_tile(f"C{i + 1}", j) else up)["features"].append(ft)
    pieces = "".join(rows.pieces)
    return (Leftovers(**{k: tuple(v) for k, v in up.items()}, pieces=pieces),
            Leftovers(**{k: tuple(v) for k, v in down.items()}))


def star_taker(rows: Rows) -> int | None:
    """The seat whose worker is furthest right in row D (R5)."""
    return next((rows.workers[item] for item in STAR_ORDER if item in rows.workers), None)
