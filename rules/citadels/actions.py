"""Actions: frozen pydantic models discriminated by `type`; `model_dump()` is the dict form."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from .cards import CHARACTER_ORDER, DISTRICTS
from .errors import IllegalAction


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


ACTION_TYPES: tuple[type[Action], ...] = (
    PickCharacter, DiscardCharacter, TakeGold, DrawCards, KeepCard, Build, CollectIncome,
    Assassinate, Steal, SwapHands, DiscardAndDraw, Destroy, UseLaboratory, UseSmithy,
    Graveyard, EndTurn,
)
# A union built from the tuple above at run time, which a type checker cannot follow.
_ADAPTER: TypeAdapter[Action] = TypeAdapter(
    Annotated[Union[ACTION_TYPES], Field(discriminator="type")]  # type: ignore[arg-type]  # noqa: UP007
)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(x) for x in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


# Shared instances: legal_actions hands these out instead of building new models each call.
TAKE_GOLD, DRAW_CARDS, COLLECT_INCOME = TakeGold(), DrawCards(), CollectIncome()
USE_SMITHY, END_TURN = UseSmithy(), EndTurn()
GRAVEYARD_YES, GRAVEYARD_NO = Graveyard(accept=True), Graveyard(accept=False)
PICK: dict[str, Action] = {c: PickCharacter(character=c) for c in CHARACTER_ORDER}
DISCARD: dict[str, Action] = {c: DiscardCharacter(character=c) for c in CHARACTER_ORDER}
ASSASSINATE = {c: Assassinate(character=c) for c in CHARACTER_ORDER}
STEAL = {c: Steal(character=c) for c in CHARACTER_ORDER}
KEEP = {d: KeepCard(district=d) for d in DISTRICTS}
BUILD = {d: Build(district=d) for d in DISTRICTS}
LABORATORY = {d: UseLaboratory(district=d) for d in DISTRICTS}


@lru_cache(maxsize=1024)
def swap(player: str) -> SwapHands:
    return SwapHands(player=player)


@lru_cache(maxsize=8192)
def destroy(player: str, district: str) -> Destroy:
    return Destroy(player=player, district=district)


def _discard_and_draw(cards: list[str]) -> DiscardAndDraw:
    # Not validated: the cards come from the hand, already checked.
    return DiscardAndDraw.model_construct(districts=cards)


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
