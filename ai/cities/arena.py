"""Cities matches between computer players: win rates with 95% intervals, scores, decision
times.

    python -m ai.cities.arena --players expert,basic,basic,basic --games 300

Game g deals seed + g // P (a random achievement board each deal) with the seats rotated by
g % P, so every strength plays every seat of the same deals. A shared first place (R23) counts
as 1/k of a win for each of the k seats sharing it. Times are wall-clock per decision, with
the thread's CPU time beside them (the cores are shared).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai.player import Player
from ai.stats import wilson
from rules.cities.game import GAME
from rules.cities.state import Options

from . import make_player


@dataclass
class Played:
    seats: list[str]  # the strength at each seat
    ranks: list[int]
    scores: list[int]
    parts: list[dict[str, int]]  # each seat's points by source
    times: dict[str, list[float]] = field(default_factory=dict)  # strength -> seconds
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def win(self, seat: int) -> float:
        """1 for a win alone, 1/k for a first place shared by k."""
        return 1 / self.ranks.count(1) if self.ranks[seat] == 1 else 0.0


def play(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
         rotation: int = 0, options: Options | None = None) -> Played:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]."""
    n = len(strengths)
    seats = [strengths[(i + rotation) % n] for i in range(n)]
    names = [f"p{i}" for i in range(n)]
    state = GAME.new_game(names, options or Options(), seed)
    rngs = [random.Random(seed * 1009 + 31 * i + rotation) for i in range(n)]
    times: dict[str, list[float]] = {s: [] for s in seats}
    cpu: dict[str, list[float]] = {s: [] for s in seats}
    while acting := GAME.to_act(state):
        seat = names.index(acting[0])
        view, legal = GAME.view(state, acting[0]), GAME.legal_actions(state, acting[0])
        wall, thread = time.perf_counter(), time.thread_time()
        action = players[seats[seat]].choose(view, legal, rngs[seat])
        times[seats[seat]].append(time.perf_counter() - wall)
        cpu[seats[seat]].append(time.thread_time() - thread)
        state, _ = GAME.apply(state, acting[0], action)
    result = GAME.result(state)
    assert result is not None
    return Played(seats, [result.ranks[p] for p in names], [result.scores[p] for p in names],
                  [dict(result.breakdown[p]) for p in names], times, cpu)


def _ms(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def table(results: Sequence[Played]) -> dict[str, dict[str, Any]]:
    """Strength -> its seats, wins, win rate and interval, mean score and parts, times."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted({s for r in results for s in r.seats}):
        mine = [(r, i) for r in results for i, s in enumerate(r.seats) if s == name]
        wins = sum(r.win(i) for r, i in mine)
        times = [t for r in results for t in r.times.get(name, [])]
        cpu = [t for r in results for t in r.cpu.get(name, [])]
        parts = {k: statistics.fmean(r.parts[i][k] for r, i in mine) for k in mine[0][0].parts[0]}
        out[name] = {"seats": len(mine), "wins": wins, "rate": wins / len(mine),
                     "ci95": wilson(wins, len(mine)),
                     "score": statistics.fmean(r.scores[i] for r, i in mine), "parts": parts,
                     "p50": _ms(times, 0.5), "p95": _ms(times, 0.95), "max": _ms(times, 1.0),
                     "cpu95": _ms(cpu, 0.95), "decisions": len(times)}
    return out


def report(results: Sequence[Played], label: str) -> None:
    n = len(results[0].seats)
    shared = sum(1 for r in results if r.ranks.count(1) > 1)
    print(f"{len(results)} games, {label}; parity {1 / n:.1%}; {shared} with a shared win")
    for name, s in table(results).items():
        parts = " ".join(f"{k} {v:.1f}" for k, v in s["parts"].items())
        print(f"{name:>7}: win {s['rate']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}] over "
              f"{s['seats']} seats, mean score {s['score']:.1f} ({parts}); decision p50 "
              f"{s['p50']:.1f} ms p95 {s['p95']:.1f} ms max {s['max']:.0f} ms "
              f"(CPU p95 {s['cpu95']:.1f} ms, {s['decisions']} decisions)")


def save(results: Sequence[Played], path: str) -> None:
    with open(path, "w") as f:
        json.dump([asdict(r) for r in results], f)


def load(path: str) -> list[Played]:
    with open(path) as f:
        return [Played(**r) for r in json.load(f)]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--players", help="comma-separated strengths, one per seat (2 to 4)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="first game index (to split one match over processes)")
    ap.add_argument("--long", action="store_true", help="the long 2-player game")
    ap.add_argument("--board", default="random", help="an achievement board, or random")
    ap.add_argument("--out", help="save the raw results as JSON")
    ap.add_argument("--merge", nargs="+", help="report on saved results instead of playing")
    ap.add_argument("--progress", type=int, default=0, help="report every N games on stderr")
    args = ap.parse_args(argv)
    if args.merge:
        report([r for path in args.merge for r in load(path)], "merged " + " ".join(args.merge))
        return
    if not args.players:
        ap.error("--players is required")
    strengths = args.players.split(",")
    n = len(strengths)
    options = Options(long=args.long, board=args.board)
    players = {s: make_player(s) for s in sorted(set(strengths))}
    results = []
    start = time.time()
    for g in range(args.start, args.start + args.games):
        results.append(play(strengths, players, args.seed + g // n, g % n, options))
        if args.progress and len(results) % args.progress == 0:
            wins = sum(r.win(i) for r in results for i, s in enumerate(r.seats)
                       if s == strengths[0])
            print(f"  {len(results)} games ({time.time() - start:.0f}s): {strengths[0]} won "
                  f"{wins:g}", file=sys.stderr, flush=True)
    if args.out:
        save(results, args.out)
    last = args.start + args.games - 1
    report(results, f"{n} players ({args.players}){', long' if args.long else ''}, board "
                    f"{args.board}, seed {args.seed}, games {args.start}..{last}, "
                    f"{time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
