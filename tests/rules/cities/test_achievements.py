"""docs/rules/cities.md §13, achievements: T26-T33."""

from __future__ import annotations

import re

from rules.cities import achievements
from rules.cities.game import GAME
from rules.cities.geometry import ROTATIONS

from .helpers import (
    F0,
    FB,
    SET,
    X_FEATURES,
    X_PIECES,
    X_TILES,
    act,
    act_events,
    drafted,
    grid,
    hood,
    laying,
    turn_of,
)

TOWER = {"E5": "RRRR"}  # a building of height 4 on F0


def end_turn_with(s, seat: str, h):
    """seat's turn with neighbourhood `h`: it takes a card (row A ends the turn at once)."""
    rows = s.rows.model_copy(update={"workers": {}, "cards": ("sc01", None, None, None)})
    s = turn_of(s.model_copy(update={"rows": rows}), seat, h, turn=3)
    return act_events(s, seat, {"type": "take", "item": "A1"})


def test_t26_each_objective_pays_its_claimants_in_order_and_the_fourth_nothing():
    s = drafted(4, board="new_york")
    tower = hood(F0, TOWER)
    got = {}
    for rnd, seat in ((2, "P2"), (3, "P4"), (3, "P1"), (5, "P3"), (6, "P3")):
        s = s.model_copy(update={"round": rnd})
        s, events = end_turn_with(s, seat, tower)
        got.setdefault(seat, []).extend(
            (e.data["objective"], e.data["value"]) for e in events if e.type == "achievement")
    assert got == {"P2": [("ny1", 4)], "P4": [("ny1", 3)], "P1": [("ny1", 2)], "P3": []}
    assert achievements.rings(s, 2) == {}
    assert GAME.view(s, None)["achievements"]["objectives"][0]["free"] == []


def test_t27_several_objectives_are_claimed_in_one_check():
    s = laying(F0 + [("ct01", 0, -1, 0)], pieces="RR", placed={"E5": "RRR", "E3": "RRR",
                                                               "F3": "RR"})
    s = act(s, "P1", {"type": "place_piece", "colour": "R", "space": "F3"})
    assert s.claims == {}
    s, events = act_events(s, "P1", {"type": "place_piece", "colour": "R", "space": "F3"})
    assert [(e.data["objective"], e.data["value"]) for e in events
            if e.type == "achievement"] == [("ny1", 4), ("ny2", 6)]


def test_t28_with_two_players_the_second_claimant_takes_the_lowest_value():
    s = drafted(2, board="new_york")
    three = hood(F0 + [("ct01", 0, -1, 0)], {"E5": "RRR", "E3": "RRR", "F3": "RRR"})
    s, first = end_turn_with(s, "P1", three)
    s, second = end_turn_with(s, "P2", three)
    assert [(e.data["objective"], e.data["value"]) for e in first + second
            if e.type == "achievement"] == [("ny2", 6), ("ny2", 2)]


def test_t29_no_start_tile_alone_meets_an_objective():
    goals = [g for board in SET.boards.values() for g in board.objectives]
    assert len(goals) == 24
    for tile in SET.start_tiles:
        for rot in ROTATIONS:
            here = grid(hood([(tile, 0, 0, rot)]))
            assert [g.id for g in goals if g.rule.met(here)] == [], (tile, rot)


def goal(goal_id: str):
    return next(g for b in SET.boards.values() for g in b.objectives if g.id == goal_id)


def test_t30_a_feature_tile_without_pieces_joins_a_colour_group_as_any_colour():
    assert not goal("bcn2").rule.met(grid(hood(FB)))
    for kind in ("wild", "monument"):
        s = laying(FB, features=[kind], board="barcelona")
        s, events = act_events(s, "P1", {"type": "place_feature", "feature": s.features[0],
                                         "space": "E4"})
        assert ("bcn2", 6) in [(e.data["objective"], e.data["value"]) for e in events
                               if e.type == "achievement"], kind


def test_t31_a_ring_stays_when_its_objective_stops_being_met():
    s = laying(FB, features=["wild"], board="barcelona")
    s = act(s, "P1", {"type": "place_feature", "feature": s.features[0], "space": "E4"})
    assert s.claims["bcn2"] == (0,)
    s = s.model_copy(update={"phase": "place_pieces", "pieces": "B", "active": 0})
    s = act(s, "P1", {"type": "place_piece", "colour": "B", "space": "E4"})
    assert not goal("bcn2").rule.met(grid(s.hoods[0]))
    assert achievements.rings(s, 0) == {"bcn2": 6}


def test_t32_a_straight_line_counts_building_spaces_only():
    parkside = hood([*FB, ("ct21", 1, -1, 0)], features={"G3": "tree"})
    assert not goal("bcn1").rule.met(grid(parkside))
    assert goal("bcn1").rule.met(grid(hood([*FB, ("ct02", 1, -1, 0)])))


def test_t33_the_worked_example_against_every_board():
    expected = re.findall(r"(\w+\d) ([✓✗])", """
        ny1 ✓ ny2 ✓ ny3 ✗ · rio1 ✓ rio2 ✓ rio3 ✗ · syd1 ✓ syd2 ✗ syd3 ✓ · ven1 ✓ ven2 ✗ ven3 ✓ ·
        bcn1 ✓ bcn2 ✗ bcn3 ✓ · lis1 ✗ lis2 ✓ lis3 ✗ · mex1 ✗ mex2 ✓ mex3 ✓ ·
        bue1 ✗ bue2 ✗ bue3 ✗""")
    here = grid(hood(X_TILES, X_PIECES, X_FEATURES))
    met = {g.id: g.rule.met(here) for b in SET.boards.values() for g in b.objectives}
    assert len(expected) == 24
    assert met == {name: mark == "✓" for name, mark in expected}
