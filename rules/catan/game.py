"""Catan with Cities & Knights behind the platform's game interface (rules.game.Game).

Every method is the engine's own function (those that only hand over to it are the kernel's,
rules/kernel/game.py): nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.game import IllegalAction, InvalidOptions, Result
from rules.kernel.game import EngineGame

from . import engine, legal, scoring
from .actions import ACTIONS, Action
from .state import GameState, Options

ENGINE_VERSION = 1


class Catan(EngineGame[GameState, Action]):
    id = "catan"
    min_players = engine.MIN_PLAYERS
    max_players = engine.MAX_PLAYERS
    Options = Options
    engine_version = ENGINE_VERSION
    state_schema = 1
    # Its functions: to_act, legal_actions (offers and discards: one-card forms), apply...
    engine = engine
    actions = ACTIONS
    state_type = GameState

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> GameState:
        if not self.min_players <= len(seats) <= self.max_players:
            raise InvalidOptions("players", f"{self.min_players}-{self.max_players} players")
        checked = self.options(options, players=len(seats))
        assert isinstance(checked, Options)
        return engine.new_game(list(seats), checked, seed)

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
        key = (f"{state.turn}:{d.kind}:{d.stage}:{d.count}:{d.target}:{sorted(d.give.items())}"
               f":{sorted(d.get.items())}:{d.nodes}:{d.edges}:{d.knight}:{cards}"
               f":{sorted(player.progress)}")
        if d.kind == "trade_reply":  # the offerer picks among every reply, not the first's
            key += "".join(f"|{r.target}:{sorted(r.give.items())}:{sorted(r.get.items())}"
                           for r in state.pending if r.kind == "trade_reply")
        return key

    def is_legal(self, state: GameState, seat: str, action: Action | Mapping[str, Any]
                 ) -> bool:
        """Any multiset of cards an offer, discard or gift may hold: apply is the judge."""
        try:
            engine.apply(state, seat, self.parse_action(action))
        except IllegalAction:
            return False
        return True

    def default_action(self, state: GameState, seat: str) -> Action | None:
        """What a timer plays for `seat` (§3.5's defaults)."""
        return engine.default_action(state, seat)

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


GAME = Catan()
