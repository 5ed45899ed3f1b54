"""A board painted over the game's kept board (render/overlay.py) is the very picture painting
its whole scene gives: the same PNG bytes, for seeded positions from the set-up to the end and
candidates of every kind (free and taken intersections, paths, hexes), whichever picture came
before (the table's or a panel's, of the same state or an earlier one, of another game)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from PIL import ImageChops

from bench.catan_views import MOMENTS, catan_catalog, catan_seats, catan_views, settlement_spots
from bench.render import played_views
from bot.i18n import Catalog
from cogs.catan.render import overlay
from cogs.catan.render.pen import paint_smooth
from cogs.catan.render.picture import board_layout, board_picture, candidates_picture
from cogs.drawing import Scene, Shape, render

View = dict[str, Any]


@cache
def catalog() -> Catalog:
    return catan_catalog()


@pytest.fixture
def boards(monkeypatch: pytest.MonkeyPatch) -> overlay.Boards:
    fresh = overlay.Boards()
    monkeypatch.setattr(overlay, "BOARDS", fresh)
    return fresh


def candidate_sets(view: View) -> Iterator[list[str]]:
    board = view["board"]
    yield settlement_spots(view)[:12]
    yield sorted(board["buildings"])[:6] + sorted(board["knights"])[:3]
    yield [f"P{e}" for e in range(3, 72, 7)] + sorted(board["roads"])[:4]
    yield [f"H{h}" for h in range(1, 20, 3)]
    yield ["H10", "I5", "P40", *sorted(board["buildings"])[-2:]]


def fresh(view: View, n: int, ids: list[str] | None = None, lang: str = "en") -> bytes:
    return paint_smooth(board_layout(view, catan_seats(n), catalog(), lang, ids))


CASES = [(n, seed, moment) for n, seed in ((3, 11), (4, 23)) for moment in MOMENTS]


@pytest.mark.parametrize(("n", "seed", "moment"), CASES)
def test_pictures_over_the_kept_board_are_the_whole_scene_painted(
        n: int, seed: int, moment: str, boards: overlay.Boards,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(overlay, "OVERLAID", 1.0)  # however much of it differs
    view = catan_views(n, seed)[moment]
    seats = catan_seats(n)
    sets = list(candidate_sets(view))
    assert board_picture(view, seats, catalog(), "en") == fresh(view, n)
    for ids in sets:  # over the table's board (or the last of their kind)
        assert candidates_picture(view, seats, catalog(), "en", ids) == fresh(view, n, ids), ids
    assert boards.counts == {"painted": 1, "overlaid": len(sets), "kept": 0}
    boards.clear()
    for ids in sets:  # without the table's board: each over the first panel's
        assert candidates_picture(view, seats, catalog(), "en", ids) == fresh(view, n, ids), ids
    assert board_picture(view, seats, catalog(), "en") == fresh(view, n)  # and the table
    assert boards.counts == {"painted": 2, "overlaid": 2 * len(sets), "kept": 0}


def test_boards_of_other_states_games_and_languages_painted_over_one_another(
        boards: overlay.Boards) -> None:
    game = catan_views(4, 23)
    other = catan_views(4, 24, "beginner")
    seats = catan_seats(4)
    ids = ["H10", "I5", "P40"]
    for view in (game["start"], game["mid"], other["mid"], game["mid"], game["end"]):
        assert candidates_picture(view, seats, catalog(), "en", ids) == fresh(view, 4, ids)
        assert board_picture(view, seats, catalog(), "en") == fresh(view, 4)
    assert candidates_picture(game["end"], seats, catalog(), "es", ids) == fresh(
        game["end"], 4, ids, "es")
    assert boards.counts["kept"] == 1  # the first game's middle table again: kept


def test_a_game_s_boards_each_painted_over_the_last_are_the_whole_scenes_painted(
        boards: overlay.Boards) -> None:
    seats = catan_seats(4)
    for i, view in enumerate(played_views(4, 3, 240)[::3]):
        assert board_picture(view, seats, catalog(), "en") == fresh(view, 4), i
        if i % 4 == 0:
            ids = settlement_spots(view, 5)
            assert candidates_picture(view, seats, catalog(), "en", ids) == fresh(view, 4, ids)
    assert boards.counts["painted"] <= 3


def test_a_box_edge_cutting_a_wide_line_paints_it_as_the_whole_scene() -> None:
    background = (238, 232, 218)
    line = Shape("line", ((298, 847), (238, 895)), None, (238, 224, 184), 10)
    before = Scene(400, 1000, background, [line])
    kept = overlay.Painted("a", (line,), render(before).reduce(2))
    for x in range(230, 300, 2):  # a box's left edge through the line, at every offset
        mark = Shape("rect", ((x + 3, 840), (x + 40, 900)), (200, 0, 0))
        after = Scene(400, 1000, background, [line, mark])
        boxes = overlay._merged(overlay._changed(kept.items, after.items, 400, 1000))
        painted = overlay.overlaid(kept.image, after, boxes)
        assert ImageChops.difference(painted, render(after).reduce(2)).getbbox() is None, x


def test_a_picture_mostly_other_than_the_kept_one_is_painted_whole(
        boards: overlay.Boards) -> None:
    view = catan_views(4, 23)["setup"]
    seats = catan_seats(4)
    board_picture(view, seats, catalog(), "en")
    few, every = settlement_spots(view, 3), settlement_spots(view, 54)
    assert candidates_picture(view, seats, catalog(), "en", few) == fresh(view, 4, few)
    assert boards.counts == {"painted": 1, "overlaid": 1, "kept": 0}
    assert candidates_picture(view, seats, catalog(), "en", every) == fresh(view, 4, every)
    assert boards.counts == {"painted": 2, "overlaid": 1, "kept": 0}


def test_the_kept_picture_itself_is_given_again_without_a_layout(
        boards: overlay.Boards) -> None:
    laid: list[str] = []

    def layout(name: str) -> Scene:
        laid.append(name)
        return Scene(4, 4, (0, 0, 0))

    first = boards.image("g", True, "s1", lambda: layout("first"))
    assert boards.image("g", True, "s1", lambda: layout("again")) is first
    boards.image("g", False, "s1+I5", lambda: layout("I5"))  # a panel's: not kept
    assert boards.image("g", True, "s1", lambda: layout("table")) is first
    assert laid == ["first", "I5"]
    assert boards.counts == {"painted": 1, "overlaid": 1, "kept": 2}


def test_the_cache_keeps_the_latest_table_s_board_of_the_latest_games() -> None:
    boards = overlay.Boards(size=2)
    laid: list[str] = []

    def ask(game: str, table: bool, key: str) -> None:
        boards.image(game, table, key, lambda: laid.append(f"{game}{key}") or Scene(
            4, 4, (0, 0, 0)))

    for game, table, key in (("a", False, "1I"), ("a", True, "1"), ("a", False, "1I"),
                             ("b", True, "1"), ("a", True, "1"), ("c", True, "1"),
                             ("b", True, "1"), ("a", True, "2"), ("a", True, "1")):
        ask(game, table, key)
    # a panel's board is kept until the table's comes; "b" was the least recent when "c"
    # came; "a" keeps its latest table's board only
    assert laid == ["a1I", "a1", "a1I", "b1", "c1", "b1", "a2", "a1"]
