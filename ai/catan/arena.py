"""Play computer players against each other and report win rates.

    python -m ai.catan.arena --players expert,basic,basic,basic --games 300 --seed 1

The shared arena (ai/arena.py) with a random board per deal and a turn cap: a game still
running at the cap has no winner, counts as a loss for every seat and is reported.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence

from ai import arena
from ai.arena import Cap, Match, Played
from ai.player import Player
from rules.catan import scoring
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

from . import make_player

TURN_CAP = 400


def _arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--layout", choices=["random", "beginner"], default="random")
    ap.add_argument("--worlds", type=int, default=None,
                    help="worlds the expert searches per decision (0: its heuristics alone)")


MATCH = Match(
    GAME, make_player, options=lambda args, deal: Options(layout=args.layout),
    describe=lambda args: f", {args.layout} layout", arguments=_arguments,
    settings=lambda args: {"expert": {"worlds": args.worlds} if args.worlds is not None else {}},
    cap=Cap(turns=lambda s: int(s.turn),
            points=lambda s: [scoring.points(s, i) for i in range(len(s.seats))],
            turn_cap=TURN_CAP),
    seats="one per seat (3 or 4)")


def next_seat(state: GameState) -> str:
    """Who decides next: an offerer waits for its addressees' answers."""
    return arena.next_seat(GAME, state)


def play_game(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
              rotation: int = 0, turn_cap: int = TURN_CAP,
              options: Options | None = None,
              watch: Callable[[GameState], None] | None = None) -> Played:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P] (`watch`: see
    ai.arena.play)."""
    return arena.play(MATCH, strengths, players, seed, rotation,
                      options or Options(layout="random"), turn_cap, watch)


def main(argv: Sequence[str] | None = None) -> None:
    arena.main(MATCH, argv, __doc__)


if __name__ == "__main__":
    main()
