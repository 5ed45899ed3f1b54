"""A game's board painted over the last table's board it painted: only where the two differ.

Consecutive boards of a game differ in a few places (a road, the dice, a seat's points), and a
panel's places picture is the table's board with a few items more or other (a gold ring, a
path, a label...). Each game's latest table's board is kept, shrunk, with its scene's items;
a picture of the game (the next table's, or a panel's) repaints only the boxes where its
scene's items differ from the kept board's, every item of its scene that reaches them painted
again in order, moved by whole pixels: the same pixels as painting the whole scene
(tests/cogs/catan/test_picture_overlay.py). Where most of the picture differs (the set-up's
fifty settlement spots), it is painted whole. Keeping a panel's board too, or one of each
kind of candidates, saved little more for twice or three times the memory.

A board is asked for again seconds after the last one of its game (the table at once, a
person's panel after their thinking), while the other games paint theirs: so what is kept is
each game's latest board (`owner`: what stays the same through a game), not the last few
boards painted. Pictures are painted in a worker thread: the cache is guarded by a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from PIL import Image

from cogs.drawing import Box, Scene, Shape, Text, render

from .pen import SCALE

Item = Shape | Text
KEPT = 128  # games whose board is kept, ~1.7 MB each
# Past this share of the picture to paint again (the set-up's fifty intersections), painting
# the boxes costs more than painting the whole scene.
OVERLAID = 0.4
# A box is painted with this much around it: Pillow draws a wide line cut by the picture's
# edge a pixel off from the same line drawn whole.
MARGIN = 8
Bounds = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), scene pixels


@dataclass(frozen=True)
class Painted:
    """A board painted: its picture's key, its scene's items and its picture, shrunk (never
    changed once kept)."""

    key: str
    items: tuple[Item, ...]
    image: Image.Image


class Boards:
    """The latest table's board of each of the `size` games that asked last (or a panel's,
    until the table's is painted), the least recently asked for dropped first; thread-safe."""

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, Painted] = OrderedDict()
        self._lock = threading.Lock()
        self.counts = {"painted": 0, "overlaid": 0, "kept": 0}  # how each was made

    def image(self, owner: Hashable, table: bool, key: str, layout: Callable[[], Scene]
              ) -> Image.Image:
        """The picture `key` of the game `owner` (`layout` its scene; `table`: the table's
        board, else a panel's), painted and shrunk: the kept one if it is that picture, else
        painted over it (or whole when most of it differs)."""
        with self._lock:
            kept = self._kept.get(owner)
        if kept is not None and kept.key == key:
            self._keep(owner, kept, True, "kept")
            return kept.image
        scene = layout()
        image = None if kept is None else _over(kept, scene)
        how = "painted" if image is None else "overlaid"
        if image is None:
            image = render(scene).reduce(SCALE)
        self._keep(owner, Painted(key, tuple(scene.items), image), table, how)
        return image

    def clear(self) -> None:
        """Forget every board kept (the next pictures are painted whole)."""
        with self._lock:
            self._kept.clear()

    def _keep(self, owner: Hashable, painted: Painted, table: bool, how: str) -> None:
        """Keep a table's board as the game's; a panel's only while the game has none (the
        table's is the nearest to the next table's and to every panel's)."""
        with self._lock:
            self.counts[how] += 1
            if table or owner not in self._kept:
                self._kept[owner] = painted
            self._kept.move_to_end(owner)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)


BOARDS = Boards()


def overlaid(image: Image.Image, scene: Scene, boxes: list[Bounds]) -> Image.Image:
    """`scene` painted and shrunk, as `render(scene).reduce(SCALE)` gives it, from `image`
    (another scene of the same size painted and shrunk) where their items differ only in
    `boxes`."""
    image = image.copy()
    reaches = [_reach(item) for item in scene.items]
    for box in boxes:
        x0, y0, x1, y1 = box
        dx, dy = MARGIN - x0, MARGIN - y0
        part = Scene(x1 - x0 + 2 * MARGIN, y1 - y0 + 2 * MARGIN, scene.background,
                     [_moved(item, dx, dy) for item, reach in zip(scene.items, reaches,
                                                                 strict=True)
                      if _meets(reach, box)])
        inside = (MARGIN, MARGIN, MARGIN + x1 - x0, MARGIN + y1 - y0)
        image.paste(render(part).crop(inside).reduce(SCALE), (x0 // SCALE, y0 // SCALE))
    return image


def _over(kept: Painted, scene: Scene) -> Image.Image | None:
    """`scene` painted over the game's kept board; None where most of it differs."""
    boxes = _merged(_changed(kept.items, scene.items, scene.width, scene.height))
    if _area(boxes) > OVERLAID * scene.width * scene.height:
        return None
    return overlaid(kept.image, scene, boxes)


def _area(boxes: list[Bounds]) -> int:
    return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)


def _changed(old: Sequence[Item], new: Sequence[Item], width: int, height: int
             ) -> list[Bounds]:
    """The boxes (on the SCALE grid, inside the scene) of every item in one list and not
    in the other, in their order."""
    matcher = SequenceMatcher(None, old, new, autojunk=False)
    boxes: list[Bounds] = []
    for tag, i0, i1, j0, j1 in matcher.get_opcodes():
        if tag != "equal":
            boxes.extend(_snapped(_reach(item), width, height)
                         for item in (*old[i0:i1], *new[j0:j1]))
    return boxes


def _merged(boxes: list[Bounds]) -> list[Bounds]:
    """The boxes, those that meet one another made one box around them (fewer to paint)."""
    merged: list[Bounds] = []
    for box in boxes:
        while (met := next((m for m in merged if _meets(m, box)), None)) is not None:
            merged.remove(met)
            box = (min(box[0], met[0]), min(box[1], met[1]), max(box[2], met[2]),
                   max(box[3], met[3]))
        merged.append(box)
    return merged


def _snapped(bounds: Bounds, width: int, height: int) -> Bounds:
    """The bounds grown to the SCALE grid (a picture pixel is the mean of a SCALE square)."""
    x0, y0, x1, y1 = bounds
    return (max(0, x0 // SCALE * SCALE), max(0, y0 // SCALE * SCALE),
            min(width, -(-x1 // SCALE) * SCALE), min(height, -(-y1 // SCALE) * SCALE))


def _reach(item: Item) -> Bounds:
    """A box every pixel the item paints lies in (generously: a text's glyphs may pass its
    box by their bearings, a line's ends by its width)."""
    if isinstance(item, Text):
        pad = item.fitted.size + 2
        box = item.box
        spare = max(0, round(item.fitted.width) - box.w)  # a text wider than its box
        return (box.x - spare - pad, box.y - pad, box.right + spare + pad, box.bottom + pad)
    pad = item.width + 2
    xs, ys = _coords(item.points)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad + 1, max(ys) + pad + 1


def _coords(points: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    pairs = list(points)
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _meets(a: Bounds, b: Bounds) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _moved(item: Item, dx: int, dy: int) -> Item:
    """The item `dx`, `dy` pixels away (integers: painted the same, pixel for pixel)."""
    if isinstance(item, Text):
        box = item.box
        return replace(item, box=Box(box.x + dx, box.y + dy, box.w, box.h))
    return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
