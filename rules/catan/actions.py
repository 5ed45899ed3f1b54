"""Actions: frozen pydantic models told apart by `type` (the kernel's, rules/kernel/actions.py);
`ACTIONS` parses and dumps their JSON form.

Places are display ids at this boundary ("I12", "P30", "H5"), seats are seat names, cards are
the ids of rules.json. The engine turns ids into ints with board.parse_*. Each action has one
form: the model writes place ids and card multisets one way, and an unordered pair in one order,
so that how a choice is written never decides whether it is legal or what it does (issue 38).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Annotated, Any, Protocol, TypeVar, cast

from pydantic import AfterValidator, field_validator, model_validator

from rules.kernel import actions as kernel

from . import board
from .state import CARDS, TRACKS


def _cards(value: dict[str, int]) -> dict[str, int]:
    """A multiset of cards in canonical form: known types, no zero counts, sorted by type."""
    for card, n in value.items():
        if card not in CARDS:
            raise ValueError(f"unknown card {card!r}")
        if n < 0:
            raise ValueError(f"negative count for {card}")
    return {card: value[card] for card in sorted(value) if value[card]}


def _place(parse: Callable[[str], int], show: Callable[[int], str]) -> AfterValidator:
    """A place id in its one written form ("h5 " -> "H5"): the board's parser ignores case and
    spaces, so without this a form the lists do not hold would be refused where they are
    compared, and played elsewhere with its own spelling in the events. An unknown id stays
    as given, for the handler to refuse by name."""
    def canonical(text: str) -> str:
        try:
            return show(parse(text))
        except ValueError:
            return text
    return AfterValidator(canonical)


HexId = Annotated[str, _place(board.parse_hex, board.hex_id)]
NodeId = Annotated[str, _place(board.parse_node, board.node_id)]
EdgeId = Annotated[str, _place(board.parse_edge, board.edge_id)]


def _hex_index(value: object) -> int | None:
    try:
        return board.parse_hex(value) if isinstance(value, str) else None
    except ValueError:
        return None


# Cards whose two fields are one unordered pair of hexes (the Inventor's swap): kept in board
# order, the order their plays are listed in, so that either order is the same action.
UNORDERED: dict[str, tuple[str, str]] = {"inventor": ("hex", "other_hex")}


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


class Action(kernel.Action):
    """A Catan action; its `type` is its class name in snake_case (rules/kernel/actions.py)."""

    @classmethod
    def parse(cls, data: Any) -> Action:
        """An action from itself or its JSON form; IllegalAction if malformed."""
        return ACTIONS.parse(data)


# --- set-up (§2) ------------------------------------------------------------------------------

class PlaceBuilding(Action):
    """Set-up: round 1 a settlement, round 2 a city, on an empty intersection."""
    node: NodeId


class PlaceRoad(Action):
    """Set-up: the road touching the building just placed."""
    edge: EdgeId


# --- the turn (§3) ----------------------------------------------------------------------------

class Roll(Action):
    pass


class EndTurn(Action):
    pass


class BuildRoad(Action):
    edge: EdgeId


class BuildSettlement(Action):
    node: NodeId


class BuildCity(Action):
    node: NodeId


class BuildWall(Action):
    node: NodeId


class BuyImprovement(Action):
    """The next level of a track (§1.9); `node` names the city for a metropolis it brings."""
    track: str
    node: NodeId | None = None

    @field_validator("track")
    @classmethod
    def _track(cls, v: str) -> str:
        if v not in TRACKS:
            raise ValueError(f"unknown track {v!r}")
        return v


class MaritimeTrade(Action):
    """Give the best rate (§5) of `give` to the bank for one `get`."""
    give: str
    get: str

    @field_validator("give", "get")
    @classmethod
    def _card(cls, v: str) -> str:
        if v not in CARDS:
            raise ValueError(f"unknown card {v!r}")
        return v


class OfferTrade(Action):
    """The active player offers `give` for `get` (§5). `to` one seat's name: that seat accepts
    (the trade is made at once) or declines. `to` a list of names (every opponent's: an offer
    to everyone): each of them accepts, declines or counters, at once and on their own, and
    the offerer picks one acceptance or counter to trade with (PickTrade), or cancels."""
    to: str | list[str]
    give: dict[str, int]
    get: dict[str, int]

    @field_validator("give", "get")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)

    @field_validator("to")
    @classmethod
    def _seats(cls, v: str | list[str]) -> str | list[str]:
        return v if isinstance(v, str) else list(dict.fromkeys(v))  # each seat once, in order


class AcceptTrade(Action):
    pass


class DeclineTrade(Action):
    pass


class CancelTrade(Action):
    pass


class CounterTrade(Action):
    """An addressee of an offer to several seats proposes other terms instead: `give` what
    the counterer gives, `get` what it asks of the offerer."""
    give: dict[str, int]
    get: dict[str, int]

    @field_validator("give", "get")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class PickTrade(Action):
    """The offerer trades with `seat`, on the terms of its acceptance or counter."""
    seat: str


class Discard(Action):
    """Part or all of the cards a 7 asks for (§3.3); the decision stays until all are given."""
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class MoveRobber(Action):
    """Move the robber to `hex` and steal from `victim` (None when nobody can be robbed)."""
    hex: HexId
    victim: str | None = None


class ChooseCity(Action):
    """A city lost to the barbarians (§7.4): its owner picks which."""
    node: NodeId


class ChooseDeck(Action):
    """A Defender tie (§7.3): the deck to draw from."""
    deck: str

    @field_validator("deck")
    @classmethod
    def _deck(cls, v: str) -> str:
        if v not in TRACKS:
            raise ValueError(f"unknown deck {v!r}")
        return v


class ChooseResource(Action):
    """The Aqueduct's resource (§1.9)."""
    card: str


class DiscardProgress(Action):
    """A progress card over the hand limit (§9.3)."""
    card: str


# --- knights (§6) -----------------------------------------------------------------------------

class BuildKnight(Action):
    node: NodeId


class ActivateKnight(Action):
    node: NodeId


class PromoteKnight(Action):
    node: NodeId


class MoveKnight(Action):
    node: NodeId
    to: NodeId


class DisplaceKnight(Action):
    """Move onto a weaker opponent's knight (`to`)."""
    node: NodeId
    to: NodeId


class ChaseRobber(Action):
    """The knight on `node` (a corner of the robber's hex) moves the robber to `hex`."""
    node: NodeId
    hex: HexId
    victim: str | None = None


class RetreatKnight(Action):
    """A displaced knight's owner picks where it goes."""
    node: NodeId


# --- progress cards (§10) ---------------------------------------------------------------------

class PlayProgress(Action):
    """Play a progress card. Which fields a card uses (the others stay None):
    alchemist red+yellow · crane track (+node for a metropolis) · engineer node · inventor
    hex+other_hex · medicine node · bishop hex · deserter seat · diplomat edge · intrigue node ·
    spy seat · master_merchant seat · merchant hex · merchant_fleet, resource_monopoly,
    trade_monopoly kind (a card type) · the others none."""
    card: str
    red: int | None = None
    yellow: int | None = None
    track: str | None = None
    node: NodeId | None = None
    hex: HexId | None = None
    other_hex: HexId | None = None
    edge: EdgeId | None = None
    seat: str | None = None
    kind: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _unordered(cls, data: Any) -> Any:
        """An UNORDERED pair in board order (before the fields: a frozen model is not set)."""
        card = data.get("card") if isinstance(data, dict) else None
        pair = UNORDERED.get(card) if isinstance(card, str) else None
        if pair is not None:
            a, b = pair
            first, second = _hex_index(data.get(a)), _hex_index(data.get(b))
            if first is not None and second is not None and second < first:
                return {**data, a: data[b], b: data[a]}
        return data


class RemoveKnight(Action):
    """Deserter: the targeted player picks the knight they lose."""
    node: NodeId


class PlaceKnight(Action):
    """Deserter: where the player's own knight goes (None: not placed)."""
    node: NodeId | None = None


class PlaceFreeRoad(Action):
    """Diplomat on one's own road: rebuild it at once, free (None: not rebuilt)."""
    edge: EdgeId | None = None


class TakeProgress(Action):
    """Spy: the card taken from the target's progress hand."""
    card: str


class GiveCards(Action):
    """Wedding: cards given to the player who played it (part or all of what is owed)."""
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class TakeCards(Action):
    """Master Merchant: the cards taken from the target's hand."""
    cards: dict[str, int]

    @field_validator("cards")
    @classmethod
    def _canonical(cls, v: dict[str, int]) -> dict[str, int]:
        return _cards(v)


class HarborExchange(Action):
    """Commercial Harbor: offer one resource to `to`, who must return a commodity."""
    to: str
    card: str


class ReturnCommodity(Action):
    """Commercial Harbor: the commodity returned."""
    card: str


ACTIONS: kernel.Actions[Action] = kernel.Actions(
    Action, Action.__subclasses__(), mode="json", exclude_none=True)  # every None a default
ACTION_TYPES: tuple[str, ...] = tuple(ACTIONS.by_type)
