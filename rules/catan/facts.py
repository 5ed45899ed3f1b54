"""Per-seat facts about the pieces on the board, remembered for the last board seen.

Most actions change no piece, yet points, supplies, harbours and the nodes a seat's roads touch
were recounted on every action. Each memo keeps a copy of the dict it was counted from and is
used only while the state's dict is equal to that copy (one dict comparison, its values mostly
the very same objects): a state changed in place, or another game's, is counted anew, never
misread. One memo per dict kind: games played in turn only recount more often.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from .board import TOPOLOGY as T
from .state import VP, Building, Knight

# node -> the harbour slots it touches.
HARBOUR_SLOTS: dict[int, tuple[int, ...]] = {
    n: tuple(slot for slot, e in enumerate(T.harbour_edges) if n in T.edge_nodes[e])
    for e in T.harbour_edges for n in T.edge_nodes[e]}


class Buildings:
    """One seat's buildings. Node lists ascending; callers copy before changing them."""

    __slots__ = ("points", "harbour_slots", "settlements", "cities", "walls", "ruined",
                 "settlement_nodes", "standing", "bare", "unwalled")

    def __init__(self) -> None:
        self.points = 0  # what scoring.points counts for buildings
        self.harbour_slots: set[int] = set()
        self.settlements = self.cities = self.walls = 0  # pieces used (a ruined city: a city)
        self.ruined: list[int] = []  # cities on their side
        self.settlement_nodes: list[int] = []
        self.standing: list[int] = []  # cities not on their side
        self.bare: list[int] = []  # standing cities without a metropolis
        self.unwalled: list[int] = []  # standing cities without a wall


class Roads:
    """One seat's roads."""

    __slots__ = ("count", "nodes", "edges", "links")

    def __init__(self) -> None:
        self.count = 0
        self.nodes: list[int] = []  # the nodes its roads touch
        self.edges: tuple[int, ...] = ()  # ascending
        self.links: dict[int, list[int]] = {}  # node -> the nodes its roads lead to


class Knights:
    """One seat's knights."""

    __slots__ = ("levels", "nodes")

    def __init__(self) -> None:
        self.levels = [0, 0, 0]  # how many of each level (index level - 1)
        self.nodes: list[int] = []


_NO_BUILDINGS = Buildings()
_NO_ROADS = Roads()
_NO_KNIGHTS = Knights()


def _building_vp(b: Building) -> int:
    if not b.city:
        return VP["settlement"]
    if b.ruined:
        return VP["ruined_city"]
    return VP["city"] + (VP["metropolis"] if b.metropolis is not None else 0)


def _count_buildings(buildings: dict[int, Building]) -> dict[int, Buildings]:
    out: dict[int, Buildings] = {}
    for n in sorted(buildings):
        b = buildings[n]
        f = out.get(b.owner)
        if f is None:
            f = out[b.owner] = Buildings()
        f.points += _building_vp(b)
        if n in HARBOUR_SLOTS:
            f.harbour_slots.update(HARBOUR_SLOTS[n])
        if not b.city:
            f.settlements += 1
            f.settlement_nodes.append(n)
            continue
        f.cities += 1
        f.walls += b.wall
        if b.ruined:
            f.ruined.append(n)
            continue
        f.standing.append(n)
        if b.metropolis is None:
            f.bare.append(n)
        if not b.wall:
            f.unwalled.append(n)
    return out


def _count_hex_owners(buildings: dict[int, Building]) -> dict[int, tuple[int, ...]]:
    owners: dict[int, set[int]] = {}
    for n, b in buildings.items():
        for h in T.node_hexes[n]:
            owners.setdefault(h, set()).add(b.owner)
    return {h: tuple(sorted(seats)) for h, seats in owners.items()}


def _count_roads(roads: dict[int, int]) -> dict[int, Roads]:
    out: dict[int, Roads] = {}
    nodes: dict[int, set[int]] = {}
    edges: dict[int, list[int]] = {}
    for e, owner in roads.items():
        f = out.get(owner)
        if f is None:
            f = out[owner] = Roads()
            nodes[owner], edges[owner] = set(), []
        f.count += 1
        a, b = T.edge_nodes[e]
        nodes[owner].update((a, b))
        edges[owner].append(e)
        f.links.setdefault(a, []).append(b)
        f.links.setdefault(b, []).append(a)
    for owner, f in out.items():
        f.nodes = sorted(nodes[owner])
        f.edges = tuple(sorted(edges[owner]))
    return out


def _count_knights(knights: dict[int, Knight]) -> dict[int, Knights]:
    out: dict[int, Knights] = {}
    for n in sorted(knights):
        k = knights[n]
        f = out.get(k.owner)
        if f is None:
            f = out[k.owner] = Knights()
        f.levels[k.level - 1] += 1
        f.nodes.append(n)
    return out


V = TypeVar("V")
F = TypeVar("F")


class _Memo(Generic[V, F]):
    """The facts counted from the last dict seen, with a copy of that dict to tell whether a
    dict is equal to it. Swapped whole (one tuple), so a reader never mixes two boards."""

    __slots__ = ("last", "count")

    def __init__(self, count: Callable[[dict[int, V]], dict[int, F]]) -> None:
        self.count = count
        self.last: tuple[dict[int, V], dict[int, V], dict[int, F]] = ({}, {}, {})

    def facts(self, board: dict[int, V]) -> dict[int, F]:
        seen, copy, facts = self.last
        if copy != board:  # mostly the same objects: compared by identity
            self.last = (board, dict(board), facts := self.count(board))
        elif seen is not board:  # equal, other objects: remember these, compared faster
            self.last = (board, dict(board), facts)
        return facts


_BUILDINGS = _Memo(_count_buildings)
def _spent_knights(knights: dict[int, Knight]) -> dict[int, Knight]:
    return {n: k for n, k in knights.items() if k.activated or k.promoted or k.acted}


_HEX_OWNERS = _Memo(_count_hex_owners)
_SPENT = _Memo(_spent_knights)
_ROADS = _Memo(_count_roads)
_KNIGHTS = _Memo(_count_knights)


def buildings(board: dict[int, Building], seat: int) -> Buildings:
    return _BUILDINGS.facts(board).get(seat, _NO_BUILDINGS)


def foreign(buildings: dict[int, Building], knights: dict[int, Knight], seat: int) -> set[int]:
    """The nodes holding another seat's building or knight (a new set)."""
    out: set[int] = set()
    for owner, mine in _BUILDINGS.facts(buildings).items():
        if owner != seat:
            out.update(mine.settlement_nodes, mine.standing, mine.ruined)
    for owner, theirs in _KNIGHTS.facts(knights).items():
        if owner != seat:
            out.update(theirs.nodes)
    return out


def spent(board: dict[int, Knight]) -> dict[int, Knight]:
    """The knights activated, promoted or acting this turn, by node (the caller must not
    change it)."""
    return _SPENT.facts(board)


def hex_owners(board: dict[int, Building]) -> dict[int, tuple[int, ...]]:
    """hex -> the seats with a building on one of its corners, ascending (hexes with none
    left out). The caller must not change it."""
    return _HEX_OWNERS.facts(board)


def buildings_by_seat(board: dict[int, Building]) -> dict[int, Buildings]:
    """Every seat's Buildings (seats without any left out). The caller must not change it."""
    return _BUILDINGS.facts(board)


def roads(board: dict[int, int], seat: int) -> Roads:
    return _ROADS.facts(board).get(seat, _NO_ROADS)


def knights(board: dict[int, Knight], seat: int) -> Knights:
    return _KNIGHTS.facts(board).get(seat, _NO_KNIGHTS)
