"""Play computer players against each other and report win rates.

    python -m ai.catan.arena --players expert,basic,basic,basic --games 300 --seed 1

Game g replays deal number g // P with the seats rotated by g % P (P = player count), so every
strength plays every seat on the same deals (a random board per deal). Win rates are per seat
of that strength, with a 95% Wilson interval; parity is 1/P. A game still running at the turn
cap has no winner: it counts as a loss for every seat and is reported.
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
from rules.catan import scoring
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

from . import make_player

TURN_CAP = 400


@dataclass
class GameResult:
    seats: list[str]  # strength per seat
    winner_seat: int | None  # None: the turn cap was hit
    scores: list[int]
    turns: int
    times: list[tuple[str, float]] = field(default_factory=list)  # (strength, seconds)
    cpu: list[tuple[str, float]] = field(default_factory=list)  # the same, thread CPU time


def next_seat(state: GameState) -> str:
    """Who decides next: an offerer waits for its addressees' answers."""
    deciding = GAME.must_decide(state)  # not an offerer whose addressees still answer
    return deciding[0] if deciding else GAME.to_act(state)[0]


def play_game(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
              rotation: int = 0, turn_cap: int = TURN_CAP,
              options: Options | None = None) -> GameResult:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]."""
    n = len(strengths)
    seats = [strengths[(i + rotation) % n] for i in range(n)]
    ids = [f"p{i}" for i in range(n)]
    state = GAME.new_game(ids, options or Options(layout="random"), seed)
    rngs = [random.Random(seed * 1000 + 17 * i + rotation) for i in range(n)]
    times: list[tuple[str, float]] = []
    cpu: list[tuple[str, float]] = []
    while not GAME.is_over(state) and state.turn <= turn_cap:
        name = next_seat(state)
        seat = ids.index(name)
        start, start_cpu = time.perf_counter(), time.thread_time()
        view, legal = GAME.view(state, name), GAME.legal_actions(state, name)
        action = players[seats[seat]].choose(view, legal, rngs[seat])
        times.append((seats[seat], time.perf_counter() - start))
        cpu.append((seats[seat], time.thread_time() - start_cpu))
        state, _ = GAME.apply(state, name, action)
    return GameResult(seats, state.winner, [scoring.points(state, i) for i in range(n)],
                      state.turn, times, cpu)


def _quantile(values: list[float], q: float) -> float:
    return 1000 * values[min(len(values) - 1, int(len(values) * q))] if values else 0.0


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
            "p50_ms": _quantile(times, 0.5), "p95_ms": _quantile(times, 0.95),
            "max_ms": 1000 * times[-1] if times else 0.0, "decisions": len(times),
            "cpu_p95_ms": _quantile(cpu, 0.95),
        }
    return out


def report(results: Sequence[GameResult], label: str) -> None:
    n = len(results[0].seats)
    capped = sum(1 for r in results if r.winner_seat is None)
    turns = statistics.fmean(r.turns for r in results)
    print(f"{len(results)} games, {label}; parity {1 / n:.1%}; mean turns {turns:.0f}; "
          f"{capped} hit the turn cap")
    for name, s in summarize(results).items():
        print(f"{name:>7}: win {s['win_rate']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}] "
              f"over {s['seats']} seats, mean score {s['mean_score']:.1f}, decision "
              f"p50 {s['p50_ms']:.2f} ms p95 {s['p95_ms']:.2f} ms max {s['max_ms']:.0f} ms "
              f"(CPU p95 {s['cpu_p95_ms']:.2f} ms)")


def save(results: Sequence[GameResult], path: str) -> None:
    with open(path, "w") as f:
        json.dump([asdict(r) for r in results], f)


def load(path: str) -> list[GameResult]:
    with open(path) as f:
        return [GameResult(r["seats"], r["winner_seat"], r["scores"], r["turns"],
                           [tuple(t) for t in r["times"]], [tuple(t) for t in r["cpu"]])
                for r in json.load(f)]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--players", help="comma-separated strengths, one per seat (3 or 4)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="first game index (to split one match over processes)")
    ap.add_argument("--turn-cap", type=int, default=TURN_CAP)
    ap.add_argument("--layout", choices=["random", "beginner"], default="random")
    ap.add_argument("--out", help="save the raw results as JSON")
    ap.add_argument("--merge", nargs="+", help="report on saved results instead of playing")
    ap.add_argument("--progress", type=int, default=0, help="report every N games on stderr")
    ap.add_argument("--worlds", type=int, default=None,
                    help="worlds the expert searches per decision (0: its heuristics alone)")
    args = ap.parse_args(argv)
    if args.merge:
        report([r for path in args.merge for r in load(path)], "merged " + " ".join(args.merge))
        return
    if not args.players:
        ap.error("--players is required")
    strengths = args.players.split(",")
    n = len(strengths)
    settings = {"expert": {"worlds": args.worlds} if args.worlds is not None else {}}
    players = {s: make_player(s, **settings.get(s, {})) for s in sorted(set(strengths))}
    options = Options(layout=args.layout)
    results = []
    start = time.time()
    for g in range(args.start, args.start + args.games):
        results.append(play_game(strengths, players, seed=args.seed + g // n, rotation=g % n,
                                 turn_cap=args.turn_cap, options=options))
        if args.progress and len(results) % args.progress == 0:
            wins = sum(1 for r in results if r.winner_seat is not None
                       and r.seats[r.winner_seat] == strengths[0])
            print(f"  {len(results)} games ({time.time() - start:.0f}s): {strengths[0]} won "
                  f"{wins}", file=sys.stderr, flush=True)
    if args.out:
        save(results, args.out)
    report(results, f"{n} players ({args.players}), {args.layout} layout, seed {args.seed}, "
                    f"games {args.start}..{args.start + args.games - 1}, "
                    f"{time.time() - start:.0f}s")


if __name__ == "__main__":
    main()
