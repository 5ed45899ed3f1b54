"""Nim for 2-4 players, with a secret: the rules behind rules.game.Game.

Heaps of counters; in turn each player takes 1 to 3 counters from one heap. Whoever takes the
last counter wins (in the misère variant, loses: the next player wins). Each player is dealt a
secret bonus (0-2) that only they see; it scores, and breaks ties among the others' places.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.game import JSON, Game, GameEvent, IllegalAction, Result

MAX_TAKE = 3
WIN = 10


class NimOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    heaps: int = Field(default=3, ge=1, le=5)
    size: int = Field(default=5, ge=1, le=9)
    misere: bool = False


class Take(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: str = Field(default="take", pattern="^take$")
    heap: int = Field(ge=0)
    count: int = Field(ge=1, le=MAX_TAKE)


class NimState(BaseModel):
    model_config = ConfigDict(frozen=True)

    seats: tuple[str, ...]
    heaps: tuple[int, ...]
    bonus: dict[str, int]       # secret: each seat sees only its own
    turn: int = 0               # index in seats of whoever decides
    misere: bool = False
    last: str | None = None     # who took last
    winner: str | None = None


class NimEvent:
    def __init__(self, type: str, seat: str | None, data: JSON,
                 private: dict[str, JSON] | None = None) -> None:
        self.type = type
        self.seat = seat
        self.data = data
        self.private = private or {}

    def visible_to(self, viewer: str | None) -> JSON:
        out: JSON = {"type": self.type, "player": self.seat, **self.data}
        if viewer is not None:
            out.update(self.private.get(viewer, {}))
        return out


class Nim(Game[NimState, Take]):
    id = "nim"
    min_players = 2
    max_players = 4
    Options = NimOptions
    engine_version = 1
    state_schema = 1

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> NimState:
        opts = self.options(options, players=len(seats))
        assert isinstance(opts, NimOptions)
        if len(set(seats)) != len(seats):
            raise ValueError("seats must be distinct")
        pool = [i % 3 for i in range(2 * len(seats))]
        random.Random(seed).shuffle(pool)
        return NimState(seats=tuple(seats), heaps=(opts.size,) * opts.heaps,
                        bonus=dict(zip(seats, pool, strict=False)), misere=opts.misere)

    def to_act(self, state: NimState) -> list[str]:
        return [] if state.winner is not None else [state.seats[state.turn]]

    def legal_actions(self, state: NimState, seat: str) -> list[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(heap=h, count=n) for h, size in enumerate(state.heaps)
                for n in range(1, min(size, MAX_TAKE) + 1)]

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        take = self.parse_action(action)
        if seat not in self.to_act(state):
            raise IllegalAction(f"it is not {seat}'s turn")
        if take.heap >= len(state.heaps) or take.count > state.heaps[take.heap]:
            raise IllegalAction("there are not that many counters in that heap")
        heaps = list(state.heaps)
        heaps[take.heap] -= take.count
        events: list[GameEvent] = [NimEvent("took", seat, {"heap": take.heap,
                                                           "count": take.count})]
        update: dict[str, Any] = {"heaps": tuple(heaps), "last": seat,
                                  "turn": (state.turn + 1) % len(state.seats)}
        if not any(heaps):
            after = state.seats[(state.turn + 1) % len(state.seats)]
            update["winner"] = after if state.misere else seat
            events.append(NimEvent("game_over", update["winner"], {}))
        return state.model_copy(update=update), events

    def parse_action(self, data: Take | Mapping[str, Any]) -> Take:
        if isinstance(data, Take):
            return data
        try:
            return Take.model_validate(dict(data))
        except (ValidationError, TypeError, ValueError) as exc:
            raise IllegalAction(f"malformed action: {exc}") from None

    def dump_action(self, action: Take) -> JSON:
        return action.model_dump()

    def view(self, state: NimState, seat: str | None) -> JSON:
        return {
            "you": seat,
            "heaps": list(state.heaps),
            "players": list(state.seats),
            "to_act": self.to_act(state),
            "misere": state.misere,
            "last": state.last,
            "winner": state.winner,
            "bonus": state.bonus.get(seat) if seat is not None else None,
        }

    def determinize(self, state: NimState, seat: str | None, rng: random.Random) -> NimState:
        """The others' bonuses drawn anew from the values seat has not seen."""
        pool = [i % 3 for i in range(2 * len(state.seats))]
        if seat is not None:
            pool.remove(state.bonus[seat])
        rng.shuffle(pool)
        others = [s for s in state.seats if s != seat]
        bonus = {**dict(zip(others, pool, strict=False)),
                 **({seat: state.bonus[seat]} if seat is not None else {})}
        return state.model_copy(update={"bonus": bonus})

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        scores = {s: state.bonus[s] + (WIN if s == state.winner else 0) for s in state.seats}
        order = sorted(state.seats, key=lambda s: (s != state.winner, -state.bonus[s],
                                                   state.seats.index(s)))
        return Result(
            ranks={s: i + 1 for i, s in enumerate(order)}, scores=scores,
            breakdown={s: {"win": WIN if s == state.winner else 0, "bonus": state.bonus[s]}
                       for s in state.seats})

    def dump_state(self, state: NimState) -> JSON:
        return {"schema": self.state_schema, **state.model_dump(mode="json")}

    def load_state(self, data: Mapping[str, Any]) -> NimState:
        return NimState.model_validate({k: v for k, v in data.items() if k != "schema"})


GAME = Nim()
