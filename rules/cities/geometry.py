"""Where things lie in a neighbourhood: tile and space coordinates, rotation, the size limit and
the display labels (docs/rules/cities.md §2).

Tiles sit at integer `(x, y)` from the start tile at `(0, 0)`, x east and y south; the tile at
`(x, y)` covers the spaces `(2x + i, 2y + j)`. Labels name spaces for people and actions ("F5"),
the same all game long.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

Cell = tuple[int, int]  # a space (sx, sy) or a tile position (x, y)

COLOURS = "RBGY"  # building spaces and pieces
TERRAINS = "PW"  # park, water
ROTATIONS = (0, 90, 180, 270)
STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))  # orthogonal: never diagonal
LETTERS = "ABCDEFGHIJKLMNOPQR"


@cache  # 32 + 4 tiles in 4 rotations, turned again and again
def turned(spaces: str, rot: int) -> str:
    """A tile's "ab/cd" string after `rot` degrees clockwise (docs/rules/cities.md §2.3: r90
    is "ca/db")."""
    a, b, c, d = spaces[0], spaces[1], spaces[3], spaces[4]
    for _ in range(rot // 90):
        a, b, c, d = c, a, d, b
    return f"{a}{b}/{c}{d}"


def tile_spaces(x: int, y: int, spaces: str, rot: int) -> list[tuple[Cell, str]]:
    """The four spaces of a tile laid at (x, y), NW NE SW SE, with their codes."""
    face = turned(spaces, rot)
    return [((2 * x, 2 * y), face[0]), ((2 * x + 1, 2 * y), face[1]),
            ((2 * x, 2 * y + 1), face[3]), ((2 * x + 1, 2 * y + 1), face[4])]


def neighbours(cell: Cell) -> list[Cell]:
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in STEPS]


def fits(positions: Iterable[Cell], long: bool) -> bool:
    """Whether tiles at `positions` stay within the size limit: 3×3, or 3×5 either way round in
    the long 2-player game (docs/rules/cities.md §2.4, R9)."""
    cells = list(positions)
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if long:
        return min(width, height) <= 3 and max(width, height) <= 5
    return max(width, height) <= 3


def open_positions(positions: Iterable[Cell], long: bool) -> list[Cell]:
    """Empty tile positions sharing a whole edge with a laid tile (R8) that keep the size
    limit, in reading order."""
    laid = set(positions)
    found = {n for p in laid for n in neighbours(p)} - laid
    return sorted((p for p in found if fits([*laid, p], long)), key=lambda p: (p[1], p[0]))


class Frame:
    """The labels of one game's spaces (docs/rules/cities.md §2.5): half-width 2 for a 3×3
    neighbourhood, 4 for 3×5."""

    def __init__(self, half: int) -> None:
        self.half = half
        size = 4 * half + 2
        self.labels: dict[Cell, str] = {
            (col - 2 * half, row - 2 * half): f"{LETTERS[col]}{row + 1}"
            for col in range(size) for row in range(size)}
        self.cells: dict[str, Cell] = {label: cell for cell, label in self.labels.items()}

    def label(self, cell: Cell) -> str:
        return self.labels[cell]

    def cell(self, label: str) -> Cell | None:
        """The space a label names; None for a label outside the frame."""
        return self.cells.get(label)

    def tile_label(self, x: int, y: int) -> str:
        """A tile position's name: its NW space's label."""
        return self.labels[(2 * x, 2 * y)]


FRAMES = {False: Frame(2), True: Frame(4)}


def frame(long: bool) -> Frame:
    return FRAMES[long]
