"""The expert's lookahead: legal, blind to what the view hides, and on time."""

from __future__ import annotations

import random
import time

from ai.catan import search
from ai.catan.expert import EXPERT, expert_move, searched
from ai.catan.seen import read
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.state import GameState

from .test_players import positions


def _turns() -> list[tuple[GameState, str]]:
    """Positions where the seat moves in its own action phase."""
    return [(s, p) for s, p in positions()
            if searched(GAME.view(s, p), GAME.legal_actions(s, p))]


def test_the_lookahead_picks_a_legal_candidate_from_the_view_alone() -> None:
    turns = _turns()
    assert len(turns) >= 5
    for k, (state, seat) in enumerate(turns):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        first = expert_move(view, legal, None)
        options = search.candidates(read(view, EXPERT), legal, first)
        assert options[0] == first and all(a in legal for a in options)
        chosen = search.best_move(view, legal, read(view, EXPERT), first,
                                  lambda v, a: expert_move(v, a, None), random.Random(k),
                                  1, None)
        assert chosen in options
        twin = determinize(state, seat, random.Random(99))
        again = search.best_move(GAME.view(twin, seat), legal, read(view, EXPERT), first,
                                 lambda v, a: expert_move(v, a, None), random.Random(k),
                                 1, None)
        assert again == chosen


def test_past_its_deadline_the_lookahead_plays_the_heuristic_move() -> None:
    state, seat = _turns()[-1]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    first = expert_move(view, legal, None)
    start = time.monotonic()
    chosen = search.best_move(view, legal, read(view, EXPERT), first,
                              lambda v, a: expert_move(v, a, None), random.Random(1), 4,
                              deadline=start - 1)
    assert chosen == first and time.monotonic() - start < 0.5
