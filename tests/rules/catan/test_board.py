"""rules/catan/board.py against §1.4, §1.5 and Appendix A of docs/rules/catan-cities-knights.md."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.catan import board
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import edge_id, harbour_id, hex_id, node_id

from . import rules_doc

HEXES = range(len(T.hex_coords))
NODES = range(len(T.node_xy))
EDGES = range(len(T.edge_nodes))


def test_counts() -> None:
    assert (len(T.hex_coords), len(T.node_xy), len(T.edge_nodes)) == (19, 54, 72)
    assert len(T.harbour_edges) == 9
    assert Counter(len(hs) for hs in T.node_hexes) == {1: 18, 2: 12, 3: 24}
    assert len(T.coastal_edges) == len(set(T.coastal_edges)) == 30
    assert Counter(len(hs) for hs in T.edge_hexes) == {1: 30, 2: 42}


def test_t01_i19_touches_h5_h6_h10() -> None:
    assert [hex_id(h) for h in T.node_hexes[board.parse_node("I19")]] == ["H5", "H6", "H10"]


def test_neighbours_are_symmetric_and_joined_by_edges() -> None:
    for n in NODES:
        assert 2 <= len(T.node_neighbours[n]) <= 3
        assert len(T.node_edges[n]) == len(T.node_neighbours[n])
        for m in T.node_neighbours[n]:
            assert n in T.node_neighbours[m]
            edge = T.edge_between(n, m)
            assert edge is not None and T.edge_nodes[edge] == (min(n, m), max(n, m))
            assert edge in T.node_edges[n] and edge in T.node_edges[m]
    for h in HEXES:
        for k in T.hex_neighbours[h]:
            assert h in T.hex_neighbours[k]
            assert len(set(T.hex_nodes[h]) & set(T.hex_nodes[k])) == 2  # they share a side


def test_edges_join_neighbours_of_the_same_hexes() -> None:
    for e in EDGES:
        a, b = T.edge_nodes[e]
        assert a < b and b in T.node_neighbours[a]
        assert T.edge_hexes[e] == tuple(sorted(set(T.node_hexes[a]) & set(T.node_hexes[b])))
    assert T.edge_between(0, 53) is None


def test_hex_corners_match_appendix() -> None:
    table = rules_doc.hex_corners()
    assert len(table) == 19
    for h in HEXES:
        coords, corners = table[hex_id(h)]
        assert T.hex_coords[h] == coords
        assert [node_id(n) for n in T.hex_nodes[h]] == corners


def test_intersections_match_appendix() -> None:
    table = rules_doc.intersections()
    assert len(table) == 54
    for n in NODES:
        canonical, hexes = table[node_id(n)]
        assert T.node_canonical[n] == canonical
        assert [hex_id(h) for h in T.node_hexes[n]] == hexes


def test_edges_match_appendix() -> None:
    table = rules_doc.edges()
    assert len(table) == 72
    for e in EDGES:
        assert tuple(node_id(n) for n in T.edge_nodes[e]) == table[edge_id(e)]


def test_coast_and_harbour_slots_match_appendix() -> None:
    assert [edge_id(e) for e in T.coastal_edges] == rules_doc.coast()
    assert list(board.HARBOUR_POSITIONS) == rules_doc.harbour_positions()
    # 3-4-3 gaps three times: the frame is 3-fold symmetric
    positions = sorted(board.HARBOUR_POSITIONS)
    gaps = [(b - a) % 30 for a, b in zip(positions, positions[1:] + positions[:1], strict=True)]
    assert sorted(gaps) == [3] * 6 + [4] * 3


def test_harbour_edges_match_section_1_5() -> None:
    table = rules_doc.harbours()
    assert len(table) == 9
    for k, edge in enumerate(T.harbour_edges):
        _, p, nodes = table[harbour_id(k)]
        assert edge_id(edge) == p
        assert [node_id(n) for n in T.edge_nodes[edge]] == nodes
        assert len(T.edge_hexes[edge]) == 1


def test_ids_round_trip_and_reject_unknowns() -> None:
    cases = [
        (board.parse_hex, hex_id, 19), (board.parse_node, node_id, 54),
        (board.parse_edge, edge_id, 72), (board.parse_harbour, harbour_id, 9),
    ]
    for parse, name, count in cases:
        assert [parse(name(i)) for i in range(count)] == list(range(count))
        for bad in (name(-1), name(count), "", "x1", name(0) + "0" * 3):
            with pytest.raises(ValueError):
                parse(bad)
    assert board.parse_node(" i54 ") == 53


@given(st.integers(0, 53), st.sets(st.integers(0, 53), max_size=12))
def test_distance_ok_is_the_distance_rule(node: int, occupied: set[int]) -> None:
    near = {node, *T.node_neighbours[node]}
    assert T.distance_ok(node, occupied) == (not near & occupied)
    assert T.distance_ok(node, frozenset(occupied)) == T.distance_ok(node, list(occupied))
