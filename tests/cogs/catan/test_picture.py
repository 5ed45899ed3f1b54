"""The Catan board picture: drawn for seeded games of 3 and 4 players from the set-up to the
end, the places a panel asks about labelled large (the table's board names none), its key
changing with what it draws and only with that, and nothing but the public view read or
drawn. Its readability at a phone's size: test_picture_phone.py."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import Image

from bench.catan_views import (
    MOMENTS,
    catan_catalog,
    catan_seats,
    catan_states,
    settlement_spots,
)
from bot.i18n import Catalog
from bot.records import Seat
from cogs.catan.render.colours import RED_INK, SEAT_COLOURS
from cogs.catan.render.geometry import Geometry, along
from cogs.catan.render.picture import (
    HEIGHT,
    WIDTH,
    R,
    board,
    board_key,
    board_layout,
    board_picture,
    candidates_picture,
    drawn,
)
from cogs.drawing import Box, Scene, Text
from rules import registry
from rules.catan.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, TOPOLOGY, node_id, parse_edge

View = dict[str, Any]
GAME = registry.game("catan")
GAMES = [(3, 2, "random"), (4, 3, "random"), (3, 3, "beginner"), (4, 7, "beginner")]
ALL_IDS = ([f"H{i}" for i in range(1, HEX_COUNT + 1)] + [f"I{i}" for i in range(1, NODE_COUNT + 1)]
           + [f"P{i}" for i in range(1, EDGE_COUNT + 1)])
MAX_BYTES = 500 * 1024


@cache
def catalog() -> Catalog:
    return catan_catalog()


@cache
def states(n: int, seed: int, layout: str) -> dict[str, Any]:
    return catan_states(n, seed, layout)


def view(n: int, seed: int, layout: str, moment: str) -> View:
    return copy.deepcopy(GAME.view(states(n, seed, layout)[moment], None))


def mid(n: int = 4) -> View:
    return view(n, 3, "random", "mid")


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def check_texts_fit(scene: Scene) -> None:
    """Every text fits its box, and every box lies in the picture."""
    whole = Box(0, 0, scene.width, scene.height)
    for item in scene.items:
        if isinstance(item, Text):
            assert item.fitted.width <= item.box.w, item
            assert item.fitted.height <= item.box.h, item
            assert item.box.inside(whole), item
    for name, region in scene.regions.items():
        assert region.box.inside(whole), name


# --- it draws -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-{g[2]}-{g[1]}")
@pytest.mark.parametrize("moment", MOMENTS)
def test_a_board_is_drawn_at_every_moment_of_a_game(game: tuple[int, int, str],
                                                    moment: str) -> None:
    n, seed, layout = game
    v = view(n, seed, layout, moment)
    for lang in ("en", "es"):
        png = board_picture(v, catan_seats(n), catalog(), lang)
        assert png.startswith(b"\x89PNG") and 10_000 < len(png) < MAX_BYTES
        image = decode(png)
        assert image.size == (WIDTH, HEIGHT)
    scene = board_layout(v, catan_seats(n), catalog(), "en")
    check_texts_fit(scene)
    b = v["board"]
    if moment in ("mid", "end"):
        assert b["roads"] and b["knights"] and any(
            x["kind"] == "city" for x in b["buildings"].values())


def test_a_mid_game_is_well_under_way() -> None:
    """The reference positions show what a game of Cities & Knights puts on the board."""
    b = mid()["board"]
    assert len(b["roads"]) > 10
    assert any(x["wall"] for x in b["buildings"].values())
    assert any(x["metropolis"] for x in b["buildings"].values())
    assert {k["active"] for k in b["knights"].values()} == {True, False}
    assert b["merchant"] is not None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_tables_board_labels_no_place(lang: str) -> None:
    """Ids too small to read on a phone are left out: the panels' candidates show them."""
    scene = board_layout(mid(), catan_seats(4), catalog(), lang)
    assert not any(name.startswith(("label:", "candidate:")) for name in scene.regions)
    assert not set(scene.texts()) & set(ALL_IDS)


def test_hexes_show_their_numbers_the_red_ones_in_red() -> None:
    v = mid()
    scene = board_layout(v, catan_seats(4), catalog(), "en", scale=1)
    image = decode(board_picture(v, catan_seats(4), catalog(), "en"))
    for hid, spec in v["board"]["hexes"].items():
        texts = scene.regions[f"hex:{hid}"].texts
        assert texts == ([] if spec["token"] is None else [str(spec["token"])])
        if spec["token"] in (6, 8):  # a pip under the number is drawn in the number's red
            geo = Geometry(R, WIDTH / 2, HEIGHT / 2)
            x, y = geo.hex_centre(int(hid[1:]) - 1)
            pip = image.getpixel((round(x), round(y + 0.19 * R)))
            assert _near(pip, RED_INK), (hid, pip)


def test_pieces_stand_where_the_view_puts_them() -> None:
    v = mid()
    b = v["board"]
    table = catan_seats(4)
    scene = board_layout(v, table, catalog(), "en")
    for nid, knight in b["knights"].items():
        assert scene.regions[f"node:{nid}"].texts == [str(knight["level"])]
    for nid in b["buildings"]:
        assert scene.regions[f"node:{nid}"].texts == []
    for piece, hid in (("robber", b["robber"]), ("merchant", b["merchant"])):
        assert scene.regions[piece].box.overlaps(scene.regions[f"hex:{hid}"].box)
    for part in ("die:red", "die:yellow", "die:event", "roll", "ship", "barbarians", "turn"):
        assert part in scene.regions
    dice = v["dice"]
    assert scene.regions["roll"].texts == [str(dice["red"] + dice["yellow"])]
    assert scene.regions["turn"].texts == [f"Turn {v['turn']}"]
    steps = 7 - v["barbarians"]["ship"]
    assert scene.regions["barbarians"].texts == [
        f"Barbarians: {steps} step{'s' if steps != 1 else ''} away"]
    for p in v["players"]:
        assert scene.regions[f"seat:{p['seat']}"].texts[0] == f"{p['points']} VP"
    assert scene.regions["seat:p3"].texts[1] == "Basic bot"  # the computer seat's name
    assert scene.regions["seat:p2"].texts[1] == "Bruno"  # away: the emoji left out


def test_a_road_is_drawn_in_its_owners_colour() -> None:
    """A road shows in its owner's colour on its midpoint and, where no piece stands at its
    ends, along its path."""
    v = mid()
    b = v["board"]
    image = decode(board_picture(v, catan_seats(4), catalog(), "en"))
    geo = Geometry(R, WIDTH / 2, HEIGHT / 2)
    colours = dict(zip([f"p{i}" for i in range(1, 5)], SEAT_COLOURS.values(), strict=True))
    bare = 0
    for path, owner in b["roads"].items():
        e = parse_edge(path)
        x, y = geo.edge_mid(e)
        assert _near(image.getpixel((round(x), round(y))), colours[owner]), path
        if any(node_id(n) in b["buildings"] or node_id(n) in b["knights"]
               for n in TOPOLOGY.edge_nodes[e]):
            continue
        bare += 1
        a, c = geo.edge_ends(e)
        for t in (0.22, 0.78):
            x, y = along(a, c, t)
            assert _near(image.getpixel((round(x), round(y))), colours[owner]), path
    assert bare


def test_every_piece_kind_and_the_end() -> None:
    """A city laid low, a metropolis of each track, every knight level both ways, the winner."""
    v = view(4, 3, "random", "end")
    b = v["board"]
    cities = [n for n, x in b["buildings"].items() if x["kind"] == "city"]
    for nid, track in zip(cities, ("trade", "politics", "science"), strict=False):
        b["buildings"][nid].update(metropolis=track, wall=True)
    b["buildings"][cities[-1]].update(ruined=True, metropolis=None)
    for k, nid in enumerate(b["knights"]):
        b["knights"][nid].update(level=1 + k % 3, active=k % 2 == 0)
    scene = board_layout(v, catan_seats(4), catalog(), "es")
    check_texts_fit(scene)
    assert scene.regions["turn"].texts == ["Partida terminada"]
    assert v["winner"] is not None
    assert decode(board_picture(v, catan_seats(4), catalog(), "es")).size == (WIDTH, HEIGHT)


def test_a_hostile_name_stays_in_its_row() -> None:
    table = [*catan_seats(3), Seat(id="p4", name="**@everyone**\u202e" + "W" * 60 + " 💤",
                                   user_id=4)]
    scene = board_layout(mid(), table, catalog(), "en")
    check_texts_fit(scene)
    row = scene.regions["seat:p4"]
    assert row.texts[1].endswith("…") and "\u202e" not in row.texts[1]


# --- the candidates -------------------------------------------------------------------------

def test_the_candidates_picture_labels_only_the_places_asked_about() -> None:
    v = mid()
    spots = settlement_spots(v)
    places = [*spots, "P1", next(iter(v["board"]["roads"])), "H10",
              next(iter(v["board"]["buildings"]))]
    scene = board_layout(v, catan_seats(4), catalog(), "en", ids=places)
    check_texts_fit(scene)
    assert not any(name.startswith("label:") for name in scene.regions)
    asked = {name.removeprefix("candidate:"): r for name, r in scene.regions.items()
             if name.startswith("candidate:")}
    assert sorted(asked) == sorted(places)
    assert all(region.texts == [place] for place, region in asked.items())
    boxes = [r.box for p, r in asked.items() if p in spots]
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1:])
    png = candidates_picture(v, catan_seats(4), catalog(), "es", places)
    assert decode(png).size == (WIDTH, HEIGHT) and len(png) < MAX_BYTES


@pytest.mark.parametrize("place", ["HB1", "I55", "P0", "X3", "", "I"])
def test_a_candidate_must_be_a_place_of_the_board(place: str) -> None:
    with pytest.raises(ValueError):
        board_layout(mid(), catan_seats(4), catalog(), "en", ids=[place])


# --- the key --------------------------------------------------------------------------------

def key(v: View, table: list[Seat] | None = None, lang: str = "en",
        ids: list[str] | None = None, colours: dict[str, str] | None = None) -> str:
    return board_key(v, table or catan_seats(4), catalog(), lang, ids, colours)


def drawn_changes() -> Iterator[tuple[str, Any]]:
    """(what, a change of the view the picture shows)."""
    def road(v: View) -> None:
        v["board"]["roads"]["P1"] = "p1"

    def robber(v: View) -> None:
        v["board"]["robber"] = "H1" if v["board"]["robber"] != "H1" else "H2"

    def wall(v: View) -> None:
        city = next(x for x in v["board"]["buildings"].values() if x["kind"] == "city")
        city["wall"] = not city["wall"]

    def knight(v: View) -> None:
        k = next(iter(v["board"]["knights"].values()))
        k["active"] = not k["active"]

    def dice(v: View) -> None:
        v["dice"]["red"] = v["dice"]["red"] % 6 + 1

    def event(v: View) -> None:
        v["dice"]["event"] = "gate_trade" if v["dice"]["event"] != "gate_trade" else "ship"

    def ship(v: View) -> None:
        v["barbarians"]["ship"] = (v["barbarians"]["ship"] + 1) % 7

    def points(v: View) -> None:
        v["players"][1]["points"] += 1

    def turn(v: View) -> None:
        v["turn"] += 1
        v["active"] = "p2" if v["active"] != "p2" else "p3"

    def token(v: View) -> None:
        hexes = v["board"]["hexes"]
        hexes["H1"]["token"], hexes["H2"]["token"] = hexes["H2"]["token"], hexes["H1"]["token"]

    def merchant(v: View) -> None:
        v["board"]["merchant_owner"] = "p4" if v["board"]["merchant_owner"] != "p4" else "p1"

    for change in (road, robber, wall, knight, dice, event, ship, points, turn, token,
                   merchant):
        yield change.__name__, change


def hidden_changes() -> Iterator[tuple[str, Any]]:
    """(what, a change of the view the picture does not show)."""
    def bank(v: View) -> None:
        v["bank"]["ore"] -= 1

    def hand(v: View) -> None:
        v["players"][0]["cards"] += 3
        v["players"][0]["progress"]["science"] += 1

    def decks(v: View) -> None:
        v["decks"]["trade"] -= 1

    def this_turn(v: View) -> None:
        v["this_turn"]["fleets"].append("ore")
        v["this_turn"]["free_roads"] = 2

    def pending(v: View) -> None:
        v["pending"].append({"kind": "discard", "seat": "p3", "count": 4})
        v["to_act"] = ["p3"]

    def longest(v: View) -> None:
        v["longest_road"] = "p4"
        v["barbarians"]["attacks"] += 1

    for change in (bank, hand, decks, this_turn, pending, longest):
        yield change.__name__, change


@pytest.mark.parametrize(("what", "change"), list(drawn_changes()))
def test_the_key_changes_with_what_the_picture_draws(what: str, change: Any) -> None:
    before = mid()
    after = mid()
    change(after)
    assert key(before) == key(mid())
    assert key(after) != key(before), what
    assert board_picture(after, catan_seats(4), catalog(), "en") != board_picture(
        before, catan_seats(4), catalog(), "en"), what


@pytest.mark.parametrize(("what", "change"), list(hidden_changes()))
def test_the_key_and_the_picture_ignore_what_it_does_not_draw(what: str, change: Any) -> None:
    before = mid()
    after = mid()
    change(after)
    assert key(after) == key(before), what
    assert board_picture(after, catan_seats(4), catalog(), "en") == board_picture(
        before, catan_seats(4), catalog(), "en"), what


def test_the_key_changes_with_names_colours_language_and_candidates() -> None:
    v = mid()
    renamed = catan_seats(4)
    renamed[0] = renamed[0].model_copy(update={"name": "Anabel"})
    swapped = {"p1": "blue", "p2": "red", "p3": "white", "p4": "orange"}
    keys = [key(v), key(v, renamed), key(v, lang="es"), key(v, ids=["I1"]),
            key(v, ids=["I1", "I2"]), key(v, colours=swapped)]
    assert len(set(keys)) == len(keys)
    assert key(v, ids=["I2", "I1", "I1"]) == key(v, ids=["I1", "I2"])
    assert key(v, lang="es-ES") == key(v, lang="es")


def test_the_publisher_gets_a_picture_keyed_by_what_it_draws() -> None:
    v = mid()
    picture = board(v, catan_seats(4), catalog(), "en")
    assert picture.filename == "board.png" and picture.key == key(v)
    assert picture.draw() == board_picture(v, catan_seats(4), catalog(), "en")
    places = board(v, catan_seats(4), catalog(), "en", ids=["I2", "I1"])
    assert places.filename == "places.png" and places.key == key(v, ids=["I1", "I2"])
    assert decode(places.draw()).size == (WIDTH, HEIGHT)


# --- the public view only -------------------------------------------------------------------

class Recording(dict[str, Any]):
    """A view that notes every key read from it (and from what it holds), by path."""

    def __init__(self, data: dict[str, Any], path: str, read: set[str]) -> None:
        super().__init__({k: _wrap(v, f"{path}.{k}", read) for k, v in data.items()})
        self.path, self.read = path, read

    def __getitem__(self, k: str) -> Any:
        self.read.add(f"{self.path}.{k}")
        return super().__getitem__(k)

    def get(self, k: str, default: Any = None) -> Any:
        self.read.add(f"{self.path}.{k}")
        return super().get(k, default)


def _wrap(value: Any, path: str, read: set[str]) -> Any:
    if isinstance(value, dict):
        return Recording(value, path, read)
    if isinstance(value, list):
        return [_wrap(v, f"{path}[]", read) for v in value]
    return value


PUBLIC_READ = {"you", "board", "dice", "barbarians", "barbarians.ship", "turn", "phase",
               "active", "winner", "players", "players[].seat", "players[].points"}


def test_the_picture_reads_only_what_it_draws_of_the_public_view() -> None:
    state = states(4, 3, "random")["mid"]
    read: set[str] = set()
    board_picture(Recording(GAME.view(state, None), "", read), catan_seats(4), catalog(), "en")
    top = {path.removeprefix(".") for path in read if path.count(".") <= 1
           or path.startswith(".players[]") or path.startswith(".barbarians")}
    assert top <= PUBLIC_READ, sorted(top - PUBLIC_READ)
    assert not any(part in path for path in read
                   for part in ("hand", "progress", "cards", "rates", "inspected", "offers",
                                "pending", "vp_cards", "bank", "decks"))


def test_a_seats_own_view_is_refused() -> None:
    state = states(4, 3, "random")["mid"]
    private = GAME.view(state, "p1")
    assert private["hand"] or private["progress"]  # a seat's view holds its secrets
    with pytest.raises(ValueError):
        board_picture(private, catan_seats(4), catalog(), "en")
    with pytest.raises(ValueError):
        drawn({**private, "you": None})  # its hand still in it


def test_no_secret_is_drawn() -> None:
    """No progress card, commodity or hand count is among the picture's words, in either
    language; the only resource names are the 2:1 harbours'."""
    state = states(4, 3, "random")["mid"]
    v = GAME.view(state, None)
    for lang in ("en", "es"):
        cat = catalog()
        scene = board_layout(v, catan_seats(4), cat, lang)
        texts = " ".join(scene.texts())
        table = cat.tables[lang]
        secrets = [text for k, text in table.items()
                   if k.startswith(("catan.progress.", "catan.commodity.")) and
                   not k.endswith(".text")]
        assert not [s for s in secrets if s in texts]
        harbour_words = {t for name, r in scene.regions.items() if name.startswith("harbour:")
                         for t in r.texts}
        resources = {table[f"catan.resource.{r}"] for r in
                     ("lumber", "wool", "grain", "brick", "ore")}
        assert {t for t in scene.texts() if t in resources} <= harbour_words
    scene = board_layout(v, catan_seats(4), catalog(), "en")
    rows = [t for p in v["players"] for t in scene.regions[f"seat:{p['seat']}"].texts]
    assert rows[0::2] == [f"{p['points']} VP" for p in v["players"]]
    assert all(_name(p["seat"]).startswith(name.removesuffix("…"))
               for p, name in zip(v["players"], rows[1::2], strict=True))


def _name(seat: str) -> str:
    return {"p1": "Ana", "p2": "Bruno", "p3": "Basic bot",
            "p4": "Maximiliano de la Cruz Fernández"}[seat]


def _near(pixel: Any, colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(int(a) - int(b)) <= tolerance for a, b in zip(pixel, colour, strict=True))


def test_views_serialise_like_the_platforms() -> None:
    """The key hashes JSON: a view that went through JSON (as stored) keys the same."""
    v = mid()
    assert key(json.loads(json.dumps(v))) == key(v)
