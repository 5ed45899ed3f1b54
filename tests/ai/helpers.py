"""What the generic AI tests share: a spy player, and positions along games of any game."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from rules.game import Game

AnyGame = Game[Any, Any]


class Spy:
    """A Player that records everything it is handed, and plays the first legal action (or
    the last one from `fallback`), after sleeping `seconds` if told to."""

    name = "spy"

    def __init__(self, seconds: float = 0.0) -> None:
        self.seconds = seconds
        self.chosen: list[tuple[Any, ...]] = []      # (view, legal, rng, deadline, at)
        self.fell_back: list[tuple[Any, ...]] = []   # (view, legal)

    def choose(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random,
               deadline: float | None = None) -> Any:
        self.chosen.append((view, legal, rng, deadline, time.monotonic()))
        if self.seconds:
            time.sleep(self.seconds)
        return legal[0]

    def fallback(self, view: dict[str, Any], legal: Sequence[Any]) -> Any:
        self.fell_back.append((view, legal))
        return legal[-1]


def positions(game: AnyGame, seats: int, seed: int, every: int = 1, limit: int = 5000
              ) -> list[tuple[Any, str]]:
    """(state, seat to act) along a game of random moves, one in `every`."""
    state = game.new_game([f"p{i}" for i in range(seats)], game.options({}), seed=seed)
    rng = random.Random(seed)
    out: list[tuple[Any, str]] = []
    for k in range(limit):
        if game.is_over(state):
            return out
        seat = game.to_act(state)[0]
        if k % every == 0:
            out.append((state, seat))
        state, _ = game.apply(state, seat, game.random_action(state, seat, rng))
    raise AssertionError(f"{game.id}: no end after {limit} moves")
