"""Cities matches between computer players: win rates with 95% intervals, scores, decision
times.

    python -m ai.cities.arena --players expert,basic,basic,basic --games 300

The shared arena (ai/arena.py) with a random achievement board each deal (or the one named),
the score's parts reported beside it; a shared first place (R23) counts as 1/k of a win for
each of the k seats sharing it.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from ai import arena
from ai.arena import Match, Played
from ai.player import Player
from rules.cities.game import GAME
from rules.cities.state import Options

from . import make_player


def _arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--long", action="store_true", help="the long 2-player game")
    ap.add_argument("--board", default="random", help="an achievement board, or random")


MATCH = Match(
    GAME, make_player, options=lambda args, deal: Options(long=args.long, board=args.board),
    describe=lambda args: f"{', long' if args.long else ''}, board {args.board}",
    arguments=_arguments, salt=(1009, 31), seats="one per seat (2 to 4)", parts=True)


def play(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
         rotation: int = 0, options: Options | None = None) -> Played:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]."""
    return arena.play(MATCH, strengths, players, seed, rotation, options)


def main(argv: Sequence[str] | None = None) -> None:
    arena.main(MATCH, argv, __doc__)


if __name__ == "__main__":
    main()
