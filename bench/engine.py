"""Engine speed: seeded random games through the public API.

    python -m bench.engine [--games N] [--seed S] [--repeat R]

Prints games per second and microseconds per decision for 2, 4 and 7 players, and the costs of
cloning (apply's copy-on-write) and of a JSON round trip of the state. On a machine shared with
other work, --repeat R plays the same games R times and reports the fastest run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from rules import citadels


def play(n: int, seed: int) -> int:
    """One game of uniformly random legal actions; returns the number of decisions."""
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.finished:
        pid = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, pid, citadels.random_action(state, pid, rng))
        decisions += 1
    return decisions


def timed_games(n: int, games: int, seed: int) -> tuple[float, int]:
    """(seconds, decisions) for `games` seeded games of n players."""
    start = time.perf_counter()
    decisions = sum(play(n, seed + g) for g in range(games))
    return time.perf_counter() - start, decisions


def per_call_us(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="runs per player count; fastest")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'games/s':>9} {'us/decision':>12} {'decisions/game':>15}")
    for n in (2, 4, 7):
        elapsed, decisions = min(timed_games(n, args.games, args.seed)
                                 for _ in range(max(1, args.repeat)))
        print(f"{n:>7} {args.games:>6} {args.games / elapsed:>9.1f} "
              f"{elapsed / decisions * 1e6:>12.1f} {decisions / args.games:>15.1f}")
    state = citadels.new_game(["a", "b", "c", "d"], seed=args.seed)
    rng = random.Random(0)
    for _ in range(60):  # somewhere mid-game
        pid = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, pid, rng.choice(citadels.legal_actions(state, pid)))
    blob = state.model_dump_json()
    pid = citadels.to_act(state)[0]
    action = citadels.legal_actions(state, pid)[0]
    print(f"apply (copy-on-write clone + action): "
          f"{per_call_us(lambda: citadels.apply(state, pid, action), 2000):.1f} us")
    deep = per_call_us(lambda: state.model_copy(deep=True), 2000)
    print(f"full deep copy (model_copy deep, for comparison): {deep:.1f} us")
    print(f"serialise (model_dump_json): {per_call_us(state.model_dump_json, 2000):.1f} us, "
          f"{len(blob)} bytes")
    print(f"parse (model_validate_json): "
          f"{per_call_us(lambda: citadels.GameState.model_validate_json(blob), 2000):.1f} us")
    print(f"view (one player): {per_call_us(lambda: citadels.view(state, 'a'), 2000):.1f} us")
    print(f"determinize: {per_call_us(lambda: citadels.determinize(state, 'a', rng), 500):.1f} us")


if __name__ == "__main__":
    main()
