"""The Catan board as a picture, from the public view only, readable on a phone (shown 400
pixels wide, half its size).

The island in its sea frame: hexes in their terrain's colour with their number token (6 and 8
in red, pips below), harbours with their rate (a 2:1 one in its resource's colour, named), and
every piece in its seat's colour: roads, settlements, cities (on a stone wall when walled; a
metropolis raises a tower flying its track's colour; a city the barbarians laid low lies on its
side), knights as shields with their level (filled in a golden ring when active, hollow when
not), the robber a dark figure behind its hex's token, in the middle of the hex, and the
merchant a pawn with a golden coin beside it. In the frame's corners: the turn and the last
roll (red, yellow and event die), the barbarian ship on its track, and the seats with their
colour and points, the seat whose turn it is dark on a golden edge.

The table's board names no place: ids small enough to fit every place would be unreadable on
a phone. `candidates_picture` draws the board with only the places a panel asks about,
highlighted and labelled large (H, I and P ids at 10.5 pixels on a phone).

Each mark a key names has its own region in the plan, `MARKS`: "knight_active:I23",
"wall:I5", "metropolis:I5", "harbour:HB2", "current:p1", "robber", "merchant"...

`board_layout` builds the `Scene` (a test reads its regions and texts); `drawn` is all of the
view it reads, and `board_key` hashes exactly that, so the publisher draws a board once per
change that shows. Reference pictures: `python -m bench.pictures`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from PIL import Image

from bot.i18n import Catalog
from bot.names import language, who
from bot.pictures import Picture, picture_key
from bot.records import GameRecord, Seat
from cogs.drawing import RGB, Scene, drawable
from rules.catan.board import (
    TOPOLOGY,
    edge_id,
    harbour_id,
    hex_id,
    node_id,
    parse_edge,
    parse_hex,
    parse_node,
)
from rules.catan.layout import HARBOUR_TYPES, RED_NUMBERS
from rules.catan.state import RULES

from .. import seating
from . import overlay, pieces
from .colours import (
    BACKGROUND,
    GLOW,
    INK,
    MUTED,
    OUTLINE,
    RED_INK,
    RESOURCE_TERRAIN,
    SAND,
    SEA,
    SEA_EDGE,
    SEAT_COLOURS,
    TERRAINS,
    TOKEN,
    TOKEN_EDGE,
    WHITE,
    ink_on,
)
from .geometry import SQRT3, Geometry, Point, along, frame
from .pen import SCALE, Pen, encoded

View = dict[str, Any]
WIDTH = 800
R = 71.0  # a hex's corner radius, in picture pixels
FRAME = 5.48  # the sea frame's corner radius, in hex radii
PAD = (WIDTH - 2 * FRAME * R) / 2
HEIGHT = round(SQRT3 * FRAME * R + 2 * PAD)
TRACK = int(RULES["barbarian_track"])  # the ship attacks on reaching this step
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
BIG_LABEL = 21  # a candidate's id: 10.5 pixels on a phone showing the picture 400 wide
VERSION = 2  # in the key: a change to the drawing draws every board again
# What a key names, each drawn as its own mark: the plan's regions are named "<mark>:<place>"
# ("knight_active:I23", "harbour:HB2", "current:p1"; the robber's and the merchant's alone).
PIECES = ("road", "settlement", "city", "wall", "metropolis", "knight_active", "knight_inactive",
          "robber", "merchant")
MARKS = (*PIECES, "harbour", "current")


def key_lines(catalog: Catalog, lang: str) -> list[str]:
    """What each of the board's marks is, one line each in `MARKS` order: for a key."""
    return [catalog.text(f"catan.picture.key.{mark}", language(catalog, lang)) for mark in MARKS]


@dataclass(frozen=True)
class SeatLook:
    """A seat as the board shows it: its name (plain text) and its pieces' colour."""

    id: str
    name: str
    colour: str  # a key of colours.SEAT_COLOURS


def seat_looks(seats: Sequence[Seat], catalog: Catalog, lang: str,
               colours: Mapping[str, str] | None = None) -> list[SeatLook]:
    """Each seat's name as the picture can draw it (without the emoji the font lacks; '?'
    when nothing is left) and its colour (`colours` by seat id, else in seating order)."""
    chosen = seating.colours(seats) if colours is None else colours
    return [SeatLook(s.id, drawable(who(s.id, seats, catalog, lang, markdown=False)) or "?",
                     chosen[s.id])
            for s in seats]


def drawn(view: View) -> View:
    """The part of a public view the picture draws, and nothing else of it; a seat's own view
    is refused: the board shows what everyone may see."""
    if view.get("you") is not None or "hand" in view:
        raise ValueError("the board is drawn from the public view only")
    return {"board": view["board"], "dice": view["dice"],
            "ship": view["barbarians"]["ship"], "turn": view["turn"],
            "phase": view["phase"], "active": view["active"], "winner": view["winner"],
            "points": {p["seat"]: p["points"] for p in view["players"]}}


def board_key(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
              ids: Iterable[str] | None = None, colours: Mapping[str, str] | None = None
              ) -> str:
    """Equal keys, equal pictures: the drawn part of the view, the seats' names and colours,
    the language and the candidates (None: the table's board, naming no place)."""
    lang = language(catalog, lang)
    looks = [astuple(look) for look in seat_looks(seats, catalog, lang, colours)]
    return picture_key("catan-board", VERSION, lang, looks, drawn(view),
                       None if ids is None else sorted(set(ids)))


def board_picture(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
                  colours: Mapping[str, str] | None = None) -> bytes:
    """The table's board (no ids), as a PNG."""
    return encoded(_painted(view, seats, catalog, lang, None, colours))


def candidates_picture(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
                       ids: Iterable[str], colours: Mapping[str, str] | None = None) -> bytes:
    """The board with only the places `ids` names (H, I and P ids) highlighted and labelled
    large: what a panel asking for one of them shows."""
    return encoded(_painted(view, seats, catalog, lang, list(ids), colours))


def _painted(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
             ids: list[str] | None, colours: Mapping[str, str] | None) -> Image.Image:
    """The board painted and shrunk, over a board of the game painted before (overlay.py:
    only where they differ)."""
    return overlay.BOARDS.image(
        _owner(view, seats, catalog, lang, colours),
        ids is None,
        board_key(view, seats, catalog, lang, ids, colours),
        lambda: board_layout(view, seats, catalog, lang, ids, colours))


def _owner(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
           colours: Mapping[str, str] | None) -> Hashable:
    """What stays the same through a game's boards in one language: its island, harbours
    and seats (overlay.BOARDS keeps the latest boards of each)."""
    lang = language(catalog, lang)
    b = view["board"]
    return (lang, tuple(astuple(look) for look in seat_looks(seats, catalog, lang, colours)),
            tuple(sorted(b["harbours"].items())),
            tuple((hid, h["terrain"], h["token"]) for hid, h in sorted(b["hexes"].items())))


def board(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
          ids: Iterable[str] | None = None, colours: Mapping[str, str] | None = None
          ) -> Picture:
    """The board (or the candidates `ids`) as a picture the publisher caches by its key."""
    chosen = None if ids is None else sorted(set(ids))
    table = list(seats)
    paint = (functools.partial(board_picture, view, table, catalog, lang, colours)
             if chosen is None else
             functools.partial(candidates_picture, view, table, catalog, lang, chosen, colours))
    return Picture("board.png" if chosen is None else "places.png",
                   board_key(view, table, catalog, lang, chosen, colours), paint)


def places(record: GameRecord, ids: Sequence[str], catalog: Catalog, lang: str
           ) -> Picture | None:
    """A panel's candidates' picture (cogs/catan/places.py chooses them): the board from the
    public view, like the table's, with only `ids` highlighted; None where there are none."""
    if not ids:
        return None
    return board(record.rules.view(record.state, None), list(record.seats), catalog, lang,
                 ids=ids)


# --- the layout -----------------------------------------------------------------------------

def board_layout(view: View, seats: Sequence[Seat], catalog: Catalog, lang: str,
                 ids: Sequence[str] | None = None, colours: Mapping[str, str] | None = None,
                 scale: int = SCALE) -> Scene:
    """The picture's scene, `scale` times its size: no id, or, with `ids`,
    only those labelled large and highlighted."""
    v = drawn(view)
    lang = language(catalog, lang)
    looks = seat_looks(seats, catalog, lang, colours)
    scene = Scene(WIDTH * scale, HEIGHT * scale, BACKGROUND)
    pen = Pen(scene, scale)
    geo = Geometry(R, WIDTH / 2, HEIGHT / 2)
    paint = {look.id: SEAT_COLOURS[look.colour] for look in looks}
    b = v["board"]
    wanted = _checked(ids or ())
    pen.polygon(frame(geo.cx, geo.cy, FRAME * R), SEA, SEA_EDGE, 3)
    _harbours(pen, geo, b["harbours"], catalog, lang)
    _hexes(pen, geo, b, wanted)
    _paths(pen, geo, wanted)
    _roads(pen, geo, b["roads"], paint)
    _buildings(pen, geo, b, paint, wanted)
    _merchant(pen, geo, b, paint)
    for place in sorted(wanted, key=_place_order):
        _candidate(pen, _candidate_label_at(geo, place, b), place)
    _roll(pen, v, catalog, lang)
    _barbarians(pen, v["ship"], catalog, lang)
    _seats(pen, v, looks, catalog, lang)
    return scene


def _hexes(pen: Pen, geo: Geometry, b: View, wanted: set[str]) -> None:
    """Sand under the island, each terrain a little smaller on it (ringed in gold when asked
    about), its token, and the robber in the middle of its hex, behind the token."""
    for h in range(len(TOPOLOGY.hex_coords)):
        pen.polygon(geo.hex_corners(h, 1.04), SAND)
    for h in range(len(TOPOLOGY.hex_coords)):
        hid = hex_id(h)
        terrain = b["hexes"][hid]["terrain"]
        token = b["hexes"][hid]["token"]
        centre = geo.hex_centre(h)
        pen.region(f"hex:{hid}", pen.around(centre, SQRT3 * R, 2 * R))
        if hid in wanted:
            pen.polygon(geo.hex_corners(h, 0.97), GLOW)
            pen.polygon(geo.hex_corners(h, 0.86), TERRAINS[terrain])
        else:
            pen.polygon(geo.hex_corners(h, 0.95), TERRAINS[terrain])
        if hid == b["robber"]:
            pieces.robber(pen, centre, R)
        if token is not None:
            _token(pen, centre, token, hid)


def _token(pen: Pen, centre: Point, number: int, hid: str) -> None:
    """A number token: the number (red for 6 and 8) and as many pips as ways to roll it."""
    red = number in RED_NUMBERS
    ink = RED_INK if red else INK
    pen.disc(centre, 0.31 * R, TOKEN, TOKEN_EDGE, 1.5)
    pen.text_at((centre[0], centre[1] - 0.06 * R), str(number), ink, 0.33 * R, bold=True,
                region=f"hex:{hid}")
    pips = PIPS[number]
    step = 0.075 * R
    for i in range(pips):
        x = centre[0] + (i - (pips - 1) / 2) * step
        pen.disc((x, centre[1] + 0.19 * R), 0.026 * R, ink)


def _harbours(pen: Pen, geo: Geometry, harbours: dict[str, str], catalog: Catalog,
              lang: str) -> None:
    """A badge out at sea by its path, with piers to the two intersections that use it: the
    rate, and a 2:1 harbour's resource in its terrain's colour."""
    for k, e in enumerate(TOPOLOGY.harbour_edges):
        kind = harbours[harbour_id(k)]
        spec = HARBOUR_TYPES[kind]
        mid = geo.edge_mid(e)
        nx, ny = geo.coast_normal(e)
        at = (mid[0] + nx * 0.62 * R, mid[1] + ny * 0.62 * R)
        for end in geo.edge_ends(e):
            pen.line([along(end, at, 0.12), along(end, at, 0.8)], SAND, 0.07 * R)
        resource = spec["resource"]
        fill = TERRAINS[RESOURCE_TERRAIN[resource]] if resource else WHITE
        box = pen.around(at, 0.96 * R, 0.68 * R if resource else 0.44 * R)
        name = f"harbour:{harbour_id(k)}"
        pen.region(name, box)
        pen.rect(box, fill, OUTLINE, 1.2, radius=0.1 * R)
        ink = ink_on(fill)
        rate = f"{spec['rate']}:1"
        if not resource:
            pen.text_at(at, rate, ink, 0.3 * R, bold=True, region=name)
            continue
        pen.text_at((at[0], at[1] - 0.14 * R), rate, ink, 0.29 * R, bold=True, region=name)
        word = catalog.text(f"catan.resource.{resource}", lang)
        inner = pen.around((at[0], at[1] + 0.16 * R), 0.92 * R, 0.3 * R)
        pen.text(inner, word, ink, 0.22 * R, 0.15 * R, bold=True, region=name)


def _paths(pen: Pen, geo: Geometry, wanted: set[str]) -> None:
    """Every path asked about, in gold under whatever stands on it."""
    for place in wanted:
        if place[0] == "P":
            a, b = geo.edge_ends(parse_edge(place))
            pen.line([along(a, b, 0.1), along(b, a, 0.1)], GLOW, 0.24 * R)


def _roads(pen: Pen, geo: Geometry, roads: dict[str, str], colours: dict[str, RGB]) -> None:
    """Each road along its path in its owner's colour."""
    for e in range(len(TOPOLOGY.edge_nodes)):
        path = edge_id(e)
        a, b = geo.edge_ends(e)
        owner = roads.get(path)
        pen.region(f"path:{path}", pen.around(geo.edge_mid(e), 0.3 * R, 0.3 * R))
        if owner is not None:
            ends = [along(a, b, 0.12), along(b, a, 0.12)]
            pen.line(ends, OUTLINE, 0.19 * R)
            pen.line([along(a, b, 0.135), along(b, a, 0.135)], colours[owner], 0.13 * R)
            pen.region(f"road:{path}", pen.bounds(ends, 0.095 * R))


def _buildings(pen: Pen, geo: Geometry, b: View, colours: dict[str, RGB], wanted: set[str]
               ) -> None:
    """Settlements, cities and knights on their intersections (ringed in gold when asked
    about)."""
    for n in range(len(TOPOLOGY.node_xy)):
        nid = node_id(n)
        at = geo.node(n)
        pen.region(f"node:{nid}", pen.around(at, 0.4 * R, 0.4 * R))
        building = b["buildings"].get(nid)
        knight = b["knights"].get(nid)
        if nid in wanted and (building or knight):
            pen.disc(at, 0.34 * R, GLOW, OUTLINE, 1.5)
        if building is not None:
            colour = colours[building["owner"]]
            if building["kind"] == "city":
                pieces.city(pen, at, colour, R, building["wall"], building["metropolis"],
                            building["ruined"], nid)
            else:
                pieces.settlement(pen, at, colour, R, nid)
        elif knight is not None:
            pieces.knight(pen, at, colours[knight["owner"]], knight["level"], knight["active"],
                          R, nid)


def _beside(geo: Geometry, n: int, distance: float) -> Point:
    """`distance` hex radii from intersection n towards the hex it is a top or bottom corner
    of: where its id goes."""
    (x, y), (dx, dy) = geo.node(n), geo.node_inward(n)
    return x + dx * distance * R, y + dy * distance * R


def _merchant(pen: Pen, geo: Geometry, b: View, colours: dict[str, RGB]) -> None:
    """The merchant right of its hex's token, clear of the robber and of the pieces on the
    corners."""
    if b["merchant"] is not None:
        x, y = geo.hex_centre(parse_hex(b["merchant"]))
        pieces.merchant(pen, (x + 0.465 * R, y + 0.02 * R),
                        colours.get(b["merchant_owner"], MUTED), 0.76 * R)


def _candidate(pen: Pen, at: Point, text: str) -> None:
    """A candidate's id centred on a point, large, on a golden pill edged in ink."""
    w = pen.label_width(text, BIG_LABEL, bold=True) + BIG_LABEL / 2
    h = BIG_LABEL * 1.3
    box = pen.around(at, w, h)
    pen.region(f"candidate:{text}", box)
    pen.rect(box, GLOW, OUTLINE, 1.5, radius=h / 2)
    pen.text_at(at, text, INK, BIG_LABEL, bold=True, region=f"candidate:{text}")


def _candidate_label_at(geo: Geometry, place: str, b: View) -> Point:
    """Where a candidate's large id goes: above a hex's token, on a path's midpoint, on a
    free intersection, beside a taken one."""
    if place[0] == "H":
        x, y = geo.hex_centre(parse_hex(place))
        return x, y - 0.58 * R
    if place[0] == "P":
        return geo.edge_mid(parse_edge(place))
    if place in b["buildings"] or place in b["knights"]:
        return _beside(geo, parse_node(place), 0.48)
    return geo.node(parse_node(place))


def _checked(ids: Iterable[str]) -> set[str]:
    """The ids, each a hex, an intersection or a path of the island (ValueError if not)."""
    parse = {"H": parse_hex, "I": parse_node, "P": parse_edge}
    for place in ids:
        if place[:1] not in parse or not place[1:].isdigit():
            raise ValueError(f"not a place of the board: {place!r}")
        parse[place[0]](place)
    return set(ids)


def _place_order(place: str) -> tuple[str, int]:
    return place[0], int(place[1:])


# --- the corners: the roll, the barbarians, the seats ---------------------------------------

def _free_width(y: float, top: bool) -> float:
    """How far from the picture's side the frame leaves free at height y."""
    depth = (y - PAD) if top else (HEIGHT - PAD - y)
    return PAD + FRAME * R / 2 - max(0.0, depth) / SQRT3


def _roll(pen: Pen, v: View, catalog: Catalog, lang: str) -> None:
    """Top left: the turn (or the set-up, or the end) and the last roll's three dice, and
    what they add up to."""
    if v["phase"] == "setup":
        title = catalog.text("catan.phase.setup", lang)
    elif v["phase"] == "over":
        title = catalog.text("catan.picture.over", lang)
    else:
        title = catalog.text("catan.picture.turn", lang, turn=v["turn"])
    x, y = PAD + 2, PAD
    pen.region("turn", pen.box(x, y, _free_width(y + 28, True) - x, 28))
    pen.text(pen.box(x, y, _free_width(y + 28, True) - x, 28), title, INK, 22, 12, bold=True,
             align="left", region="turn")
    dice = v["dice"]
    if dice is None:
        return
    size, gap = 30.0, 6.0
    y += 34
    pieces.die(pen, x, y, size, (204, 32, 32), dice["red"], "die:red")
    pieces.die(pen, x + size + gap, y, size, (244, 204, 44), dice["yellow"], "die:yellow")
    pieces.event_die(pen, x + 2 * (size + gap), y, size, dice["event"], "die:event")
    left = x + 3 * (size + gap)
    box = pen.box(left, y, _free_width(y + size, True) - left, size)
    pen.region("roll", box)
    pen.text(box, f"{dice['red'] + dice['yellow']}", INK, 22, 14, bold=True, align="left",
             region="roll")


def _barbarians(pen: Pen, ship: int, catalog: Catalog, lang: str) -> None:
    """Top right: how many steps the ship has left, and the track from the open sea (step 0)
    to Catan's castle (the attack), the ship on its step, the steps it sailed filled."""
    right = WIDTH - PAD - 4
    text = catalog.text("catan.picture.barbarians", lang, steps=TRACK - ship)
    width = _free_width(PAD + 50, True) - PAD
    box = pen.box(right - width, PAD, width, 50)  # two lines: large enough for a phone
    pen.region("barbarians", box)
    pen.text(box, text, INK, 20, 12, bold=True, align="right", region="barbarians",
             max_lines=2)
    y = PAD + 80
    left = right - _free_width(y + 14, True) + PAD + 12
    spacing = (right - 12 - left) / TRACK

    def step(i: int) -> Point:
        return left + i * spacing, y

    pen.line([step(0), step(TRACK)], SEA_EDGE, 2)
    for i in range(TRACK):
        pen.disc(step(i), 4.5, SEA_EDGE if i < ship else WHITE, SEA_EDGE, 1.5)
    castle = step(TRACK)
    pen.region("catan", pen.around(castle, 26, 22))
    pen.polygon(pieces.place_shape(pieces.WALL, castle, 40), (196, 64, 44), OUTLINE, 1.2)
    at = step(ship)
    pen.region("ship", pen.around((at[0], at[1] - 12), 30, 30))
    pieces.ship(pen, (at[0], at[1] - 13), 28)


def _seats(pen: Pen, v: View, looks: Sequence[SeatLook], catalog: Catalog, lang: str) -> None:
    """Bottom corners: each seat's colour, name and points, two a side in seating order; the
    seat whose turn it is dark on a golden edge (its own region, `current:p1`), the winner
    on a golden pill."""
    row_h, gap, size = 30.0, 5.0, 19.0
    half = math.ceil(len(looks) / 2)
    for i, look in enumerate(looks):
        right = i >= half
        row = i - half if right else i
        rows = len(looks) - half if right else half
        y = HEIGHT - PAD - (rows - row) * (row_h + gap) + gap
        width = _free_width(y, False) - PAD - 6
        x = WIDTH - PAD - width if right else PAD
        box = pen.box(x, y, width, row_h)
        name = f"seat:{look.id}"
        pen.region(name, box)
        ink = INK
        if v["winner"] == look.id:
            pen.pill(box, GLOW)
        elif v["active"] == look.id and v["phase"] != "over":
            edge = pen.box(x - 1, y - 2, width + 2, row_h + 4)
            pen.region(f"current:{look.id}", edge)
            pen.pill(edge, GLOW)
            pen.pill(pen.box(x + 2, y + 1, width - 4, row_h - 2), INK)
            ink = WHITE
        pieces.settlement(pen, (x + 16, y + row_h / 2 + 1), SEAT_COLOURS[look.colour], 40)
        points = catalog.text("catan.picture.points", lang, points=v["points"].get(look.id, 0))
        pw = pen.label_width(points, size, bold=True) + 4
        pen.text(pen.box(x + width - pw - 10, y, pw, row_h), points, ink, size, bold=True,
                 align="right", region=name)
        pen.text(pen.box(x + 32, y, width - pw - 44, row_h), look.name, ink, size, 12,
                 align="left", clip=True, region=name)
