"""The checks every handler shares: the explicit `raise` keeps a refusal's message unformatted
until it is needed (handlers run on every action of every simulated game)."""

from __future__ import annotations

from .errors import IllegalAction
from .state import GameState, Player


def check(ok: bool, reason: str) -> None:
    if not ok:
        raise IllegalAction(reason)


def main_phase(s: GameState) -> None:
    if not s.gathered:
        raise IllegalAction("gather resources first: take gold or draw cards")
    if s.drawn:
        raise IllegalAction("choose which drawn card to keep first")


def use_power(s: GameState, character: str) -> None:
    """`character`'s power may be used now (once a turn, after the resources)."""
    main_phase(s)
    if s.current != character:
        raise IllegalAction(f"only the {character} can do that")
    if s.power_used:
        raise IllegalAction(f"the {character}'s power was already used this turn")


def acting(s: GameState) -> Player:
    """The player who plays the current turn (the Witch's once she resumes)."""
    seat = s.turn_player()
    assert seat is not None, "no character is playing"
    return s.player(seat)
