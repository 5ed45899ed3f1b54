"""A panel's places picture without drawing the whole board for every panel.

Every panel of a state shows the same board with other candidates labelled; the board without
them (the base: the table's board) is painted once per state, kept shrunk in a small cache
for the table's picture and the panels', and each panel's
picture repaints only the boxes where its scene differs from the base's (a gold ring, a path,
a label...), every item of its scene that reaches those boxes drawn again in order: the same
pixels as painting the whole scene (tests/cogs/catan/test_picture_overlay.py).
Pictures are drawn in a worker thread: the cache is guarded by a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from PIL import Image

from cogs.drawing import Box, Scene, Shape, Text, render

from .pen import SCALE, encoded

Item = Shape | Text
BASES = 16  # boards kept: a state's panels come together; ~1.8 MB each
Bounds = tuple[int, int, int, int]  # left, top, right, bottom (exclusive), scene pixels


@dataclass(frozen=True)
class Base:
    """The board without candidates: its scene's items and its picture, shrunk."""

    items: tuple[Item, ...]
    image: Image.Image


class Bases:
    """The most recent boards by key, least recently used dropped first; thread-safe."""

    def __init__(self, size: int = BASES) -> None:
        self._size = size
        self._bases: OrderedDict[str, Base] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, layout: Callable[[], Scene]) -> Base:
        with self._lock:
            if key in self._bases:
                self._bases.move_to_end(key)
                return self._bases[key]
        scene = layout()  # outside the lock: two threads may paint one board twice, no harm
        base = Base(tuple(scene.items), render(scene).reduce(SCALE))
        with self._lock:
            self._bases[key] = base
            while len(self._bases) > self._size:
                self._bases.popitem(last=False)
        return base


BOARDS = Bases()


def overlaid(base: Base, scene: Scene) -> bytes:
    """`scene` (the base's scene with more or other items) as paint_smooth paints it."""
    image = base.image.copy()
    reaches = [_reach(item) for item in scene.items]
    for bounds in _merged(_changed(base.items, scene.items, scene.width, scene.height)):
        x0, y0, x1, y1 = bounds
        items = zip(scene.items, reaches, strict=True)
        part = Scene(x1 - x0, y1 - y0, scene.background,
                     [_moved(item, -x0, -y0) for item, reach in items if _meets(reach, bounds)])
        image.paste(render(part).reduce(SCALE), (x0 // SCALE, y0 // SCALE))
    return encoded(image)


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
    if isinstance(item, Text):
        box = item.box
        return replace(item, box=Box(box.x + dx, box.y + dy, box.w, box.h))
    return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
