"""The panel's choices of places in board order: the engine lists its legal actions in its own
order (a hex select ran "H1, H2, H3, H4, H7, H5…"); a select lists places by number (H2 before
H10), and where a type has more choices than one select holds, the first choice (the hex
around an intersection) by number too, then the places within it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cogs.declare import Declaration
from cogs.panels import MAX_OPTIONS

from .actions_ui import SPEC
from .texts import PLACE_ID, place_key

# An action's fields that name places, in the order they rank it.
FIELDS = ("node", "to", "hex", "other_hex", "edge")
Rank = tuple[Any, ...]
ORDERS = 256  # lists of legal actions whose order is kept


def board_order(legal: Sequence[Any]) -> list[Any]:
    """`legal`, each type's actions sorted by their places' numbers (after the narrowing
    steps' keys where the type is narrowed); other choices keep the engine's order. Every
    panel of a state orders the same list: its order is kept (actions are frozen), unless an
    action cannot be a key (an offer's cards are a dict)."""
    try:
        return [legal[i] for i in _order(tuple(legal))]
    except TypeError:  # unhashable
        return _ordered(legal)


@lru_cache(maxsize=ORDERS)
def _order(legal: tuple[Any, ...]) -> tuple[int, ...]:
    """The positions of `_ordered(legal)` in `legal` (the caller's own actions returned)."""
    at = {id(action): i for i, action in enumerate(legal)}
    return tuple(at[id(action)] for action in _ordered(legal))


def _ordered(legal: Sequence[Any]) -> list[Any]:
    by_type: dict[str, list[Any]] = {}
    for action in legal:
        by_type.setdefault(action.type, []).append(action)
    return [a for type_, actions in by_type.items()
            for a in _sorted(SPEC.of(type_), actions)]


def _sorted(declaration: Declaration, actions: list[Any]) -> list[Any]:
    narrowed = len(actions) > MAX_OPTIONS  # the steps' keys are a select's choices
    first: dict[str, int] = {}
    for step in declaration.narrow:
        for a in actions:
            first.setdefault(step.key_of(a), len(first))

    def rank(action: Any) -> Rank:
        keys = tuple(_key(step.key_of(action), first, narrowed) for step in declaration.narrow)
        places = tuple(place_key(str(value)) for f in _fields(type(action))
                       if isinstance(value := getattr(action, f, None), str)
                       and PLACE_ID.fullmatch(value))
        return (*keys, places)

    return sorted(actions, key=rank)


def _key(value: str, first: dict[str, int], narrowed: bool) -> Rank:
    """A narrowing key's rank: a place by its number where it is chosen first (else not at
    all: the places themselves rank the choices), anything else (a card, a seat) where it
    first came, so a select of cards keeps the engine's order."""
    if PLACE_ID.fullmatch(value):
        return (0, *place_key(value)) if narrowed else (0,)
    return (1, first[value])


def _fields(cls: type) -> tuple[str, ...]:
    """The FIELDS an action class has: asking a pydantic model for a field it lacks is slow."""
    if (known := _FIELDS_OF.get(cls)) is None:
        declared = getattr(cls, "model_fields", None)
        known = FIELDS if declared is None else tuple(f for f in FIELDS if f in declared)
        _FIELDS_OF[cls] = known
    return known


_FIELDS_OF: dict[type, tuple[str, ...]] = {}  # by action class: a bounded few
