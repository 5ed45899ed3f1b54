"""The platform's game interface (rules.game.Game) over an engine of pydantic states and kernel
actions: every method that only hands over to the engine is written here, once, so a game's
Game subclass holds what its rules add (options, the result, must_decide...).

    class Catan(EngineGame[GameState, Action]):
        id = "catan"
        ...
        engine = rules.catan       # its functions: to_act, legal_actions, apply, view...
        actions = ACTIONS          # the action adapter (rules/kernel/actions.py)
        state_type = GameState
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from rules.game import JSON, Game, GameEvent

from .actions import Action, Actions

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A", bound=Action)


class Engine(Protocol[S, A]):
    """The functions an engine offers (a module that has them all will do)."""

    def to_act(self, state: S, /) -> list[str]: ...

    def legal_actions(self, state: S, seat: str, /) -> list[A]: ...

    def random_action(self, state: S, seat: str, rng: random.Random, /) -> A | None: ...

    def apply(self, state: S, seat: str, action: A, /) -> tuple[S, Sequence[GameEvent]]: ...

    def view(self, state: S, seat: str | None, /) -> JSON: ...

    def determinize(self, state: S, seat: str | None, rng: random.Random, /) -> S: ...


class EngineGame(Game[S, A]):
    """A Game whose moves, views and JSON forms are its engine's: `engine` (see Engine),
    `actions` (the action adapter) and `state_type` (the state model) name them."""

    engine: Engine[S, A]
    actions: Actions[A]
    state_type: type[S]

    def to_act(self, state: S) -> list[str]:
        return self.engine.to_act(state)

    def legal_actions(self, state: S, seat: str) -> list[A]:
        return self.engine.legal_actions(state, seat)

    def random_action(self, state: S, seat: str, rng: random.Random) -> A | None:
        return self.engine.random_action(state, seat, rng)

    def apply(self, state: S, seat: str, action: A | Mapping[str, Any]
              ) -> tuple[S, list[GameEvent]]:
        """An action parsed already (the platform's `parse_action`) is taken as it is: the
        adapter and the engine pass an action through, so a click is parsed once."""
        new, events = self.engine.apply(state, seat, self.actions.parse(action))
        return new, list(events)

    def parse_action(self, data: A | Mapping[str, Any]) -> A:
        return self.actions.parse(data)

    def dump_action(self, action: A) -> JSON:
        return self.actions.dump(action)

    def view(self, state: S, seat: str | None) -> JSON:
        return self.engine.view(state, seat)

    def determinize(self, state: S, seat: str | None, rng: random.Random) -> S:
        return self.engine.determinize(state, seat, rng)

    def dump_state(self, state: S) -> JSON:
        return {"schema": self.state_schema, **state.model_dump(mode="json")}

    def load_state(self, data: Mapping[str, Any]) -> S:
        """A state from dump_state's output (`schema` is the dump's, not a field)."""
        return self.state_type.model_validate({k: v for k, v in data.items() if k != "schema"})
