"""Actions: frozen pydantic models discriminated by `type`; `model_dump()` is the dict form."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .cards import CHARACTERS, DISTRICTS
from .errors import IllegalAction
from .state import assemble


class Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    type: str

    @classmethod
    def parse(cls, data: Action | dict[str, Any]) -> Action:
        """An Action from itself or its dict form; IllegalAction if malformed."""
        if isinstance(data, Action):
            return data
        try:
            return _ADAPTER.validate_python(data)
        except ValidationError as exc:
            added = EXTRA.get(str(data.get("type"))) if isinstance(data, dict) else None
            if added is None:
                raise IllegalAction(f"malformed action: {_first_error(exc)}") from None
        try:  # an action class added with its character (extend.py)
            return added.model_validate(data)
        except ValidationError as exc:
            raise IllegalAction(f"malformed action: {_first_error(exc)}") from None


class PickCharacter(Action):
    type: Literal["pick_character"] = "pick_character"
    character: str


class DiscardCharacter(Action):
    type: Literal["discard_character"] = "discard_character"
    character: str


class TakeGold(Action):
    type: Literal["take_gold"] = "take_gold"


class DrawCards(Action):
    type: Literal["draw_cards"] = "draw_cards"


class KeepCard(Action):
    type: Literal["keep_card"] = "keep_card"
    district: str


class Build(Action):
    type: Literal["build"] = "build"
    district: str


class CollectIncome(Action):
    type: Literal["collect_income"] = "collect_income"


class Assassinate(Action):
    type: Literal["assassinate"] = "assassinate"
    character: str


class Steal(Action):
    type: Literal["steal"] = "steal"
    character: str


class SwapHands(Action):
    type: Literal["swap_hands"] = "swap_hands"
    player: str


class DiscardAndDraw(Action):
    type: Literal["discard_and_draw"] = "discard_and_draw"
    districts: list[str]

    # Sorted, so two spellings of one multiset are one action.
    @field_validator("districts")
    @classmethod
    def _canonical(cls, v: list[str]) -> list[str]:
        return sorted(v)

    def __hash__(self) -> int:
        return hash((self.type, tuple(self.districts)))


class Destroy(Action):
    type: Literal["destroy"] = "destroy"
    player: str
    district: str


class UseLaboratory(Action):
    type: Literal["use_laboratory"] = "use_laboratory"
    district: str


class UseSmithy(Action):
    type: Literal["use_smithy"] = "use_smithy"


class Graveyard(Action):
    type: Literal["graveyard"] = "graveyard"
    accept: bool


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


# --- Dark City ------------------------------------------------------------------------------

class Bewitch(Action):
    """The Witch names the character she bewitches."""
    type: Literal["bewitch"] = "bewitch"
    character: str


class GiveCrown(Action):
    """The Emperor's player hands the crown on."""
    type: Literal["give_crown"] = "give_crown"
    player: str


class Tribute(Action):
    """The new crown holder pays the Emperor 1 gold or 1 card (taken at random)."""
    type: Literal["tribute"] = "tribute"
    kind: Literal["gold", "card"]


class LookAtHand(Action):
    """The Wizard looks at another player's hand."""
    type: Literal["look_at_hand"] = "look_at_hand"
    player: str


class TakeCard(Action):
    """The Wizard takes a card of the hand he looks at; `build`: builds it at once."""
    type: Literal["take_card"] = "take_card"
    district: str
    build: bool = False


class CollectFromRichest(Action):
    type: Literal["collect_from_richest"] = "collect_from_richest"


class NavigatorBonus(Action):
    type: Literal["navigator_bonus"] = "navigator_bonus"
    kind: Literal["gold", "cards"]


class Exchange(Action):
    """The Diplomat gives `give` of his city for `take` of `player`'s."""
    type: Literal["exchange"] = "exchange"
    give: str
    player: str
    take: str


class Beautify(Action):
    type: Literal["beautify"] = "beautify"
    district: str


class UseArmory(Action):
    type: Literal["use_armory"] = "use_armory"
    player: str
    district: str


class Greet(Action):
    """'Thanks, your Excellency': the Ball Room's owner holds the crown."""
    type: Literal["greet"] = "greet"


class BellTower(Action):
    type: Literal["bell_tower"] = "bell_tower"
    announce: bool


class Lighthouse(Action):
    """The card taken from the deck when the Lighthouse is built."""
    type: Literal["lighthouse"] = "lighthouse"
    district: str


class UseMuseum(Action):
    type: Literal["use_museum"] = "use_museum"
    district: str


CLASSIC_ACTION_TYPES: tuple[type[Action], ...] = (
    PickCharacter, DiscardCharacter, TakeGold, DrawCards, KeepCard, Build, CollectIncome,
    Assassinate, Steal, SwapHands, DiscardAndDraw, Destroy, UseLaboratory, UseSmithy,
    Graveyard, EndTurn,
)
DARK_CITY_ACTION_TYPES: tuple[type[Action], ...] = (
    Bewitch, GiveCrown, Tribute, LookAtHand, TakeCard, CollectFromRichest, NavigatorBonus,
    Exchange, Beautify, UseArmory, Greet, BellTower, Lighthouse, UseMuseum,
)
ACTION_TYPES = CLASSIC_ACTION_TYPES + DARK_CITY_ACTION_TYPES
# A union built from the tuple above at run time, which a type checker cannot follow.
_ADAPTER: TypeAdapter[Action] = TypeAdapter(
    Annotated[Union[ACTION_TYPES], Field(discriminator="type")]  # type: ignore[arg-type]  # noqa: UP007
)


# Action classes beyond the union above, by type: those a power declares beside it
# (powers.py) or a character added after the data files were read brings (extend.py).
# Action.parse reads them when the union knows no such type.
EXTRA: dict[str, type[Action]] = {}


def action_class(type_: str) -> type[Action] | None:
    """The class of the actions of `type_`, built in or added."""
    return _CLASSES.get(type_) or EXTRA.get(type_)


_CLASSES: dict[str, type[Action]] = {cls.model_fields["type"].default: cls
                                     for cls in ACTION_TYPES}


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


# Shared instances: legal_actions hands these out instead of building new models each call.
TAKE_GOLD, DRAW_CARDS, COLLECT_INCOME = TakeGold(), DrawCards(), CollectIncome()
USE_SMITHY, END_TURN = UseSmithy(), EndTurn()
GRAVEYARD_YES, GRAVEYARD_NO = Graveyard(accept=True), Graveyard(accept=False)
PICK: dict[str, Action] = {c: PickCharacter(character=c) for c in CHARACTERS}
DISCARD: dict[str, Action] = {c: DiscardCharacter(character=c) for c in CHARACTERS}
ASSASSINATE = {c: Assassinate(character=c) for c in CHARACTERS}
STEAL = {c: Steal(character=c) for c in CHARACTERS}
BEWITCH = {c: Bewitch(character=c) for c in CHARACTERS}
GREET, COLLECT_FROM_RICHEST = Greet(), CollectFromRichest()
TRIBUTE = {k: Tribute(kind=k) for k in ("gold", "card")}
NAVIGATOR = {k: NavigatorBonus(kind=k) for k in ("gold", "cards")}
BELL_TOWER = {b: BellTower(announce=b) for b in (True, False)}
BEAUTIFY = {d: Beautify(district=d) for d in DISTRICTS}
MUSEUM = {d: UseMuseum(district=d) for d in DISTRICTS}
LIGHTHOUSE = {d: Lighthouse(district=d) for d in DISTRICTS}
TAKE = {(d, b): TakeCard(district=d, build=b) for d in DISTRICTS for b in (False, True)}
KEEP = {d: KeepCard(district=d) for d in DISTRICTS}
BUILD = {d: Build(district=d) for d in DISTRICTS}
LABORATORY = {d: UseLaboratory(district=d) for d in DISTRICTS}


@lru_cache(maxsize=1024)
def swap(player: str) -> SwapHands:
    return SwapHands(player=player)


@lru_cache(maxsize=8192)
def destroy(player: str, district: str) -> Destroy:
    return Destroy(player=player, district=district)


@lru_cache(maxsize=1024)
def give_crown(player: str) -> GiveCrown:
    return GiveCrown(player=player)


@lru_cache(maxsize=1024)
def look_at_hand(player: str) -> LookAtHand:
    return LookAtHand(player=player)


@lru_cache(maxsize=8192)
def armory(player: str, district: str) -> UseArmory:
    return UseArmory(player=player, district=district)


@lru_cache(maxsize=16384)
def exchange(give: str, player: str, take: str) -> Exchange:
    return Exchange(give=give, player=player, take=take)


_DISCARD_SET = {"districts"}  # the fields_set of them all: shared, as the models are frozen


def _discard_and_draw(cards: list[str]) -> DiscardAndDraw:
    """DiscardAndDraw.model_construct(districts=cards), the same model in less than half the
    time: a Magician's big hand lists tens of thousands of these. Not validated: the cards
    come from the hand, already checked."""
    return assemble(DiscardAndDraw, {"type": "discard_and_draw", "districts": cards},
                    _DISCARD_SET)


@lru_cache(maxsize=256)
def discard_and_draw_options(hand: tuple[str, ...]) -> tuple[DiscardAndDraw, ...]:
    """Every non-empty sub-multiset of a sorted hand, as actions (sorted, so canonical)."""
    combos: list[list[str]] = [[]]
    for name in sorted(set(hand)):
        runs = [[name] * k for k in range(hand.count(name) + 1)]
        combos = [prev + run for prev in combos for run in runs]
    return tuple(_discard_and_draw(c) for c in combos[1:])


def count_discard_and_draw(hand: list[str]) -> int:
    """How many discard_and_draw actions a hand allows (its non-empty sub-multisets)."""
    total = 1
    for name in set(hand):
        total *= hand.count(name) + 1
    return total - 1


def nth_discard_and_draw(hand: list[str], index: int) -> DiscardAndDraw:
    """The index-th (0-based) action of discard_and_draw_options(sorted hand), without listing."""
    names = sorted(set(hand))
    index += 1  # skip the empty multiset, which comes first
    cards: list[str] = []
    # discard_and_draw_options varies the last name fastest: decode index in that radix.
    for name in reversed(names):
        radix = hand.count(name) + 1
        index, k = divmod(index, radix)
        cards[:0] = [name] * k
    return _discard_and_draw(cards)
