"""The one interface every computer player implements, and the registry by strength name.

A player sees a seat's `view` dict and the legal actions, never the GameState. A search player
also gets `sample`, a world sampler bound to its own seat that depends only on that view.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules import citadels
from rules.citadels.determinize import from_view

View = dict[str, Any]
Sampler = Callable[[random.Random], citadels.GameState]


class Player(Protocol):
    name: str

    def choose(self, view: View, legal: Sequence[citadels.Action], rng: random.Random,
               sample: Sampler | None = None, deadline: float | None = None
               ) -> citadels.Action:
        """One of `legal`. `deadline` (time.monotonic) lets a search stop early."""
        ...


def sampler_for(view: View) -> Sampler:
    """Worlds consistent with `view`, built from the view alone (so fairness is structural)."""
    frozen = copy.deepcopy(view)
    return lambda rng: from_view(frozen, rng)


def make_player(strength: str, **options: Any) -> Player:
    """A player by lobby name: 'random', 'basic' or 'expert' (options go to its constructor)."""
    from .basic import BasicPlayer
    from .expert import ExpertPlayer
    from .random_player import RandomPlayer

    table: dict[str, Callable[..., Player]] = {
        "random": RandomPlayer, "basic": BasicPlayer, "expert": ExpertPlayer,
    }
    if strength not in table:
        raise ValueError(f"unknown strength {strength!r}; choose from {sorted(table)}")
    return table[strength](**options)


STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")


def decide(state: citadels.GameState, pid: str, player: Player, rng: random.Random,
           deadline: float | None = None) -> citadels.Action:
    """Table side: ask `player` for pid's move, handing over only pid's view and a sampler."""
    v = citadels.view(state, pid)
    legal = citadels.legal_actions(state, pid)
    return player.choose(v, legal, rng, sample=sampler_for(v), deadline=deadline)
