"""Citadels' computer players, as the platform asks for them (ai.player.Player): each sees its
seat's view and legal actions, and a search player samples worlds from that view alone."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.basic import basic_move
from ai.player import make_player as _make
from ai.player import sampler_for
from rules.citadels import Action

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"  # plays a person's seat while they are away


class CitadelsPlayer:
    def __init__(self, strength: str, **options: Any) -> None:
        self.inner = _make(strength, **options)
        self.name = self.inner.name

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        return self.inner.choose(view, legal, rng, sample=sampler_for(view), deadline=deadline)

    def fallback(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def make_player(strength: str, **options: Any) -> CitadelsPlayer:
    return CitadelsPlayer(strength, **options)
