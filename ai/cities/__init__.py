"""Cities computer players: random (uniform over the legal actions), basic (docs/rules/cities.md
§10.9's greedy player) and expert (a judge of what the rest of the game promises, and a plan
for the whole round's takes).

    from ai.cities import make_player
    player = make_player("expert")
    action = player.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)

Each sees its seat's view and legal actions only (ai.player.Player), and keeps nothing between
decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.player import Player, maker
from ai.random_player import RandomPlayer

from .basic import BasicPlayer
from .expert import ExpertPlayer

# Lobby names, weakest first; options go to the constructor.
PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer, "basic": BasicPlayer, "expert": ExpertPlayer}
STRENGTHS: tuple[str, ...] = tuple(PLAYERS)
STAND_IN = "basic"  # plays a person's seat while they are away (docs/rules/cities.md §12)
make_player = maker(PLAYERS)

assert STAND_IN in STRENGTHS
