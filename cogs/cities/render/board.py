"""The table as a picture: the central board, the achievements and every neighbourhood.

From the top: the round and whose decision it is; the four rows (A scoring cards, B city tiles,
C feature tiles, D building pieces), each item in its slot with its name (A1…D4), face-down ones
as a back with a question mark, taken ones empty with the taker's worker on them, the star on
its space beside row D once the start player has played; the achievement board's three
objectives with their values and the rings on them (the covered middle value with 2 players);
then one column per player in seating order: name, worker colour, the star, score and its
parts, workers left, and the neighbourhood small with its coordinates; a legend of the feature
tiles and a footer with the stacks and the bag (the component set, the open set `open-1`, is
named in the lobby, the rules and the result, not on every table).

`table_layout` builds the `Scene` (names and rectangles a test can read); `table_picture` paints
it. Every word comes from the catalogs or the set's data; icons are drawn shapes. Reference
pictures: `python -m bench.pictures`.
"""

from __future__ import annotations

import math
from typing import Any

from bot.i18n import Catalog
from bot.records import Seat
from cogs.drawing import RGB, Box, Scene, drawable, paint
from rules.cities.data import ComponentSet
from rules.cities.geometry import frame

from .. import texts
from ..texts import t
from . import hood as hoods
from .colours import (
    ACTING,
    BACK,
    BACK_INK,
    BACKGROUND,
    BORDER,
    FAINT,
    GOLD,
    GOLD_DARK,
    INK,
    MUTED,
    PANEL,
    PIECE,
    PIECE_EDGE,
    SEAT_EDGE,
    SPACE,
    TILE_EDGE,
    WHITE,
    ink_on,
    seat_colour,
)

View = dict[str, Any]
WIDTH, PAD, GAP = 1000, 16, 8
ROW_H, HEAD_W = 112, 150
STAR_W = 36  # the star's space, right of row D
LEGEND = ("tree", "fountain", "playground", "bandstand", "sailboat", "ferry", "dolphins",
          "kayaks", "monument", "wild")


def table_picture(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> bytes:
    """The table as a PNG."""
    return paint(table_layout(view, seats, catalog, lang))


def names(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> dict[str, str]:
    """Each seat's name as the picture can draw it (no emoji; '?' if nothing is left)."""
    return {p["seat"]: drawable(texts.name(p["seat"], seats, catalog, lang, markdown=False))
            or "?" for p in view["players"]}


def table_layout(view: View, seats: list[Seat], catalog: Catalog, lang: str) -> Scene:
    lang = texts.lang_of(catalog, lang)
    if view.get("you") is not None:
        raise ValueError("the table is drawn from the public view only")
    scene = Scene(WIDTH, 0, BACKGROUND)
    who = names(view, seats, catalog, lang)
    y = _header(scene, view, who, catalog, lang)
    for row in "ABCD":
        y = _row(scene, view, row, who, catalog, lang, y) + GAP
    y = _achievements(scene, view, catalog, lang, y) + GAP
    y = _players(scene, view, who, catalog, lang, y) + GAP
    y = legend(scene, texts.parts_of(view), lang, y)
    scene.text(Box(PAD, y, WIDTH - 2 * PAD, 22), _footer(view, catalog, lang), MUTED, 15, 11,
               region=_region(scene, "footer", Box(PAD, y, WIDTH - 2 * PAD, 22)))
    scene.height = y + 22 + PAD // 2
    return scene


def _region(scene: Scene, name: str, box: Box) -> str:
    scene.region(name, box)
    return name


def _header(scene: Scene, view: View, who: dict[str, str], catalog: Catalog, lang: str) -> int:
    width = WIDTH - 2 * PAD
    if view["phase"] == "start_tile":
        title = t(catalog, lang, "picture.title.draft")
    elif view["phase"] == "over":
        title = t(catalog, lang, "picture.title.over")
    else:
        title = t(catalog, lang, "picture.title", round=view["round"], rounds=view["rounds"])
    scene.text(Box(PAD, PAD, width, 38), title, INK, 30, 20, bold=True,
               region=_region(scene, "title", Box(PAD, PAD, width, 38)))
    scene.text(Box(PAD, PAD + 40, width, 28), status(view, who, catalog, lang), INK, 20, 14,
               clip=True, region=_region(scene, "status", Box(PAD, PAD + 40, width, 28)))
    return PAD + 76


def status(view: View, who: dict[str, str], catalog: Catalog, lang: str) -> str:
    """Whose decision it is and what it is ("Ana: place the feature tiles · turn 12 of 12")."""
    if not view["to_act"]:
        return t(catalog, lang, "picture.status.over")
    acting = who[view["to_act"][0]]
    line = t(catalog, lang, "picture.status", name=acting, phase=texts.phase_text(view, catalog,
                                                                                   lang))
    if view["round"]:
        line += " · " + t(catalog, lang, "picture.turn", turn=min(view["turn"] + 1,
                                                                  view["turns"]),
                          turns=view["turns"])
    return line


# --- the rows ------------------------------------------------------------------------------

def _row(scene: Scene, view: View, row: str, who: dict[str, str], catalog: Catalog, lang: str,
         y: int) -> int:
    band = Box(PAD, y, WIDTH - 2 * PAD, ROW_H)
    scene.region(f"row:{row}", band)
    scene.rect(band, PANEL, BORDER, 1, radius=8)
    scene.text(Box(PAD + 10, y + 6, 40, 48), row, INK, 38, 24, bold=True)
    scene.text(Box(PAD + 10, y + 54, HEAD_W - 20, ROW_H - 60), texts.row_name(row, catalog, lang),
               MUTED, 16, 11, max_lines=3, region=f"row:{row}")
    slot_w = (band.w - HEAD_W - 4 * GAP - STAR_W) // 4
    dealt = bool(view["rows"][row])  # nothing lies on the board before round 1 or after the end
    parts = texts.parts_of(view)
    taken: dict[str, str] = view["rows"]["taken"]
    for i in range(4):
        item = f"{row}{i + 1}"
        slot = Box(band.x + HEAD_W + i * (slot_w + GAP), y + 6, slot_w, ROW_H - 12)
        scene.region(f"item:{item}", slot)
        _slot(scene, view, item, slot, parts, who, taken.get(item), catalog, lang, dealt)
    if row == "D":  # beside D4, as on the board
        _star_space(scene, view, Box(band.right - STAR_W + 2, y + (ROW_H - 28) // 2, 28, 28))
    return y + ROW_H


def _slot(scene: Scene, view: View, item: str, box: Box, parts: ComponentSet,
          who: dict[str, str], taker: str | None, catalog: Catalog, lang: str,
          dealt: bool) -> None:
    """An item's slot with what lies there; empty when its row is not dealt."""
    region = f"item:{item}"
    rows = view["rows"]
    row, i = item[0], int(item[1]) - 1
    scene.rect(box, (250, 248, 243), BORDER, 1, radius=6)
    scene.text(Box(box.x + 6, box.y + 2, 40, 20), item, MUTED, 15, 11, bold=True,
               region=region)
    if not dealt:
        return
    inner = Box(box.x + 6, box.y + 22, box.w - 12, box.h - 26)
    if taker is not None:
        index = texts.seat_index(view, taker)
        pawn(scene, Box(box.right - 30, box.y + 4, 24, 28), seat_colour(index))
        scene.text(inner, t(catalog, lang, "picture.taken", name=who[taker]), MUTED, 15, 11,
                   max_lines=2, align="centre", clip=True, region=region)
        return
    if row == "A":
        card = rows["A"][i] if i < len(rows["A"]) else None
        if card is None:
            _back(scene, inner, catalog, lang, region)
            return
        scene.text(Box(inner.x, inner.y, inner.w, 22), texts.card_name(parts, card, lang), INK,
                   17, 12, bold=True, region=region)
        scene.text(Box(inner.x, inner.y + 22, inner.w, inner.h - 22),
                   texts.card_rule(parts, card, catalog, lang), INK, 14, 10, max_lines=3,
                   region=region)
    elif row == "B":
        tile = rows["B"][i] if i < len(rows["B"]) else None
        if tile is None:
            _back(scene, inner, catalog, lang, region)
            return
        mini_tile(scene, Box(inner.x, inner.y + 2, 72, 72), parts.spaces(tile))
        scene.text(Box(inner.x + 80, inner.y + 20, inner.w - 80, 24), tile, MUTED, 16, 11,
                   region=region)
    elif row == "C":
        group = rows["C"][i] if i < len(rows["C"]) else []
        w = inner.w // 2
        for j, ft in enumerate(group):
            spot = Box(inner.x + j * w, inner.y, w - 4, inner.h)
            if ft is None:
                _back(scene, spot, catalog, lang, region, short=True)
                continue
            kind = parts.features[ft]
            tile_box = Box(spot.x + (spot.w - 50) // 2, spot.y, 50, 50)
            feature_tile(scene, tile_box, kind.id, parts)
            scene.text(Box(spot.x, spot.y + 52, spot.w, spot.h - 52), texts.named(kind, lang),
                       INK, 13, 9, max_lines=2, align="centre", region=region)
    else:
        if i == 3:
            scene.ellipse(Box(inner.x + 4, inner.y + 8, 44, 44), BACK)
            scene.text(Box(inner.x + 4, inner.y + 8, 44, 44), "?", BACK_INK, 28, 18, bold=True,
                       align="centre")
            scene.text(Box(inner.x + 56, inner.y, inner.w - 60, inner.h), t(catalog, lang, "d4"),
                       INK, 14, 10, max_lines=3, region=region)
            return
        pieces = rows["D"][i] if i < len(rows["D"]) else ""
        side = min(34, (inner.w - 8) // max(1, len(pieces)) - 6)
        for j, colour in enumerate(pieces):
            cube(scene, Box(inner.x + 4 + j * (side + 6), inner.y + 18, side, side), colour)
        scene.regions[region].texts.append(pieces)


def _back(scene: Scene, box: Box, catalog: Catalog, lang: str, region: str,
          short: bool = False) -> None:
    """A face-down item: its back, never what it is."""
    back = Box(box.x, box.y, box.w, min(box.h, 66))
    scene.rect(back, BACK, radius=6)
    scene.text(Box(back.x, back.y + 2, back.w, back.h // 2 + 6), "?", BACK_INK, 28, 16,
               bold=True, align="centre")
    scene.text(Box(back.x + 2, back.y + back.h // 2 + 4, back.w - 4, back.h // 2 - 6),
               t(catalog, lang, "face_down"), BACK_INK, 13 if short else 15, 9, align="centre",
               region=region)


def _star_space(scene: Scene, view: View, box: Box) -> None:
    """The star's space beside row D: the star lies there once the start player has played."""
    scene.region("star_space", box)
    if view["star_on_board"]:
        star(scene, box, GOLD, GOLD_DARK)
        scene.regions["star_space"].texts.append("star")
    else:
        star(scene, box, None, FAINT)


def star(scene: Scene, box: Box, fill: RGB | None, outline: RGB) -> None:
    cx, cy = box.centre
    r_out, r_in = box.w / 2, box.w / 5
    points = []
    for k in range(10):
        r = r_out if k % 2 == 0 else r_in
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((round(cx + r * math.cos(angle)), round(cy + r * math.sin(angle))))
    if fill is None:
        scene.line([*points, points[0]], outline, 2)
    else:
        scene.polygon(points, outline)
        inner = [(round(cx + (x - cx) * 0.75), round(cy + (y - cy) * 0.75)) for x, y in points]
        scene.polygon(inner, fill)


def pawn(scene: Scene, box: Box, colour: RGB) -> None:
    """A worker: a head and a body in the seat's colour."""
    head = Box(box.x + box.w // 4, box.y, box.w // 2, box.w // 2)
    body = [(box.x, box.bottom), (box.right, box.bottom), (box.x + box.w * 3 // 4,
            box.y + box.w // 2), (box.x + box.w // 4, box.y + box.w // 2)]
    scene.polygon([(x, y) for x, y in body], SEAT_EDGE)
    scene.polygon([(box.x + 2, box.bottom - 1), (box.right - 2, box.bottom - 1),
                   (box.x + box.w * 3 // 4 - 1, box.y + box.w // 2 + 1),
                   (box.x + box.w // 4 + 1, box.y + box.w // 2 + 1)], colour)
    scene.ellipse(head, colour, SEAT_EDGE, 1)


def cube(scene: Scene, box: Box, colour: str) -> None:
    scene.rect(box, PIECE[colour], PIECE_EDGE[colour], 2, radius=3)


def mini_tile(scene: Scene, box: Box, spaces: str) -> None:
    """A city tile's four spaces (NW NE / SW SE), unturned."""
    half = box.w // 2
    for k, code in enumerate(spaces.replace("/", "")):
        cell = Box(box.x + (k % 2) * half, box.y + (k // 2) * half, half, half)
        scene.rect(cell, SPACE[code], TILE_EDGE, 1)
    scene.rect(box, None, TILE_EDGE, 2)


def feature_tile(scene: Scene, box: Box, kind: str, parts: ComponentSet) -> None:
    """A feature tile on its background: green for park, blue for water, grey otherwise."""
    feature = parts.kinds[kind]
    ground = {"park": SPACE["P"], "water": SPACE["W"]}.get(feature.space, (222, 220, 214))
    scene.rect(box, ground, TILE_EDGE, 1, radius=5)
    if feature.wild:
        scene.rect(box.inset(4), None, (96, 96, 104), 4)
        scene.text(box.inset(8), "★", (96, 96, 104), 22, 12, align="centre")
    elif feature.monument:
        hoods.monument(scene, box, box.w)
    else:
        hoods.icon(scene, box.inset(5), kind)


# --- the achievements ------------------------------------------------------------------------

def _achievements(scene: Scene, view: View, catalog: Catalog, lang: str, y: int) -> int:
    h = 118
    band = Box(PAD, y, WIDTH - 2 * PAD, h)
    scene.region("achievements", band)
    scene.rect(band, PANEL, BORDER, 1, radius=8)
    scene.text(Box(PAD + 10, y + 8, HEAD_W - 16, 24), t(catalog, lang, "achievements"), INK, 18,
               12, bold=True, region="achievements")
    scene.text(Box(PAD + 10, y + 34, HEAD_W - 16, 44), texts.board_name(view, lang), MUTED, 16,
               11, max_lines=2, region="achievements")
    parts = texts.parts_of(view)
    board = view["achievements"]["board"]
    goals = view["achievements"]["objectives"]
    w = (band.w - HEAD_W - 3 * GAP) // max(1, len(goals))
    for k, goal in enumerate(goals):
        box = Box(band.x + HEAD_W + k * (w + GAP), y + 6, w, h - 12)
        region = f"objective:{goal['id']}"
        scene.region(region, box)
        scene.rect(box, (250, 248, 243), BORDER, 1, radius=6)
        scene.text(Box(box.x + 8, box.y + 4, box.w - 16, 46),
                   texts.objective_text(parts, board, goal["id"], catalog, lang), INK, 15, 10,
                   max_lines=2, region=region)
        _values(scene, view, goal, Box(box.x + 8, box.y + 54, box.w - 16, 46), region)
    return y + h


def _values(scene: Scene, view: View, goal: dict[str, Any], box: Box, region: str) -> None:
    """The printed values, highest first, with a ring in the claimant's colour on each claimed
    one; with 2 players the middle value is covered by a ring of nobody's."""
    in_play = list(goal["values"])
    claimed = goal["claimed_by"]
    d = 40
    x = box.x
    used = 0
    for value in goal["printed"]:
        disc = Box(x, box.y + (box.h - d) // 2, d, d)
        covered = used >= len(in_play) or in_play[used] != value
        if covered:
            scene.ellipse(disc, (200, 200, 204), (150, 150, 156), 3)
            scene.text(disc, str(value), (150, 150, 156), 18, 12, bold=True, align="centre")
            scene.regions[region].texts.append(f"covered {value}")
        else:
            if used < len(claimed):
                colour = seat_colour(texts.seat_index(view, claimed[used]))
                scene.ellipse(disc, colour, SEAT_EDGE, 4)
                scene.text(disc, str(value), ink_on(colour), 18, 12, bold=True, align="centre")
                scene.regions[region].texts.append(f"{value}:{claimed[used]}")
            else:
                scene.ellipse(disc, WHITE, GOLD_DARK, 2)
                scene.text(disc, str(value), INK, 18, 12, bold=True, align="centre")
                scene.regions[region].texts.append(f"{value}:free")
            used += 1
        x += d + 12


# --- the players -----------------------------------------------------------------------------

def _players(scene: Scene, view: View, who: dict[str, str], catalog: Catalog, lang: str,
             y: int) -> int:
    players = view["players"]
    n = max(1, len(players))
    w = (WIDTH - 2 * PAD - (n - 1) * GAP) // n
    parts = texts.parts_of(view)
    where = frame(view["long"])
    acting = view["to_act"][0] if view["to_act"] else None
    bottoms = []
    spans = [hoods.extent(p, view["long"]) for p in players]
    cols = max(2 * (s[2] - s[0] + 1) for s in spans)
    rows = max(2 * (s[3] - s[1] + 1) for s in spans)
    cell = max(12, min(30, (w - 16 - 14) // cols, 300 // rows))
    for k, p in enumerate(players):
        x = PAD + k * (w + GAP)
        region = f"player:{p['seat']}"
        head = Box(x, y, w, 96)
        scene.region(region, head)
        colour = seat_colour(k)
        scene.ellipse(Box(x + 8, y + 10, 22, 22), colour, SEAT_EDGE, 2)
        name_w = w - 44 - (28 if p["seat"] == view["start_player"] else 0)
        scene.text(Box(x + 36, y + 6, name_w, 30), who[p["seat"]],
                   ACTING if p["seat"] == acting else INK, 20, 12, bold=True, clip=True,
                   region=region)
        if p["seat"] == view["start_player"] and not view["star_on_board"] \
                and view["phase"] != "over":
            star(scene, Box(x + w - 30, y + 8, 24, 24), GOLD, GOLD_DARK)
            scene.regions[region].texts.append("star")
        score = p["score"]
        scene.text(Box(x + 8, y + 38, w - 16, 26),
                   t(catalog, lang, "picture.score", total=score["total"],
                     achievements=score["achievements"]), INK, 17, 11, region=region)
        scene.text(Box(x + 8, y + 64, w - 16, 24),
                   t(catalog, lang, "picture.workers" if texts.in_round(view)
                     else "picture.cards_only", workers=p["workers"], cards=len(p["cards"])),
                   MUTED, 15, 10, region=region)
        span = spans[k]
        look = hoods.Look(cell=cell)
        hood_w = hoods.size(span, look)[0]
        box = hoods.draw(scene, x + (w - hood_w) // 2, y + 96, p, parts, where, look, span,
                         f"hood:{p['seat']}")
        bottoms.append(box.bottom)
    return max(bottoms, default=y + 96)


# --- the legend and the footer ---------------------------------------------------------------

def legend(scene: Scene, parts: ComponentSet, lang: str, y: int) -> int:
    """Each feature kind's icon with its name, in lines across the scene."""
    kinds = [k for k in LEGEND if k in parts.kinds] + [k for k in parts.kinds
                                                       if k not in LEGEND]
    per_line = 5 if scene.width >= 900 else 4
    w = (scene.width - 2 * PAD) // per_line
    scene.region("legend", Box(PAD, y, scene.width - 2 * PAD, 0))
    for k, kind in enumerate(kinds):
        x = PAD + (k % per_line) * w
        top = y + (k // per_line) * 34
        feature_tile(scene, Box(x, top, 30, 30), kind, parts)
        scene.text(Box(x + 36, top, w - 40, 30), texts.kind_name(parts, kind, lang), INK, 15, 10,
                   region="legend")
    lines = -(-len(kinds) // per_line)
    return y + lines * 34 + 4


def _footer(view: View, catalog: Catalog, lang: str) -> str:
    """What is left in the stacks and the bag (the component set is named once, in the lobby,
    the rules and the result)."""
    stacks, bag = view["stacks"], view["bag"]
    return " · ".join([
        t(catalog, lang, "picture.stacks", cards=stacks["cards"], tiles=stacks["tiles"],
          features=stacks["features"]),
        t(catalog, lang, "picture.bag", count=sum(bag.values())),
    ])
