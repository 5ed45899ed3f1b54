"""One neighbourhood drawn on a Scene: its spaces by terrain and colour, tiles outlined, buildings
as stacked storeys in their pieces' colour with their height, feature tiles as small drawn icons
(monuments with their 2, the wild tile's grey frame), and the coordinates of
docs/rules/cities.md §2.5 along the edges (column letters above, row numbers on the left).

What is shown: the laid tiles' box and one ring of the places where a tile could go
(`extent`). A panel may ask for more: candidate spaces highlighted and labelled (`Look.marks`),
the open places of a tile outlined with their names (`Look.places`), and a tile staged where it
would go before it is laid (`Look.staged`, outlined in its own colour).

Drawn from one player's entry of the public view (rules/cities/views.py) and the set's tile
data; nothing here decides what is legal: the panel names the candidates from the legal
actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cogs.drawing import RGB, Box, Scene
from rules.cities.data import ComponentSet
from rules.cities.geometry import Frame, open_positions, tile_spaces

from .colours import (
    BROWN,
    GREY,
    GREY_DARK,
    HIGHLIGHT,
    INK,
    LEAF,
    MUTED,
    OUTSIDE,
    PIECE,
    PIECE_EDGE,
    PLACE,
    SEA_INK,
    SPACE,
    STAGED,
    TILE_EDGE,
    WHITE,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Staged:
    """A tile shown where it would be laid: its id, position and rotation."""

    tile: str
    x: int
    y: int
    rot: int


@dataclass(frozen=True)
class Look:
    cell: int  # pixels a side of one space
    labels: bool = True
    marks: tuple[str, ...] = ()  # space labels to highlight and name
    places: tuple[str, ...] = ()  # tile labels of the open places to outline and name
    staged: Staged | None = None


def extent(player: dict[str, Any], long: bool, staged: Staged | None = None
           ) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), tile positions inclusive: the laid tiles (and a staged one) and the
    places around them where a tile could go."""
    laid = [(p["x"], p["y"]) for p in player["tiles"]]
    if staged is not None:
        laid.append((staged.x, staged.y))
    if not laid:
        return 0, 0, 0, 0
    shown = laid + open_positions(laid, long)
    xs, ys = [x for x, _ in shown], [y for _, y in shown]
    return min(xs), min(ys), max(xs), max(ys)


def margin(cell: int) -> int:
    """The edge the coordinates take (left and top)."""
    return max(14, round(cell * 0.42))


def size(span: tuple[int, int, int, int], look: Look) -> tuple[int, int]:
    """The drawing's width and height for an extent."""
    edge = margin(look.cell) if look.labels else 0
    x0, y0, x1, y1 = span
    return edge + 2 * (x1 - x0 + 1) * look.cell, edge + 2 * (y1 - y0 + 1) * look.cell


def draw(scene: Scene, left: int, top: int, player: dict[str, Any], parts: ComponentSet,
         frame: Frame, look: Look, span: tuple[int, int, int, int], region: str) -> Box:
    """The neighbourhood with its NW corner at (left, top); returns its box."""
    c = look.cell
    edge = margin(c) if look.labels else 0
    x0, y0, x1, y1 = span
    cols, rows = 2 * (x1 - x0 + 1), 2 * (y1 - y0 + 1)
    origin = (left + edge - 2 * x0 * c, top + edge - 2 * y0 * c)  # where space (0, 0) starts
    area = Box(left + edge, top + edge, cols * c, rows * c)
    box = Box(left, top, edge + area.w, edge + area.h)
    scene.region(region, box)
    scene.rect(area, OUTSIDE)

    def at(cell: Cell) -> Box:
        return Box(origin[0] + cell[0] * c, origin[1] + cell[1] * c, c, c)

    for label in look.places:
        place = frame.cells[label]
        spot = Box(origin[0] + place[0] * c, origin[1] + place[1] * c, 2 * c, 2 * c)
        scene.rect(spot.inset(max(2, c // 12)), PLACE, MUTED, max(1, c // 24),
                   radius=max(2, c // 8))
        scene.text(spot, label, INK, max(10, round(c * 0.5)), 9, bold=True, align="centre",
                   region=region)
    codes = {frame.cells[label]: code for label, code in player["spaces"].items()}
    features = {frame.cells[label]: f["kind"] for label, f in player["features"].items()}
    stacks = {frame.cells[label]: stack for label, stack in player["pieces"].items()}
    for cell, code in codes.items():
        _space(scene, at(cell), code, features.get(cell), stacks.get(cell, ""), parts, c)
    for placed in player["tiles"]:
        scene.rect(Box(origin[0] + 2 * placed["x"] * c, origin[1] + 2 * placed["y"] * c,
                       2 * c, 2 * c), None, TILE_EDGE, max(1, c // 20))
    if look.staged is not None:
        s = look.staged
        for cell, code in tile_spaces(s.x, s.y, parts.spaces(s.tile), s.rot):
            _space(scene, at(cell), code, None, "", parts, c)
        scene.rect(Box(origin[0] + 2 * s.x * c, origin[1] + 2 * s.y * c, 2 * c, 2 * c),
                   None, STAGED, max(3, c // 9))
    for label in look.marks:
        spot = at(frame.cells[label])
        scene.rect(spot.inset(max(1, c // 16)), None, HIGHLIGHT, max(2, c // 12))
        tag = Box(spot.x + c // 10, spot.y + c // 12, c - c // 5, max(11, c // 3))
        scene.rect(tag, WHITE, HIGHLIGHT, 1, radius=max(2, c // 12))
        scene.text(tag, label, INK, max(10, round(c * 0.26)), 8, bold=True, align="centre",
                   region=region)
    if look.labels:
        size_ = max(9, round(c * 0.3))
        for i in range(cols):
            sx = 2 * x0 + i
            letter = frame.labels.get((sx, 2 * y0), "")[:1]
            scene.text(Box(area.x + i * c, top, c, edge), letter, MUTED, size_, 8, bold=True,
                       align="centre", region=region)
        for j in range(rows):
            sy = 2 * y0 + j
            number = frame.labels.get((2 * x0, sy), "")[1:]
            scene.text(Box(left, area.y + j * c, edge - 2, c), number, MUTED, size_, 8,
                       bold=True, align="centre", region=region)
    return box


def _space(scene: Scene, box: Box, code: str, kind: str | None, stack: str,
           parts: ComponentSet, c: int) -> None:
    """A space: park and water plain; a building space a pale lot framed in its colour."""
    scene.rect(box, SPACE[code], _edge(SPACE[code]), 1)
    if code in PIECE:
        scene.rect(box.inset(max(1, c // 16)), None, PIECE[code], max(1, c // 20))
    if kind is not None:
        feature = parts.kinds[kind]
        if feature.wild:
            scene.rect(box.inset(max(2, c // 14)), None, GREY_DARK, max(2, c // 9))
            if not stack:
                star = box.inset(c // 4)
                scene.text(star, "★", GREY_DARK, max(9, round(c * 0.45)), 6, align="centre")
        elif feature.monument:
            monument(scene, box, c)
        else:
            icon(scene, box.inset(max(2, c // 10)), kind)
    if stack:
        building(scene, box, stack, c)


def _edge(fill: RGB) -> RGB:
    return (max(0, fill[0] - 40), max(0, fill[1] - 40), max(0, fill[2] - 40))


def building(scene: Scene, box: Box, stack: str, c: int) -> None:
    """The storeys stacked from the bottom in the pieces' colour, and the height."""
    colour = stack[0]
    w = max(4, round(c * 0.56))
    h = max(2, round(c * 0.15))
    gap = 1 if c < 40 else 2
    x = box.x + (c - w) // 2 - (c // 10 if c >= 40 else 0)
    y = box.bottom - max(2, c // 10)
    for _ in stack:
        y -= h
        scene.rect(Box(x, y, w, h), PIECE[colour], PIECE_EDGE[colour], 1)
        y -= gap
    if c >= 30:
        tag = Box(box.right - round(c * 0.36), box.y + 2, round(c * 0.34), round(c * 0.34))
        scene.ellipse(tag, WHITE, PIECE_EDGE[colour], 1)
        scene.text(tag, str(len(stack)), PIECE_EDGE[colour], max(9, round(c * 0.24)), 7,
                   bold=True, align="centre")


def monument(scene: Scene, box: Box, c: int) -> None:
    """A grey obelisk on a plinth, marked with its 2."""
    cx = box.x + c // 2
    base = box.bottom - max(2, c // 8)
    scene.rect(Box(box.x + c // 5, base - max(2, c // 8), c - 2 * (c // 5), max(2, c // 8)),
               GREY_DARK)
    top = box.y + max(2, c // 8)
    half = max(2, c // 8)
    scene.polygon([(cx - half, base - c // 8), (cx + half, base - c // 8), (cx + half // 2, top
                   + c // 8), (cx, top), (cx - half // 2, top + c // 8)], GREY)
    if c >= 30:
        scene.text(Box(cx - c // 4, top + c // 5, c // 2, c // 3), "2", WHITE,
                   max(9, round(c * 0.26)), 7, bold=True, align="centre")


def icon(scene: Scene, box: Box, kind: str) -> None:
    """A feature tile's picture, drawn in shapes (the font has no emoji); an unknown kind
    (a transcribed set's) is a disc with its initial."""
    x, y, w, h = box.x, box.y, box.w, box.h

    def p(fx: float, fy: float) -> tuple[int, int]:
        return round(x + fx * w), round(y + fy * h)

    def b(fx: float, fy: float, fw: float, fh: float) -> Box:
        return Box(round(x + fx * w), round(y + fy * h), max(1, round(fw * w)),
                   max(1, round(fh * h)))

    if kind == "tree":
        scene.rect(b(0.44, 0.62, 0.12, 0.3), BROWN)
        scene.polygon([p(0.5, 0.05), p(0.85, 0.68), p(0.15, 0.68)], LEAF)
    elif kind == "fountain":
        scene.ellipse(b(0.1, 0.55, 0.8, 0.35), GREY, GREY_DARK, 1)
        scene.ellipse(b(0.22, 0.6, 0.56, 0.22), (150, 200, 240))
        scene.rect(b(0.46, 0.2, 0.08, 0.45), (60, 140, 220))
        scene.ellipse(b(0.3, 0.08, 0.4, 0.2), (120, 180, 240))
    elif kind == "playground":
        scene.polygon([p(0.1, 0.9), p(0.25, 0.2), p(0.4, 0.9)], (200, 60, 50))
        scene.polygon([p(0.3, 0.25), p(0.9, 0.85), p(0.8, 0.92), p(0.25, 0.35)], (240, 180, 30))
        scene.ellipse(b(0.62, 0.1, 0.26, 0.26), (230, 90, 40))
    elif kind == "bandstand":
        scene.polygon([p(0.5, 0.08), p(0.92, 0.42), p(0.08, 0.42)], (170, 40, 50))
        scene.rect(b(0.18, 0.42, 0.64, 0.42), WHITE, GREY_DARK, 1)
        scene.rect(b(0.12, 0.82, 0.76, 0.1), BROWN)
    elif kind == "sailboat":
        scene.polygon([p(0.52, 0.05), p(0.52, 0.68), p(0.88, 0.68)], WHITE)
        scene.polygon([p(0.46, 0.15), p(0.46, 0.68), p(0.16, 0.68)], (250, 240, 220))
        scene.polygon([p(0.1, 0.74), p(0.9, 0.74), p(0.76, 0.92), p(0.24, 0.92)], BROWN)
    elif kind == "ferry":
        scene.rect(b(0.28, 0.3, 0.4, 0.25), WHITE, GREY_DARK, 1)
        scene.rect(b(0.56, 0.12, 0.12, 0.2), (200, 50, 40))
        scene.polygon([p(0.06, 0.55), p(0.94, 0.55), p(0.8, 0.85), p(0.2, 0.85)], (240, 140, 30))
    elif kind == "dolphins":
        scene.ellipse(b(0.1, 0.45, 0.8, 0.3), (120, 130, 150))
        scene.polygon([p(0.45, 0.48), p(0.55, 0.2), p(0.65, 0.48)], (120, 130, 150))
        scene.polygon([p(0.08, 0.6), p(0.0, 0.45), p(0.0, 0.75)], (120, 130, 150))
        scene.ellipse(b(0.72, 0.52, 0.07, 0.07), WHITE)
    elif kind == "kayaks":
        scene.ellipse(b(0.05, 0.22, 0.9, 0.2), (240, 200, 30), SEA_INK, 1)
        scene.ellipse(b(0.05, 0.58, 0.9, 0.2), (220, 60, 50), SEA_INK, 1)
        scene.line([p(0.2, 0.1), p(0.8, 0.9)], BROWN, max(1, w // 14))
    else:
        scene.ellipse(b(0.15, 0.15, 0.7, 0.7), WHITE, INK, 1)
        scene.text(b(0.15, 0.15, 0.7, 0.7), kind[:1].upper(), INK, max(9, h // 2), 6,
                   bold=True, align="centre")
