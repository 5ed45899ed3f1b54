"""The expert's first set-up settlement, chosen with the city that will still fit beside it: the
others' picks before its second placement (snake order) are guessed greedily by weighted pips,
and the best spot left for its city, given what the settlement already makes, adds to the
settlement's own worth."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.catan.actions import Action
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import parse_node

from . import plan
from .seen import YIELD, Seen, pips

CITY_AHEAD = 0.8


def first_settlement(s: Seen, legal: Sequence[Any]) -> Action:
    assert s.setup is not None
    between = 2 * (s.n - 1 - int(s.setup["step"]))
    order = sorted(range(len(T.node_edges)), key=lambda n: -plain_value(s, n))

    def total(a: Any) -> float:
        node = parse_node(a.node)
        taken = others_pick(s, order, set(s.buildings) | {node}, between)
        city = max((city_after(s, node, y) for y in range(len(T.node_edges))
                    if T.distance_ok(y, taken)), default=0.0)
        return plan.node_value(s, node) + CITY_AHEAD * city
    chosen: Action = max(legal, key=total)
    return chosen


def plain_value(s: Seen, node: int) -> float:
    """A spot's worth to anyone: weighted pips and the number of resource types."""
    weights = plan.TERRAIN_WEIGHT["settlement"]
    made = {c for h in T.node_hexes[node] for c in YIELD[s.terrains[h]]["settlement"]}
    return sum(pips(s.tokens[h]) * weights[s.terrains[h]]
               for h in T.node_hexes[node]) + plan.DIVERSITY_BONUS * len(made)


def others_pick(s: Seen, order: list[int], taken: set[int], picks: int) -> set[int]:
    """`taken` after `picks` greedy placements, best plain value first (distance rule)."""
    out = set(taken)
    for node in order:
        if picks <= 0:
            break
        if T.distance_ok(node, out):
            out.add(node)
            picks -= 1
    return out


def city_after(s: Seen, first: int, node: int) -> float:
    """A set-up city on node beside a settlement on first: weighted pips, resource types the
    settlement lacks, a harbour."""
    weights = plan.TERRAIN_WEIGHT["city"]
    have = {c for h in T.node_hexes[first] for c in YIELD[s.terrains[h]]["settlement"]}
    value = 0.0
    new: set[str] = set()
    for h in T.node_hexes[node]:
        value += pips(s.tokens[h]) * weights[s.terrains[h]] * (0.5 if h == s.robber else 1.0)
        new.update(c for c in YIELD[s.terrains[h]]["settlement"] if c not in have)
    value += plan.DIVERSITY_BONUS * len(new)
    for harbour in s.harbours_at(node):
        value += float(plan.HARBOUR_BONUS["h3" if harbour == "h3" else "h2"])
    return value
