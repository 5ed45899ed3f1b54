"""Copy-on-write working state for one `apply`: the input state is never touched.

Copying a whole GameState per action would dominate the engine's cost, so a Tx clones the
state shallowly (one dict copy) and a player only the first time it is written.

The clones are built as plain objects with BaseModel's instance layout and become a GameState
and Players (`__class__` assignment) when the action is done. Until then the rules read and
write them as plain attributes: a pydantic model's reads take CPython's slow path (BaseModel
defines __getattr__), its writes run BaseModel.__setattr__ (about a microsecond), and setting
its slots from outside costs four calls; everything written is already valid.

The lists inside a clone are still the input's: the rules replace a list (`s.revealed =
s.revealed + [c]`), never change one in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import Event
from .state import GameState, M, Player, all_set

_new = object.__new__
_STATE_SET = all_set(GameState)
_PLAYER_SET = all_set(Player)


class _Layout:
    """BaseModel's instance layout (its slots, no others) in a plain class."""

    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                 "__pydantic_private__")


if TYPE_CHECKING:
    # To the rules code a work object is the model it becomes.
    WorkState = GameState
    WorkPlayer = Player
else:
    class WorkState(_Layout):
        """A GameState's fields as a plain object (its __dict__): reads and writes skip pydantic."""

        __slots__ = ()
        player = GameState.player
        holder = GameState.holder

    class WorkPlayer(_Layout):
        """A Player's fields as a plain object (its __dict__): reads and writes skip pydantic."""

        __slots__ = ()


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


def _as_work(cls: type, fields: dict[str, Any], fields_set: set[str]) -> Any:
    work = _new(cls)
    work.__dict__ = fields
    work.__pydantic_fields_set__ = fields_set
    work.__pydantic_extra__ = None
    work.__pydantic_private__ = None
    return work


class Tx:
    """One action's working state: `s` to read and write, `events` to report, `done()` to end."""

    __slots__ = ("s", "events", "_players")

    def __init__(self, state: GameState) -> None:
        fields = state.__dict__.copy()
        fields["players"] = list(fields["players"])  # so a written player can replace its seat
        self.s: WorkState = _as_work(WorkState, fields, _STATE_SET)
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
                work = _as_work(WorkPlayer, p.__dict__.copy(), _PLAYER_SET)
                players[i] = self._players[pid] = work
                return work
        raise KeyError(pid)

    def done(self) -> GameState:
        """The new state: the clones become models (same layout, same valid fields)."""
        for work in self._players.values():
            work.__class__ = Player  # type: ignore[assignment]
        state = self.s
        state.__class__ = GameState  # type: ignore[assignment]
        return state

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
