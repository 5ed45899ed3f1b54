"""Catan with Cities & Knights behind the platform's game interface (rules.game.Game).

Every method is the engine's own function: nothing here computes a rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.game import JSON, Game, GameEvent, IllegalAction, InvalidOptions, Result

from . import engine, legal, scoring, views
from .actions import Action
from .determinize import determinize
from .state import GameState, Options

ENGINE_VERSION = 1


class Catan(Game[GameState, Action]):
    id = "catan"
    min_players = engine.MIN_PLAYERS
    max_players = engine.MAX_PLAYERS
    Options = Options
    engine_version = ENGINE_VERSION
    state_schema = 1

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> GameState:
        if not self.min_players <= len(seats) <= self.max_players:
            raise InvalidOptions("players", f"{self.min_players}-{self.max_players} players")
        checked = self.options(options, players=len(seats))
        assert isinstance(checked, Options)
        return engine.new_game(list(seats), checked, seed)

    def to_act(self, state: GameState) -> list[str]:
        return engine.to_act(state)

    def must_decide(self, state: GameState) -> list[str]:
        return engine.must_decide(state)

    def decision_key(self, state: GameState, seat: str) -> str | None:
        """A seat asked a decision (§3.5: a discard on a 7, an answer to an offer, a gift...)
        keeps it while the others asked beside it answer theirs: the decision and the seat's
        own cards name it. The turn's own moves: None (one seat decides at a time)."""
        index = state.seat_of(seat)
        d = legal.decision_of(state, index) if index is not None else None
        if d is None or index is None:
            return None
        player = state.players[index]
        cards = ",".join(f"{k}{n}" for k, n in sorted(player.cards.items()) if n)
        return (f"{state.turn}:{d.kind}:{d.stage}:{d.count}:{d.target}:{sorted(d.give.items())}"
                f":{sorted(d.get.items())}:{d.nodes}:{d.edges}:{d.knight}:{cards}"
                f":{sorted(player.progress)}")

    def legal_actions(self, state: GameState, seat: str) -> list[Action]:
        return engine.legal_actions(state, seat)  # offers and discards: one-card forms

    def is_legal(self, state: GameState, seat: str, action: Action | Mapping[str, Any]
                 ) -> bool:
        """Any multiset of cards an offer, discard or gift may hold: apply is the judge."""
        try:
            engine.apply(state, seat, self.parse_action(action))
        except IllegalAction:
            return False
        return True

    def random_action(self, state: GameState, seat: str, rng: random.Random) -> Action | None:
        return engine.random_action(state, seat, rng)

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """What a timer plays for `seat` (§3.5's defaults)."""
        return engine.default_action(state, seat)

    def apply(self, state: GameState, seat: str, action: Action | Mapping[str, Any]
              ) -> tuple[GameState, list[GameEvent]]:
        new, events = engine.apply(state, seat, self.parse_action(action))
        return new, list(events)

    def parse_action(self, data: Action | Mapping[str, Any]) -> Action:
        if isinstance(data, Action):
            return data
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action is a JSON object, not {type(data).__name__}")
        return Action.parse(dict(data))

    def dump_action(self, action: Action) -> JSON:
        return action.model_dump(mode="json", exclude_none=True)  # every None is a default

    def view(self, state: GameState, seat: str | None) -> JSON:
        return views.view(state, seat)

    def determinize(self, state: GameState, seat: str | None, rng: random.Random
                    ) -> GameState:
        return determinize(state, seat, rng)

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def result(self, state: GameState) -> Result | None:
        if state.phase != "over":
            return None
        seats = range(len(state.seats))
        return Result(
            ranks=scoring.ranks(state),
            scores={state.seats[i]: scoring.points(state, i) for i in seats},
            breakdown={state.seats[i]: scoring.breakdown(state, i) for i in seats})

    def dump_state(self, state: GameState) -> JSON:
        return {"schema": self.state_schema, **state.model_dump(mode="json")}

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        return GameState.model_validate({k: v for k, v in data.items() if k != "schema"})


GAME = Catan()
