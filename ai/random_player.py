"""A random player for any game: uniform over the seat's legal actions.

It reads nothing of the view, so it plays every game behind rules.game; a game's ai package
offers it as its weakest strength (Citadels' "random").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .player import View


class RandomPlayer:
    """Each of `legal` with equal chance, drawn from `rng` (the same seed, the same move)."""

    name = "random"

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random,
               deadline: float | None = None) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]

    def fallback(self, view: View, legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[0]
