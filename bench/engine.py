"""Engine speed: seeded random games through the public API.

    python -m bench.engine [--games N] [--seed S] [--repeat R]
    python -m bench.engine --game catan [--games N]   (bench/catan_engine.py)
    python -m bench.engine --game cities [--games N]  (bench/cities_engine.py)

For 2, 4 and 7 players of the Classic game, then 4 and 8 of Dark City (its eight characters,
the Artist and its twelve districts), plays the same N seeded games R times and prints games per
second and microseconds per decision: the median run, and the fastest and slowest runs beside
it. This machine's speed drops now and then for seconds to minutes, with nothing else running,
so one run alone can land in a slow spell; the median shows the usual speed, the slowest run the
dips, and the runs of all the rows are interleaved (one of each, R times over) so that no row's
runs all fall in one spell. It first names the interpreter (how it was built weighs as much:
scripts/venv.sh), and a machine check before and after the tables times a fixed piece of plain
Python (dict copies, calls, list scans, no engine code): when it is slow, so is everything
printed beside it.
Then it prints the costs of apply's copy-on-write clone, of a JSON round trip of the state, of
a view and of determinize.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from rules import citadels

DARK_CITY = citadels.Options(
    rank1="witch", rank2="tax_collector", rank3="wizard", rank4="emperor", rank5="abbot",
    rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="artist",
    dark_city_districts=True)
# A table printed: its title, the player counts (a row each), the options.
Table = tuple[str, tuple[int, ...], citadels.Options | None]
TABLES: tuple[Table, ...] = (
    ("Classic", (2, 4, 7), None), ("Dark City", (4, 8), DARK_CITY))


def play(n: int, seed: int, options: citadels.Options | None = None) -> int:
    """One game of uniformly random legal actions; returns the number of decisions."""
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed, options=options)
    rng = random.Random(seed)
    decisions = 0
    while actors := citadels.to_act(state):  # [] once the game is over
        seat = actors[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None  # `seat` is to act, so it has a legal action
        state, _ = citadels.apply(state, seat, action)
        decisions += 1
    return decisions


def timed_games(n: int, games: int, seed: int, options: citadels.Options | None = None
                ) -> tuple[float, int]:
    """(seconds, decisions) for `games` seeded games of n players."""
    start = time.perf_counter()
    decisions = sum(play(n, seed + g, options) for g in range(games))
    return time.perf_counter() - start, decisions


def machine_check_ms() -> float:
    """Milliseconds for a fixed piece of plain Python shaped like the engine's work (a 50-field
    dict copied and read, small lists scanned, function calls): the machine's own speed now."""
    fields = {f"field{i}": i for i in range(50)}
    names = [f"name{i}" for i in range(8)]

    def step(d: dict[str, int], i: int) -> int:
        copy = d.copy()
        copy["field7"] = i
        return copy["field3"] + (f"name{i & 15}" in names)

    start = time.perf_counter()
    for i in range(40_000):
        step(fields, i)
    return (time.perf_counter() - start) * 1e3


def per_call_us(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


def speed_tables(games: int, seed: int, repeat: int, tables: tuple[Table, ...] = TABLES
                 ) -> list[str]:
    """Each table's title and games-per-second lines, one per player count.

    The runs are interleaved: round after round, one run of every row. This machine's slow
    spells last seconds to minutes, so a row's runs made back to back could all fall in one;
    spread over the whole measure, each row's median sees the same mix of moments.
    """
    rows = [(n, options) for _, counts, options in tables for n in counts]
    runs: list[list[tuple[float, int]]] = [[] for _ in rows]
    for _ in range(max(1, repeat)):
        for row, (n, options) in enumerate(rows):
            runs[row].append(timed_games(n, games, seed, options))
    lines: list[str] = []
    row = 0
    for title, counts, _ in tables:
        lines += [title, HEADER]
        for n in counts:
            lines.append(_row(n, games, runs[row]))
            row += 1
    return lines


HEADER = (f"{'players':>7} {'games':>6} {'runs':>5} {'games/s':>9} {'fastest':>8} "
          f"{'slowest':>8} {'us/decision':>12} {'decisions/game':>15}")


def speed_table(games: int, seed: int, repeat: int, counts: tuple[int, ...] = (2, 4, 7),
                options: citadels.Options | None = None) -> list[str]:
    """The games-per-second lines of one table (its header first), one per player count."""
    return speed_tables(games, seed, repeat, (("", counts, options),))[1:]


def _row(n: int, games: int, runs: list[tuple[float, int]]) -> str:
    decisions = runs[0][1]  # the same seeded games every run
    seconds = sorted(elapsed for elapsed, _ in runs)
    median = statistics.median(seconds)
    return (f"{n:>7} {games:>6} {len(runs):>5} {games / median:>9.1f} "
            f"{games / seconds[0]:>8.1f} {games / seconds[-1]:>8.1f} "
            f"{median / decisions * 1e6:>12.1f} {decisions / games:>15.1f}")


def cost_lines(seed: int) -> list[str]:
    """Per-call costs on a state somewhere mid-game."""
    state = citadels.new_game(["a", "b", "c", "d"], seed=seed)
    rng = random.Random(0)
    for _ in range(60):  # somewhere mid-game
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, rng.choice(citadels.legal_actions(state, seat)))
    blob = state.model_dump_json()
    seat = citadels.to_act(state)[0]
    action = citadels.legal_actions(state, seat)[0]
    apply_us = per_call_us(lambda: citadels.apply(state, seat, action), 2000)
    deep = per_call_us(lambda: state.model_copy(deep=True), 2000)
    parse = per_call_us(lambda: citadels.GameState.model_validate_json(blob), 2000)
    return [
        f"apply (copy-on-write clone + action): {apply_us:.1f} us",
        f"full deep copy (model_copy deep, for comparison): {deep:.1f} us",
        f"serialise (model_dump_json): {per_call_us(state.model_dump_json, 2000):.1f} us, "
        f"{len(blob)} bytes",
        f"parse (model_validate_json): {parse:.1f} us",
        f"view (one player): {per_call_us(lambda: citadels.view(state, 'a'), 2000):.1f} us",
        f"determinize: {per_call_us(lambda: citadels.determinize(state, 'a', rng), 500):.1f} us",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per run and player count (Citadels 300, Catan 10, Cities 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs per player count")
    parser.add_argument("--game", choices=("citadels", "catan", "cities"), default="citadels")
    args = parser.parse_args(argv)
    if args.game == "catan":
        from bench import catan_engine
        catan_engine.main(args.games or 10, args.seed)
        return
    if args.game == "cities":
        from bench import cities_engine
        cities_engine.main(args.games or 20, args.seed)
        return
    args.games = args.games or 300
    # The interpreter's build weighs as much as the machine (scripts/venv.sh): name it.
    print(f"python {platform.python_version()} ({os.path.realpath(sys.executable)})")
    print(f"machine check before: {machine_check_ms():.1f} ms", flush=True)
    for line in speed_tables(args.games, args.seed, args.repeat):
        print(line, flush=True)
    print(f"machine check after: {machine_check_ms():.1f} ms", flush=True)
    for line in cost_lines(args.seed):
        print(line)


if __name__ == "__main__":
    main()
