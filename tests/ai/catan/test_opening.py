"""The expert's set-up search (ai.catan.opening): a legal spot among the compared ones, the
same in worlds the seat cannot tell apart and for the same seed and node budget, and the
heuristic spot past its deadline or with no budget."""

from __future__ import annotations

import random
import time

from ai.catan import opening
from ai.catan.expert import EXPERT, heuristic, opening_decision
from ai.catan.seen import read
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.state import GameState

from .test_players import positions


def _placements() -> list[tuple[GameState, str]]:
    found = [(s, p) for s, p in positions()
             if opening_decision(GAME.view(s, p), GAME.legal_actions(s, p))]
    return found[:4]


def test_the_set_up_search_picks_a_compared_spot_from_the_view_alone() -> None:
    found = _placements()
    assert len(found) >= 3
    for k, (state, seat) in enumerate(found):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        s, first = read(view, EXPERT), heuristic(view, legal)
        options = opening.placements(s, legal, opening.TOP)
        assert options[0] == first and all(a in legal for a in options)
        chosen = opening.best_placement(view, legal, s, first, random.Random(k),
                                        worlds=1, nodes=400)
        assert chosen in options
        twin = determinize(state, seat, random.Random(99))
        again = opening.best_placement(GAME.view(twin, seat), legal, s, first,
                                       random.Random(k), worlds=1, nodes=400)
        assert again == chosen


def test_the_set_up_search_is_the_same_for_the_same_seed_and_node_budget() -> None:
    changed = 0
    for k, (state, seat) in enumerate(_placements()):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        s, first = read(view, EXPERT), heuristic(view, legal)
        picks = [opening.best_placement(view, legal, s, first, random.Random(k),
                                        worlds=2, nodes=nodes) for nodes in (900, 900, 0)]
        assert picks[0] == picks[1] and picks[2] == first
        changed += picks[0] != first
    assert changed >= 1  # the search does overrule the heuristic somewhere


def test_past_its_deadline_the_set_up_search_plays_the_heuristic_spot() -> None:
    state, seat = _placements()[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    s, first = read(view, EXPERT), heuristic(view, legal)
    start = time.monotonic()
    chosen = opening.best_placement(view, legal, s, first, random.Random(1),
                                    deadline=start - 1)
    assert chosen == first and time.monotonic() - start < 0.5


def test_the_learned_presort_ranks_the_basic_measures_best_spots_from_the_view() -> None:
    moved = 0
    for k, (state, seat) in enumerate(_placements()):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        s = read(view, EXPERT)
        pool = opening.placements(s, legal, 8)
        ranked = opening.presorted(view, s, pool, random.Random(k), 8, None)
        assert sorted(map(str, ranked)) == sorted(map(str, pool))
        twin = determinize(state, seat, random.Random(7))
        assert opening.presorted(GAME.view(twin, seat), s, pool, random.Random(k), 8,
                                 None) == ranked
        assert opening.presorted(view, s, pool, random.Random(k), 8, 0.0) == pool
        moved += ranked != pool
    assert moved >= 1  # the learned chance does reorder the basic measure's spots
