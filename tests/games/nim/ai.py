"""Nim's computer players: random, and "perfect" (the nim-sum strategy of the 1-3 game)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .rules import MAX_TAKE, Take

STRENGTHS: tuple[str, ...] = ("random", "perfect")
STAND_IN = "random"


class RandomNim:
    name = "random"

    def choose(self, view: dict[str, Any], legal: Sequence[Take], rng: random.Random,
               deadline: float | None = None) -> Take:
        return legal[int(rng.random() * len(legal))]

    def fallback(self, view: dict[str, Any], legal: Sequence[Take]) -> Take:
        return legal[0]


class PerfectNim(RandomNim):
    """Leaves heaps whose sizes mod 4 xor to 0 when it can (normal play)."""

    name = "perfect"

    def choose(self, view: dict[str, Any], legal: Sequence[Take], rng: random.Random,
               deadline: float | None = None) -> Take:
        heaps = view["heaps"]
        for take in legal:
            after = list(heaps)
            after[take.heap] -= take.count
            grundy = 0
            for size in after:
                grundy ^= size % (MAX_TAKE + 1)
            if grundy == 0:
                return take
        return super().choose(view, legal, rng, deadline)


def make_player(strength: str, **options: Any) -> RandomNim:
    players = {"random": RandomNim, "perfect": PerfectNim}
    if strength not in players:
        raise ValueError(f"unknown strength {strength!r}")
    return players[strength]()
