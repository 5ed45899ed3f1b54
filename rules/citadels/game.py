"""Citadels behind the platform's game interface (rules.game.Game): the registry's entry point.

Every method is the engine's own function (those that only hand over to it are the kernel's,
rules/kernel/game.py): nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules import citadels
from rules.game import JSON, Result
from rules.kernel.game import EngineGame

from . import ENGINE_VERSION, cast, engine, scoring
from .actions import ACTIONS, Action
from .cards import MAX_PLAYERS, MIN_PLAYERS
from .state import GameState, Options


class Citadels(EngineGame[GameState, Action]):
    id = "citadels"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS  # 8, with a rank-9 character (seats_for)
    Options = Options
    engine_version = ENGINE_VERSION
    state_schema = 2  # 2: this round's characters in `holders` (1 kept them in each player)
    engine = citadels  # the package's functions: to_act, legal_actions, apply, view...
    actions = ACTIONS
    state_type = GameState

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        """Game.options, and the cast checked against the player count
        (docs/rules/citadels-dark-city.md §2.2)."""
        checked = super().options(data, players=players)
        if players is not None:
            assert isinstance(checked, Options)
            cast.check_players(checked, players)
        return checked

    def seats_for(self, options: BaseModel) -> tuple[int, int]:
        assert isinstance(options, Options)
        return self.min_players, cast.most_players(options)

    def migrate_options(self, options: Mapping[str, Any], legacy: Mapping[str, Any]
                        ) -> dict[str, Any]:
        """Settings stored before games declared options kept the city size among the
        platform's own (`city_size`; None was the default)."""
        size = legacy.get("city_size")
        return {**options, "city_size": size} if size is not None else dict(options)

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> GameState:
        # Game.options returns a BaseModel; here always an instance of Options (self.Options).
        checked = self.options(options, players=len(seats))  # InvalidOptions("players") if not
        return engine.new_game(list(seats), seed, checked)  # type: ignore[arg-type]

    def is_over(self, state: GameState) -> bool:
        return state.finished

    def role_played(self, event: JSON) -> tuple[str, str] | None:
        if event.get("type") == "character_revealed" and event.get("player"):
            return str(event["player"]), str(event["character"])
        return None

    def result(self, state: GameState) -> Result | None:
        if not state.finished:
            return None
        table = scoring.scores(state)
        order = scoring.ranking(state, table)
        return Result(
            ranks={seat: i + 1 for i, seat in enumerate(order)},
            scores={seat: score.total for seat, score in table.items()},
            breakdown={seat: scoring.breakdown(score) for seat, score in table.items()},
            tiebreak={seat: {"rank": score.tiebreak} for seat, score in table.items()},
        )


GAME = Citadels()
