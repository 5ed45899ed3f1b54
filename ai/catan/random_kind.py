"""Catan's random strength: a uniform kind of action, then a uniform action of that kind, so
that the hundreds of one-card trade offers do not drown the builds (like the engine's
random_action, but from the legal actions alone)."""

from __future__ import annotations

from ai.random_player import RandomPlayer


class RandomKindPlayer(RandomPlayer):
    def __init__(self) -> None:
        super().__init__(kind=lambda action: str(action.type))
