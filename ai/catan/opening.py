"""The expert's set-up placements searched: the best few spots by the basic player's measure
are each played in worlds sampled from the view (ai.catan.world), the set-up finished and
the first rounds played on by the basic player in every seat, and the seat's position then
compared (value.worth, averaged over the worlds). The others' set-up answers are the basic
player's, so the search sees the spots they take after it, and the rounds the dice, the
robber and the barbarians' first steps. The learned win chance (ai.catan.learned) can score
the positions instead (SCORE, with no rounds: setup_chance) or pick the spots compared
(PRESORT); screened, neither chose better spots (ai/catan/README.md, the seventh push)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rules.catan import engine
from rules.catan.actions import Action
from rules.catan.board import parse_node
from rules.catan.state import GameState

from . import learned, plan, value
from .search import compare, play_on
from .seen import Seen, View
from .world import from_view

TOP = 5  # spots compared (the basic measure's best)
WORLDS = 6  # worlds each spot is played in
ROUNDS = 6  # rounds played after the set-up before the position is scored
NODES = 4000  # moves played in all, at most (the budget in nodes: about 3,200 used)
Score = Callable[[GameState, int], float]
SCORE: Score = value.worth  # the position's score for the seat


def setup_chance(state: GameState, seat: int) -> float:
    """The learned win chance of a position right after the set-up."""
    return learned.win_chance(state, seat, learned.SETUP)


def placements(s: Seen, legal: Sequence[Any], top: int) -> list[Action]:
    """The `top` spots by the basic player's set-up measure, the best first."""
    kind = "city" if s.setup and s.setup["round"] == 2 else "settlement"

    def worth(a: Any) -> float:
        return plan.node_value(s, parse_node(a.node), kind)
    return sorted(legal, key=worth, reverse=True)[:top]


PRESORT = 0  # spots ranked first by the learned chance right after the set-up (0: not)


def presorted(view: View, s: Seen, pool: list[Action], rng: random.Random, top: int,
              deadline: float | None) -> list[Action]:
    """The `top` of `pool` by the learned chance right after the set-up, in one world (the
    rest of the set-up is the basic player's: little is hidden); past the deadline, the
    pool's order."""
    world = from_view(view, rng)
    chances = []
    for spot in pool:
        if deadline is not None and time.monotonic() > deadline:
            return pool[:top]
        after, _ = engine.apply(world, view["you"], spot)
        after, _ = play_on(after, 0, NODES)
        chances.append(setup_chance(after, s.me))
    order = sorted(range(len(pool)), key=lambda i: (-chances[i], i))
    return [pool[i] for i in order[:top]]


def best_placement(view: View, legal: Sequence[Action], s: Seen, first: Action,
                   rng: random.Random, deadline: float | None = None,
                   worlds: int | None = None, nodes: int | None = None) -> Action:
    """The spot with the best mean worth over the worlds searched in full, within the
    budget (search.compare: counted in worlds and moves, a `deadline` only cutting it)."""
    spots = (placements(s, legal, TOP) if not PRESORT
             else presorted(view, s, placements(s, legal, PRESORT), rng, TOP, deadline))
    options = list(dict.fromkeys([first, *spots]))
    last = ROUNDS * len(s.names)  # the turn after which the position is scored
    cap = NODES if nodes is None else nodes
    return compare(view, options, first, rng, WORLDS if worlds is None else worlds, cap,
                   deadline, lambda after: play_on(after, last, cap),
                   lambda after: SCORE(after, s.me))
