"""Catan (Cities & Knights) computer players: random (a uniform kind, then action), basic
(heuristic) and expert (the basic heuristics with a determinized lookahead).

    from ai.catan import make_player
    player = make_player("expert")
    action = player.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)

Each sees its seat's view and legal actions only (ai.player.Player).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.player import Player

from .basic import BasicPlayer
from .expert import ExpertPlayer
from .random_kind import RandomKindPlayer

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"  # plays a person's seat while they are away
_PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomKindPlayer, "basic": BasicPlayer, "expert": ExpertPlayer}


def make_player(strength: str, **options: Any) -> Player:
    """A player by lobby name, one of STRENGTHS (options go to its constructor, e.g. the
    expert's `worlds`); ValueError for any other name."""
    if strength not in _PLAYERS:
        raise ValueError(f"unknown strength {strength!r}; choose from {list(STRENGTHS)}")
    return _PLAYERS[strength](**options)


assert set(STRENGTHS) == set(_PLAYERS) and STAND_IN in STRENGTHS
