"""legal.py lists roads, settlements and knights from the intersections a player's pieces touch
instead of trying every edge and intersection: the same lists, over random games' states."""

from __future__ import annotations

import random

import pytest

from rules.catan import engine, knights, legal, placement, scoring, trade
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import node_id
from rules.catan.state import CARDS, GameState, Options
from tests.rules.catan.engine_helpers import random_states


def states(layout: str, players: int, seed: int, every: int = 7) -> list[GameState]:
    return list(random_states(layout, players, seed, every=every))


@pytest.mark.parametrize(("layout", "players", "seed"), [("beginner", 3, 2), ("random", 4, 3)])
def test_shortcuts_find_exactly_what_a_full_scan_finds(layout: str, players: int,
                                                       seed: int) -> None:
    checked = 0
    for s in states(layout, players, seed):
        for seat in range(players):
            roads = [e for e in range(len(T.edge_nodes)) if placement.road_ok(s, seat, e)]
            assert legal.road_edges(s, seat) == roads
            nodes = legal.road_nodes(s, seat)
            for ok in (placement.settlement_ok, knights.build_ok):
                every = [n for n in range(len(T.node_edges)) if ok(s, seat, n)]
                assert [n for n in nodes if ok(s, seat, n)] == every
            checked += bool(roads)
    assert checked > 50  # most states had somewhere to build a road


def test_decisions_prune_keeps_unlisted_always_have_an_answer() -> None:
    seen: set[str] = set()
    for layout, players, seed in [("beginner", 4, 5), ("random", 3, 6), ("beginner", 3, 8)]:
        for s in states(layout, players, seed, every=1):
            for d in s.pending:
                if d.kind in engine.ALWAYS_A_CHOICE:
                    seen.add(d.kind)
                    assert legal.decision_actions(s, d), d
    assert {"robber", "trade_offer"} <= seen


def test_points_and_bank_trades_match_their_full_forms() -> None:
    """scoring.points sums without breakdown's dict; maritime_trades skips rates a hand cannot
    pay; knight_actions checks the knight supply once: all must agree with the plain forms."""
    traded = scored = knighted = 0
    for s in states("random", 4, 11, every=3) + states("beginner", 3, 12, every=3):
        for seat in range(len(s.seats)):
            assert scoring.points(s, seat) == sum(scoring.breakdown(s, seat).values())
            scored += scoring.points(s, seat) > 2
            full = [(give, get) for give in CARDS for get in CARDS
                    if get != give and trade.maritime_ok(s, seat, give, get)]
            assert [(a.model_dump()["give"], a.model_dump()["get"])
                    for a in legal.maritime_trades(s, seat)] == full
            traded += bool(full)
            if placement.affordable(s, seat, "knight"):
                listed = [a.model_dump()["node"] for a in legal.knight_actions(s, seat)
                          if a.type == "build_knight"]
                assert listed == [node_id(n) for n in range(len(T.node_edges))
                                  if knights.build_ok(s, seat, n)]
                knighted += bool(listed)
    assert traded > 10 and scored > 10 and knighted > 3


def test_apply_leaves_its_input_unchanged() -> None:
    """apply's working copies share rarely changed parts (improvements, vp cards) with the
    input: every action, including improvement buys, must leave the input state as it was."""
    bought = 0
    for layout, players, seed in [("beginner", 4, 21), ("random", 3, 22)]:
        s = engine.new_game([f"p{i}" for i in range(players)],
                            Options.model_validate({"layout": layout}), seed)
        rng = random.Random(seed)
        for _ in range(2500):
            if not (acting := engine.to_act(s)):
                break
            seat = acting[int(rng.random() * len(acting))]
            action = engine.random_action(s, seat, rng)
            assert action is not None
            before = s.model_dump()
            new, events = engine.apply(s, seat, action)
            assert s.model_dump() == before
            bought += sum(e.type == "improvement_bought" for e in events)
            s = new
    assert bought > 3
