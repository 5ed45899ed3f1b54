"""Cities behind the platform's game interface (rules.game.Game).

Every method is the engine's own function (those that only hand over to it are the kernel's,
rules/kernel/game.py): nothing here computes a rule. No default action for a seat whose time
runs out (Game's None): the rules name none (docs/rules/cities.md §12), so the basic computer
player chooses for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.game import InvalidOptions, Result
from rules.kernel.game import EngineGame

from . import counts, engine, scoring
from .actions import ACTIONS, Action
from .state import GameState, Options


class Cities(EngineGame[GameState, Action]):
    id = "cities"
    engine = engine  # its functions: to_act, legal_actions, random_action, apply, view...
    actions = ACTIONS
    state_type = GameState
    Options = Options
    min_players, max_players = counts.MIN_PLAYERS, counts.MAX_PLAYERS
    # 1 still: its draws are those it always took (rules.kernel.rng.modulo), so a stored game
    # replays from its seed and its actions (tests/rules/cities/test_golden_playouts.py).
    engine_version = 1
    state_schema = 1

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        try:
            chosen = super().options(data, players)
        except InvalidOptions as exc:
            raise self._board_refused(exc) from None
        assert isinstance(chosen, Options)
        if chosen.long and players is not None and players != 2:
            raise InvalidOptions("long", "the long game is for 2 players",
                                 reason="long_needs_two", players=players)
        return chosen

    @staticmethod
    def _board_refused(exc: InvalidOptions) -> InvalidOptions:
        """A board the component set does not have, refused for its own reason (the schema
        cannot list the boards: they depend on the set); any other refusal as it was."""
        if exc.field != "board" or exc.reason is not None:
            return exc
        return InvalidOptions("board", str(exc), reason="unknown_board")

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> GameState:
        chosen = self.options(options, players=len(seats))
        assert isinstance(chosen, Options)
        if len(set(seats)) != len(seats):
            raise InvalidOptions("players", "every seat needs its own name")
        return engine.new_game(seats, chosen, seed)

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


GAME = Cities()
