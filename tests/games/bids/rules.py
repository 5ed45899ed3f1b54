"""Sealed bids for 2-5 players, a game whose rounds open with every seat deciding at once: the
rules behind rules.game.Game, for the platform's tests of simultaneous decisions.

Each round two prizes are shown. Every player with coins secretly bids 0 or more of them, all
at the same time and in any order; once all have bid, the bids are revealed, the highest
bidder (ties: the earliest seat from the round's first) pays and, alone, picks one prize; the
other is discarded. After the last round, prizes plus coins left score. A timeout bids 0 and
picks the first prize (the rules' defaults).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.game import JSON, Game, GameEvent, IllegalAction, Result

COINS = 6
PRIZES = (1, 2, 3, 4, 5, 6, 7, 8)


class BidsOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: int = Field(default=3, ge=1, le=4)


class Bid(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: Literal["bid"] = "bid"
    coins: int = Field(ge=0, le=COINS)


class Pick(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: Literal["pick"] = "pick"
    prize: int = Field(ge=0, le=1)  # which of the two on offer


Action = Bid | Pick
_ACTION: TypeAdapter[Action] = TypeAdapter(Action)


class BidsState(BaseModel):
    model_config = ConfigDict(frozen=True)

    seats: tuple[str, ...]
    rounds: int
    round: int = 1
    coins: dict[str, int]
    deck: tuple[int, ...]                    # secret: the prizes of the rounds to come
    offer: tuple[int, ...]                   # the two prizes of this round
    bids: dict[str, int] = Field(default_factory=dict)  # secret until all have bid
    winner: str | None = None                # who picks now (the bids are revealed)
    won: dict[str, list[int]]
    over: bool = False


class BidsEvent:
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


class Bids(Game[BidsState, Action]):
    id = "bids"
    min_players = 2
    max_players = 5
    Options = BidsOptions
    engine_version = 1
    state_schema = 1

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> BidsState:
        opts = self.options(options, players=len(seats))
        assert isinstance(opts, BidsOptions)
        deck = list(PRIZES)
        random.Random(seed).shuffle(deck)
        return BidsState(seats=tuple(seats), rounds=opts.rounds, coins=dict.fromkeys(seats, COINS),
                         deck=tuple(deck[2:]), offer=tuple(deck[:2]),
                         won={s: [] for s in seats})

    def _bidding(self, state: BidsState) -> list[str]:
        return [s for s in state.seats if s not in state.bids]

    def to_act(self, state: BidsState) -> list[str]:
        if state.over:
            return []
        return [state.winner] if state.winner is not None else self._bidding(state)

    def decision_key(self, state: BidsState, seat: str) -> str | None:
        """A bid stands unchanged while the others bid; the pick is the winner's alone."""
        if seat not in self.to_act(state):
            return None
        return f"{'pick' if state.winner else 'bid'}:{state.round}"

    def legal_actions(self, state: BidsState, seat: str) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.winner is not None:
            return [Pick(prize=0), Pick(prize=1)]
        return [Bid(coins=n) for n in range(state.coins[seat] + 1)]

    def default_action(self, state: BidsState, seat: str) -> Action | None:
        if seat not in self.to_act(state):
            return None
        return Pick(prize=0) if state.winner is not None else Bid(coins=0)

    def apply(self, state: BidsState, seat: str, action: Action | Mapping[str, Any]
              ) -> tuple[BidsState, list[GameEvent]]:
        act = self.parse_action(action)
        if seat not in self.to_act(state):
            raise IllegalAction(f"{seat} has nothing to decide now")
        if isinstance(act, Bid):
            return self._bid(state, seat, act)
        if state.winner is None:
            raise IllegalAction("the bids are not revealed yet")
        return self._pick(state, seat, act)

    def _bid(self, state: BidsState, seat: str, bid: Bid) -> tuple[BidsState, list[GameEvent]]:
        if state.winner is not None:
            raise IllegalAction("the bids are revealed: the winner picks")
        if bid.coins > state.coins[seat]:
            raise IllegalAction("more coins than you have")
        bids = {**state.bids, seat: bid.coins}
        events: list[GameEvent] = [BidsEvent("bid", seat, {}, {seat: {"coins": bid.coins}})]
        if len(bids) < len(state.seats):
            return state.model_copy(update={"bids": bids}), events
        first = (state.round - 1) % len(state.seats)
        order = state.seats[first:] + state.seats[:first]
        winner = max(order, key=lambda s: (bids[s], -order.index(s)))
        coins = {**state.coins, winner: state.coins[winner] - bids[winner]}
        events.append(BidsEvent("revealed", winner, {"bids": dict(bids)}))
        return state.model_copy(update={"bids": bids, "winner": winner, "coins": coins}), events

    def _pick(self, state: BidsState, seat: str, act: Action) -> tuple[BidsState, list[GameEvent]]:
        assert isinstance(act, Pick)
        prize = state.offer[act.prize]
        won = {**state.won, seat: [*state.won[seat], prize]}
        events: list[GameEvent] = [BidsEvent("picked", seat, {"prize": prize})]
        over = state.round >= state.rounds
        update: dict[str, Any] = {"won": won, "winner": None, "bids": {}}
        if over:
            update["over"] = True
            events.append(BidsEvent("game_over", None, {}))
        else:
            update.update(round=state.round + 1, offer=state.deck[:2], deck=state.deck[2:])
        return state.model_copy(update=update), events

    def parse_action(self, data: Action | Mapping[str, Any]) -> Action:
        if isinstance(data, Bid | Pick):
            return data
        try:
            return _ACTION.validate_python(dict(data))
        except (ValidationError, TypeError, ValueError) as exc:
            raise IllegalAction(f"malformed action: {exc}") from None

    def dump_action(self, action: Action) -> JSON:
        return action.model_dump()

    def view(self, state: BidsState, seat: str | None) -> JSON:
        revealed = state.winner is not None
        return {
            "you": seat, "players": list(state.seats), "round": state.round,
            "rounds": state.rounds, "offer": list(state.offer), "coins": dict(state.coins),
            "won": {s: list(p) for s, p in state.won.items()},
            "to_act": self.to_act(state), "winner": state.winner,
            "has_bid": sorted(state.bids),
            "bids": dict(state.bids) if revealed else {},
            "my_bid": state.bids.get(seat) if seat is not None else None,
            "over": state.over,
        }

    def determinize(self, state: BidsState, seat: str | None, rng: random.Random) -> BidsState:
        """The prizes to come shuffled, and the bids seat has not seen drawn anew."""
        deck = list(state.deck)
        rng.shuffle(deck)
        bids = dict(state.bids)
        if state.winner is None:
            for other in bids:
                if other != seat:
                    bids[other] = rng.randint(0, state.coins[other])
        return state.model_copy(update={"deck": tuple(deck), "bids": bids})

    def result(self, state: BidsState) -> Result | None:
        if not state.over:
            return None
        scores = {s: sum(state.won[s]) + state.coins[s] for s in state.seats}
        order = sorted(state.seats, key=lambda s: (-scores[s], state.seats.index(s)))
        return Result(ranks={s: i + 1 for i, s in enumerate(order)}, scores=scores,
                      breakdown={s: {"prizes": sum(state.won[s]), "coins": state.coins[s]}
                                 for s in state.seats})

    def dump_state(self, state: BidsState) -> JSON:
        return {"schema": self.state_schema, **state.model_dump(mode="json")}

    def load_state(self, data: Mapping[str, Any]) -> BidsState:
        return BidsState.model_validate({k: v for k, v in data.items() if k != "schema"})


GAME = Bids()
