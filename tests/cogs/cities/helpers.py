"""Shared by the Cities UI tests: seeded random games, the records the UI reads, seats."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.records import GameRecord, GameSettings, Seat
from rules.cities import GAME, GameState
from tests.render_helpers import catalog

__all__ = ["catalog", "moments", "play", "record", "seats"]
NAMES = ["Ana", "Bruno", "Carmen", "Maximiliano de la Cruz Fernández"]


def seats(n: int) -> list[Seat]:
    """People, and a computer seat in the third place."""
    return [Seat(id=f"p{i}", name=f"bot{i}", ai="basic") if i == 3 else
            Seat(id=f"p{i}", name=NAMES[i - 1], user_id=1000 + i)
            for i in range(1, n + 1)]


def play(n: int, seed: int, long: bool = False) -> Iterator[tuple[GameState, list[Any]]]:
    """Every state of one seeded random game, with the events that led to it."""
    state = GAME.new_game([f"p{i}" for i in range(1, n + 1)],
                          GAME.options({"long": long}, players=n), seed)
    rng = random.Random(seed)
    yield state, []
    while (acting := GAME.to_act(state)):
        legal = GAME.legal_actions(state, acting[0])
        state, events = GAME.apply(state, acting[0], legal[int(rng.random() * len(legal))])
        yield state, events


def moments(n: int, seed: int, every: int = 1, long: bool = False) -> list[GameState]:
    """Every `every`-th state of one game, and its last."""
    states = [s for s, _ in play(n, seed, long)]
    return states[::every] + [states[-1]]


def record(state: GameState, version: int = 5, **settings: Any) -> GameRecord:
    status = "finished" if GAME.is_over(state) else "running"
    return GameRecord(game="cities", id=7, channel_id=1, host_id=1001, status=status,
                      version=version, settings=GameSettings(**settings),
                      seats=seats(state.players), state=state)
