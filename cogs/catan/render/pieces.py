"""The pieces and tokens, drawn as shapes (the font has no emoji): settlements, cities, walls,
metropolises, knights, the robber, the merchant, the barbarian ship, the dice, the harbours.

Each draws at a point, its size a fraction of `u` (the hex's corner radius in picture
pixels), so the board's proportions hold at any size.
"""

from __future__ import annotations

import math

from cogs.drawing import RGB, Box

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
)
from .geometry import Point
from .pen import Pen, grown

Shape = list[tuple[float, float]]  # in units of u, around the piece's point
SETTLEMENT: Shape = [(-0.15, 0.15), (0.15, 0.15), (0.15, -0.03), (0.0, -0.18), (-0.15, -0.03)]
CITY: Shape = [(-0.24, 0.16), (0.24, 0.16), (0.24, -0.03), (0.02, -0.03), (0.02, -0.11),
               (-0.11, -0.25), (-0.24, -0.11)]
WALL: Shape = [(-0.34, 0.27), (0.34, 0.27), (0.34, -0.12), (0.25, -0.12), (0.25, -0.05),
               (0.16, -0.05), (0.16, -0.12), (-0.16, -0.12), (-0.16, -0.05), (-0.25, -0.05),
               (-0.25, -0.12), (-0.34, -0.12)]
TOWER: Shape = [(0.03, 0.0), (0.25, 0.0), (0.25, -0.35), (0.19, -0.35), (0.19, -0.30),
                (0.165, -0.30), (0.165, -0.35), (0.115, -0.35), (0.115, -0.30), (0.09, -0.30),
                (0.09, -0.35), (0.03, -0.35)]
FLAG: Shape = [(0.14, -0.35), (0.14, -0.52), (0.32, -0.46), (0.16, -0.40), (0.16, -0.35)]
SHIELD: Shape = [(-0.17, -0.17), (0.17, -0.17), (0.17, 0.05), (0.0, 0.22), (-0.17, 0.05)]
CLOAK: Shape = [(-0.3, 0.42), (0.3, 0.42), (0.18, -0.22), (-0.18, -0.22)]
CONE: Shape = [(-0.12, 0.19), (0.12, 0.19), (0.0, -0.13)]
EDGE = 0.035  # a piece's dark outline, in u
TOWER_STONE: RGB = (238, 234, 222)
HOLLOW: RGB = (232, 228, 218)  # an inactive knight's shield, inside its seat's colour


def place_shape(shape: Shape, at: Point, u: float, turn: bool = False) -> list[Point]:
    """The shape's points at `at`, `u` pixels a unit (turned a quarter when `turn`)."""
    x, y = at
    if turn:
        return [(x - dy * u, y + dx * u) for dx, dy in shape]
    return [(x + dx * u, y + dy * u) for dx, dy in shape]


def settlement(pen: Pen, at: Point, colour: RGB, u: float, place: str | None = None) -> None:
    """A house; on the board its own region (`settlement:I5`), beside a seat's name none."""
    points = place_shape(SETTLEMENT, at, u)
    pen.polygon(points, colour, OUTLINE, EDGE * u)
    if place is not None:
        pen.region(f"settlement:{place}", pen.bounds(points, EDGE * u))


def city(pen: Pen, at: Point, colour: RGB, u: float, wall: bool, metropolis: str | None,
         ruined: bool, place: str) -> None:
    """A city on its wall when it has one (a crenellated stone base wider than the city); a
    metropolis raises a tower behind it flying its track's colour; a city the barbarians laid
    low lies on its side. Each part is its own region (`wall:I5`, `metropolis:I5`)."""
    if wall:
        points = place_shape(WALL, at, u)
        pen.polygon(points, STONE, STONE_DARK, EDGE * u)
        pen.region(f"wall:{place}", pen.bounds(points, EDGE * u))
    if metropolis is not None:
        points = place_shape(TOWER, at, u, turn=ruined)
        pen.polygon(points, TOWER_STONE, OUTLINE, EDGE * u)
        flag = place_shape(FLAG, at, u, turn=ruined)
        pen.polygon(flag, TRACKS[metropolis], OUTLINE, 0.025 * u)
        pen.region(f"metropolis:{place}", pen.bounds(points + flag, EDGE * u))
    points = place_shape(CITY, at, u, turn=ruined)
    pen.polygon(points, colour, OUTLINE, EDGE * u)
    pen.region(f"city:{place}", pen.bounds(points, EDGE * u))


def knight(pen: Pen, at: Point, colour: RGB, level: int, active: bool, u: float,
           place: str) -> None:
    """A shield with the knight's level: filled with the seat's colour in a golden ring when
    active; hollow (pale, edged in the seat's colour) when not."""
    points = place_shape(SHIELD, at, u)
    ring = grown(points, (0.09 if active else 0.06) * u)
    pen.polygon(ring, GLOW if active else colour, OUTLINE, EDGE * u / 2)
    fill = colour if active else HOLLOW
    pen.polygon(points, fill, OUTLINE if active else None, EDGE * u)
    mark = "knight_active" if active else "knight_inactive"
    pen.region(f"{mark}:{place}", pen.bounds(ring, EDGE * u / 2))
    pen.text_at((at[0], at[1] - 0.01 * u), str(level), ink_on(fill), 0.3 * u, bold=True,
                region=f"node:{place}")


def robber(pen: Pen, at: Point, u: float) -> None:
    """A dark hooded figure standing behind the hex's number token (drawn after it): its hood
    above the token, its cloak wider than it below."""
    x, y = at
    cloak = place_shape(CLOAK, at, u)
    pen.polygon(cloak, ROBBER, WHITE, 0.025 * u)
    pen.disc((x, y - 0.31 * u), 0.125 * u, ROBBER, WHITE, 0.025 * u)
    top = pen.bounds([(x, y - 0.46 * u)])  # the hood's top: clear of the roads around
    body = pen.bounds(cloak, 0.025 * u)
    pen.region("robber", Box(body.x, top.y, body.w, body.bottom - top.y))


def merchant(pen: Pen, at: Point, colour: RGB, u: float) -> None:
    """A pawn in its owner's colour carrying a golden coin."""
    x, y = at
    cone = place_shape(CONE, at, u)
    pen.polygon(cone, colour, OUTLINE, EDGE * u)
    pen.disc((x, y - 0.15 * u), 0.065 * u, colour, OUTLINE, EDGE * u)
    pen.disc((x, y + 0.06 * u), 0.055 * u, GLOW, OUTLINE, EDGE * u)
    pen.region("merchant", pen.bounds([*cone, (x, y - 0.215 * u)], EDGE * u))


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
