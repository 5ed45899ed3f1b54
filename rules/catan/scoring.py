"""Victory points (§11) and the Longest Road award (§8)."""

from __future__ import annotations

from functools import lru_cache

from . import facts
from .roads import longest_road, road_award
from .state import RULES, VP, GameState

WIN = int(RULES["victory_points"])


def breakdown(s: GameState, seat: int) -> dict[str, int]:
    """Where seat's points come from; the parts add up to its total."""
    parts = {"settlements": 0, "cities": 0, "metropolises": 0, "longest_road": 0,
             "defenders": 0, "merchant": 0, "progress": 0}
    for b in s.buildings.values():
        if b.owner != seat:
            continue
        if not b.city:
            parts["settlements"] += VP["settlement"]
        elif b.ruined:
            parts["cities"] += VP["ruined_city"]
        else:
            parts["cities"] += VP["city"]
            if b.metropolis is not None:
                parts["metropolises"] += VP["metropolis"]
    player = s.players[seat]
    if s.longest_road == seat:
        parts["longest_road"] = VP["longest_road"]
    parts["defenders"] = player.defenders * VP["defender"]
    if s.merchant_owner == seat:
        parts["merchant"] = VP["merchant"]
    parts["progress"] = len(player.vp_cards) * VP["vp_card"]
    return parts


def all_points(s: GameState) -> list[int]:
    """points of every seat, the buildings' facts looked up once."""
    built = facts.buildings_by_seat(s.buildings)
    out = []
    for seat, player in enumerate(s.players):
        mine = built.get(seat)
        total = 0 if mine is None else mine.points
        if s.longest_road == seat:
            total += _LONGEST_ROAD
        if s.merchant_owner == seat:
            total += _MERCHANT
        out.append(total + player.defenders * _DEFENDER + len(player.vp_cards) * _VP_CARD)
    return out


def points(s: GameState, seat: int) -> int:
    """breakdown's total, without its dict (advance asks after every action)."""
    total = facts.buildings(s.buildings, seat).points
    player = s.players[seat]
    if s.longest_road == seat:
        total += _LONGEST_ROAD
    if s.merchant_owner == seat:
        total += _MERCHANT
    return total + player.defenders * _DEFENDER + len(player.vp_cards) * _VP_CARD


_LONGEST_ROAD, _MERCHANT, _DEFENDER, _VP_CARD = (
    VP["longest_road"], VP["merchant"], VP["defender"], VP["vp_card"])


def road_lengths(s: GameState) -> list[int]:
    """Each seat's longest road, broken where an opponent's building or knight stands (§8)."""
    out = []
    buildings, knights = s.buildings, s.knights
    for seat in range(len(s.seats)):
        mine = facts.roads(s.roads, seat)
        if not mine.edges:
            out.append(0)
            continue
        blocked = frozenset(
            n for n in mine.nodes
            if ((b := buildings.get(n)) is not None and b.owner != seat)
            or ((k := knights.get(n)) is not None and k.owner != seat))
        out.append(_length(mine.edges, blocked))
    return out


@lru_cache(maxsize=4096)
def _length(edges: tuple[int, ...], blocked: frozenset[int]) -> int:
    """longest_road, remembered: a recount after one player's move finds the others' roads
    and blockers (only those on their roads matter) as they were."""
    return longest_road(edges, blocked)


def award_longest_road(s: GameState) -> tuple[int | None, int | None]:
    """Recount after any board change; returns (old holder, new holder) and updates the state."""
    lengths = road_lengths(s)
    holder = None if s.longest_road is None else s.seats[s.longest_road]
    new = road_award(holder, {name: lengths[i] for i, name in enumerate(s.seats)})
    old = s.longest_road
    s.longest_road = None if new is None else s.seats.index(new)
    return old, s.longest_road


def ranks(s: GameState) -> dict[str, int]:
    """The winner first; the others by points, equal points sharing a place."""
    totals = {seat: points(s, seat) for seat in range(len(s.seats))}
    out: dict[str, int] = {}
    for seat, name in enumerate(s.seats):
        if seat == s.winner:
            out[name] = 1
            continue
        better = sum(1 for other, v in totals.items()
                     if other != seat and (other == s.winner or v > totals[seat]))
        out[name] = better + 1
    return out
