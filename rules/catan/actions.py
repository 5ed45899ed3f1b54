"""Actions: frozen pydantic models told apart by `type`; `model_dump()` is the JSON form.

Places are display ids at this boundary ("I12", "P30", "H5"), seats are seat names, cards are
the ids of rules.json. The engine turns ids into ints with board.parse_*.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, Protocol, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .errors import IllegalAction
from .state import CARDS, TRACKS


def _cards(value: dict[str, int]) -> dict[str, int]:
    """A multiset of cards in canonical form: known types, no zero counts, sorted by type."""
    for card, n in value.items():
        if card not in CARDS:
            raise ValueError(f"unknown card {card!r}")
        if n < 0:
            raise ValueError(f"negative count for {card}")
    return {card: value[card] for card in sorted(value) if value[card]}


A = TypeVar("A", bound="Action")


class _Made(Protocol):
    def __call__(self, cls: type[A], /, **fields: Any) -> A: ...


def _build(cls: type[Action], /, **fields: Any) -> Action:
    return cls(**fields)


# A shared instance of an action (frozen, so sharing is safe): legal_actions lists the same
# actions again and again, and validating each anew was a fifth of a random game's time.
# `fields` must be hashable (no card multisets). Bounded (seat names come from the host); the
# C cache, called directly: a Python wrapper doubled its cost.
made = cast(_Made, lru_cache(maxsize=100_000)(_build))


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    type: str

    @classmethod
    def parse(cls, data: Any) -> Action:
        if isinstance(data, Action):
            return data
        if not isinstance(data, dict):
            raise IllegalAction(f"an action is a JSON object, not {type(data).__name__}")
        try:
            return _ADAPTER.validate_python(data)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"])
            raise IllegalAction(f"malformed action: {where}: {error['msg']}") from None


# --- set-up (§2) ------------------------------------------------------------------------------

class PlaceBuilding(Action):
    """Set-up: round 1 a settlement, round 2 a city, on an empty intersection."""
    type: Literal["place_building"] = "place_building"
    node: str


class PlaceRoad(Action):
    """Set-up: the road touching the building just placed."""
    type: Literal["place_road"] = "place_road"
    edge: str


# --- the turn (§3) ----------------------------------------------------------------------------

class Roll(Action):
    type: Literal["roll"] = "roll"


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


class BuildRoad(Action):
    type: Literal["build_road"] = "build_road"
    edge: str


class BuildSettlement(Action):
    type: Literal["build_settlement"] = "build_settlement"
    node: str


class BuildCity(Action):
    type: Literal["build_city"] = "build_city"
    node: str


class BuildWall(Action):
    type: Literal["build_wall"] = "build_wall"
    node: str


class BuyImprovement(Action):
    """The next level of a track (§1.9); `node` names the city for a metropolis it brings."""
    type: Literal["buy_improvement"] = "buy_improvement"
    track: str
    node: str | None = None

    @field_validator("track")
    @classmethod
    def _track(cls, v: str) -> str:
        if v not in TRACKS:
            raise ValueError(f"unknown track {v!r}")
        return v


class MaritimeTrade(Action):
    """Give the best rate (§5) of `give` to the bank for one `get`."""
    type: Literal["maritime_trade"] = "maritime_trade"
    give: str
    get: str

    @field_validator("give", "get")
    @classmethod
    def _card(cls, v: str) -> str:
        if v not in CARDS:
            raise ValueError(f"unknown card {v!r}")
        return v


class OfferTrade(Action):
    """The active player offers `give` to seat `to` for `get` (§5); `to` decides."""
    type: Literal["offer_trade"] = "offer_trade"
    to: str
    give: dict[str, int]
    get: dict[str, int]

    @field_validator("give", "get")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class AcceptTrade(Action):
    type: Literal["accept_trade"] = "accept_trade"


class DeclineTrade(Action):
    type: Literal["decline_trade"] = "decline_trade"


class CancelTrade(Action):
    type: Literal["cancel_trade"] = "cancel_trade"


class Discard(Action):
    """Part or all of the cards a 7 asks for (§3.3); the decision stays until all are given."""
    type: Literal["discard"] = "discard"
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class MoveRobber(Action):
    """Move the robber to `hex` and steal from `victim` (None when nobody can be robbed)."""
    type: Literal["move_robber"] = "move_robber"
    hex: str
    victim: str | None = None


class ChooseCity(Action):
    """A city lost to the barbarians (§7.4): its owner picks which."""
    type: Literal["choose_city"] = "choose_city"
    node: str


class ChooseDeck(Action):
    """A Defender tie (§7.3): the deck to draw from."""
    type: Literal["choose_deck"] = "choose_deck"
    deck: str

    @field_validator("deck")
    @classmethod
    def _deck(cls, v: str) -> str:
        if v not in TRACKS:
            raise ValueError(f"unknown deck {v!r}")
        return v


class ChooseResource(Action):
    """The Aqueduct's resource (§1.9)."""
    type: Literal["choose_resource"] = "choose_resource"
    card: str


class DiscardProgress(Action):
    """A progress card over the hand limit (§9.3)."""
    type: Literal["discard_progress"] = "discard_progress"
    card: str


# --- knights (§6) -----------------------------------------------------------------------------

class BuildKnight(Action):
    type: Literal["build_knight"] = "build_knight"
    node: str


class ActivateKnight(Action):
    type: Literal["activate_knight"] = "activate_knight"
    node: str


class PromoteKnight(Action):
    type: Literal["promote_knight"] = "promote_knight"
    node: str


class MoveKnight(Action):
    type: Literal["move_knight"] = "move_knight"
    node: str
    to: str


class DisplaceKnight(Action):
    """Move onto a weaker opponent's knight (`to`)."""
    type: Literal["displace_knight"] = "displace_knight"
    node: str
    to: str


class ChaseRobber(Action):
    """The knight on `node` (a corner of the robber's hex) moves the robber to `hex`."""
    type: Literal["chase_robber"] = "chase_robber"
    node: str
    hex: str
    victim: str | None = None


class RetreatKnight(Action):
    """A displaced knight's owner picks where it goes."""
    type: Literal["retreat_knight"] = "retreat_knight"
    node: str


# --- progress cards (§10) ---------------------------------------------------------------------

class PlayProgress(Action):
    """Play a progress card. Which fields a card uses (the others stay None):
    alchemist red+yellow · crane track (+node for a metropolis) · engineer node · inventor
    hex+other_hex · medicine node · bishop hex · deserter seat · diplomat edge · intrigue node ·
    spy seat · master_merchant seat · merchant hex · merchant_fleet, resource_monopoly,
    trade_monopoly kind (a card type) · the others none."""
    type: Literal["play_progress"] = "play_progress"
    card: str
    red: int | None = None
    yellow: int | None = None
    track: str | None = None
    node: str | None = None
    hex: str | None = None
    other_hex: str | None = None
    edge: str | None = None
    seat: str | None = None
    kind: str | None = None


class RemoveKnight(Action):
    """Deserter: the targeted player picks the knight they lose."""
    type: Literal["remove_knight"] = "remove_knight"
    node: str


class PlaceKnight(Action):
    """Deserter: where the player's own knight goes (None: not placed)."""
    type: Literal["place_knight"] = "place_knight"
    node: str | None = None


class PlaceFreeRoad(Action):
    """Diplomat on one's own road: rebuild it at once, free (None: not rebuilt)."""
    type: Literal["place_free_road"] = "place_free_road"
    edge: str | None = None


class TakeProgress(Action):
    """Spy: the card taken from the target's progress hand."""
    type: Literal["take_progress"] = "take_progress"
    card: str


class GiveCards(Action):
    """Wedding: cards given to the player who played it (part or all of what is owed)."""
    type: Literal["give_cards"] = "give_cards"
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class TakeCards(Action):
    """Master Merchant: the cards taken from the target's hand."""
    type: Literal["take_cards"] = "take_cards"
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class HarborExchange(Action):
    """Commercial Harbor: offer one resource to `to`, who must return a commodity."""
    type: Literal["harbor_exchange"] = "harbor_exchange"
    to: str
    card: str


class ReturnCommodity(Action):
    """Commercial Harbor: the commodity returned."""
    type: Literal["return_commodity"] = "return_commodity"
    card: str


AnyAction = Annotated[
    PlaceBuilding | PlaceRoad | Roll | EndTurn | BuildRoad | BuildSettlement | BuildCity
    | BuildWall | BuyImprovement | MaritimeTrade | OfferTrade | AcceptTrade | DeclineTrade
    | CancelTrade | Discard | MoveRobber | ChooseCity | ChooseDeck | ChooseResource
    | DiscardProgress | BuildKnight | ActivateKnight | PromoteKnight | MoveKnight
    | DisplaceKnight | ChaseRobber | RetreatKnight | PlayProgress | RemoveKnight | PlaceKnight
    | PlaceFreeRoad | TakeProgress | GiveCards | TakeCards | HarborExchange | ReturnCommodity,
    Field(discriminator="type")]
_ADAPTER: TypeAdapter[Action] = TypeAdapter(AnyAction)
ACTION_TYPES: tuple[str, ...] = tuple(
    cls.model_fields["type"].default for cls in Action.__subclasses__())
