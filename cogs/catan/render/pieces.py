"""The pieces and tokens, drawn as shapes (the font has no emoji): settlements, cities, walls,
metropolises, knights, the robber, the merchant, the barbarian ship, the dice, the harbours.

Each draws at a point, its size a fraction of `u` (the hex's corner radius in picture
pixels), so the board's proportions hold at any size.
"""

from __future__ import annotations

import math

from cogs.drawing import RGB

from .colours import (
    GLOW,
    INK,
    OUTLINE,
    ROBBER,
    SHIP_HULL,
    STONE,
    STONE_DARK,
    TRACKS,
    WHITE,
    ink_on,
    tint,
)
from .geometry import Point
from .pen import Pen, grown

Shape = list[tuple[float, float]]  # in units of u, around the piece's point
SETTLEMENT: Shape = [(-0.15, 0.15), (0.15, 0.15), (0.15, -0.03), (0.0, -0.18), (-0.15, -0.03)]
CITY: Shape = [(-0.24, 0.16), (0.24, 0.16), (0.24, -0.03), (0.02, -0.03), (0.02, -0.11),
               (-0.11, -0.25), (-0.24, -0.11)]
WALL: Shape = [(-0.29, 0.23), (0.29, 0.23), (0.29, -0.10), (0.21, -0.10), (0.21, -0.04),
               (0.13, -0.04), (0.13, -0.10), (-0.13, -0.10), (-0.13, -0.04), (-0.21, -0.04),
               (-0.21, -0.10), (-0.29, -0.10)]
TOWER: Shape = [(0.03, 0.0), (0.25, 0.0), (0.25, -0.35), (0.19, -0.35), (0.19, -0.30),
                (0.165, -0.30), (0.165, -0.35), (0.115, -0.35), (0.115, -0.30), (0.09, -0.30),
                (0.09, -0.35), (0.03, -0.35)]
SHIELD: Shape = [(-0.17, -0.17), (0.17, -0.17), (0.17, 0.05), (0.0, 0.22), (-0.17, 0.05)]
PAWN_BODY: Shape = [(-0.11, 0.19), (0.11, 0.19), (0.05, -0.06), (-0.05, -0.06)]
CONE: Shape = [(-0.12, 0.19), (0.12, 0.19), (0.0, -0.13)]
EDGE = 0.035  # a piece's dark outline, in u
TOWER_STONE: RGB = (238, 234, 222)
INACTIVE: RGB = (168, 168, 168)  # what an inactive knight's colour is washed towards


def place(shape: Shape, at: Point, u: float, turn: bool = False) -> list[Point]:
    """The shape's points at `at`, `u` pixels a unit (turned a quarter when `turn`)."""
    x, y = at
    if turn:
        return [(x - dy * u, y + dx * u) for dx, dy in shape]
    return [(x + dx * u, y + dy * u) for dx, dy in shape]


def settlement(pen: Pen, at: Point, colour: RGB, u: float) -> None:
    pen.polygon(place(SETTLEMENT, at, u), colour, OUTLINE, EDGE * u)


def city(pen: Pen, at: Point, colour: RGB, u: float, wall: bool, metropolis: str | None,
         ruined: bool) -> None:
    """A city on its wall when it has one; a metropolis raises a tower behind it with its
    track's colour on it; a city the barbarians laid low lies on its side."""
    if wall:
        pen.polygon(place(WALL, at, u), STONE, STONE_DARK, EDGE * u)
    if metropolis is not None:
        pen.polygon(place(TOWER, at, u, turn=ruined), TOWER_STONE, OUTLINE, EDGE * u)
        x, y = place([(0.14, -0.17)], at, u, turn=ruined)[0]
        pen.disc((x, y), 0.085 * u, TRACKS[metropolis], OUTLINE, 0.025 * u)
    pen.polygon(place(CITY, at, u, turn=ruined), colour, OUTLINE, EDGE * u)


def knight(pen: Pen, at: Point, colour: RGB, level: int, active: bool, u: float,
           region: str | None = None) -> None:
    """A shield with the knight's level: in the seat's colour with a golden ring when active,
    washed out when not."""
    points = place(SHIELD, at, u)
    fill = colour if active else tint(colour, 0.55, INACTIVE)
    if active:
        pen.polygon(grown(points, EDGE * u), GLOW, GLOW, 0.07 * u)
    pen.polygon(points, fill, OUTLINE, EDGE * u)
    pen.text_at((at[0], at[1] - 0.01 * u), str(level), ink_on(fill), 0.26 * u, bold=True,
                region=region)


def robber(pen: Pen, at: Point, u: float) -> None:
    x, y = at
    pen.polygon(place(PAWN_BODY, at, u), ROBBER, WHITE, 0.03 * u)
    pen.disc((x, y - 0.13 * u), 0.085 * u, ROBBER, WHITE, 0.03 * u)


def merchant(pen: Pen, at: Point, colour: RGB, u: float) -> None:
    x, y = at
    pen.polygon(place(CONE, at, u), colour, OUTLINE, EDGE * u)
    pen.disc((x, y - 0.15 * u), 0.065 * u, colour, OUTLINE, EDGE * u)


def ship(pen: Pen, at: Point, size: float) -> None:
    """The barbarians' ship: a hull, a mast and a black sail; `size` its width."""
    x, y = at
    s = size / 2
    pen.polygon([(x - s, y + 0.15 * s), (x + s, y + 0.15 * s), (x + 0.65 * s, y + 0.6 * s),
                 (x - 0.65 * s, y + 0.6 * s)], SHIP_HULL, OUTLINE, max(1.0, 0.06 * s))
    pen.line([(x, y + 0.15 * s), (x, y - 0.95 * s)], OUTLINE, max(1.0, 0.08 * s))
    pen.polygon([(x + 0.06 * s, y - 0.9 * s), (x + 0.75 * s, y - 0.05 * s),
                 (x + 0.06 * s, y - 0.05 * s)], INK, WHITE, max(1.0, 0.05 * s))
    pen.polygon([(x - 0.06 * s, y - 0.7 * s), (x - 0.06 * s, y - 0.05 * s),
                 (x - 0.55 * s, y - 0.05 * s)], INK, WHITE, max(1.0, 0.05 * s))


PIPS: dict[int, tuple[tuple[int, int], ...]] = {  # a die's face: pips on a 3x3 grid
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def die(pen: Pen, x: float, y: float, size: float, fill: RGB, value: int, region: str) -> None:
    """A die face with `value` pips."""
    box = pen.box(x, y, size, size)
    pen.region(region, box)
    pen.rect(box, fill, OUTLINE, max(1.0, size / 20), radius=size / 6)
    ink = ink_on(fill)
    step = size / 3.6
    for col, row in PIPS[value]:
        pen.disc((x + size / 2 + (col - 1) * step, y + size / 2 + (row - 1) * step),
                 size / 11, ink)


def event_die(pen: Pen, x: float, y: float, size: float, face: str, region: str) -> None:
    """The event die: the ship, or a city gate in its track's colour."""
    box = pen.box(x, y, size, size)
    pen.region(region, box)
    pen.rect(box, WHITE, OUTLINE, max(1.0, size / 20), radius=size / 6)
    cx, cy = x + size / 2, y + size / 2
    if face == "ship":
        ship(pen, (cx, cy + size * 0.05), size * 0.7)
        return
    colour = TRACKS[face.removeprefix("gate_")]
    w, h = size * 0.62, size * 0.62
    top = cy - h / 2
    pen.polygon(_arch(cx, top, w, h), colour, OUTLINE, max(1.0, size / 30))
    pen.polygon(_arch(cx, top + h * 0.38, w * 0.4, h * 0.62), INK)


def _arch(cx: float, top: float, w: float, h: float) -> list[Point]:
    """A gateway: straight sides and a round top."""
    r = w / 2
    points = [(cx - r, top + h), (cx + r, top + h)]
    points += [(cx + r * math.cos(math.radians(a)), top + r - r * math.sin(math.radians(a)))
               for a in range(0, 181, 20)]
    return points
