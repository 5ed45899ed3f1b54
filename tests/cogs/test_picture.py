"""The table and final-score pictures: their structure (the Scene's named regions and texts),
and a few pixels where a colour is the point."""

from __future__ import annotations

import copy
import io
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

from bench.engine import DARK_CITY
from bench.render import game_views, seats
from bot.records import Seat
from cogs.citadels.render.picture import (
    TYPE_COLOURS,
    WIDTH,
    final_layout,
    final_picture,
    part_colour,
    part_name,
    table_layout,
    table_picture,
)
from cogs.drawing import Box, Fitted, Scene, Text, drawable, fit, render, text_width
from rules import citadels
from rules.citadels.cards import COST, DISTRICTS
from rules.citadels.scoring import BREAKDOWN
from tests.render_helpers import catalog

View = dict[str, Any]
# Markdown, a mention, zero-width and direction controls, stacked accents reaching far above
# and below the line, right-to-left letters, and length.
HOSTILE = ("**@everyone**\u200b\u200d\u202e" + "Z" + "\u0301\u0300\u0302\u0308" * 6
           + "\u0316\u0317\u0323\u0324" * 6 + " مرحبا بالعالم " + "W" * 60)
TABLES = [(2, None), (4, None), (7, None), (8, DARK_CITY)]
LONGEST_ES = sorted(DISTRICTS, key=lambda d: -len(DISTRICTS[d].name["es"]))


@cache
def views(n: int, dark: bool) -> tuple[View, View]:
    """A late table view and the final view of one seeded random game."""
    return game_views(n, 5, DARK_CITY if dark else None)


def table(n: int, dark: bool = False) -> View:
    return copy.deepcopy(views(n, dark)[0])


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def within(scene: Scene, box: Box) -> bool:
    return box.inside(Box(0, 0, scene.width, scene.height))


def check_texts_fit(scene: Scene) -> None:
    """Every text drawn fits its box, and every box lies in the picture."""
    for item in scene.items:
        if isinstance(item, Text):
            assert item.fitted.width <= item.box.w, item
            assert item.fitted.height <= item.box.h, item
            assert within(scene, item.box), item
    for name, region in scene.regions.items():
        assert within(scene, region.box), name


def crowded() -> tuple[View, list[Seat]]:
    """8 players with the longest names, 12 of the longest districts each, big numbers."""
    view = table(8, dark=True)
    for p in view["players"]:
        p.update(city=LONGEST_ES[:12], gold=99, hand_size=88, beautified=LONGEST_ES[:2],
                 revealed=["king", "assassin"])
        p["score"]["total"] = 188
    view["robbed"] = "king"
    table_seats = [Seat(id=p["id"], name="W" * 32, user_id=i)
                   for i, p in enumerate(view["players"])]
    return view, table_seats


@pytest.mark.parametrize(("n", "dark"), [(n, o is not None) for n, o in TABLES])
def test_every_player_has_a_panel_with_its_city(n: int, dark: bool) -> None:
    view = table(n, dark)
    scene = table_layout(view, seats(n), catalog(), "en")
    panels = [scene.regions[f"player:{p['id']}"].box for p in view["players"]]
    for i, (p, panel) in enumerate(zip(view["players"], panels, strict=True)):
        assert within(scene, panel)
        assert not any(panel.overlaps(other) for other in panels[i + 1:])
        cards = [scene.regions[f"card:{p['id']}:{k}"] for k in range(len(p["city"]))]
        assert f"card:{p['id']}:{len(p['city'])}" not in scene.regions
        for k, card in enumerate(cards):
            assert card.box.inside(panel)
            assert not any(card.box.overlaps(other.box) for other in cards[k + 1:])
        names = sorted(text for card in cards for text in card.texts)
        assert names == sorted([d.name["en"] for d in map(DISTRICTS.get, p["city"]) if d]
                               + [str(COST[d]) for d in p["city"]])
        for kind, number in (("gold", p["gold"]), ("hand", p["hand_size"]),
                             ("score", p["score"]["total"])):
            assert scene.regions[f"{kind}:{p['id']}"].texts == [str(number)]
            assert scene.regions[f"{kind}:{p['id']}"].box.inside(panel)
    assert sum(len(p["city"]) for p in view["players"]) > n  # a game well under way
    check_texts_fit(scene)


def test_the_picture_is_a_phone_wide_png_growing_with_the_players() -> None:
    heights = []
    for n in (2, 4, 7):
        image = decode(table_picture(table(n), seats(n), catalog(), "en"))
        assert image.width == WIDTH
        heights.append(image.height)
    assert heights[0] < heights[1] < heights[2] < 2000


def test_names_crown_acting_and_marks() -> None:
    view = table(4)
    view.update(crown="p3", to_act=["p2"], phase="turns", current_character="bishop",
                murdered="merchant", robbed="king", graveyard_card=None, first_complete="p4")
    view["players"][1]["revealed"] = ["king"]
    scene = table_layout(view, seats(4), catalog(), "en")
    for i, name in enumerate(["Ana", "Bruno", "Basic bot", "Darío"], 1):
        assert scene.regions[f"name:p{i}"].texts == [name]  # emoji of away/computer dropped
    assert [r for r in scene.regions if r.split(":")[0] in ("computer", "away", "left")] == [
        "away:p2", "computer:p3"]
    assert scene.regions["crown"].box.inside(scene.regions["player:p3"].box)
    assert scene.regions["acting"].box.inside(scene.regions["player:p2"].box)
    assert scene.regions["first_complete:p4"].box.inside(scene.regions["player:p4"].box)
    icons = [r for r in scene.regions if r.split(":")[0] in (
        "acting", "crown", "first_complete", "computer", "away")]
    for i, icon in enumerate(icons):  # side by side, before the name
        assert not any(scene.regions[icon].box.overlaps(scene.regions[other].box)
                       for other in [*icons[i + 1:], *(f"name:p{k}" for k in range(1, 5))])
    assert scene.regions["status"].texts == ["5 Bishop: Bruno's turn"]
    assert scene.regions["mark:murdered"].texts == ["Murdered: Merchant"]
    assert scene.regions["mark:robbed"].texts == ["Robbed: King"]
    assert scene.regions["character:p2:king"].texts == ["4 King"]


def test_every_mark_of_the_round_shows_in_the_header() -> None:
    view = table(8, dark=True)
    view.update(murdered="tax_collector", robbed="diplomat", bewitched="navigator",
                faceup_discards=["witch", "wizard"], absent=["alchemist", "abbot", "emperor"])
    scene = table_layout(view, seats(8), catalog(), "es")
    header = ["mark:murdered", "mark:robbed", "mark:bewitched", "faceup", "absent"]
    assert [scene.regions[r].texts for r in header] == [
        ["Asesinado: Recaudador"], ["Robado: Diplomático"], ["Hechizado: Navegante"],
        ["Bocarriba: Bruja, Hechicero"], ["Nadie tenía: Alquimista, Abad, Emperador"]]
    boxes = [scene.regions[r].box for r in header]
    first = min(scene.regions[f"player:p{i}"].box.y for i in range(1, 9))
    for i, box in enumerate(boxes):
        assert box.bottom <= first and not any(box.overlaps(b) for b in boxes[i + 1:])
    check_texts_fit(scene)


@pytest.mark.parametrize(("lang", "draft", "over"), [
    ("en", "Character draft: Ana is choosing (5 left)", "Game over — Bruno wins"),
    ("es", "Selección de personajes: elige Ana (quedan 5)", "Fin de la partida — gana Bruno")])
def test_the_status_in_the_draft_and_at_the_end(lang: str, draft: str, over: str) -> None:
    start = citadels.view(citadels.new_game(["p1", "p2", "p3", "p4"], seed=1), None)
    scene = table_layout(start, seats(4), catalog(), lang)
    assert scene.regions["status"].texts == [draft]
    assert scene.regions["acting"].box.inside(scene.regions["player:p1"].box)
    assert not any(r.startswith(("card:", "character:", "mark:")) for r in scene.regions)
    end = copy.deepcopy(views(4, False)[1])
    end["winner"] = "p2"
    scene = table_layout(end, seats(4), catalog(), lang)
    assert scene.regions["status"].texts == [over]
    assert "acting" not in scene.regions


def test_spanish_names_with_accents_and_long_districts() -> None:
    view = table(4)
    view["players"][0]["city"] = ["dragon_gate", "haunted_quarter", "manor"]
    scene = table_layout(view, seats(4), catalog(), "es")
    texts = [t for k in range(3) for t in scene.regions[f"card:p1:{k}"].texts]
    assert "Puerta del Dragón" in texts and "Patio de los Milagros" in texts
    assert "Señorío" in texts and "6" in texts
    assert scene.regions["name:p4"].texts == ["Darío"]
    assert {"Ciudadelas — ronda 8", "Señorío", "Darío"} <= set(scene.texts())
    check_texts_fit(scene)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_most_crowded_table_fits(lang: str) -> None:
    view, table_seats = crowded()
    scene = table_layout(view, table_seats, catalog(), lang)
    check_texts_fit(scene)
    assert len([r for r in scene.regions if r.startswith("card:")]) == 8 * 12
    drawn = {scene.regions[f"card:p1:{i}"].texts[0] for i in range(12)}
    assert drawn == {DISTRICTS[d].name[lang] for d in LONGEST_ES[:12]}  # whole, never cut
    assert scene.height < 2600
    pills = [scene.regions[f"character:{p['id']}:king"] for p in view["players"]]
    assert all(pill.texts == (["4 King"] if lang == "en" else ["4 Rey"]) for pill in pills)


def test_a_text_shrinks_then_wraps_then_is_cut() -> None:
    assert fit("Manor", 200, 30, 20, 12) == Fitted(("Manor",), 20, False)
    long = "Patio de los Milagros"
    shrunk = fit(long, round(text_width(long, 16)), 30, 20, 12)
    assert shrunk.lines == (long,) and 15 <= shrunk.size <= 16
    wrapped = fit(long, 120, 60, 20, 16, max_lines=2)
    assert wrapped.size >= 16 and " ".join(wrapped.lines) == long
    assert len(wrapped.lines) == 2 and wrapped.width <= 120 and wrapped.height <= 60
    cut = fit("W" * 100, 100, 20, 16, 12)
    assert cut.size == 12 and len(cut.lines) == 1 and cut.lines[0].endswith("…")
    assert cut.width <= 100 < text_width(cut.lines[0] + "W", 12)  # as much as fits
    broken = fit("W" * 100, 100, 60, 16, 12, max_lines=3)
    assert len(broken.lines) == 3 and broken.width <= 100


@pytest.mark.parametrize(("text", "drawn"), [
    ("Ana 💤, Bo 🚪: Bruno 💤's turn", "Ana, Bo: Bruno's turn"), ("🤖 Bot 3", "Bot 3"),
    ("Señorío  ✝ Δ", "Señorío ✝ Δ"), ("中文", "")])
def test_what_the_font_cannot_draw_is_left_out(text: str, drawn: str) -> None:
    assert drawable(text) == drawn


def test_a_card_stripe_has_its_type_colour() -> None:
    view = table(4)
    view["players"][0]["city"] = ["manor", "temple", "tavern", "watchtower", "keep"]
    scene = table_layout(view, seats(4), catalog(), "en")
    image = decode(table_picture(view, seats(4), catalog(), "en"))
    seen = set()
    for k, did in enumerate(["manor", "temple", "tavern", "watchtower", "keep"]):
        kind = DISTRICTS[did].type
        assert image.getpixel(scene.regions[f"stripe:p1:{k}"].box.centre) == TYPE_COLOURS[kind]
        seen.add(kind)
    assert seen == set(TYPE_COLOURS)


def test_a_hostile_display_name_stays_in_its_box() -> None:
    table_seats = [*seats(3), Seat(id="p4", name=HOSTILE, user_id=4)]
    scene = table_layout(table(4), table_seats, catalog(), "en")
    box = scene.regions["name:p4"].box
    (name,) = [i for i in scene.items if isinstance(i, Text) and i.box == box]
    assert name.clip and name.fitted.width <= box.w and len(name.fitted.lines) == 1
    assert "\u200b" not in name.text and "\u202e" not in name.text
    assert name.text.endswith("…")
    without = copy.copy(scene)
    without.items = [i for i in scene.items if i is not name]
    changed = ImageChops.difference(render(scene), render(without)).getbbox()
    assert changed is not None  # the name is drawn...
    assert Box(changed[0], changed[1], changed[2] - changed[0],
               changed[3] - changed[1]).inside(box)  # ...and only inside its box


# --- the end --------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "dark"), [(4, False), (8, True)])
def test_final_scores_bars(n: int, dark: bool) -> None:
    view = copy.deepcopy(views(n, dark)[1])
    scene = final_layout(view, seats(n), catalog(), "es")
    check_texts_fit(scene)
    players = {p["id"]: p for p in view["players"]}
    bars = {seat: scene.regions[f"bar:{seat}"].box for seat in players}
    assert len([r for r in scene.regions if r.startswith("bar:")]) == n
    best = max(p["score"]["total"] for p in players.values())
    longest = bars[next(seat for seat, p in players.items() if p["score"]["total"] == best)].w
    for seat, p in players.items():
        total = p["score"]["total"]
        assert abs(bars[seat].w - longest * total / best) <= 1, seat
        assert scene.regions[f"total:{seat}"].texts == [str(total)]
        segments = [(part, scene.regions[f"segment:{seat}:{part}"].box)
                    for part, points in p["score"]["breakdown"].items() if points]
        assert sum(box.w for _, box in segments) == bars[seat].w
        assert all(box.inside(bars[seat]) for _, box in segments)
        for part, points in p["score"]["breakdown"].items():
            assert (f"segment:{seat}:{part}" in scene.regions) == bool(points)
            if points:
                assert f"legend:{part}" in scene.regions
    rows = [scene.regions[f"row:{seat}"].box for seat in view["ranking"]]
    assert [r.y for r in rows] == sorted(r.y for r in rows)  # best first
    assert scene.regions["winner"].box.inside(scene.regions[f"row:{view['winner']}"].box)
    assert scene.regions["legend:districts"].texts == ["Distritos"]


def test_final_bars_show_every_category_in_their_colour() -> None:
    view = copy.deepcopy(views(4, False)[1])
    p = view["players"][0]
    p["score"]["breakdown"].update(five_types=3, first_complete=4, map_room=2)
    p["score"]["total"] = sum(p["score"]["breakdown"].values())
    scene = final_layout(view, seats(4), catalog(), "en")
    image = decode(final_picture(view, seats(4), catalog(), "en"))
    for part in ("districts", "five_types", "first_complete", "map_room"):
        box = scene.regions[f"segment:{p['id']}:{part}"].box
        legend = scene.regions[f"legend:{part}"].box
        swatch = image.getpixel((legend.x + 9, legend.centre[1]))
        assert image.getpixel((box.x + 1, box.y + 1)) == swatch != image.getpixel((0, 0))
    assert scene.regions["legend:map_room"].texts == ["Map Room"]
    assert scene.regions["legend:five_types"].texts == ["All five types"]


def test_every_part_of_a_score_has_a_name_and_its_own_colour() -> None:
    for lang in ("en", "es"):
        names = [part_name(part, catalog(), lang) for part in BREAKDOWN]
        assert len(set(names)) == len(BREAKDOWN) and all(names)
    colours = [part_colour(part) for part in BREAKDOWN]
    assert len(set(colours)) == len(BREAKDOWN)


def test_a_tie_on_points_is_explained() -> None:
    view = copy.deepcopy(views(4, False)[1])
    first, second = (next(p for p in view["players"] if p["id"] == seat)
                     for seat in view["ranking"][:2])
    gap = first["score"]["total"] - second["score"]["total"]
    second["score"]["total"] += gap
    second["score"]["breakdown"]["districts"] += gap
    scene = final_layout(view, seats(4), catalog(), "en")
    (tie,) = scene.regions["tiebreak"].texts
    assert f"tied on {first['score']['total']} points" in tie
    assert scene.regions["tiebreak"].box.bottom <= min(
        r.box.y for name, r in scene.regions.items() if name.startswith("row:"))
    view["players"] = [p for p in view["players"] if p is not second]
    view["ranking"] = [seat for seat in view["ranking"] if seat != second["id"]]
    assert "tiebreak" not in final_layout(view, seats(4), catalog(), "en").regions


def test_pictures_painted_in_threads_at_once_are_the_same() -> None:
    jobs = [(table(n, dark), seats(n), lang) for n, dark in ((4, False), (8, True))
            for lang in ("en", "es")]
    alone = [table_picture(view, table_seats, catalog(), lang)
             for view, table_seats, lang in jobs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda job: table_picture(job[0], job[1], catalog(), job[2]),
                                 jobs * 2))
    assert together == alone * 2
