"""Play computer players against each other and report win rates.

    python -m ai.citadels.arena --players expert,basic,basic,basic --games 200 --seed 1

Game g replays deal number g // P with the seats rotated by g % P (P = player count), so every
strength plays every seat on the same deals. Win rates are per seat of that strength, with a
95% Wilson interval; parity is 1/P.
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

from ai.player import Player, decide
from ai.stats import wilson
from rules import citadels
from rules.citadels import cast
from rules.citadels.game import GAME

from . import make_player


@dataclass
class GameResult:
    seats: list[str]  # strength per seat
    winner_seat: int
    scores: list[int]
    times: list[tuple[str, float]] = field(default_factory=list)  # (strength, seconds)
    # The same decisions' CPU seconds (thread time): wall time on a busy machine includes
    # the other processes' turns on the cores, CPU time does not.
    cpu: list[tuple[str, float]] = field(default_factory=list)


def play_game(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
              rotation: int = 0, max_decisions: int = 5000,
              options: citadels.Options | None = None) -> GameResult:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]."""
    n = len(strengths)
    seats = [strengths[(i + rotation) % n] for i in range(n)]
    ids = [f"p{i}" for i in range(n)]
    state = citadels.new_game(ids, seed=seed, options=options)
    rngs = [random.Random(seed * 1000 + 17 * i + rotation) for i in range(n)]
    times: list[tuple[str, float]] = []
    cpu: list[tuple[str, float]] = []
    for _ in range(max_decisions):
        acting = citadels.to_act(state)
        if not acting:
            break
        seat = ids.index(acting[0])
        start, start_cpu = time.perf_counter(), time.thread_time()
        action = decide(state, acting[0], players[seats[seat]], rngs[seat], game=GAME)
        times.append((seats[seat], time.perf_counter() - start))
        cpu.append((seats[seat], time.thread_time() - start_cpu))
        state, _ = citadels.apply(state, acting[0], action)
    else:
        raise RuntimeError("game did not finish")
    sc = citadels.scores(state)
    assert state.winner is not None
    return GameResult(seats, ids.index(state.winner), [sc[i].total for i in ids], times, cpu)


def summarize(results: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name in sorted({s for r in results for s in r.seats}):
        seats = [(r, i) for r in results for i, s in enumerate(r.seats) if s == name]
        wins = sum(1 for r, i in seats if r.winner_seat == i)
        times = sorted(t for r in results for s, t in r.times if s == name)
        cpu = sorted(t for r in results for s, t in r.cpu if s == name)
        lo, hi = wilson(wins, len(seats))
        out[name] = {
            "seats": len(seats), "wins": wins, "win_rate": wins / len(seats),
            "ci95": (lo, hi), "mean_score": statistics.fmean(r.scores[i] for r, i in seats),
            "p50_ms": 1000 * times[len(times) // 2] if times else 0.0,
            "p95_ms": 1000 * times[int(len(times) * 0.95)] if times else 0.0,
            "max_ms": 1000 * times[-1] if times else 0.0, "decisions": len(times),
            "cpu_p95_ms": 1000 * cpu[int(len(cpu) * 0.95)] if cpu else None,
        }
    return out


def report(results: Sequence[GameResult], label: str) -> None:
    n = len(results[0].seats)
    print(f"{len(results)} games, {label}; parity {1 / n:.1%}")
    for name, s in summarize(results).items():
        print(f"{name:>7}: win {s['win_rate']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}] "
              f"over {s['seats']} seats, mean score {s['mean_score']:.1f}, decision "
              f"p50 {s['p50_ms']:.2f} ms p95 {s['p95_ms']:.2f} ms max {s['max_ms']:.0f} ms"
              + (f" (CPU p95 {s['cpu_p95_ms']:.2f} ms)" if s["cpu_p95_ms"] is not None else ""))


def save(results: Sequence[GameResult], path: str) -> None:
    with open(path, "w") as f:
        json.dump([asdict(r) for r in results], f)


def load(path: str) -> list[GameResult]:
    with open(path) as f:
        return [GameResult(r["seats"], r["winner_seat"], r["scores"],
                           [tuple(t) for t in r["times"]], [tuple(t) for t in r.get("cpu", [])])
                for r in json.load(f)]


def game_options(preset: str, rank9: str | None, deal: int) -> citadels.Options:
    """The cast of one deal ("random": drawn from the deal, the same for every rotation)."""
    pick = random.Random(deal).choice
    return citadels.Options.model_validate(cast.preset(preset, rank9, pick))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", help="comma-separated strengths, one per seat")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="first game index (to split one match over processes)")
    ap.add_argument("--out", help="save the raw results as JSON")
    ap.add_argument("--merge", nargs="+", help="report on saved results instead of playing")
    ap.add_argument("--iterations", type=int, default=None, help="expert search iterations")
    ap.add_argument("--cast", choices=cast.PRESETS, default="classic",
                    help="the characters: Classic, Dark City or one of each rank at random")
    ap.add_argument("--rank9", choices=["artist", "queen"], help="the ninth character")
    ap.add_argument("--progress", type=int, default=0, help="report every N games on stderr")
    args = ap.parse_args(argv)
    if args.merge:
        report([r for path in args.merge for r in load(path)], "merged " + " ".join(args.merge))
        return
    if not args.players:
        ap.error("--players is required")
    strengths = args.players.split(",")
    n = len(strengths)
    options = {"expert": {"iterations": args.iterations} if args.iterations else {}}
    players = {s: make_player(s, **options.get(s, {})) for s in sorted(set(strengths))}
    results = []
    start = time.time()
    for g in range(args.start, args.start + args.games):
        deal = args.seed + g // n
        results.append(play_game(strengths, players, seed=deal, rotation=g % n,
                                 options=game_options(args.cast, args.rank9, deal)))
        if args.progress and len(results) % args.progress == 0:
            wins = sum(1 for r in results if r.seats[r.winner_seat] == strengths[0])
            print(f"  {len(results)} games: {strengths[0]} won {wins}", file=sys.stderr,
                  flush=True)
    if args.out:
        save(results, args.out)
    nine = f" + {args.rank9}" if args.rank9 else ""
    report(results, f"{n} players ({args.players}), {args.cast} cast{nine}, seed {args.seed}, "
                    f"games {args.start}.."
                    f"{args.start + args.games - 1}, {time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
