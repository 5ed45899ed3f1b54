"""Copy-on-write working state for one `apply`: the input state is never touched.

Copying a whole GameState per action would dominate the engine's cost, so `begin` clones the
state shallowly (one dict copy) and `edit` a player only the first time it is written.

The clones are plain objects with BaseModel's instance layout (state.Layout) that become a
GameState and Players when the action is done. Until then the rules read and write them as
plain attributes; everything written is already valid.

The lists inside a clone are still the input's: the rules replace a list (`s.revealed =
s.revealed + [c]`), never change one in place.

On this interpreter a Python call or a new object costs about as much as reading a dozen
attributes, and random playouts run `apply` millions of times: hence one work object per
action, which also carries the action's events, and few helper calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import Event
from .state import GameState, Layout, Player, all_set

_STATE_SET = all_set(GameState)
_PLAYER_SET = all_set(Player)
# The `private` of every event without secrets: one shared dict, which nothing writes.
_NO_SECRETS: dict[str, dict[str, Any]] = {}


class WorkPlayer(Layout):
    """A Player's fields as a plain object (its __dict__): reads and writes skip pydantic."""

    __slots__ = ()


if TYPE_CHECKING:
    class Work(GameState):
        """To the rules code, a work object is the GameState it becomes, with its events."""

        events: list[Event]
        _clones: dict[str, Player] | None
else:
    class Work(Layout):
        """One action's working state: a GameState's fields as a plain object, plus the action's
        events and player clones. `done(work)` turns it into the new GameState."""

        __slots__ = ()
        player = GameState.player
        holder = GameState.holder
        turn_player = GameState.turn_player
        # Until done(), pydantic's two spare slots hold the events and the players cloned so far
        # (None before the first; until then `players` is still the input's list).
        events = Layout.__dict__["__pydantic_extra__"]
        _clones = Layout.__dict__["__pydantic_private__"]


# The class of work objects, called to make a blank one (Any: to mypy, Work needs fields).
_blank_work: Any = Work


class _Emitted(Event):
    """An Event as `emit` makes it: a class called without an __init__ to run is made faster
    than by object.__new__(Event) (its fields are set by emit)."""

    __slots__ = ()
    __init__ = object.__init__  # emit sets the fields


# The helpers below are functions, not Work methods: a work object's __dict__ is new for
# every action, and CPython looks a method up the slow way on such objects.

def edit(s: Work, pid: str) -> Player:
    """A writable clone of player pid (its lists are shared: replace them, never edit)."""
    clones = s._clones
    if clones is None:
        clones = s._clones = {}
        s.players = list(s.players)
    else:
        work = clones.get(pid)
        if work is not None:
            return work
    seat = s.seat[pid]
    # Called, not object.__new__(WorkPlayer): a class without __init__ is made faster so.
    clone: Any = WorkPlayer()  # Any: a plain object the rules use as the Player it becomes
    clone.__dict__ = s.players[seat].__dict__.copy()
    clone.__pydantic_fields_set__ = _PLAYER_SET
    clone.__pydantic_extra__ = None
    clone.__pydantic_private__ = None
    s.players[seat] = clones[pid] = clone
    player: Player = clone
    return player


def emit(s: Work, type_: str, player: str | None, data: dict[str, Any],
         private: dict[str, dict[str, Any]] | None = None) -> None:
    """Report an event: `data` is public, `private[pid]` only for pid."""
    # Event(type_, player, data, private) without the __init__ call: ~2 events an action.
    event = _Emitted()
    event.type, event.player, event.data = type_, player, data
    event.private = private if private is not None else _NO_SECRETS
    s.events.append(event)


def draw(s: Work, n: int) -> list[str]:
    """Take up to n cards from the top of the deck."""
    deck = s.deck
    s.deck = deck[n:]
    return deck[:n]


def done(s: Work) -> GameState:
    """The new state: the clones become models (same layout, same valid fields)."""
    clones = s._clones
    if clones is not None:
        for work in clones.values():
            work.__class__ = Player
    s.__pydantic_extra__ = s.__pydantic_private__ = None
    s.__class__ = GameState  # type: ignore[assignment]
    return s


def begin(state: GameState) -> Work:
    """The work object of one action on state (which stays untouched)."""
    work: Work = _blank_work()  # called, as WorkPlayer() in edit
    work.__dict__ = fields = state.__dict__.copy()
    if "seat" not in fields:  # a state from JSON: see GameState.seat
        fields["seat"] = state.seat
    work.__pydantic_fields_set__ = _STATE_SET
    work.events = []
    work._clones = None
    return work


def removed(items: list[str], item: str) -> list[str]:
    """A copy of items without the first `item` (which must be there)."""
    out = list(items)
    out.remove(item)
    return out
