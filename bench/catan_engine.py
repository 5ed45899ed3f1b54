"""Catan engine speed (`python -m bench.engine --game catan`): seeded random games of Cities &
Knights through the engine's public functions, beside catanatron's base game (no C&K) with its
random players when it is installed (`pip install catanatron`; not a dependency of ours).

For 3 and 4 players on the beginner and the random layout: games per second, microseconds per
decision (the random choice included: listing the legal actions, drawing one, applying it) and
decisions per game, games stopped at a cap of decisions counted apart (`capped`). catanatron is
measured in the same run the same way: its fixed tournament map beside our beginner layout, its
random map beside ours. Times are the process's CPU time, not the wall clock (shared cores).
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from rules.catan import engine
from rules.catan.state import Options

CAP = 3000  # decisions before a game is called capped
LAYOUTS: tuple[tuple[str, str], ...] = (("beginner", "TOURNAMENT"), ("random", "BASE"))
COUNTS = (3, 4)
Play = Callable[[int, int], tuple[int, bool]]  # (players, seed) -> (decisions, capped)


def play_ours(layout: str) -> Play:
    options = Options.model_validate({"layout": layout})

    def play(n: int, seed: int) -> tuple[int, bool]:
        state = engine.new_game([f"p{i}" for i in range(n)], options, seed)
        rng = random.Random(seed)
        decisions = 0
        while (acting := engine.to_act(state)) and decisions < CAP:
            seat = acting[int(rng.random() * len(acting))]
            action = engine.random_action(state, seat, rng)
            assert action is not None  # a seat in to_act has a legal action
            state, _ = engine.apply(state, seat, action)
            decisions += 1
        return decisions, state.phase != "over"
    return play


def play_catanatron(map_type: str) -> Play | None:
    try:  # imported by name: an optional package without type hints
        catanatron = importlib.import_module("catanatron")
        maps = importlib.import_module("catanatron.models.map")
    except ImportError:
        return None

    def play(n: int, seed: int) -> tuple[int, bool]:
        players = [catanatron.RandomPlayer(c) for c in list(catanatron.Color)[:n]]
        random.seed(seed + 1)  # its random map and players draw from `random`
        game: Any = catanatron.Game(players, seed=seed + 1, catan_map=maps.build_map(map_type))
        decisions = 0
        while game.winning_color() is None and decisions < CAP:
            game.play_tick()
            decisions += 1
        return decisions, game.winning_color() is None
    return play


def measure(play: Play, n: int, games: int, seed: int) -> str:
    start = time.process_time()  # CPU time: this machine's cores are shared
    results = [play(n, seed + g) for g in range(games)]
    seconds = time.process_time() - start
    decisions = sum(d for d, _ in results)
    capped = sum(c for _, c in results)
    return (f"{n:>7} {games:>6} {capped:>6} {games / seconds:>8.2f} "
            f"{seconds / decisions * 1e6:>12.1f} {decisions / games:>15.1f}")


HEADER = f"{'players':>7} {'games':>6} {'capped':>6} {'games/s':>8} {'us/decision':>12} " \
         f"{'decisions/game':>15}"


def main(games: int, seed: int) -> None:
    print(f"Catan: Cities & Knights, random legal actions, cap {CAP} decisions", flush=True)
    for layout, theirs in LAYOUTS:
        print(f"ours, {layout} layout (C&K)\n{HEADER}", flush=True)
        for n in COUNTS:
            print(measure(play_ours(layout), n, games, seed), flush=True)
        other = play_catanatron(theirs)
        if other is None:
            continue
        print(f"catanatron {theirs} map (base game, RandomPlayer)\n{HEADER}", flush=True)
        for n in COUNTS:
            print(measure(other, n, games, seed), flush=True)
    if play_catanatron("BASE") is None:
        print("catanatron is not installed: `pip install catanatron` to measure it beside ours")
