"""The places picture painted over a cached board (render/overlay.py) is the very picture
painting its whole scene gives: the same PNG bytes, for seeded positions from the set-up to the
end and candidates of every kind (free and taken intersections, paths, hexes), the first time
(the board painted) and the second (the board from the cache); and the table's board, the
base itself, is what painting its scene gives."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from bench.catan_views import MOMENTS, catan_catalog, catan_seats, catan_views, settlement_spots
from bot.i18n import Catalog
from cogs.catan.render import overlay
from cogs.catan.render.pen import paint_smooth
from cogs.catan.render.picture import board_layout, board_picture, candidates_picture
from cogs.drawing import Scene

View = dict[str, Any]


@cache
def catalog() -> Catalog:
    return catan_catalog()


def candidate_sets(view: View) -> Iterator[list[str]]:
    board = view["board"]
    yield settlement_spots(view)[:12]
    yield sorted(board["buildings"])[:6] + sorted(board["knights"])[:3]
    yield [f"P{e}" for e in range(3, 72, 7)] + sorted(board["roads"])[:4]
    yield [f"H{h}" for h in range(1, 20, 3)]
    yield ["H10", "I5", "P40", *sorted(board["buildings"])[-2:]]


CASES = [(n, seed, moment) for n, seed in ((3, 11), (4, 23)) for moment in MOMENTS]


@pytest.mark.parametrize(("n", "seed", "moment"), CASES)
def test_places_over_the_cached_board_are_the_whole_scene_painted(
        n: int, seed: int, moment: str) -> None:
    view = catan_views(n, seed)[moment]
    seats = catan_seats(n)
    board = paint_smooth(board_layout(view, seats, catalog(), "en"))
    assert board_picture(view, seats, catalog(), "en") == board  # the base painted here
    for ids in candidate_sets(view):
        fresh = paint_smooth(board_layout(view, seats, catalog(), "en", ids))
        assert candidates_picture(view, seats, catalog(), "en", ids) == fresh, ids
        assert candidates_picture(view, seats, catalog(), "en", ids) == fresh, ids  # cached


def test_the_cache_keeps_the_latest_boards_only() -> None:
    bases = overlay.Bases(size=2)
    drawn: list[str] = []

    def layout(key: str) -> Scene:
        drawn.append(key)
        return Scene(4, 4, (0, 0, 0))

    for key in ("a", "b", "a", "c", "a", "b"):
        bases.get(key, lambda: layout(key))  # noqa: B023 - called at once
    assert drawn == ["a", "b", "c", "b"]  # "b" was the least recent when "c" came
