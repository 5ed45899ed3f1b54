"""Citadels' computer players: random, basic (heuristic) and expert (ISMCTS search).

    from ai.citadels import make_player
    player = make_player("expert", iterations=200)
    action = ai.player.decide(state, pid, player, random.Random(seed))

Each sees its seat's view and legal actions (ai.player.Player); the expert samples worlds
consistent with that view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.citadels import Action

from .basic import BasicPlayer, basic_move
from .expert import ExpertPlayer
from .random_player import RandomPlayer
from .strategy import Strategy, View, sampler_for

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"  # plays a person's seat while they are away
_STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": RandomPlayer, "basic": BasicPlayer, "expert": ExpertPlayer,
}


class CitadelsPlayer:
    """A strategy as the platform's Player: it gets a sampler of worlds built from its view."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.name = strategy.name

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        return self.strategy.choose(view, legal, rng, sample=sampler_for(view),
                                    deadline=deadline)

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def make_player(strength: str, **options: Any) -> CitadelsPlayer:
    """A player by lobby name: 'random', 'basic' or 'expert' (options go to its constructor)."""
    if strength not in _STRATEGIES:
        raise ValueError(f"unknown strength {strength!r}; choose from {sorted(_STRATEGIES)}")
    return CitadelsPlayer(_STRATEGIES[strength](**options))
