"""What the AI tests share: a spy player, positions along games of any game, and a clock on
the event loop."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

from rules.game import Game

AnyGame = Game[Any, Any]
T = TypeVar("T")


async def ticking(coro: Awaitable[T]) -> tuple[T, float, int]:
    """Await coro while counting loop ticks every 10 ms: a blocked loop would not tick."""
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    start = time.monotonic()
    result = await coro
    elapsed = time.monotonic() - start
    task.cancel()
    return result, elapsed, ticks


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
