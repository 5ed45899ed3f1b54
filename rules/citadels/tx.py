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

from typing import TYPE_CHECKING, Any

from .events import Event
from .state import (
    GameState,
    M,
    Player,
    all_set,
    set_dict,
    set_extra,
    set_fields_set,
    set_private,
)

_new = object.__new__
_STATE_SET = all_set(GameState)
_PLAYER_SET = all_set(Player)


if TYPE_CHECKING:
    # To the rules code a work object is the model it edits.
    WorkState = GameState
    WorkPlayer = Player
else:
    class WorkState:
        """A GameState's fields as a plain object (its __dict__): reads and writes skip pydantic."""

        player = GameState.player
        holder = GameState.holder

    class WorkPlayer:
        """A Player's fields as a plain object (its __dict__): reads and writes skip pydantic."""


_READERS: dict[type, type] = {GameState: WorkState, Player: WorkPlayer}


def reader(model: M) -> M:
    """A plain object over model's fields (shared, not copied) for code that reads many.

    BaseModel defines __getattr__, so every attribute read on a model takes CPython's slow
    generic path; on a plain object the read is specialised and about three times cheaper.
    """
    view = _new(_READERS[type(model)])
    view.__dict__ = model.__dict__
    return view


def removed(items: list[str], item: str) -> list[str]:
    """A copy of items without the first `item` (which must be there)."""
    out = list(items)
    out.remove(item)
    return out


class Tx:
    """One action's working state: `s` to read and write, `events` to report, `state` to return."""

    __slots__ = ("state", "s", "events", "_players")

    def __init__(self, state: GameState) -> None:
        fields = state.__dict__.copy()
        fields["players"] = list(fields["players"])  # so a written player can replace its seat
        # construct(GameState, fields), inlined: this runs once per action.
        clone = _new(GameState)
        set_dict(clone, fields)
        set_fields_set(clone, _STATE_SET)
        set_extra(clone, None)
        set_private(clone, None)
        self.state: GameState = clone
        self.s: WorkState = _new(WorkState)
        self.s.__dict__ = fields
        self.events: list[Event] = []
        self._players: dict[str, WorkPlayer] = {}  # the players cloned so far

    def player(self, pid: str) -> WorkPlayer:
        """A writable clone of player pid (its lists are shared: replace them, never edit)."""
        work = self._players.get(pid)
        if work is not None:
            return work
        players = self.s.players
        for i, p in enumerate(players):
            if p.id == pid:
                fields = p.__dict__.copy()
                # construct(Player, fields), inlined: most actions write a player.
                players[i] = clone = _new(Player)
                set_dict(clone, fields)
                set_fields_set(clone, _PLAYER_SET)
                set_extra(clone, None)
                set_private(clone, None)
                work = self._players[pid] = _new(WorkPlayer)
                work.__dict__ = fields
                return work
        raise KeyError(pid)

    def emit(self, type_: str, player: str | None, data: dict[str, Any],
             private: dict[str, dict[str, Any]] | None = None) -> None:
        """Report an event: `data` is public, `private[pid]` only for pid."""
        # Event(type_, player, data, private) without the __init__ call: ~2 events an action.
        event = _new(Event)
        event.type, event.player, event.data = type_, player, data
        event.private = private if private is not None else {}
        self.events.append(event)

    def draw(self, n: int) -> list[str]:
        """Take up to n cards from the top of the deck."""
        s = self.s
        deck = s.deck
        s.deck = deck[n:]
        return deck[:n]
