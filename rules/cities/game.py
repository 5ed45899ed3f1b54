"""Cities behind the platform's game interface (rules.game.Game): every method hands over to
the engine's own functions; nothing here computes a rule."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.game import JSON, Game, GameEvent, InvalidOptions, Result

from . import actions, counts, engine, scoring, views
from .actions import Action
from .determinize import determinize
from .legal import legal_actions
from .state import GameState, Options

ENGINE_VERSION = 1


class Cities(Game[GameState, Action]):
    id = "cities"
    min_players = counts.MIN_PLAYERS
    max_players = counts.MAX_PLAYERS
    Options = Options
    engine_version = ENGINE_VERSION
    state_schema = 1

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        chosen = super().options(data, players)
        assert isinstance(chosen, Options)
        if chosen.long and players is not None and players != 2:
            raise InvalidOptions("long", "the long game is for 2 players",
                                 reason="long_needs_two", players=players)
        return chosen

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> GameState:
        chosen = self.options(options, players=len(seats))
        assert isinstance(chosen, Options)
        if len(set(seats)) != len(seats):
            raise InvalidOptions("players", "every seat needs its own name")
        return engine.new_game(seats, chosen, seed)

    def to_act(self, state: GameState) -> list[str]:
        return engine.to_act(state)

    def legal_actions(self, state: GameState, seat: str) -> list[Action]:
        index = state.seat_of(seat)
        return [] if index is None else legal_actions(state, index)

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """None: the rules name no default for an absent player (docs/rules/cities.md §12: the
        basic computer player chooses for them)."""
        return None

    def apply(self, state: GameState, seat: str, action: Action | Mapping[str, Any]
              ) -> tuple[GameState, list[GameEvent]]:
        new, events = engine.apply(state, seat, self.parse_action(action))
        return new, list(events)

    def parse_action(self, data: Action | Mapping[str, Any]) -> Action:
        return actions.parse(data)

    def dump_action(self, action: Action) -> JSON:
        return actions.dump(action)

    def view(self, state: GameState, seat: str | None) -> JSON:
        return views.view(state, seat)

    def determinize(self, state: GameState, seat: str | None, rng: random.Random
                    ) -> GameState:
        return determinize(state, rng)  # nothing is private: the same world for every seat

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def result(self, state: GameState) -> Result | None:
        if state.phase != "over":
            return None
        table = scoring.table(state)
        scores = {seat: sum(parts.values()) for seat, parts in table.items()}
        tied = {seat for seat in scores if list(scores.values()).count(scores[seat]) > 1}
        return Result(
            ranks=scoring.standings(state), scores=scores, breakdown=table,
            tiebreak={seat: {"achievements": table[seat]["achievements"]}
                      for seat in sorted(tied, key=state.seats.index)})

    def dump_state(self, state: GameState) -> JSON:
        return {"schema": self.state_schema, **state.model_dump(mode="json")}

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        return GameState.model_validate({k: v for k, v in data.items() if k != "schema"})


GAME = Cities()
