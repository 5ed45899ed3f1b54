"""docs/rules/cities.md §13, city tiles, feature tiles and building pieces: T13-T25."""

from __future__ import annotations

import random

import pytest

from rules.cities.game import GAME
from rules.cities.placement import tile_positions
from rules.cities.state import Hood, Placed
from rules.game import IllegalAction

from .helpers import F0, act, grid, laying


def tile_at(x: int, y: int, rot: int = 0) -> dict:
    return {"type": "place_tile", "x": x, "y": y, "rot": rot}


def feature(ft: str, space: str) -> dict:
    return {"type": "place_feature", "feature": ft, "space": space}


def piece(colour: str, space: str) -> dict:
    return {"type": "place_piece", "colour": colour, "space": space}


def refused(s, action) -> None:
    with pytest.raises(IllegalAction):
        act(s, "P1", action)
    assert not GAME.is_legal(s, "P1", action)


def cell_of(s, seat: str, label: str):
    return GAME.view(s, None)["players"][int(seat[1]) - 1]["pieces"].get(label, "")


# -- city tiles ---------------------------------------------------------------------------

def test_t13_a_tile_touching_only_at_a_corner_is_refused():
    s = laying(F0, tile="ct01")
    refused(s, tile_at(1, 1))
    assert act(s, "P1", tile_at(1, 0)).hoods[0].tiles[-1].x == 1


def test_t14_the_neighbourhood_stays_within_3_by_3():
    s = laying([*F0, ("ct01", 1, 0, 0), ("ct02", 2, 0, 0)], tile="ct03")
    refused(s, tile_at(-1, 0))
    assert act(s, "P1", tile_at(0, 1)).hoods[0].tiles[-1].y == 1
    s = laying([*F0, ("ct01", 1, 0, 0), ("ct02", 2, 0, 0), ("ct04", 0, 1, 0),
                ("ct05", 0, -1, 0)], tile="ct03")
    refused(s, tile_at(0, 2))


def test_t15_a_turned_tile_lies_as_rotated():
    s = act(laying(F0, tile="ct13"), "P1", tile_at(1, 0, 90))
    spaces = GAME.view(s, None)["players"][0]["spaces"]
    assert {k: spaces[k] for k in ("G5", "H5", "G6", "H6")} == {
        "G5": "P", "H5": "R", "G6": "W", "H6": "R"}


def test_t16_a_tile_cannot_be_discarded_and_a_legal_place_always_remains():
    s = laying(F0, tile="ct01")
    refused(s, {"type": "discard_tile", "tile": "ct01"})
    assert {a.type for a in GAME.legal_actions(s, "P1")} == {"place_tile"}
    rng = random.Random(16)
    for long, tiles in ((False, 8), (True, 14)):
        for _ in range(400):  # random series of legal placements
            hood = Hood(tiles=(Placed(tile="st1", x=0, y=0, rot=0),))
            for n in range(tiles):
                places = tile_positions(hood, long)
                assert places, f"no place left for tile {n + 2} of {hood.tiles}"
                x, y = rng.choice(places)
                hood = hood.model_copy(update={"tiles": (
                    *hood.tiles, Placed(tile="ct01", x=x, y=y, rot=0))})
            assert tile_positions(hood, long) == []  # the box is full: 9 (or 15) tiles


# -- feature tiles ------------------------------------------------------------------------

def test_t17_a_park_feature_goes_on_an_empty_park_space():
    s = laying(F0, features=["tree", "fountain"])
    tree, fountain = s.features
    refused(s, feature(tree, "F6"))
    s = act(s, "P1", feature(tree, "E6"))
    refused(s, feature(fountain, "E6"))


def test_t18_a_monument_needs_an_empty_building_space_and_blocks_it_for_good():
    s = laying(F0, features=["monument"], placed={"E5": "R"})
    monument = s.features[0]
    refused(s, feature(monument, "E5"))
    s = act(s, "P1", feature(monument, "F5"))
    later = laying(F0, pieces="B", placed={"E5": "R"}, laid={"F5": "monument"})
    refused(later, piece("B", "F5"))


def test_t19_a_wild_tile_takes_any_colour_first_then_only_that_one():
    s = laying(F0, features=["wild"])
    s = act(s, "P1", feature(s.features[0], "F5"))
    s = laying(F0, pieces="YBY", laid={"F5": "wild"})
    s = act(s, "P1", piece("Y", "F5"))
    assert cell_of(s, "P1", "F5") == "Y"
    refused(s, piece("B", "F5"))
    s = act(s, "P1", piece("Y", "F5"))
    assert cell_of(s, "P1", "F5") == "YY"


def test_t20_grey_tiles_never_go_on_park_or_water():
    s = laying(F0, features=["wild", "monument"])
    wild, monument = s.features
    refused(s, feature(wild, "E6"))
    refused(s, feature(monument, "F6"))


def test_t21_a_feature_tile_may_be_thrown_away_even_when_it_fits():
    s = laying(F0, features=["ferry", "tree"], laid={"E6": "fountain"})
    ferry, tree = s.features
    assert {"type": "place_feature", "feature": ferry, "space": "F6"} in [
        GAME.dump_action(a) for a in GAME.legal_actions(s, "P1")]
    s = act(s, "P1", {"type": "discard_feature", "feature": ferry})
    assert GAME.view(s, None)["discarded"]["features"] == [ferry]
    assert [GAME.dump_action(a) for a in GAME.legal_actions(s, "P1")] == [
        {"type": "discard_feature", "feature": tree}]  # no free park space
    stack = GAME.view(s, None)["stacks"]["features"]
    s = act(s, "P1", {"type": "discard_feature", "feature": tree})
    assert GAME.view(s, None)["stacks"]["features"] == stack and s.phase == "take"


# -- building pieces ----------------------------------------------------------------------

def test_t22_a_piece_starts_a_building_on_its_own_colour():
    s = laying(F0, pieces="R")
    refused(s, piece("R", "F5"))
    s = act(s, "P1", piece("R", "E5"))
    assert grid(s.hoods[0]).buildings[(0, 0)] == ("R", 1)


def test_t23_four_pieces_stack_in_one_turn_and_no_higher():
    s = laying(F0, pieces="RRRR")
    for _ in range(4):
        s = act(s, "P1", piece("R", "E5"))
    assert cell_of(s, "P1", "E5") == "RRRR" and s.phase == "take"
    later = laying(F0, pieces="RB", placed={"E5": "RRRR"})
    refused(later, piece("R", "E5"))
    refused(later, piece("B", "E5"))


def test_t24_a_piece_may_be_thrown_away_and_does_not_go_back_in_the_bag():
    s = laying(F0, pieces="RR")
    bag = dict(s.bag)
    s = act(s, "P1", {"type": "discard_piece", "colour": "R"})
    assert s.bag == bag and s.discarded.pieces == "R" and s.pieces == "R"
    assert GAME.view(s, None)["discarded"]["pieces"] == "R"


def test_t25_no_piece_on_a_park_space():
    refused(laying(F0, pieces="R"), piece("R", "E6"))
