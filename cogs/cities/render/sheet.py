"""One player's neighbourhood large (`/cities hood`, and the panel's picture), and the final
result.

The neighbourhood: the player's name and worker colour, the score so far by source, the
neighbourhood with the coordinates of docs/rules/cities.md §2.5 on its edges (and, for a
panel, the candidates highlighted, the open places named or a tile staged where it would go,
with a caption saying which), the player's scoring cards with what each scores now, the rings,
and the legend of the feature tiles.

The end: one row per player, best first: place, name, total and every part of it (achievements,
water, park, monuments, each scoring card), beside the finished neighbourhood.

Drawn from the public view only (`*_layout` builds the Scene a test reads, `*_picture` paints
it); the caller's `hood.Look` says what a panel highlights.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from cogs.drawing import Box, Scene, paint
from rules.cities.geometry import frame

from .. import texts
from ..texts import PARTS, t
from . import board
from . import hood as hoods
from .colours import (
    BACKGROUND,
    BORDER,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
    PANEL,
    SEAT_EDGE,
    seat_colour,
)
from .colours import PARTS as PART_COLOURS

View = dict[str, Any]
WIDTH, PAD, GAP = 860, 16, 8
SIDE_W = 270  # the right column: cards and rings
HOOD_MAX = 520  # the neighbourhood's largest side, in pixels
FINAL_W = 1000


def hood_picture(view: View, seat: str, seats: list[Seat], catalog: Catalog, lang: str,
                 look: hoods.Look | None = None, caption: str | None = None) -> bytes:
    return paint(hood_layout(view, seat, seats, catalog, lang, look, caption))


def final_picture(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> bytes:
    return paint(final_layout(view, seats, catalog, lang))


def cell_for(span: tuple[int, int, int, int], most: int = HOOD_MAX, largest: int = 72) -> int:
    cols, rows = 2 * (span[2] - span[0] + 1), 2 * (span[3] - span[1] + 1)
    return max(16, min(largest, (most - 30) // max(cols, rows)))


def hood_layout(view: View, seat: str, seats: list[Seat], catalog: Catalog, lang: str,
                look: hoods.Look | None = None, caption: str | None = None) -> Scene:
    """`seat`'s neighbourhood as `look` asks (by default: the whole of it, with coordinates)."""
    lang = texts.lang_of(catalog, lang)
    if view.get("you") is not None:
        raise ValueError("a neighbourhood is drawn from the public view only")
    p = texts.player(view, seat)
    index = texts.seat_index(view, seat)
    who = board.names(view, seats, catalog, lang)
    scene = Scene(WIDTH, 0, BACKGROUND)
    scene.region("header", Box(PAD, PAD, WIDTH - 2 * PAD, 64))
    scene.ellipse(Box(PAD, PAD + 6, 26, 26), seat_colour(index), SEAT_EDGE, 2)
    scene.text(Box(PAD + 36, PAD, WIDTH - 2 * PAD - 200, 38), who[seat], INK, 28, 16, bold=True,
               clip=True, region="header")
    score = p["score"]
    scene.text(Box(WIDTH - PAD - 190, PAD, 190, 38),
               t(catalog, lang, "picture.total", total=score["total"]), INK, 24, 14, bold=True,
               align="right", region="header")
    scene.text(Box(PAD, PAD + 40, WIDTH - 2 * PAD, 24), _parts_line(score, catalog, lang), MUTED,
               17, 11, region="header")
    y = PAD + 72
    if caption:
        scene.region("caption", Box(PAD, y, WIDTH - 2 * PAD, 28))
        scene.text(Box(PAD, y, WIDTH - 2 * PAD, 28), caption, INK, 19, 12, bold=True,
                   region="caption")
        y += 32
    base = look or hoods.Look(cell=0)
    span = hoods.extent(p, view["long"], base.staged)
    cell = cell_for(span)
    drawn = hoods.Look(cell=cell, labels=True, marks=base.marks, places=base.places,
                       staged=base.staged)
    box = hoods.draw(scene, PAD, y, p, texts.parts_of(view), frame(view["long"]), drawn, span,
                     "hood")
    side = Box(max(box.right + 16, WIDTH - PAD - SIDE_W), y, 0, 0)
    side = Box(side.x, y, WIDTH - PAD - side.x, 0)
    bottom = _side(scene, view, p, side, catalog, lang)
    y = max(box.bottom, bottom) + GAP
    y = board.legend(scene, texts.parts_of(view), lang, y)
    scene.height = y + PAD // 2
    return scene


def _parts_line(score: dict[str, int], catalog: Catalog, lang: str) -> str:
    return " · ".join(t(catalog, lang, f"part.{part}.named", n=score[part]) for part in PARTS)


def _side(scene: Scene, view: View, p: dict[str, Any], box: Box, catalog: Catalog, lang: str
          ) -> int:
    """The scoring cards with what each scores now, then the rings."""
    parts = texts.parts_of(view)
    y = box.y
    scene.region("cards", Box(box.x, y, box.w, 0))
    scene.text(Box(box.x, y, box.w, 26), t(catalog, lang, "picture.cards", count=len(p["cards"])),
               INK, 18, 12, bold=True, region="cards")
    y += 28
    for card in p["cards"]:
        card_box = Box(box.x, y, box.w, 62)
        scene.rect(card_box, PANEL, BORDER, 1, radius=6)
        scene.text(Box(card_box.x + 8, y + 2, card_box.w - 56, 22),
                   texts.card_name(parts, card, lang), INK, 16, 11, bold=True, region="cards")
        scene.text(Box(card_box.right - 48, y + 2, 42, 22), str(p["card_points"].get(card, 0)),
                   INK, 17, 11, bold=True, align="right", region="cards")
        scene.text(Box(card_box.x + 8, y + 24, card_box.w - 16, 36),
                   texts.card_rule(parts, card, catalog, lang), MUTED, 13, 9, max_lines=2,
                   region="cards")
        y += 66
    if not p["cards"]:
        scene.text(Box(box.x, y, box.w, 22), t(catalog, lang, "none"), MUTED, 15, 10,
                   region="cards")
        y += 24
    y += 8
    scene.region("rings", Box(box.x, y, box.w, 0))
    scene.text(Box(box.x, y, box.w, 26), t(catalog, lang, "achievements"), INK, 18, 12,
               bold=True, region="rings")
    y += 28
    board_id = view["achievements"]["board"]
    for objective, value in p["rings"].items():
        scene.ellipse(Box(box.x, y + 2, 26, 26), GOLD, GOLD_DARK, 2)
        scene.text(Box(box.x, y + 2, 26, 26), str(value), INK, 14, 9, bold=True, align="centre")
        scene.text(Box(box.x + 32, y, box.w - 32, 30),
                   texts.objective_text(parts, board_id, objective, catalog, lang), INK, 14, 9,
                   max_lines=2, region="rings")
        y += 34
    if not p["rings"]:
        scene.text(Box(box.x, y, box.w, 22), t(catalog, lang, "none"), MUTED, 15, 10,
                   region="rings")
        y += 24
    return y


# --- the end ---------------------------------------------------------------------------------

def final_layout(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> Scene:
    lang = texts.lang_of(catalog, lang)
    if view.get("you") is not None:
        raise ValueError("the result is drawn from the public view only")
    scene = Scene(FINAL_W, 0, BACKGROUND)
    who = board.names(view, seats, catalog, lang)
    scene.text(Box(PAD, PAD, FINAL_W - 2 * PAD, 40), t(catalog, lang, "picture.title.over"), INK,
               30, 20, bold=True)
    y = PAD + 48
    parts = texts.parts_of(view)
    where = frame(view["long"])
    ranks: dict[str, int] = view["standings"]
    order = sorted(view["players"], key=lambda p: (ranks[p["seat"]], -p["score"]["total"]))
    best = max((p["score"]["total"] for p in order), default=1) or 1
    spans = [hoods.extent(p, view["long"]) for p in order]
    cell = min(cell_for(s, 300, 40) for s in spans) if spans else 30
    for p, span in zip(order, spans, strict=True):
        seat = p["seat"]
        region = f"result:{seat}"
        look = hoods.Look(cell=cell, labels=True)
        hood_w, hood_h = hoods.size(span, look)
        row = Box(PAD, y, FINAL_W - 2 * PAD, max(hood_h + 16, 250))
        scene.region(region, row)
        scene.rect(row, PANEL if ranks[seat] > 1 else (252, 243, 214), BORDER, 1, radius=8)
        hoods.draw(scene, row.x + 8, y + 8, p, parts, where, look, span, f"hood:{seat}")
        x = row.x + 16 + hood_w + 8
        w = row.right - x - 12
        index = texts.seat_index(view, seat)
        scene.ellipse(Box(x, y + 12, 24, 24), seat_colour(index), SEAT_EDGE, 2)
        scene.text(Box(x + 32, y + 6, w - 160, 36),
                   t(catalog, lang, "picture.place", rank=ranks[seat], name=who[seat]), INK, 22,
                   12, bold=True, clip=True, region=region)
        score = p["score"]
        scene.text(Box(row.right - 170, y + 6, 160, 36),
                   t(catalog, lang, "picture.total", total=score["total"]), INK, 22, 12,
                   bold=True, align="right", region=region)
        bar = Box(x, y + 46, w, 22)
        _bar(scene, bar, score, best)
        line_y = y + 74
        for part in PARTS:
            scene.rect(Box(x, line_y + 5, 14, 14), PART_COLOURS[part])
            scene.text(Box(x + 20, line_y, w - 20, 24),
                       t(catalog, lang, f"part.{part}.named", n=score[part]), INK, 16, 10,
                       region=region)
            line_y += 24
        cards = ", ".join(t(catalog, lang, "picture.card_points",
                            name=texts.card_name(parts, card, lang), n=n)
                          for card, n in p["card_points"].items())
        if cards:
            scene.text(Box(x, line_y + 2, w, row.bottom - line_y - 8), cards, MUTED, 14, 9,
                       max_lines=3, region=region)
        y = row.bottom + GAP
    scene.height = y + PAD // 2  # the component set is named in the result's message
    return scene


def _bar(scene: Scene, box: Box, score: dict[str, int], best: int) -> None:
    """The total as one bar split by source, scaled to the best total."""
    x = box.x
    for part in PARTS:
        w = round(box.w * score[part] / best) if best else 0
        if w > 0:
            scene.rect(Box(x, box.y, w, box.h), PART_COLOURS[part])
            x += w
    scene.rect(box, None, BORDER, 1)
