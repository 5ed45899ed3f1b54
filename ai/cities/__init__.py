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
from typing import Any

from ai.player import Player
from ai.random_player import RandomPlayer

from .basic import BasicPlayer
from .expert import ExpertPlayer

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"  # plays a person's seat while they are away (docs/rules/cities.md §12)
_PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer, "basic": BasicPlayer, "expert": ExpertPlayer}


def make_player(strength: str, **options: Any) -> Player:
    """A player by lobby name, one of STRENGTHS (options go to its constructor); ValueError
    for any other name."""
    if strength not in _PLAYERS:
        raise ValueError(f"unknown strength {strength!r}; choose from {list(STRENGTHS)}")
    return _PLAYERS[strength](**options)


assert set(STRENGTHS) == set(_PLAYERS) and STAND_IN in STRENGTHS
