"""Computer players against each other, for any game: seat-rotated matches and their win rates.

Game g replays deal number seed + g // P with the seats rotated by g % P (P = player count), so
every strength plays every seat on the same deals. Win rates are per seat of that strength, with
a 95% Wilson interval; parity is 1/P; a first place shared by k seats is 1/k of a win each, and a
game stopped at a turn cap is nobody's win. Each decision is timed from the seat's view and
legal actions to its choice, wall clock and the thread's CPU time (the cores are shared).

A game's arena (`python -m ai.<game>.arena`) is a `Match`: its rules, its players, the options
of a deal and its own command-line arguments; `main` is the command every arena shares.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai.player import Player
from ai.stats import wilson
from rules.game import Game

DECISIONS = 100_000  # a game still running after this many is an engine's bug, not a match


@dataclass
class Played:
    seats: list[str]  # the strength at each seat
    winners: list[int]  # the seats sharing first place; none when the turn cap stopped it
    scores: list[int]
    parts: list[dict[str, int]] = field(default_factory=list)  # each seat's points by source
    turns: int | None = None  # where the game counts turns (its cap's)
    times: dict[str, list[float]] = field(default_factory=dict)  # strength -> seconds
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def win(self, seat: int) -> float:
        """1 for a win alone, 1/k for a first place shared by k."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    @property
    def winner_seat(self) -> int | None:
        """The one winner's seat; None for a shared win or a capped game."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True)
class Cap:
    """A game that may not end by itself between computer players (Catan's trading seats):
    it stops after `turn_cap` turns, scored as it stands."""

    turns: Callable[[Any], int]
    points: Callable[[Any], list[int]]
    turn_cap: int


@dataclass(frozen=True)
class Match:
    """What one game's arena adds to the shared one."""

    game: Game[Any, Any]
    make_player: Callable[..., Player]
    options: Callable[[argparse.Namespace, int], Any]  # the options of a deal, from the args
    describe: Callable[[argparse.Namespace], str]  # the options, as the report's label says
    arguments: Callable[[argparse.ArgumentParser], None] = lambda ap: None
    settings: Callable[[argparse.Namespace], dict[str, dict[str, Any]]] = lambda args: {}
    cap: Cap | None = None
    salt: tuple[int, int] = (1000, 17)  # a seat's generator: seed * salt[0] + salt[1] * i + ...
    seats: str = "one per seat"
    parts: bool = False  # the report lists the mean score's parts (Cities')


def next_seat(game: Game[Any, Any], state: Any) -> str:
    """Who decides next: those the game waits for first (a Catan offerer waits for its
    addressees' answers)."""
    deciding = game.must_decide(state)
    return deciding[0] if deciding else game.to_act(state)[0]


def play(match: Match, strengths: Sequence[str], players: Mapping[str, Player], seed: int,
         rotation: int = 0, options: Any = None, turn_cap: int | None = None,
         watch: Callable[[Any], None] | None = None) -> Played:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]. `watch` is
    shown the whole state before each decision (a measure's hook, as bench.catan_oracle's
    bounds: a player only ever gets its view)."""
    game, n = match.game, len(strengths)
    seats = [strengths[(i + rotation) % n] for i in range(n)]
    names = [f"p{i}" for i in range(n)]
    state = game.new_game(names, game.Options() if options is None else options, seed)
    rngs = [random.Random(seed * match.salt[0] + match.salt[1] * i + rotation)
            for i in range(n)]
    times: dict[str, list[float]] = {s: [] for s in seats}
    cpu: dict[str, list[float]] = {s: [] for s in seats}
    cap = match.cap
    limit = turn_cap if turn_cap is not None else cap.turn_cap if cap else None
    for _ in range(DECISIONS):
        if game.is_over(state) or (cap and limit is not None and cap.turns(state) > limit):
            break
        name = next_seat(game, state)
        seat = names.index(name)
        if watch is not None:
            watch(state)
        wall, thread = time.perf_counter(), time.thread_time()
        action = players[seats[seat]].choose(game.view(state, name),
                                             game.legal_actions(state, name), rngs[seat])
        times[seats[seat]].append(time.perf_counter() - wall)
        cpu[seats[seat]].append(time.thread_time() - thread)
        state, _ = game.apply(state, name, action)
    else:
        raise RuntimeError("game did not finish")
    turns = cap.turns(state) if cap else None
    result = game.result(state)
    if result is None:  # stopped at the cap: scored as it stands, nobody won
        assert cap is not None
        return Played(seats, [], cap.points(state), [], turns, times, cpu)
    return Played(seats, [i for i, p in enumerate(names) if result.ranks[p] == 1],
                  [result.scores[p] for p in names],
                  [dict(result.breakdown.get(p, {})) for p in names], turns, times, cpu)


def _ms(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def summarize(results: Sequence[Played]) -> dict[str, dict[str, Any]]:
    """Strength -> its seats, wins, win rate and interval, mean score and parts, times."""
    out: dict[str, dict[str, Any]] = {}
    for name in sorted({s for r in results for s in r.seats}):
        mine = [(r, i) for r in results for i, s in enumerate(r.seats) if s == name]
        wins = sum(r.win(i) for r, i in mine)
        times = [t for r in results for t in r.times.get(name, [])]
        cpu = [t for r in results for t in r.cpu.get(name, [])]
        scored = [(r, i) for r, i in mine if r.parts]
        parts = ({k: statistics.fmean(r.parts[i].get(k, 0) for r, i in scored)
                  for k in scored[0][0].parts[scored[0][1]]} if scored else {})
        out[name] = {"seats": len(mine), "wins": wins, "win_rate": wins / len(mine),
                     "ci95": wilson(wins, len(mine)),
                     "mean_score": statistics.fmean(r.scores[i] for r, i in mine),
                     "parts": parts, "p50_ms": _ms(times, 0.5), "p95_ms": _ms(times, 0.95),
                     "max_ms": _ms(times, 1.0), "cpu_p95_ms": _ms(cpu, 0.95) if cpu else None,
                     "decisions": len(times)}
    return out


def report(results: Sequence[Played], label: str, parts: bool = False) -> None:
    n = len(results[0].seats)
    head = f"{len(results)} games, {label}; parity {1 / n:.1%}"
    if any(r.turns is not None for r in results):
        capped = sum(1 for r in results if not r.winners)
        turns = statistics.fmean(r.turns or 0 for r in results)
        head += f"; mean turns {turns:.0f}; {capped} hit the turn cap"
    if any(len(r.winners) > 1 for r in results) or parts:
        head += f"; {sum(1 for r in results if len(r.winners) > 1)} with a shared win"
    print(head)
    for name, s in summarize(results).items():
        split = " ".join(f"{k} {v:.1f}" for k, v in s["parts"].items()) if parts else ""
        print(f"{name:>7}: win {s['win_rate']:.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}] "
              f"over {s['seats']} seats, mean score {s['mean_score']:.1f}"
              + (f" ({split})" if split else "") + ", decision "
              f"p50 {s['p50_ms']:.2f} ms p95 {s['p95_ms']:.2f} ms max {s['max_ms']:.0f} ms"
              + (f" (CPU p95 {s['cpu_p95_ms']:.2f} ms)" if s["cpu_p95_ms"] is not None else ""))


def save(results: Sequence[Played], path: str) -> None:
    with open(path, "w") as f:
        json.dump([asdict(r) for r in results], f)


def load(path: str) -> list[Played]:
    """Saved results, in this form or an older arena's (a `winner_seat` and (strength,
    seconds) pairs: Catan's and Citadels'; `ranks`: Cities')."""
    with open(path) as f:
        return [_played(r) for r in json.load(f)]


def _played(r: dict[str, Any]) -> Played:
    def by_strength(pairs: Any) -> dict[str, list[float]]:
        if isinstance(pairs, dict):
            return {k: list(v) for k, v in pairs.items()}
        out: dict[str, list[float]] = {}
        for strength, seconds in pairs or []:
            out.setdefault(strength, []).append(seconds)
        return out

    if "winners" in r:
        winners = list(r["winners"])
    elif "ranks" in r:
        winners = [i for i, rank in enumerate(r["ranks"]) if rank == 1]
    else:
        winners = [] if r.get("winner_seat") is None else [r["winner_seat"]]
    return Played(list(r["seats"]), winners, list(r["scores"]), list(r.get("parts") or []),
                  r.get("turns"), by_strength(r.get("times")), by_strength(r.get("cpu")))


def main(match: Match, argv: Sequence[str] | None = None, doc: str | None = None) -> None:
    ap = argparse.ArgumentParser(description=(doc or __doc__ or "").splitlines()[0])
    ap.add_argument("--players", help=f"comma-separated strengths, {match.seats}")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0,
                    help="first game index (to split one match over processes)")
    if match.cap:
        ap.add_argument("--turn-cap", type=int, default=match.cap.turn_cap)
    match.arguments(ap)
    ap.add_argument("--out", help="save the raw results as JSON")
    ap.add_argument("--merge", nargs="+", help="report on saved results instead of playing")
    ap.add_argument("--progress", type=int, default=0, help="report every N games on stderr")
    args = ap.parse_args(argv)
    parts = match.parts
    if args.merge:
        report([r for path in args.merge for r in load(path)], "merged " + " ".join(args.merge),
               parts)
        return
    if not args.players:
        ap.error("--players is required")
    strengths = args.players.split(",")
    n = len(strengths)
    settings = match.settings(args)
    players = {s: match.make_player(s, **settings.get(s, {})) for s in sorted(set(strengths))}
    results = []
    start = time.time()
    for g in range(args.start, args.start + args.games):
        deal = args.seed + g // n
        results.append(play(match, strengths, players, deal, g % n, match.options(args, deal),
                            getattr(args, "turn_cap", None)))
        if args.progress and len(results) % args.progress == 0:
            wins = sum(r.win(i) for r in results for i, s in enumerate(r.seats)
                       if s == strengths[0])
            print(f"  {len(results)} games ({time.time() - start:.0f}s): {strengths[0]} won "
                  f"{wins:g}", file=sys.stderr, flush=True)
    if args.out:
        save(results, args.out)
    report(results, f"{n} players ({args.players}){match.describe(args)}, seed {args.seed}, "
                    f"games {args.start}..{args.start + args.games - 1}, "
                    f"{time.time() - start:.0f}s", parts)
