"""Cities engine speed (`python -m bench.engine --game cities`): seeded games of uniformly random
legal actions through the game's interface (rules.cities.GAME), with the open-1 set.

For 2 players (the 4-round game and the long one), 3 and 4: games per second, microseconds per
decision (the random choice included: listing the legal actions, drawing one, applying it) and
decisions per game. Times are the process's CPU time, not the wall clock (shared cores).
"""

from __future__ import annotations

import random
import time

from rules.cities import GAME

ROWS: tuple[tuple[int, bool], ...] = ((2, False), (2, True), (3, False), (4, False))
HEADER = f"{'players':>7} {'game':>5} {'games':>6} {'games/s':>8} {'us/decision':>12} " \
         f"{'decisions/game':>15}"


def play(players: int, seed: int, long: bool = False) -> int:
    """One game of random legal actions; returns its number of decisions."""
    options = GAME.options({"long": long}, players=players)
    state = GAME.new_game([f"p{i}" for i in range(players)], options, seed)
    rng = random.Random(seed)
    decisions = 0
    while acting := GAME.to_act(state):  # [] once the game is over
        action = GAME.random_action(state, acting[0], rng)
        assert action is not None  # a seat in to_act has a legal action
        state, _ = GAME.apply(state, acting[0], action)
        decisions += 1
    return decisions


def measure(players: int, games: int, seed: int, long: bool = False) -> str:
    start = time.process_time()  # CPU time: this machine's cores are shared
    decisions = sum(play(players, seed + g, long) for g in range(games))
    seconds = time.process_time() - start
    return (f"{players:>7} {'long' if long else 'short':>5} {games:>6} "
            f"{games / seconds:>8.2f} {seconds / decisions * 1e6:>12.1f} "
            f"{decisions / games:>15.1f}")


def main(games: int, seed: int) -> None:
    print("Cities: open-1 set, random legal actions", flush=True)
    print(HEADER, flush=True)
    for players, long in ROWS:
        print(measure(players, games, seed, long), flush=True)
