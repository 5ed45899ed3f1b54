"""facts.py's remembered counts are what a scan of the board finds, over random games' states,
and a board changed in place is counted anew."""

from __future__ import annotations

from collections.abc import Iterator

from rules.catan import facts, legal, placement, scoring, trade
from rules.catan.board import TOPOLOGY as T
from rules.catan.state import PIECES, VP, Building, GameState
from tests.rules.catan.engine_helpers import random_states


def states() -> Iterator[GameState]:
    for layout, players, seed in [("beginner", 3, 41), ("random", 4, 42)]:
        yield from random_states(layout, players, seed, turns=150, steps=10**6)


def scanned(s: GameState, seat: int) -> dict[str, object]:
    """The facts, by a plain scan of the board."""
    mine = {n: b for n, b in s.buildings.items() if b.owner == seat}
    standing = sorted(n for n, b in mine.items() if b.city and not b.ruined)
    ruined = sorted(n for n, b in mine.items() if b.ruined)
    settlements = sorted(n for n, b in mine.items() if not b.city)
    cities = sum(1 for b in mine.values() if b.city)
    walls = sum(1 for b in mine.values() if b.wall)
    return {
        "supply": [int(PIECES["road"]) - sum(1 for o in s.roads.values() if o == seat),
                   int(PIECES["settlement"]) - len(settlements),
                   int(PIECES["city"]) - cities, int(PIECES["wall"]) - walls],
        "knights": [placement.KNIGHT_LIMITS[lv - 1] - sum(
            1 for k in s.knights.values() if k.owner == seat and k.level == lv)
            for lv in (1, 2, 3)],
        "city_nodes": ruined or (settlements if cities < int(PIECES["city"]) else []),
        "wall_nodes": [n for n in standing if not mine[n].wall]
        if walls < int(PIECES["wall"]) else [],
        "cities": standing,
        "bare": [n for n in standing if mine[n].metropolis is None],
        "points": sum(scoring.breakdown(s, seat).values()),
        "harbours": {s.harbours[k] for k, e in enumerate(T.harbour_edges)
                     if any(n in mine for n in T.edge_nodes[e])},
        "road_nodes": sorted({n for e, o in s.roads.items() if o == seat
                              for n in T.edge_nodes[e]}),
        "knight_nodes": sorted(n for n, k in s.knights.items() if k.owner == seat),
        "road_edges": tuple(sorted(e for e, o in s.roads.items() if o == seat)),
        "foreign": {n for n, b in s.buildings.items() if b.owner != seat}
        | {n for n, k in s.knights.items() if k.owner != seat},
    }


def remembered(s: GameState, seat: int) -> dict[str, object]:
    return {
        "supply": [placement.supply(s, seat, p) for p in ("road", "settlement", "city", "wall")],
        "knights": [placement.knight_supply(s, seat, lv) for lv in (1, 2, 3)],
        "city_nodes": placement.city_nodes(s, seat),
        "wall_nodes": placement.wall_nodes(s, seat),
        "cities": placement.cities(s, seat),
        "bare": placement.cities(s, seat, metropolis=False),
        "points": scoring.points(s, seat),
        "harbours": trade.harbours_of(s, seat),
        "road_nodes": legal.road_nodes(s, seat),
        "knight_nodes": facts.knights(s.knights, seat).nodes,
        "road_edges": facts.roads(s.roads, seat).edges,
        "foreign": facts.foreign(s.buildings, s.knights, seat),
    }


def test_remembered_facts_are_the_scanned_ones() -> None:
    checked = 0
    for s in states():
        owners = {h: tuple(sorted({s.buildings[n].owner for n in T.hex_nodes[h]
                                   if n in s.buildings})) for h in range(len(T.hex_nodes))}
        assert facts.hex_owners(s.buildings) == {h: o for h, o in owners.items() if o}
        assert facts.spent(s.knights) == {n: k for n, k in s.knights.items()
                                          if k.activated or k.promoted or k.acted}
        assert scoring.all_points(s) == [sum(scoring.breakdown(s, seat).values())
                                         for seat in range(len(s.seats))]
        for seat in range(len(s.seats)):
            assert remembered(s, seat) == scanned(s, seat)
            checked += 1
    assert checked > 2000


def test_a_board_changed_in_place_is_counted_anew() -> None:
    s = next(s for s in states() if s.phase == "action").clone()
    node, seat = next((n, b.owner) for n, b in sorted(s.buildings.items()) if not b.city)
    before = remembered(s, seat)
    s.buildings[node] = Building(owner=seat, city=True, wall=True)  # in place
    s.roads.pop(next(e for e, o in s.roads.items() if o == seat))
    after = remembered(s, seat)
    assert after == scanned(s, seat)
    assert after["points"] == before["points"] + VP["city"] - VP["settlement"]
    assert after["road_nodes"] != before["road_nodes"] or after["supply"] != before["supply"]
