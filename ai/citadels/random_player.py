"""The 'random' strength: uniform over the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules import citadels

from .strategy import Sampler, View


class RandomPlayer:
    name = "random"

    def choose(self, view: View, legal: Sequence[citadels.Action], rng: random.Random,
               sample: Sampler | None = None, deadline: float | None = None
               ) -> citadels.Action:
        return legal[rng.randrange(len(legal))]
