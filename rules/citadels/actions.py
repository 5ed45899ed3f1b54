"""Actions: frozen pydantic models discriminated by `type` (the kernel's,
rules/kernel/actions.py); `model_dump()` is the dict form, `ACTIONS` parses it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import field_validator

from rules.kernel import actions as kernel
from rules.kernel.tx import assemble

from .cards import CHARACTERS, DISTRICTS


class Action(kernel.Action):
    """A Citadels action; its `type` is its class name in snake_case (rules/kernel/actions.py)."""

    @classmethod
    def parse(cls, data: Action | dict[str, Any]) -> Action:
        """An Action from itself or its dict form; IllegalAction if malformed."""
        return ACTIONS.parse(data)


class PickCharacter(Action):
    character: str


class DiscardCharacter(Action):
    character: str


class TakeGold(Action):
    pass


class DrawCards(Action):
    pass


class KeepCard(Action):
    district: str


class Build(Action):
    district: str


class CollectIncome(Action):
    pass


class Assassinate(Action):
    character: str


class Steal(Action):
    character: str


class SwapHands(Action):
    player: str


class DiscardAndDraw(Action):
    districts: list[str]

    # Sorted, so two spellings of one multiset are one action.
    @field_validator("districts")
    @classmethod
    def _canonical(cls, v: list[str]) -> list[str]:
        return sorted(v)

    def __hash__(self) -> int:
        return hash((self.type, tuple(self.districts)))


class Destroy(Action):
    player: str
    district: str


class UseLaboratory(Action):
    district: str


class UseSmithy(Action):
    pass


class Graveyard(Action):
    accept: bool


class EndTurn(Action):
    pass


# --- Dark City ------------------------------------------------------------------------------

class Bewitch(Action):
    """The Witch names the character she bewitches."""
    character: str


class GiveCrown(Action):
    """The Emperor's player hands the crown on."""
    player: str


class Tribute(Action):
    """The new crown holder pays the Emperor 1 gold or 1 card (taken at random)."""
    kind: Literal["gold", "card"]


class LookAtHand(Action):
    """The Wizard looks at another player's hand."""
    player: str


class TakeCard(Action):
    """The Wizard takes a card of the hand he looks at; `build`: builds it at once."""
    district: str
    build: bool = False


class CollectFromRichest(Action):
    pass


class NavigatorBonus(Action):
    kind: Literal["gold", "cards"]


class Exchange(Action):
    """The Diplomat gives `give` of his city for `take` of `player`'s."""
    give: str
    player: str
    take: str


class Beautify(Action):
    district: str


class UseArmory(Action):
    player: str
    district: str


class Greet(Action):
    """'Thanks, your Excellency': the Ball Room's owner holds the crown."""


class BellTower(Action):
    announce: bool


class Lighthouse(Action):
    """The card taken from the deck when the Lighthouse is built."""
    district: str


class UseMuseum(Action):
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
# The parser of their JSON form (and of EXTRA's).
ACTIONS: kernel.Actions[Action] = kernel.Actions(Action, ACTION_TYPES)
# Action classes beyond the union above, by type: those a power declares beside it
# (powers.py) or a character added after the data files were read brings (extend.py).
# Action.parse reads them when the union knows no such type.
EXTRA: dict[str, type[Action]] = ACTIONS.extra
# The class of the actions of a type, built in or added (None: no such type).
action_class = ACTIONS.of


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
