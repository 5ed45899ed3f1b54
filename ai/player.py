"""The one interface every computer player implements, for any game, and the way to find a
game's players (its `ai` package in rules.registry).

A player sees a seat's view and that seat's legal actions, never the state.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from rules import registry
from rules.game import Game

View = dict[str, Any]


@runtime_checkable
class Player(Protocol):
    """A computer player of one game. `choose` may take its time (up to `deadline`);
    `fallback` must answer at once, from the same view and legal actions."""

    name: str

    def choose(self, view: View, legal: Sequence[Any], rng: random.Random,
               deadline: float | None = None) -> Any:
        """One of `legal`, or where the list holds representative forms only, an action the
        game's `is_legal` grants (Catan: a listed offer's terms to several seats).
        `deadline` (time.monotonic) lets a search stop early."""
        ...

    def fallback(self, view: View, legal: Sequence[Any]) -> Any:
        """An instant move, for when a decision runs out of time."""
        ...


@dataclass(frozen=True)
class Hint:
    """A suggestion for a person: the action (as the game dumps it) and why, as a reason code
    with its facts, which the game's UI words."""

    action: dict[str, Any]
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


def suggest(game_id: str, view: View, legal: Sequence[Any], rng: random.Random,
            deadline: float | None = None) -> Hint | None:
    """The game's hint for a seat (its ai package's `hints.suggest`), from its view and legal
    moves; None if the game gives none."""
    try:
        hints = importlib.import_module(players_for(game_id).__name__ + ".hints")
    except ModuleNotFoundError:
        return None
    hint: Hint = hints.suggest(view, legal, rng, deadline)
    return hint


class MakePlayer(Protocol):
    """An ai package's `make_player`: a player by lobby name."""

    def __call__(self, strength: str, **options: Any) -> Player: ...


def maker(players: Mapping[str, Callable[..., Player]]) -> MakePlayer:
    """A game's `make_player` over its players by lobby name (in the lobby's order, weakest
    first): options go to the named one's constructor; ValueError for any other name."""
    def make_player(strength: str, **options: Any) -> Player:
        if strength not in players:
            raise ValueError(f"unknown strength {strength!r}; choose from {list(players)}")
        return players[strength](**options)

    return make_player


def players_for(game_id: str) -> ModuleType:
    """The game's ai package: STRENGTHS, STAND_IN and make_player(strength)."""
    name = registry.entry(game_id).ai
    if name is None:
        raise LookupError(f"game {game_id!r} has no computer players")
    return importlib.import_module(name)


def strengths(game_id: str) -> tuple[str, ...]:
    """The strengths a lobby offers for `game_id`, weakest first."""
    found: tuple[str, ...] = tuple(players_for(game_id).STRENGTHS)
    return found


def make_player(strength: str, game_id: str, **options: Any) -> Player:
    """A player of `game_id` by lobby name (options go to its constructor)."""
    made: Player = players_for(game_id).make_player(strength, **options)
    return made


def decide(state: Any, seat: str, player: Player, rng: random.Random,
           deadline: float | None = None, *, game: Game[Any, Any]) -> Any:
    """Table side: ask `player` for `seat`'s move in `game` (the rules object of the state's
    game), handing over only `seat`'s view and legal moves."""
    return player.choose(game.view(state, seat), game.legal_actions(state, seat), rng,
                         deadline=deadline)
