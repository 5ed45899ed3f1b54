"""What Citadels' strategies share: the view they decide from and a sampler of worlds
consistent with it (built from the view alone, so fairness is structural)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules import citadels
from rules.citadels.determinize import from_view

View = dict[str, Any]
Sampler = Callable[[random.Random], citadels.GameState]


class Strategy(Protocol):
    name: str

    def choose(self, view: View, legal: Sequence[citadels.Action], rng: random.Random,
               sample: Sampler | None = None, deadline: float | None = None
               ) -> citadels.Action:
        """One of `legal`. `deadline` (time.monotonic) lets a search stop early."""
        ...


def sampler_for(view: View) -> Sampler:
    """Worlds consistent with `view`, built from the view alone."""
    frozen = copy.deepcopy(view)
    return lambda rng: from_view(frozen, rng)
