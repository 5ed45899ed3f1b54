"""A random player for any game: uniform over the seat's legal actions, or over their kinds
first and then over the actions of the chosen kind.

It reads nothing of the view, so it plays every game behind rules.game; a game's ai package
offers it as its weakest strength (Citadels' and Cities' "random"; Catan's draws a kind first,
so that the hundreds of one-card trade offers do not drown the builds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .player import View


class RandomPlayer:
    """Each of `legal` with equal chance, drawn from `rng` (the same seed, the same move); with
    `kind`, a uniform kind of those `legal` holds first."""

    name = "random"

    def __init__(self, kind: Callable[[Any], str] | None = None) -> None:
        self.kind = kind

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random,
               deadline: float | None = None) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        if self.kind is not None:
            kinds: dict[str, list[Any]] = {}
            for action in legal:
                kinds.setdefault(self.kind(action), []).append(action)
            legal = list(kinds.values())[rng.randrange(len(kinds))]
        return legal[rng.randrange(len(legal))]

    def fallback(self, view: View, legal: Sequence[Any]) -> Any:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[0]
