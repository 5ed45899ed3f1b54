"""A player whose every choice is one function of its view and legal actions: no chance, no
deadline, and its fallback the same move (each game's basic strength is one)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .player import View


class HeuristicPlayer:
    """Subclasses name themselves and give `move`."""

    name = "heuristic"

    def move(self, view: View, legal: Sequence[Any]) -> Any:
        raise NotImplementedError

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random,
               deadline: float | None = None) -> Any:
        return self.move(view, legal)

    def fallback(self, view: View, legal: Sequence[Any]) -> Any:
        return self.move(view, legal)
