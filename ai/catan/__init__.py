"""Catan (Cities & Knights) computer players: random (a uniform kind, then action), basic
(heuristic) and expert (the basic heuristics with a determinized lookahead).

    from ai.catan import make_player
    player = make_player("expert")
    action = player.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)

Each sees its seat's view and legal actions only (ai.player.Player).
"""

from __future__ import annotations

from collections.abc import Callable

from ai.player import Player, maker

from .basic import BasicPlayer
from .expert import ExpertPlayer
from .random_kind import RandomKindPlayer

# Lobby names, weakest first; options go to the constructor (e.g. the expert's `worlds`).
PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomKindPlayer, "basic": BasicPlayer, "expert": ExpertPlayer}
STRENGTHS: tuple[str, ...] = tuple(PLAYERS)
STAND_IN = "basic"  # plays a person's seat while they are away
make_player = maker(PLAYERS)

assert STAND_IN in STRENGTHS
