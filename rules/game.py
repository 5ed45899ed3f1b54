"""The one interface every game implements, so the bot, the computer players and the tests can
host any game without knowing its rules.

A game is one plain object (boardgame.io's Game) with a small exact state API (OpenSpiel's
State): who must decide now, the legal actions of a seat, apply an action, what each seat may
see, whether it is over and its result. States are immutable values: `apply` returns a new one.
Seats are the strings the host chose ("p1", "p2", ...); the engine never sees a Discord id.

    game = registry.game("citadels")
    state = game.new_game(["p1", "p2", "p3"], game.options({}), seed=7)
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        state, events = game.apply(state, seat, game.legal_actions(state, seat)[0])
    game.result(state).ranks
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

JSON = dict[str, Any]
S = TypeVar("S")  # the game's state type
A = TypeVar("A")  # the game's action type


class IllegalAction(ValueError):
    """An action that is malformed, out of turn, or against the rules; the state is unchanged."""


class InvalidOptions(ValueError):
    """Options or a player count the game does not allow; `field` names the culprit. A game
    rule behind it (not a value out of range) has a `reason` code and its `params`, which the
    game's catalog words for players ("<game>.options.<reason>")."""

    def __init__(self, field: str, message: str, reason: str | None = None,
                 **params: object) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = reason
        self.params: dict[str, Any] = dict(params)


class GameEvent(Protocol):
    """Something that happened: a public part, and secrets only some seats may read."""

    @property
    def type(self) -> str: ...

    def visible_to(self, viewer: str | None) -> JSON:
        """The event as `viewer` (None: a spectator) may see it, JSON-ready."""
        ...


@dataclass(frozen=True)
class Result:
    """How a finished game ended. Rank 1 won; equal ranks are shared places.

    `breakdown[seat]` names where each seat's points came from (the parts add up to its score);
    `tiebreak` says in the game's own words, as catalog keys and values, how ties were broken.
    """

    ranks: dict[str, int]
    scores: dict[str, int]
    breakdown: dict[str, dict[str, int]] = field(default_factory=dict)
    tiebreak: JSON = field(default_factory=dict)

    @property
    def winners(self) -> list[str]:
        return [seat for seat, rank in self.ranks.items() if rank == 1]


class Game(ABC, Generic[S, A]):
    """A game's rules behind the interface the platform uses. Subclasses set the class
    attributes and implement the abstract methods; everything else has a working default."""

    id: str                    # registry key, also stored with every game record
    min_players: int
    max_players: int
    Options: type[BaseModel]   # declared options: each field's default, range and choices
    engine_version: int        # changes whenever the same seed and actions could differ
    state_schema: int = 1      # changes whenever the serialized state's shape changes

    # -- options -------------------------------------------------------------------------

    def options(self, data: Mapping[str, Any] | BaseModel | None = None,
                players: int | None = None) -> BaseModel:
        """Validated options (defaults filled in); InvalidOptions names the field at fault.
        With `players`, the player count is checked against the game's range too."""
        if players is not None and not self.min_players <= players <= self.max_players:
            raise InvalidOptions("players", f"{self.min_players}-{self.max_players} players")
        if isinstance(data, self.Options):
            return data
        raw = data.model_dump() if isinstance(data, BaseModel) else dict(data or {})
        try:
            return self.Options.model_validate(raw)
        except ValidationError as exc:
            error = exc.errors()[0]
            name = ".".join(str(p) for p in error["loc"]) or "options"
            raise InvalidOptions(name, error["msg"]) from None

    def seats_for(self, options: BaseModel) -> tuple[int, int]:
        """The fewest and most seats `options` may be played by (a lobby's default size)."""
        return self.min_players, self.max_players

    def migrate_options(self, options: Mapping[str, Any], legacy: Mapping[str, Any]
                        ) -> dict[str, Any]:
        """Options an older version stored, in the form `options` reads now. The platform
        calls it on every stored game it loads, with the options it stored for the game and,
        in `legacy`, the settings it stored beside them that it no longer knows (before games
        declared options, a game's option could be one of the platform's settings: Citadels'
        `city_size`). Default: `options` as they are, `legacy` dropped. Why: stored lobbies
        and games outlive versions, and only the game knows what its old keys meant."""
        return dict(options)

    # -- playing ---------------------------------------------------------------------------

    @abstractmethod
    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> S:
        """The opening state for `seats` in seating order; deterministic from `seed`."""

    @abstractmethod
    def to_act(self, state: S) -> list[str]:
        """The seats that may act now (each has a legal action); [] once the game is over."""

    def must_decide(self, state: S) -> list[str]:
        """The seats the game waits for: a part of `to_act`, never empty while it is not. The
        others in `to_act` may act but need not (Catan: the offerer may cancel an offer while
        the addressee thinks), so the platform times, pings and plays computers only for
        these."""
        return self.to_act(state)

    def decision_key(self, state: S, seat: str) -> str | None:
        """A name for the decision `seat` faces now, equal in two states only when the seat's
        legal actions are the same in both (Catan: "discard 4 cards of the 7 rolled at turn
        12"). The platform keeps a seat's panel valid while its key stays the same, so when
        several seats decide at once, one deciding does not outdate the others' panels.
        None (the default, right for a game where one seat decides at a time): unknown, so
        every change of the game outdates every panel."""
        return None

    @abstractmethod
    def legal_actions(self, state: S, seat: str) -> list[A]:
        """The actions `seat` may take now; [] if it may not act. Where the full set is
        combinatorial (Catan's trade offers and discards: any multiset of cards) the list may
        hold representative forms only; every listed action is legal, and `is_legal` answers
        for the rest."""

    def is_legal(self, state: S, seat: str, action: A | Mapping[str, Any]) -> bool:
        """Whether `apply` would accept `action` from `seat` now (listed or not). The default:
        it is one of `legal_actions`; games that list representative forms override it."""
        try:
            key = self.dump_action(self.parse_action(action))
        except IllegalAction:
            return False
        return any(self.dump_action(a) == key for a in self.legal_actions(state, seat))

    def random_action(self, state: S, seat: str, rng: random.Random) -> A | None:
        """A random legal action, drawn uniformly from `legal_actions` by default (games with
        huge or representative action lists override it; whatever it draws is_legal)."""
        legal = self.legal_actions(state, seat)
        return legal[int(rng.random() * len(legal))] if legal else None

    def default_action(self, state: S, seat: str) -> A | None:
        """What the platform plays for `seat` when its time runs out, if the game's rules name
        a default (Catan, docs/rules/catan-cities-knights.md §3.5: decline, random discards);
        None (the default): the game's stand-in computer player decides instead."""
        return None

    @abstractmethod
    def apply(self, state: S, seat: str, action: A | Mapping[str, Any]
              ) -> tuple[S, list[GameEvent]]:
        """The state after `seat`'s action and what happened; IllegalAction, and nothing
        changed, for anything the rules refuse now. The input state is never changed."""

    @abstractmethod
    def parse_action(self, data: A | Mapping[str, Any]) -> A:
        """An action from its JSON form; IllegalAction if malformed."""

    @abstractmethod
    def dump_action(self, action: A) -> JSON:
        """The JSON form of an action (what the store's action log keeps)."""

    # -- what players may know -------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: str | None) -> JSON:
        """Everything `seat` may know, JSON-ready; None is the public view (the table)."""

    def public_view(self, state: S) -> JSON:
        return self.view(state, None)

    def private_view(self, state: S, seat: str) -> JSON:
        return self.view(state, seat)

    def determinize(self, state: S, seat: str | None, rng: random.Random) -> S:
        """A state `seat` (None: a spectator) cannot tell from `state`: everything it may not
        know drawn anew. Games with hidden information override it; the conformance suite
        checks that a seat's view is the same in both, so a view that leaks a secret fails."""
        return state

    # -- the end -----------------------------------------------------------------------------

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)

    def role_played(self, event: JSON) -> tuple[str, str] | None:
        """(seat, role) when a public event shows a seat taking a role, for players' stats
        (Citadels: a character revealed); games without roles keep this default."""
        return None

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Ranks and scores once the game is over; None before."""

    # -- storage -----------------------------------------------------------------------------

    @abstractmethod
    def dump_state(self, state: S) -> JSON:
        """The whole state as JSON, with `schema` set to `state_schema`."""

    @abstractmethod
    def load_state(self, data: Mapping[str, Any]) -> S:
        """A state from `dump_state`'s output, of this or any older schema."""
