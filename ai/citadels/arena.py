"""Play computer players against each other and report win rates.

    python -m ai.citadels.arena --players expert,basic,basic,basic --games 200 --seed 1

The shared arena (ai/arena.py) with the cast of each deal: Classic, Dark City, or one
character of each rank drawn from the deal.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping, Sequence

from ai import arena
from ai.arena import Match, Played
from ai.player import Player
from rules import citadels
from rules.citadels import cast
from rules.citadels.game import GAME

from . import make_player


def game_options(preset: str, rank9: str | None, deal: int) -> citadels.Options:
    """The cast of one deal ("random": drawn from the deal, the same for every rotation)."""
    pick = random.Random(deal).choice
    return citadels.Options.model_validate(cast.preset(preset, rank9, pick))


def _arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--iterations", type=int, default=None, help="expert search iterations")
    ap.add_argument("--cast", choices=cast.PRESETS, default="classic",
                    help="the characters: Classic, Dark City or one of each rank at random")
    ap.add_argument("--rank9", choices=["artist", "queen"], help="the ninth character")


MATCH = Match(
    GAME, make_player, options=lambda args, deal: game_options(args.cast, args.rank9, deal),
    describe=lambda args: f", {args.cast} cast" + (f" + {args.rank9}" if args.rank9 else ""),
    arguments=_arguments,
    settings=lambda args: {"expert": {"iterations": args.iterations} if args.iterations else {}})


def play_game(strengths: Sequence[str], players: Mapping[str, Player], seed: int,
              rotation: int = 0, options: citadels.Options | None = None) -> Played:
    """One game: deal `seed`, seat i played by strengths[(i + rotation) % P]."""
    return arena.play(MATCH, strengths, players, seed, rotation, options)


def main(argv: Sequence[str] | None = None) -> None:
    arena.main(MATCH, argv, __doc__)


if __name__ == "__main__":
    main()
