"""rules/catan/roads.py: Longest Road length and award (§8, §15 T40-T44, §16)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.catan.board import TOPOLOGY as T
from rules.catan.board import parse_edge, parse_node
from rules.catan.roads import longest_road, road_award


def edges(*ids: str) -> list[int]:
    return [parse_edge(p) for p in ids]


def nodes(*ids: str) -> set[int]:
    return {parse_node(i) for i in ids}


def is_trail(subset: tuple[int, ...], blocked: set[int]) -> bool:
    """Whether the edges can be walked as one trail never passing through a blocked node, by
    Euler's criterion: connected, 0 or 2 odd nodes, and a blocked node only at an end (degree
    1 at an open end, or degree 2 as both ends of a closed trail)."""
    degree = Counter(n for e in subset for n in T.edge_nodes[e])
    odd = [n for n, d in degree.items() if d % 2]
    stops = {n: d for n, d in degree.items() if n in blocked}
    if len(odd) not in (0, 2) or any(d > 2 for d in stops.values()):
        return False
    if odd and any(d == 2 for d in stops.values()):
        return False
    if not odd and len(stops) > 1:
        return False
    seen, frontier = {subset[0]}, [subset[0]]
    while frontier:
        a, b = T.edge_nodes[frontier.pop()]
        for e in subset:
            if e not in seen and ({a, b} & set(T.edge_nodes[e])):
                seen.add(e)
                frontier.append(e)
    return len(seen) == len(subset)


def brute_force(road: list[int], blocked: set[int]) -> int:
    for size in range(len(road), 0, -1):
        if any(is_trail(subset, blocked) for subset in combinations(road, size)):
            return size
    return 0


@st.composite
def road_sets(draw: st.DrawFn) -> tuple[list[int], set[int]]:
    """Up to 10 edges grown from a random intersection (so they meet, fork and close loops),
    sometimes with a separate piece, and blocked nodes among the ones they touch."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    size = draw(st.integers(0, 10))
    road: list[int] = []
    touched = {rng.randrange(54)}
    while len(road) < size:
        if rng.random() < 0.1:
            touched.add(rng.randrange(54))  # start a separate piece
        node = rng.choice(sorted(touched))
        free = [e for e in T.node_edges[node] if e not in road]
        if free:
            edge = rng.choice(free)
            road.append(edge)
            touched.update(T.edge_nodes[edge])
    ends = sorted({n for e in road for n in T.edge_nodes[e]})
    blocked = {n for n in ends if rng.random() < draw(st.sampled_from([0.0, 0.15, 0.4]))}
    return road, blocked


@settings(max_examples=300, deadline=None)
@given(road_sets())
def test_longest_road_matches_a_brute_force_search(case: tuple[list[int], set[int]]) -> None:
    road, blocked = case
    assert longest_road(road, blocked) == brute_force(road, blocked)


@settings(max_examples=50, deadline=None)
@given(road_sets())
def test_blocking_never_lengthens_and_order_does_not_matter(
        case: tuple[list[int], set[int]]) -> None:
    road, blocked = case
    length = longest_road(road, blocked)
    assert length <= longest_road(road, set()) <= len(road)
    assert longest_road(list(reversed(road)) + road[:1], blocked) == length


def test_simple_shapes() -> None:
    assert longest_road([], set()) == 0
    assert longest_road(edges("P1"), nodes("I1", "I4")) == 1  # both ends blocked: still 1
    ring = [parse_edge(p) for p in ("P1", "P2", "P7", "P8", "P12", "P13")]  # around H1
    assert longest_road(ring, set()) == 6
    assert longest_road(ring, nodes("I9")) == 6  # a loop may start and end on the blocker
    assert longest_road(ring, nodes("I9", "I1")) == 4  # I9..I13..I8..I4..I1 (ends on both)
    assert longest_road(ring + edges("P20"), set()) == 7  # a tail off the loop
    assert longest_road(edges("P1", "P34"), set()) == 1  # two separate roads do not add up


def test_a_fork_counts_one_branch() -> None:
    # I9 joins P8 (to I5), P13 (to I13), P14 (to I14): a fork of three edges.
    assert longest_road(edges("P8", "P13", "P14", "P2"), set()) == 3


T40 = edges("P20", "P26", "P35", "P42", "P51")  # I13-I18-I23-I29-I35-I40


def test_t40_five_roads_take_longest_road() -> None:
    assert longest_road(T40, set()) == 5
    assert road_award(None, {"B": 5, "R": 1, "W": 0}) == "B"


def test_t41_an_opponents_knight_breaks_the_road() -> None:
    assert longest_road(T40, nodes("I29")) == 3
    assert road_award("B", {"B": 3, "R": 1, "W": 0}) is None  # set aside


def test_t43_own_pieces_do_not_break_it() -> None:
    # The engine passes only opponents' pieces as blocked: B's own knight at I29 is not.
    assert longest_road(T40, set()) == 5
    assert longest_road(T40, nodes("I13", "I40")) == 5  # blockers at the ends do not cut


def test_t44_ties_keep_the_card_with_the_holder() -> None:
    assert road_award("B", {"B": 5, "W": 5}) == "B"
    assert road_award("B", {"B": 5, "W": 6}) == "W"


def test_award_rules_of_section_8() -> None:
    assert road_award(None, {"R": 4, "B": 4}) is None  # nobody at 5
    assert road_award(None, {"R": 5, "B": 5}) is None  # set aside while tied
    assert road_award(None, {"R": 6, "B": 5}) == "R"
    assert road_award("R", {"R": 7, "B": 7, "W": 3}) == "R"
    assert road_award("R", {"R": 4, "B": 5, "W": 5}) is None  # holder broken, tie above
    assert road_award("R", {"R": 4, "B": 5, "W": 3}) == "B"
    assert road_award("R", {"R": 4, "B": 4}) is None  # broken below 5: set aside
    assert road_award("R", {"B": 6}) == "B"  # a holder missing from the lengths has 0
    assert road_award(None, {}) is None
