"""The Catan board at a phone's size: read from the drawing plan (the Scene's regions and
texts), scaled to 400 pixels wide, every id drawn is at least 10 pixels tall, the robber stands
centred on its hex over no piece, and each piece a key names (knights active or not, walls,
metropolises, the merchant, the harbours) and the seat whose turn it is have their own marks."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.catan_views import catan_seats, settlement_spots
from cogs.catan.render.colours import BACKGROUND
from cogs.catan.render.geometry import Geometry
from cogs.catan.render.picture import (
    HEIGHT,
    MARKS,
    PIECES,
    WIDTH,
    R,
    board_layout,
    key_lines,
)
from cogs.drawing import Box, Scene, Shape, Text
from rules.catan.board import TOPOLOGY, edge_id, node_id, parse_hex
from tests.cogs.catan.test_picture import GAMES, catalog, mid, view

View = dict[str, Any]
PHONE = 400  # pixels: the width a phone shows a picture at
SMALLEST = 10  # pixels: the smallest id a person reads there
PLACE_ID = re.compile(r"(H|HB|I|P)[0-9]{1,2}")


def at_phone(scene: Scene, size: int) -> float:
    """A font size of the plan in pixels of the picture shown 400 pixels wide."""
    return size * PHONE / scene.width


def ids_drawn(scene: Scene) -> list[Text]:
    return [item for item in scene.items
            if isinstance(item, Text) and PLACE_ID.fullmatch(item.text)]


def pieces(scene: Scene) -> dict[str, Box]:
    return {name: r.box for name, r in scene.regions.items() if name.split(":")[0] in PIECES}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-{g[2]}-{g[1]}")
@pytest.mark.parametrize("moment", ["start", "mid", "end"])
def test_no_id_on_the_tables_board_is_too_small_at_400_px(game: tuple[int, int, str],
                                                          moment: str) -> None:
    n, seed, layout = game
    scene = board_layout(view(n, seed, layout, moment), catan_seats(n), catalog(), "en")
    small = [t.text for t in ids_drawn(scene) if at_phone(scene, t.fitted.size) < SMALLEST]
    assert not small, small


def test_the_candidates_ids_are_large_at_400_px() -> None:
    v = mid()
    places = [*settlement_spots(v), "P1", "P40", "H10", "H12", next(iter(v["board"]["roads"]))]
    scene = board_layout(v, catan_seats(4), catalog(), "es", ids=places)
    drawn = ids_drawn(scene)
    assert sorted(t.text for t in drawn) == sorted(places)
    assert all(at_phone(scene, t.fitted.size) >= SMALLEST for t in drawn)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-{g[2]}-{g[1]}")
@pytest.mark.parametrize("moment", ["setup", "mid", "end"])
def test_the_robber_is_centred_on_its_hex_over_no_piece(game: tuple[int, int, str],
                                                        moment: str) -> None:
    n, seed, layout = game
    v = view(n, seed, layout, moment)
    scene = board_layout(v, catan_seats(n), catalog(), "en")
    check_robber(scene, v)


def test_the_robber_and_the_merchant_among_walled_metropolises_knights_and_roads() -> None:
    """The most crowded hex there can be: a walled city with a metropolis, a settlement or a
    knight of every level on each corner, a road on each side, the robber and the merchant."""
    v = mid()
    b = v["board"]
    h = parse_hex("H12")
    b["robber"] = b["merchant"] = "H12"
    b["merchant_owner"] = "p1"
    for k, n in enumerate(TOPOLOGY.hex_nodes[h]):
        nid = node_id(n)
        b["buildings"].pop(nid, None)
        b["knights"].pop(nid, None)
        owner = f"p{k % 4 + 1}"
        if k % 2 == 0:
            b["buildings"][nid] = {"owner": owner, "kind": "city", "wall": True,
                                   "metropolis": ("trade", "politics", "science")[k // 2],
                                   "ruined": False}
        else:
            b["knights"][nid] = {"owner": owner, "level": k // 2 + 1, "active": k % 4 == 1}
    for e, ends in enumerate(TOPOLOGY.edge_nodes):
        if set(ends) <= set(TOPOLOGY.hex_nodes[h]):
            b["roads"][edge_id(e)] = "p2"
    scene = board_layout(v, catan_seats(4), catalog(), "en")
    check_robber(scene, v)
    merchant = scene.regions["merchant"].box
    assert not merchant.overlaps(scene.regions["robber"].box)
    crowded = {name: box for name, box in pieces(scene).items() if name != "merchant"}
    assert not [name for name, box in crowded.items() if box.overlaps(merchant)]


def check_robber(scene: Scene, v: View) -> None:
    b = v["board"]
    occupied = len(b["roads"]) + len(b["knights"]) + sum(
        1 + x["wall"] + (x["metropolis"] is not None) for x in b["buildings"].values())
    others = {name: box for name, box in pieces(scene).items() if name != "robber"}
    assert len(others) == occupied + (b["merchant"] is not None)
    robber = scene.regions["robber"].box
    assert not [name for name, box in others.items() if box.overlaps(robber)]
    geo = Geometry(R * scene.width / WIDTH, scene.width / 2, scene.height / 2)
    x, y = geo.hex_centre(parse_hex(b["robber"]))
    assert abs(robber.centre[0] - x) <= 2 and abs(robber.centre[1] - y) <= 0.1 * geo.r


def test_each_mark_a_key_names_has_its_own_regions() -> None:
    """Knights active and inactive, walls, metropolises, the merchant, the harbours: a region
    each, named by what it is, as many as the view has."""
    v = view(4, 3, "random", "end")
    b = v["board"]
    cities = [n for n, x in b["buildings"].items() if x["kind"] == "city"]
    for nid, track in zip(cities, ("trade", "politics", "science"), strict=False):
        b["buildings"][nid].update(metropolis=track, wall=True)
    for k, nid in enumerate(b["knights"]):
        b["knights"][nid].update(level=1 + k % 3, active=k % 2 == 0)
    b["merchant"], b["merchant_owner"] = "H3", "p2"
    scene = board_layout(v, catan_seats(4), catalog(), "en")

    def named(mark: str) -> set[str]:
        return {name.split(":")[1] for name in scene.regions if name.split(":")[0] == mark}

    knights = b["knights"]
    assert named("knight_active") == {n for n, k in knights.items() if k["active"]}
    assert named("knight_inactive") == {n for n, k in knights.items() if not k["active"]}
    assert named("knight_active") and named("knight_inactive")
    buildings = b["buildings"]
    assert named("wall") == {n for n, x in buildings.items() if x["wall"]}
    assert named("metropolis") == {n for n, x in buildings.items() if x["metropolis"]}
    assert named("city") == set(cities)
    assert named("settlement") == set(buildings) - set(cities)
    assert len(named("harbour")) == len(b["harbours"]) == 9
    assert "merchant" in scene.regions and "robber" in scene.regions
    for nid in named("knight_active") | named("knight_inactive"):
        assert scene.regions[f"node:{nid}"].texts == [str(knights[nid]["level"])]
    assert {*PIECES, "harbour", "current"} <= set(MARKS)
    # an inactive knight is drawn hollow: its shield's fill is not its seat's colour
    active, inactive = shield_fills(scene, named("knight_active")), shield_fills(
        scene, named("knight_inactive"))
    assert active and inactive and not active & inactive


def shield_fills(scene: Scene, nodes: set[str]) -> set[tuple[int, int, int]]:
    """The colours of the largest shape centred in each knight's region."""
    fills: set[tuple[int, int, int]] = set()
    for nid in nodes:
        box = next(r.box for name, r in scene.regions.items()
                   if name.endswith(f":{nid}") and name.startswith("knight_"))
        inside = [s for s in scene.items if isinstance(s, Shape) and s.kind == "polygon"
                  and all(box.x <= x <= box.right and box.y <= y <= box.bottom
                          for x, y in s.points)]
        assert inside, nid
        biggest = max(inside, key=lambda s: _area(s.points))
        inner = [s for s in inside if _area(s.points) < _area(biggest.points)]
        top = max(inner or inside, key=lambda s: _area(s.points))
        assert top.fill is not None
        fills.add(top.fill)
    return fills


def _area(points: tuple[tuple[int, int], ...]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1], strict=True))) / 2


def test_whose_turn_it_is_is_marked_strongly() -> None:
    """The seat whose turn it is has its own mark, dark on the light paper: not a faint pill."""
    v = mid()
    scene = board_layout(v, catan_seats(4), catalog(), "en")
    marked = [name for name in scene.regions if name.startswith("current:")]
    assert marked == [f"current:{v['active']}"]
    box = scene.regions[marked[0]].box
    assert box.overlaps(scene.regions[f"seat:{v['active']}"].box)
    fills = [s.fill for s in scene.items if isinstance(s, Shape) and s.fill is not None
             and s.kind in ("rect", "ellipse", "polygon")
             and all(box.x <= x <= box.right and box.y <= y <= box.bottom for x, y in s.points)]
    assert any(_contrast(fill, BACKGROUND) > 100 for fill in fills), fills
    assert (scene.width, scene.height) == (2 * WIDTH, 2 * HEIGHT)


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    def luma(c: tuple[int, int, int]) -> float:
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return abs(luma(a) - luma(b))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_key_names_every_mark_of_the_board(lang: str) -> None:
    lines = key_lines(catalog(), lang)
    assert len(lines) == len(set(lines)) == len(MARKS)
    assert all(line and not line.startswith("catan.") for line in lines)
    piece = {"knight_active": "knight", "knight_inactive": "knight", "current": None,
             "harbour": None}
    for mark, line in zip(MARKS, lines, strict=True):
        name = piece.get(mark, mark)
        if name is not None:  # the line begins with the piece's own name
            word = catalog().text(f"catan.piece.{name}", lang).split()[0]
            assert word.lower() in line.lower(), (mark, line)
