"""Catan's random strength: a uniform kind of action, then a uniform action of that kind, so
that the hundreds of one-card trade offers do not drown the builds (like the engine's
random_action, but from the legal actions alone)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.catan.actions import Action

from .seen import View


class RandomKindPlayer:
    name = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        kinds: dict[str, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.type, []).append(a)
        group = list(kinds.values())[rng.randrange(len(kinds))]
        return group[rng.randrange(len(group))]

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[0]
