"""Citadels' computer players: random (ai.random_player, any game's), basic (heuristic) and
expert (ISMCTS search).

    from ai.citadels import make_player
    from rules.citadels.game import GAME
    player = make_player("expert", iterations=200)
    action = ai.player.decide(state, seat, player, random.Random(seed), game=GAME)

Each sees its seat's view and legal actions (ai.player.Player); the expert samples worlds
consistent with that view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ai.player import Player
from ai.random_player import RandomPlayer
from rules.citadels import Action

from .basic import BasicPlayer, basic_move
from .expert import ExpertPlayer
from .strategy import Strategy, View, sampler_for

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"  # plays a person's seat while they are away
_STRATEGIES: dict[str, Callable[..., Strategy]] = {"basic": BasicPlayer, "expert": ExpertPlayer}


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


def make_player(strength: str, **options: Any) -> Player:
    """A player by lobby name, one of STRENGTHS (options go to its constructor, e.g. the
    expert's `iterations`); ValueError for any other name."""
    if strength == "random":
        return RandomPlayer(**options)
    if strength not in _STRATEGIES:
        raise ValueError(f"unknown strength {strength!r}; choose from {list(STRENGTHS)}")
    return CitadelsPlayer(_STRATEGIES[strength](**options))


assert set(STRENGTHS) == {"random", *_STRATEGIES} and STAND_IN in STRENGTHS
