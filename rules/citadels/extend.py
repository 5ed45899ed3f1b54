"""Characters added after the data files were read, with no edit of the engine: a variant's,
or one that exists only in a test (tests/cogs/citadels/herald/).

`add_character(row, power)` puts a character in every table the engine reads: its data row
(as the data files write one: id, rank, income, emoji, name and text in English and Spanish)
in the card tables, its `Power` in `powers.POWERS`, the handlers of its power in the turn's,
and the action classes they take (any not built in) in the action parser. Its rank's option
(`Options.rank<n>`) then accepts it. `remove_character` takes it out again; `added` does both
around a block.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from . import actions as A
from . import districts, engine, turns
from .cards import CHARACTERS, RANK, RANK_CHOICES, Character
from .powers import POWERS, Power


def add_character(row: Mapping[str, Any], power: Power) -> Character:
    """The character of `row`, playable from now on; ValueError if its id is taken or one of
    its action types is another's."""
    cid, rank = row["id"], row["rank"]
    if cid in CHARACTERS:
        raise ValueError(f"there is already a character {cid!r}")
    for cls in power.handlers:
        type_ = cls.model_fields["type"].default
        if cls in turns.HANDLERS or A.action_class(type_) is not None:
            raise ValueError(f"the action {type_!r} is another's")
    character = Character(cid, rank, row.get("income"), dict(row["name"]), dict(row["text"]),
                          row.get("emoji", ""))
    _by_rank({**CHARACTERS, cid: character})
    RANK[cid] = rank
    RANK_CHOICES[rank] = (*RANK_CHOICES.get(rank, ()), cid)
    districts.INCOME[cid] = character.income
    A.PICK[cid] = A.PickCharacter(character=cid)
    A.DISCARD[cid] = A.DiscardCharacter(character=cid)
    A.ASSASSINATE[cid], A.STEAL[cid] = A.Assassinate(character=cid), A.Steal(character=cid)
    A.BEWITCH[cid] = A.Bewitch(character=cid)
    POWERS[cid] = power
    for cls, handler in power.handlers.items():
        A.EXTRA[cls.model_fields["type"].default] = cls
        turns.HANDLERS[cls] = engine.TURN_HANDLERS[cls] = handler
    return character


def remove_character(cid: str) -> None:
    """Take out a character `add_character` added (a data file's stay)."""
    power = POWERS.pop(cid)
    character = CHARACTERS[cid]
    _by_rank({c: v for c, v in CHARACTERS.items() if c != cid})
    del RANK[cid], districts.INCOME[cid]
    left = tuple(c for c in RANK_CHOICES[character.rank] if c != cid)
    if left:
        RANK_CHOICES[character.rank] = left
    else:
        del RANK_CHOICES[character.rank]
    del A.PICK[cid], A.DISCARD[cid], A.ASSASSINATE[cid], A.STEAL[cid], A.BEWITCH[cid]
    for cls in power.handlers:
        del A.EXTRA[cls.model_fields["type"].default], turns.HANDLERS[cls]
        del engine.TURN_HANDLERS[cls]


@contextmanager
def added(row: Mapping[str, Any], power: Power) -> Iterator[Character]:
    """The character of `row` for the duration of the block."""
    character = add_character(row, power)
    try:
        yield character
    finally:
        remove_character(character.id)


def _by_rank(characters: dict[str, Character]) -> None:
    """CHARACTERS holds `characters` by rank (as the data files' are read), in place: every
    module reads the same dict."""
    ordered = sorted(characters.values(), key=lambda c: c.rank)
    CHARACTERS.clear()
    CHARACTERS.update((c.id, c) for c in ordered)
