"""rules/catan/layout.py: the beginner board (§1.5) and the variable set-up (§1.6)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import MutableSequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.catan import layout as lay
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import harbour_id, hex_id, node_id, parse_hex
from rules.catan.layout import Layout

from . import rules_doc

SEEDS = st.integers(0, 2**32)
MODES = st.sampled_from(["spiral", "random"])


def ring(h: int) -> int:
    q, r = T.hex_coords[h]
    return max(abs(q), abs(r), abs(q + r))


def test_beginner_matches_section_1_5() -> None:
    board = lay.beginner()
    table = rules_doc.beginner()
    assert len(table) == 19
    for h in range(19):
        coords, terrain, token = table[hex_id(h)]
        assert (T.hex_coords[h], board.terrains[h], board.tokens[h]) == (coords, terrain, token)
    kinds = rules_doc.harbours()
    assert [kinds[harbour_id(k)][0] for k in range(9)] == list(board.harbours)
    assert hex_id(board.robber) == "H10"


def test_t02_beginner() -> None:
    board = lay.beginner()
    assert (board.terrains[parse_hex("H5")], board.tokens[parse_hex("H5")]) == ("hills", 6)
    assert (board.terrains[parse_hex("H12")], board.tokens[parse_hex("H12")]) == ("mountains", 8)
    assert board.terrains[board.robber] == "desert" and board.tokens[board.robber] is None
    assert not lay.red_adjacent(board)


def test_t04_red_neighbours_are_detected() -> None:
    tokens: list[int | None] = [None] * 19
    tokens[parse_hex("H5")], tokens[parse_hex("H6")] = 6, 8
    board = Layout(lay.beginner().terrains, tuple(tokens), lay.beginner().harbours, 9)
    assert lay.red_adjacent(board)
    tokens[parse_hex("H6")], tokens[parse_hex("H7")] = None, 8
    assert not lay.red_adjacent(Layout(board.terrains, tuple(tokens), board.harbours, 9))


class RiggedRandom(random.Random):
    """Puts 6 on H5 and 8 on H6 at the first shuffle of the tokens, then shuffles honestly."""

    def __init__(self) -> None:
        super().__init__(5)
        self.shuffles = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        if len(x) == 18 and 6 in x:
            self.shuffles += 1
            if self.shuffles == 1:
                land = [h for h in range(19) if h != parse_hex("H10")]
                rest = sorted(x)
                rest.remove(6)
                rest.remove(8)
                x[land.index(parse_hex("H5"))] = 6
                x[land.index(parse_hex("H6"))] = 8
                slots = [i for i in range(18) if land[i] not in (parse_hex("H5"), parse_hex("H6"))]
                for i, value in zip(slots, rest, strict=True):
                    x[i] = value
                return
        super().shuffle(x)


def test_t04_random_tokens_reshuffle_after_red_neighbours() -> None:
    rng = RiggedRandom()
    terrains = list(lay.beginner().terrains)
    tokens = lay._random_tokens(rng, terrains)
    assert rng.shuffles >= 2
    assert not lay._red_adjacent(tokens)


def test_spiral_rings_match_the_rules_and_the_geometry() -> None:
    outer, inner = rules_doc.spiral_rings()
    assert [hex_id(h) for h in lay.SPIRAL_OUTER] == outer
    assert [hex_id(h) for h in lay.SPIRAL_INNER] == inner
    assert ring(lay.SPIRAL_CENTRE) == 0
    for hexes, radius in ((lay.SPIRAL_OUTER, 2), (lay.SPIRAL_INNER, 1)):
        assert sorted(hexes) == [h for h in range(19) if ring(h) == radius]
        for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True):
            assert b in T.hex_neighbours[a]
            (qa, ra), (qb, rb) = T.hex_coords[a], T.hex_coords[b]
            xa, ya, xb, yb = 2 * qa + ra, 3 * ra, 2 * qb + rb, 3 * rb
            assert xa * (yb - ya) - ya * (xb - xa) < 0  # counter-clockwise on screen (Y down)
    for k in range(lay.CORNERS):
        corner = lay.SPIRAL_OUTER[2 * k]
        assert len(T.hex_neighbours[corner]) == 3  # a corner of the island
        assert lay.SPIRAL_INNER[k] in T.hex_neighbours[corner]


def test_t03_spiral_from_h12_on_the_beginner_terrain() -> None:
    tokens = lay.spiral_tokens(lay.beginner().terrains, 0)
    expected = rules_doc.t03_spiral()
    assert len(expected) == 18
    assert {hex_id(h): t for h, t in enumerate(tokens) if t is not None} == expected


@pytest.mark.parametrize("corner", range(6))
def test_spiral_never_puts_red_numbers_together(corner: int) -> None:
    for desert in range(19):
        terrains = ["forest"] * 19
        terrains[desert] = "desert"
        tokens = lay.spiral_tokens(terrains, corner)
        assert tokens[desert] is None
        assert sorted(t for t in tokens if t is not None) == sorted(lay.TOKENS)
        assert not lay._red_adjacent(tokens)


def expected_harbours() -> Counter[str]:
    return Counter({kind: spec["count"] for kind, spec in lay.HARBOUR_TYPES.items()})


@settings(max_examples=60, deadline=None)
@given(SEEDS, MODES, st.booleans())
def test_random_layouts_use_every_piece_once(seed: int, mode: lay.TokenMode, keep: bool) -> None:
    board = lay.random_layout(random.Random(seed), mode, keep)
    assert Counter(board.terrains) == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3,
                                       "mountains": 3, "desert": 1}
    assert sorted(t for t in board.tokens if t is not None) == sorted(
        [2, 12, *[n for n in (3, 4, 5, 6, 8, 9, 10, 11) for _ in range(2)]])
    assert [h for h, t in enumerate(board.tokens) if t is None] == [board.robber]
    assert board.terrains[board.robber] == "desert"
    assert Counter(board.harbours) == expected_harbours()
    if keep:
        assert board.harbours == lay.beginner().harbours
    assert not lay.red_adjacent(board)
    assert lay.random_layout(random.Random(seed), mode, keep) == board  # same rng, same board


def test_random_layouts_vary_with_the_rng() -> None:
    for mode in ("spiral", "random"):
        boards = {lay.random_layout(random.Random(seed), mode) for seed in range(20)}
        assert len(boards) == 20
        assert len({b.harbours for b in boards}) > 1


def test_spiral_starts_from_each_corner() -> None:
    """The starting corner is drawn, not fixed: each of the six appears over a few seeds."""
    corners: set[int] = set()
    for seed in range(100):
        board = lay.random_layout(random.Random(seed))
        found = [k for k in range(6) if lay.spiral_tokens(board.terrains, k) == board.tokens]
        assert found
        corners.update(found)
    assert corners == set(range(6))


def test_unknown_token_mode_is_rejected() -> None:
    with pytest.raises(ValueError):
        lay.random_layout(random.Random(1), "snake")  # type: ignore[arg-type]


def test_node_harbours_of_the_beginner_board() -> None:
    by_node = lay.node_harbours(lay.beginner())
    assert len(by_node) == 18
    for kind, _, nodes in rules_doc.harbours().values():
        for n in nodes:
            assert by_node[int(n[1:]) - 1] == kind and node_id(int(n[1:]) - 1) == n
    assert by_node[1] == "h2_grain"  # T27: a settlement at I2 trades grain 2:1


@settings(max_examples=40, deadline=None)
@given(SEEDS, MODES)
def test_json_round_trip(seed: int, mode: lay.TokenMode) -> None:
    board = lay.random_layout(random.Random(seed), mode)
    data = json.loads(json.dumps(lay.to_json(board)))
    assert lay.from_json(data) == board
    assert data["robber"] == hex_id(board.robber)


@pytest.mark.parametrize("change", [
    {"terrains": ["forest"] * 18}, {"terrains": ["forest"] * 18 + ["lava"]},
    {"harbours": ["h3"] * 8 + ["h2_gold"]}, {"tokens": [7] * 19}, {"tokens": ["6"] * 19},
    {"robber": "H20"}, {"robber": 9}, {"tokens": None},
])
def test_from_json_rejects_bad_layouts(change: dict[str, Any]) -> None:
    data = lay.to_json(lay.beginner()) | change
    with pytest.raises(ValueError):
        lay.from_json(data)


def test_from_json_rejects_missing_fields() -> None:
    data = lay.to_json(lay.beginner())
    del data["harbours"]
    with pytest.raises(ValueError):
        lay.from_json(data)
