"""The game state: plain pydantic models, JSON round-trippable, never mutated by `apply`."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal, Self, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

Phase = Literal["draft", "turns", "over"]


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # Districts that complete a city; None means the rulebook's: 8 with 2-3 players, else 7.
    # city_size=8 with 4-7 players is the "Classic variant". No more than 8: with 7 players the
    # 68 cards cannot make larger cities, and the game would never end.
    city_size: int | None = Field(default=None, ge=1, le=8)


class Player(BaseModel):
    # No slot of its own (not even __weakref__): a Player has exactly BaseModel's layout, so the
    # engine can build one as a plain object and then make it a Player (see Layout).
    __slots__ = ()

    id: str
    gold: int = 2
    hand: list[str] = []
    city: list[str] = []  # in build order


class DraftStep(BaseModel):
    """One pick or face-down discard: who made it is public, what was offered and chosen is not."""

    __slots__ = ()  # BaseModel's layout exactly, as Player's: see Layout
    model_config = ConfigDict(frozen=True)

    player: str
    kind: Literal["pick", "discard"]
    offered: list[str]
    chosen: str


class GameState(BaseModel):
    __slots__ = ()  # BaseModel's layout exactly, as Player's

    players: list[Player]  # seating order; each player's left is the next one
    deck: list[str]  # index 0 is the top
    crown: str
    round: int = 1
    finished: bool = False
    winner: str | None = None
    options: Options = Options()
    city_size: int
    phase: Phase = "draft"

    # Character draft of the current round.
    faceup: list[str] = []
    facedown: list[str] = []
    draft_pool: list[str] = []  # the characters in the chooser's hands, by rank
    draft_step: int = 0
    draft_history: list[DraftStep] = []

    # Turns of the current round.
    current: str | None = None  # the character whose turn it is
    murdered: str | None = None
    robbed: str | None = None
    # This round's picked characters and who holds each, in pick order; secret until revealed.
    # Kept here, not in Player: a pick then changes one small map, not a player.
    holders: dict[str, str] = {}
    revealed: list[str] = []  # characters revealed this round, in call order
    absent: list[str] = []  # characters called that nobody answered (never the murdered one)
    gathered: bool = False
    drawn: list[str] = []  # cards drawn as the resource, waiting for keep_card
    builds_left: int = 0
    income_taken: bool = False
    power_used: bool = False
    laboratory_used: bool = False
    smithy_used: bool = False
    graveyard_card: str | None = None  # destroyed district offered to the Graveyard's owner

    first_complete: str | None = None
    awaiting: str | None = None  # the player who must decide now (cached: asked on every call)
    rng: int = 0  # generator state; never shown in a view

    @cached_property
    def seat(self) -> dict[str, int]:
        """Each player's index in the seating order, by id.

        Cached in the state's __dict__, where it is no field (never serialised or compared).
        Every state `apply` makes starts from a copy of its input's __dict__, so a game
        computes it once: seats never change in a game. model_copy drops it with new players.
        """
        return {p.id: i for i, p in enumerate(self.players)}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False
                   ) -> Self:
        copy = super().model_copy(update=update, deep=deep)
        if update and "players" in update:
            copy.__dict__.pop("seat", None)
        return copy

    def player(self, pid: str) -> Player:
        return self.players[self.seat[pid]]

    def holder(self, character: str) -> Player | None:
        pid = self.holders.get(character)
        return None if pid is None else self.players[self.seat[pid]]

    def characters_of(self, pid: str) -> list[str]:
        """pid's characters this round, in pick order."""
        return [c for c, holder in self.holders.items() if holder == pid]

    @model_validator(mode="before")
    @classmethod
    def _holders_from_players(cls, data: Any) -> Any:
        """States saved before `holders` kept each player's characters in the player."""
        if isinstance(data, dict) and "holders" not in data and any(
                isinstance(p, dict) and "characters" in p for p in data.get("players", ())):
            players = [dict(p) for p in data["players"]]
            holders = {c: p["id"] for p in players for c in p.pop("characters", ())}
            data = {**data, "players": players, "holders": holders}
        return data


# --- building models from fields already known to be valid ------------------------------

M = TypeVar("M", bound=BaseModel)

# Every field counts as set in the models built here (they are all written explicitly). One
# shared set per class: pydantic only ever adds a field name to it, and it already holds them.
_ALL_SET: dict[type, set[str]] = {}


class Layout:
    """BaseModel's instance layout (its slots, no others) in a plain class.

    The models the engine builds declare `__slots__ = ()`, so they have this layout exactly: an
    object of a Layout subclass can become one by `__class__` assignment, and until then its
    attributes are plain ones (a model's reads take CPython's slow path, as BaseModel defines
    __getattr__, and its writes run BaseModel.__setattr__).
    """

    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                 "__pydantic_private__")


class _Plain(Layout):
    __slots__ = ()


def all_set(cls: type[BaseModel]) -> set[str]:
    """The shared `__pydantic_fields_set__` of cls's models built by `construct`."""
    return _ALL_SET.get(cls) or _ALL_SET.setdefault(cls, set(cls.model_fields))


def construct(cls: type[M], fields: dict[str, Any]) -> M:
    """A model of cls over `fields` (taken, not copied), without validation: fields is valid.

    The engine builds thousands of models per game from data it has already checked; pydantic's
    validation (or model_construct) would cost more than the rules. cls must declare
    `__slots__ = ()` (see Layout): the model is built as a plain object, then made a cls.
    """
    model: Any = _Plain()  # typed Any: it is a _Plain, then a cls
    model.__dict__ = fields
    model.__pydantic_fields_set__ = _ALL_SET.get(cls) or all_set(cls)
    model.__pydantic_extra__ = None
    model.__pydantic_private__ = None
    model.__class__ = cls
    made: M = model
    return made


def build(cls: type[M], **fields: Any) -> M:
    """A model of cls from `fields` and its defaults, without validation: fields is valid."""
    defaults = _DEFAULTS.get(cls) or _DEFAULTS.setdefault(cls, _defaults(cls))
    # In field order: pydantic serialises a model's __dict__ in its own order. A list default
    # is copied, as pydantic would.
    data = {name: fields[name] if name in fields else list(d) if type(d) is list else d
            for name, d in defaults.items()}
    return construct(cls, data)


_DEFAULTS: dict[type, dict[str, Any]] = {}


def _defaults(cls: type[BaseModel]) -> dict[str, Any]:
    return {name: None if f.is_required() else f.get_default(call_default_factory=True)
            for name, f in cls.model_fields.items()}
