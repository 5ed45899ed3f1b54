"""Copy-on-write working state for one `apply`: the input state is never touched.

Copying a whole GameState per action would dominate the engine's cost, so a Tx clones the
state shallowly (one dict copy) and a player only the first time it is written. The rules
write through "work" objects that share a clone's `__dict__`: a plain attribute write costs
nanoseconds, pydantic's `BaseModel.__setattr__` about a microsecond, and everything written is
already valid.

The lists inside a work object are still the input's: the rules replace a list (`s.revealed =
s.revealed + [c]`), never change one in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from .events import Event
from .state import GameState, Player

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# The setters of BaseModel's slots, called directly: a third cheaper than object.__setattr__.
_set_dict = vars(BaseModel)["__dict__"].__set__
_set_fields_set = vars(BaseModel)["__pydantic_fields_set__"].__set__
_set_extra = vars(BaseModel)["__pydantic_extra__"].__set__
_set_private = vars(BaseModel)["__pydantic_private__"].__set__
# Every field counts as set in the models built here (they are all written explicitly). One
# shared set per class: pydantic only ever adds a field name to it, and it already holds them.
_ALL_SET: dict[type, set[str]] = {}


def construct(cls: type[M], fields: dict[str, Any]) -> M:
    """A model of cls over `fields` (taken, not copied), without validation: fields is valid."""
    model = _new(cls)
    _set_dict(model, fields)
    _set_fields_set(model, _ALL_SET.get(cls) or _all_set(cls))
    _set_extra(model, None)
    _set_private(model, None)
    return model


def _all_set(cls: type[BaseModel]) -> set[str]:
    return _ALL_SET.setdefault(cls, set(cls.model_fields))


if TYPE_CHECKING:
    # To the rules code a work object is the model it edits.
    WorkState = GameState
    WorkPlayer = Player
else:
    class WorkState:
        """A GameState under construction: same attributes (its __dict__), plain writes."""

        player = GameState.player
        holder = GameState.holder

    class WorkPlayer:
        """A Player under construction: same attributes (its __dict__), plain writes."""


def _work(cls: type, model: BaseModel) -> Any:
    work = _new(cls)
    work.__dict__ = model.__dict__
    return work


def removed(items: list[str], item: str) -> list[str]:
    """A copy of items without the first `item` (which must be there)."""
    out = list(items)
    out.remove(item)
    return out


class Tx:
    """One action's working state: `s` to read and write, `events` to report, `state` to return."""

    __slots__ = ("state", "s", "events", "_players")

    def __init__(self, state: GameState) -> None:
        self.state: GameState = construct(GameState, state.__dict__.copy())
        self.s: WorkState = _work(WorkState, self.state)
        self.events: list[Event] = []
        self._players: dict[str, WorkPlayer] = {}  # the players cloned so far

    def player(self, pid: str) -> WorkPlayer:
        """A writable clone of player pid (its lists are shared: replace them, never edit)."""
        work = self._players.get(pid)
        return work if work is not None else self._clone_player(pid)

    def _clone_player(self, pid: str) -> WorkPlayer:
        s = self.s
        if not self._players:  # the first player written: the list itself is copied once
            s.players = list(s.players)
        players = s.players
        for i, p in enumerate(players):
            if p.id == pid:
                players[i] = clone = construct(Player, p.__dict__.copy())
                work = self._players[pid] = _work(WorkPlayer, clone)
                return work
        raise KeyError(pid)

    def emit(self, type_: str, player: str | None, data: dict[str, Any],
             private: dict[str, dict[str, Any]] | None = None) -> None:
        """Report an event: `data` is public, `private[pid]` only for pid."""
        self.events.append(Event(type_, player, data, private))

    def draw(self, n: int) -> list[str]:
        """Take up to n cards from the top of the deck."""
        s = self.s
        deck = s.deck
        s.deck = deck[n:]
        return deck[:n]
