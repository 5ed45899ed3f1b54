"""Copy-on-write working state for one `apply`: the input state is never touched.

Copying a whole GameState per action would dominate the engine's cost, so `begin` clones the
state shallowly (one dict copy) and `edit` a player only the first time it is written.

The clones are plain objects with BaseModel's instance layout (the kernel's Layout,
rules/kernel/tx.py) that become a GameState and Players when the action is done. Until then
the rules read and write them as plain attributes; everything written is already valid.

The lists inside a clone are still the input's: the rules replace a list (`s.revealed =
s.revealed + [c]`), never change one in place.

On this interpreter a Python call or a new object costs about as much as reading a dozen
attributes, and random playouts run `apply` millions of times: hence one work object per
action, which also carries the action's events, and few helper calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.kernel.events import NO_SECRETS, blank
from rules.kernel.tx import Layout, all_set, work

from .events import Event
from .state import GameState, Player

_STATE_SET = all_set(GameState)
_PLAYER_SET = all_set(Player)


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


# The class of work objects (Any: to mypy, Work is the GameState it becomes).
_WORK: Any = Work
# Events as emit makes them (the fields set there, no __init__ call).
_Emitted = blank(Event)


# The helpers below are functions, not Work methods: a work object's __dict__ is new for
# every action, and CPython looks a method up the slow way on such objects.

def edit(s: Work, seat: str) -> Player:
    """A writable clone of `seat`'s player (its lists are shared: replace them, never edit)."""
    clones = s._clones
    if clones is None:
        clones = s._clones = {}
        s.players = list(s.players)
    else:
        known = clones.get(seat)
        if known is not None:
            return known
    place = s.seat[seat]
    # A plain object the rules use as the Player it becomes.
    clone: Player = work(WorkPlayer, s.players[place].__dict__.copy(), _PLAYER_SET)
    s.players[place] = clones[seat] = clone
    return clone


def emit(s: Work, type_: str, player: str | None, data: dict[str, Any],
         private: dict[str, dict[str, Any]] | None = None) -> None:
    """Report an event: `data` is public, `private[seat]` only for that seat."""
    # Event(type_, player, data, private) without the __init__ call: ~2 events an action.
    event = _Emitted()
    event.type, event.player, event.data = type_, player, data
    event.private = private if private is not None else NO_SECRETS
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
        for clone in clones.values():
            clone.__class__ = Player
    s.__pydantic_extra__ = s.__pydantic_private__ = None
    s.__class__ = GameState  # type: ignore[assignment]
    return s


def begin(state: GameState) -> Work:
    """The work object of one action on state (which stays untouched)."""
    fields = state.__dict__.copy()
    if "seat" not in fields:  # a state from JSON: see GameState.seat
        fields["seat"] = state.seat
    s: Work = work(_WORK, fields, _STATE_SET)
    s.events = []
    s._clones = None
    return s


def removed(items: list[str], item: str) -> list[str]:
    """A copy of items without the first `item` (which must be there)."""
    out = list(items)
    out.remove(item)
    return out
