"""What the Catan expert's search could gain from what no fair player knows (issue 45).

    python -m bench.catan_oracle [--players 3] [--games 150] [--seed 71001] [--rounds 6]
                                 [--worlds 1] [--processes 2]

One expert seat against basic players, as `python -m ai.catan.arena` seats them. Where the
expert's heuristics end its turn, each candidate move (search.candidates) is played on, the
turn finished by its heuristics and `--rounds` rounds by the basic player in every seat, in
`--worlds` worlds, and the best mean value.relative is played. The worlds are drawn four ways,
each over the same games:

- `view`: from the seat's view (ai.catan.world: what a fair player may do);
- `hands`: the true state with the dice to come drawn at random (every hidden card known);
- `dice`: hands dealt from the view, the true state's generator (the dice to come known, as
  long as the world draws as the game does);
- `both`: the true state (a bound: the others are basic players, so only the dice's
  divergence is left unknown).

It prints each way's win rate with its 95% interval and, against `view`, the games won that
`view` lost and the reverse. The set-up is the expert's own (its fair search), so only the
turn's search differs. A search that cheats is a measure, never a player: nothing here is
reachable from ai.catan.make_player.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import Any

from ai.catan import expert, make_player, search, value
from ai.catan.arena import play_game
from ai.catan.seen import View, read
from ai.stats import wilson
from rules.catan.actions import Action
from rules.catan.state import GameState

WAYS = ("view", "hands", "dice", "both")


def sampler(way: str, truth: GameState) -> search.Sample:
    """The worlds a search of `way` plays in, `truth` being the game's state."""
    def hands(view: View, rng: random.Random) -> GameState:
        world = truth.clone()
        world.rng = rng.getrandbits(64)
        return world

    def dice(view: View, rng: random.Random) -> GameState:
        world = search.from_view(view, rng)
        world.rng = truth.rng
        return world

    ways: dict[str, search.Sample] = {"view": search.from_view, "hands": hands, "dice": dice,
                                      "both": lambda view, rng: truth.clone()}
    return ways[way]


def searched_move(view: View, legal: Sequence[Action], rng: random.Random,
                  sample: search.Sample, rounds: int, worlds: int) -> Action:
    """The expert's move, its turn's end searched `rounds` rounds on in `sample`'s worlds."""
    first = expert.heuristic(view, legal)
    if first.type != "end_turn" or not expert.searched(view, legal):
        return expert.ExpertPlayer().choose(view, legal, rng)
    s = read(view, expert.EXPERT)
    turns = rounds * len(s.names)
    return search.compare(
        view, search.candidates(s, legal, first), first, rng, worlds, 10**9, None,
        lambda after: search.play_out(after, view["you"], expert.heuristic, 20_000, turns),
        lambda after: value.relative(after, s.me), sample)


class Oracle:
    """The expert seat of `way`: the arena shows it each state (`watch`) before it decides."""

    name = "expert"

    def __init__(self, way: str, rounds: int, worlds: int) -> None:
        self.way, self.rounds, self.worlds = way, rounds, worlds
        self.truth: GameState | None = None

    def watch(self, state: GameState) -> None:
        self.truth = state

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        assert self.truth is not None
        return searched_move(view, legal, rng, sampler(self.way, self.truth), self.rounds,
                             self.worlds)

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        return expert.ExpertPlayer().fallback(view, legal)


def one(job: tuple[str, int, int, int, int, int]) -> tuple[str, int, bool]:
    """Game `g` (the arena's deal and seat rotation) with `way`'s search: did it win?"""
    way, g, n, seed, rounds, worlds = job
    oracle = Oracle(way, rounds, worlds)
    played = play_game(["expert", *["basic"] * (n - 1)],
                       {"expert": oracle, "basic": make_player("basic")},
                       seed + g // n, g % n, watch=oracle.watch)
    return way, g, any(played.seats[w] == "expert" for w in played.winners)


def report(results: Sequence[tuple[str, int, bool]], ways: Sequence[str],
           out: Callable[[str], Any] = print) -> dict[str, dict[int, bool]]:
    won: dict[str, dict[int, bool]] = {w: {} for w in ways}
    for way, g, win in results:
        won[way][g] = win
    for way in ways:
        games = won[way]
        wins = sum(games.values())
        lo, hi = wilson(wins, len(games))
        line = f"{way:>5}: {wins}/{len(games)} = {wins / len(games):.1%} [{lo:.1%}, {hi:.1%}]"
        if way != "view" and "view" in won:
            common = set(games) & set(won["view"])
            up = sum(1 for g in common if games[g] and not won["view"][g])
            down = sum(1 for g in common if won["view"][g] and not games[g])
            line += f"; against view: won {up}, lost {down}"
        out(line)
    return won


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=3, choices=(3, 4))
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=71001)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--worlds", type=int, default=1)
    ap.add_argument("--ways", default=",".join(WAYS))
    ap.add_argument("--processes", type=int, default=2)
    a = ap.parse_args(argv)
    ways = a.ways.split(",")
    jobs = [(w, g, a.players, a.seed, a.rounds, a.worlds) for w in ways for g in range(a.games)]
    print(f"{a.games} games, expert against {a.players - 1} basic, seed {a.seed}; the turn's "
          f"end searched {a.rounds} rounds on in {a.worlds} world(s)")
    with Pool(a.processes) as pool:
        report(pool.map(one, jobs, chunksize=1), ways)


if __name__ == "__main__":
    main()
