"""Longest Road (§8): the longest trail through a player's roads, and who holds the card."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .board import TOPOLOGY

MIN_LENGTH = 5  # the card needs a road of at least 5 (§8)


def longest_road(edges: Iterable[int], blocked: Collection[int]) -> int:
    """Edges in the longest trail (each edge once, intersections may repeat) through `edges`
    that never passes THROUGH a node in `blocked` (an opponent's building or knight); a trail
    may start or end there. A plain DFS from every node: a player has at most 15 roads."""
    own = list(dict.fromkeys(edges))
    adjacent: dict[int, list[tuple[int, int]]] = {}
    for bit, edge in enumerate(own):
        a, b = TOPOLOGY.edge_nodes[edge]
        adjacent.setdefault(a, []).append((1 << bit, b))
        adjacent.setdefault(b, []).append((1 << bit, a))
    stop = frozenset(blocked)

    def extend(node: int, used: int) -> int:
        best = 0
        for bit, other in adjacent[node]:
            if not used & bit:
                length = 1 if other in stop else 1 + extend(other, used | bit)
                best = max(best, length)
        return best

    return max((extend(node, 0) for node in adjacent), default=0)


def road_award(holder: str | None, lengths: Mapping[str, int]) -> str | None:
    """Who holds Longest Road after a change, from the current holder and every player's length:
    the holder keeps it while still longest or tied for longest (and at least 5); otherwise the
    one player strictly longest with at least 5 takes it; if none, the card is set aside."""
    top = max(lengths.values(), default=0)
    if top < MIN_LENGTH:
        return None
    if holder is not None and lengths.get(holder, 0) == top:
        return holder
    leaders = [player for player, length in lengths.items() if length == top]
    return leaders[0] if len(leaders) == 1 else None
