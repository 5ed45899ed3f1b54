"""The fixed topology of the base island (rules §1.4, Appendix A), computed once at import.

Everything is an int index: hex 0..18 <-> "H1".."H19", node 0..53 <-> "I1".."I54",
edge 0..71 <-> "P1".."P72", harbour slot 0..8 <-> "HB1".."HB9". The string ids exist only at
the JSON boundary (`hex_id`, `parse_hex`, ...).

Geometry uses the rules' exact integer lattice: axial hex (q, r) has its centre at
(X, Y) = (2q + r, 3r) and its corners at the offsets below, so no float is ever compared.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

Point = tuple[int, int]

RADIUS = 2  # land = cube distance <= 2 from the centre (19 hexes)
# Axial neighbour steps E, W, NE, NW, SE, SW (§1.4).
HEX_STEPS: tuple[Point, ...] = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))
# Corner offsets from a hex centre in the (X, Y) lattice, clockwise from the top: N NE SE S SW NW.
CORNER_OFFSETS: tuple[Point, ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
# Coastal positions (clockwise from P4) of the harbour slots HB1..HB9 (§1.4).
HARBOUR_POSITIONS: tuple[int, ...] = (27, 0, 4, 7, 10, 14, 17, 20, 24)
COAST_START = "P4"


@dataclass(frozen=True)
class Topology:
    """Tuples indexed by hex, node or edge int; see the module docstring for the id mapping."""

    hex_coords: tuple[Point, ...]  # axial (q, r)
    hex_neighbours: tuple[tuple[int, ...], ...]  # land neighbours, ascending
    hex_nodes: tuple[tuple[int, ...], ...]  # six corners N, NE, SE, S, SW, NW
    node_xy: tuple[Point, ...]  # lattice point (X, Y) of §1.4
    node_canonical: tuple[tuple[int, int, str], ...]  # (q, r, "N" | "S") of §1.4
    node_hexes: tuple[tuple[int, ...], ...]  # land hexes touching the node, ascending
    node_neighbours: tuple[tuple[int, ...], ...]  # ascending
    node_edges: tuple[tuple[int, ...], ...]  # ascending
    edge_nodes: tuple[tuple[int, int], ...]  # (a, b) with a < b
    edge_hexes: tuple[tuple[int, ...], ...]  # 1 land hex (coastal) or 2
    coastal_edges: tuple[int, ...]  # clockwise from P4
    harbour_edges: tuple[int, ...]  # by slot HB1..HB9

    def edge_between(self, a: int, b: int) -> int | None:
        """The edge joining nodes a and b, or None if they are not neighbours."""
        for edge in self.node_edges[a]:
            if b in self.edge_nodes[edge]:
                return edge
        return None

    def distance_ok(self, node: int, occupied: Collection[int]) -> bool:
        """The distance rule: node and all its neighbours free of buildings in `occupied`."""
        return node not in occupied and not any(n in occupied for n in self.node_neighbours[node])


def _land_hexes() -> list[Point]:
    cells = [
        (q, r)
        for r in range(-RADIUS, RADIUS + 1)
        for q in range(-RADIUS, RADIUS + 1)
        if max(abs(q), abs(r), abs(q + r)) <= RADIUS
    ]
    return sorted(cells, key=lambda c: (c[1], c[0]))  # reading order: row, then column


def _corners(q: int, r: int) -> list[Point]:
    x, y = 2 * q + r, 3 * r
    return [(x + dx, y + dy) for dx, dy in CORNER_OFFSETS]


def _canonical(point: Point) -> tuple[int, int, str]:
    """(q, r, N|S): the one hex, land or sea, whose N or S corner this point is."""
    x, y = point
    if (y + 2) % 3 == 0:
        corner, r = "N", (y + 2) // 3
    else:
        corner, r = "S", (y - 2) // 3
    return (x - r) // 2, r, corner


def _clockwise_coast(coast: set[int], edge_nodes: list[tuple[int, int]],
                     points: list[Point], start: int) -> tuple[int, ...]:
    """Walk the coastal cycle from `start`, heading clockwise round the centre."""
    a, b = edge_nodes[start]
    (xa, ya), (xb, yb) = points[a], points[b]
    # On screen (Y down) clockwise motion at P has X*dY - Y*dX > 0.
    head = b if xa * (yb - ya) - ya * (xb - xa) > 0 else a
    order, edge = [start], start
    while True:
        edge = next(e for e in coast if head in edge_nodes[e] and e != edge)
        if edge == start:
            return tuple(order)
        order.append(edge)
        x, y = edge_nodes[edge]
        head = y if x == head else x


def _build() -> Topology:
    hexes = _land_hexes()
    hex_index = {c: h for h, c in enumerate(hexes)}
    corner_lists = [_corners(q, r) for q, r in hexes]
    points = sorted({p for cs in corner_lists for p in cs}, key=lambda p: (p[1], p[0]))
    node_of = {p: n for n, p in enumerate(points)}
    hex_nodes = tuple(tuple(node_of[p] for p in cs) for cs in corner_lists)

    pairs = {
        tuple(sorted((cs[i], cs[(i + 1) % 6])))
        for cs in hex_nodes for i in range(6)
    }

    def midpoint_key(pair: tuple[int, ...]) -> tuple[int, int]:
        (xa, ya), (xb, yb) = points[pair[0]], points[pair[1]]
        return ya + yb, xa + xb  # twice the midpoint: Y, then X

    edge_nodes: list[tuple[int, int]] = [(p[0], p[1]) for p in sorted(pairs, key=midpoint_key)]

    nodes = range(len(points))
    node_hexes = [sorted(h for h, ns in enumerate(hex_nodes) if n in ns) for n in nodes]
    node_edges = [sorted(e for e, ab in enumerate(edge_nodes) if n in ab) for n in nodes]
    node_neighbours = [
        sorted(a if b == n else b for a, b in (edge_nodes[e] for e in node_edges[n]))
        for n in nodes
    ]
    edge_hexes = [
        tuple(sorted(set(node_hexes[a]) & set(node_hexes[b]))) for a, b in edge_nodes
    ]
    coast = {e for e, hs in enumerate(edge_hexes) if len(hs) == 1}
    coastal = _clockwise_coast(coast, edge_nodes, points, int(COAST_START[1:]) - 1)

    hex_neighbours = tuple(
        tuple(sorted(hex_index[c] for c in steps if c in hex_index))
        for steps in ([(q + dq, r + dr) for dq, dr in HEX_STEPS] for q, r in hexes)
    )
    return Topology(
        hex_coords=tuple(hexes),
        hex_neighbours=hex_neighbours,
        hex_nodes=hex_nodes,
        node_xy=tuple(points),
        node_canonical=tuple(_canonical(p) for p in points),
        node_hexes=tuple(tuple(hs) for hs in node_hexes),
        node_neighbours=tuple(tuple(ns) for ns in node_neighbours),
        node_edges=tuple(tuple(es) for es in node_edges),
        edge_nodes=tuple(edge_nodes),
        edge_hexes=tuple(edge_hexes),
        coastal_edges=coastal,
        harbour_edges=tuple(coastal[p] for p in HARBOUR_POSITIONS),
    )


TOPOLOGY = _build()
HEX_COUNT = len(TOPOLOGY.hex_coords)
NODE_COUNT = len(TOPOLOGY.node_xy)
EDGE_COUNT = len(TOPOLOGY.edge_nodes)
HARBOUR_COUNT = len(TOPOLOGY.harbour_edges)


def hex_id(h: int) -> str:
    return f"H{h + 1}"


def node_id(n: int) -> str:
    return f"I{n + 1}"


def edge_id(e: int) -> str:
    return f"P{e + 1}"


def harbour_id(k: int) -> str:
    return f"HB{k + 1}"


def _parser(prefix: str, count: int) -> dict[str, int]:
    return {f"{prefix}{i + 1}": i for i in range(count)}


_HEX_IDS = _parser("H", HEX_COUNT)
_NODE_IDS = _parser("I", NODE_COUNT)
_EDGE_IDS = _parser("P", EDGE_COUNT)
_HARBOUR_IDS = _parser("HB", HARBOUR_COUNT)


def _parse(table: dict[str, int], kind: str, text: str) -> int:
    try:
        return table[text.strip().upper()]
    except KeyError:
        raise ValueError(f"unknown {kind} {text!r}") from None


def parse_hex(text: str) -> int:
    """"H5" -> 4 (case and surrounding spaces ignored); ValueError if unknown."""
    return _parse(_HEX_IDS, "hex", text)


def parse_node(text: str) -> int:
    return _parse(_NODE_IDS, "intersection", text)


def parse_edge(text: str) -> int:
    return _parse(_EDGE_IDS, "path", text)


def parse_harbour(text: str) -> int:
    return _parse(_HARBOUR_IDS, "harbour", text)
