"""Sealed bids' computer players: random, and "steady" (bids a third of its coins, picks the
larger prize). Each sees only its own seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .rules import Action, Bid, Pick

STRENGTHS: tuple[str, ...] = ("random", "steady")
STAND_IN = "random"


class RandomBids:
    name = "random"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        return legal[int(rng.random() * len(legal))]

    def fallback(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        return legal[0]


class SteadyBids(RandomBids):
    name = "steady"

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        if isinstance(legal[0], Pick):
            offer = view["offer"]
            return Pick(prize=0 if offer[0] >= offer[1] else 1)
        return Bid(coins=view["coins"][view["you"]] // 3)


def make_player(strength: str, **options: Any) -> RandomBids:
    players = {"random": RandomBids, "steady": SteadyBids}
    if strength not in players:
        raise ValueError(f"unknown strength {strength!r}")
    return players[strength]()
