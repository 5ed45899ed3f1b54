"""Where the island's hexes, intersections, paths and harbours fall on the picture.

The rules' integer lattice (rules/catan/board.py, §1.4) puts a hex centre at (X, Y) = (2q + r,
3r) and its corners one step off; on the picture one X step is √3/2 of the hex's corner radius
and one Y step half of it, so hexes are regular and pointy-topped, H10 at the centre.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.catan.board import TOPOLOGY

Point = tuple[float, float]
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Geometry:
    """Pixel places for a hex corner radius `r` with H10's centre at (cx, cy)."""

    r: float
    cx: float
    cy: float

    def lattice(self, x: int, y: int) -> Point:
        return self.cx + x * SQRT3 / 2 * self.r, self.cy + y * self.r / 2

    def hex_centre(self, h: int) -> Point:
        q, r = TOPOLOGY.hex_coords[h]
        return self.lattice(2 * q + r, 3 * r)

    def hex_corners(self, h: int, scale: float = 1.0) -> list[Point]:
        """The six corners N, NE, SE, S, SW, NW, pulled towards the centre by `scale`."""
        cx, cy = self.hex_centre(h)
        return [(cx + (x - cx) * scale, cy + (y - cy) * scale)
                for x, y in (self.node(n) for n in TOPOLOGY.hex_nodes[h])]

    def node(self, n: int) -> Point:
        return self.lattice(*TOPOLOGY.node_xy[n])

    def node_inward(self, n: int) -> Point:
        """The unit step from the intersection towards the hex it is the N or S corner of
        (down from an N corner, up from an S corner): where its label goes."""
        return (0.0, 1.0) if TOPOLOGY.node_canonical[n][2] == "N" else (0.0, -1.0)

    def edge_ends(self, e: int) -> tuple[Point, Point]:
        a, b = TOPOLOGY.edge_nodes[e]
        return self.node(a), self.node(b)

    def edge_mid(self, e: int) -> Point:
        (xa, ya), (xb, yb) = self.edge_ends(e)
        return (xa + xb) / 2, (ya + yb) / 2

    def coast_normal(self, e: int) -> Point:
        """The unit step from a coastal path out to sea (away from its one land hex)."""
        hx, hy = self.hex_centre(TOPOLOGY.edge_hexes[e][0])
        mx, my = self.edge_mid(e)
        length = math.hypot(mx - hx, my - hy)
        return (mx - hx) / length, (my - hy) / length


def along(a: Point, b: Point, t: float) -> Point:
    """The point a fraction t of the way from a to b."""
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def frame(cx: float, cy: float, radius: float) -> list[Point]:
    """A flat-topped hexagon of corner radius `radius`: the sea around the island."""
    return [(cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]
