"""Citadels' computer players: random (ai.random_player, any game's), basic (heuristic) and
expert (ISMCTS search).

    from ai.citadels import make_player
    from rules.citadels.game import GAME
    player = make_player("expert", iterations=200)
    action = ai.player.decide(state, seat, player, random.Random(seed), game=GAME)

Each sees its seat's view and legal actions (ai.player.Player); the expert samples worlds
consistent with that view alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ai.player import Player, maker
from ai.random_player import RandomPlayer
from rules.citadels import Action

from .basic import BasicPlayer, basic_move
from .expert import ExpertPlayer
from .strategy import Strategy, View, sampler_for


class CitadelsPlayer:
    """A strategy as the platform's Player: it gets a sampler of worlds built from its view."""

    def __init__(self, strategy: Strategy) -> None:
        self.strategy = strategy
        self.name = strategy.name

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        return self.strategy.choose(view, legal, rng, sample=sampler_for(view),
                                    deadline=deadline)

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def _playing(strategy: Callable[..., Strategy]) -> Callable[..., Player]:
    """A strategy's constructor made the platform's Player's."""
    def made(**options: Any) -> Player:
        return CitadelsPlayer(strategy(**options))

    return made


# Lobby names, weakest first; options go to the constructor (e.g. the expert's `iterations`).
PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer, "basic": _playing(BasicPlayer), "expert": _playing(ExpertPlayer)}
STRENGTHS: tuple[str, ...] = tuple(PLAYERS)
STAND_IN = "basic"  # plays a person's seat while they are away
make_player = maker(PLAYERS)

assert STAND_IN in STRENGTHS
