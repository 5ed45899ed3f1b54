"""Copy-on-write working state for one `apply`: the input state is never touched.

`begin` copies the state's fields into a Work object, `edit` copies a player the first time an
action writes it, and `done` makes the new GameState. The lists inside are still the input's:
the rules replace a list (`s.revealed = [*s.revealed, c]`), never change one in place.

Work is a plain object rather than a model because the rules read and write the state dozens of
times an action, and a pydantic model's reads take CPython's slow path (BaseModel defines
__getattr__) while its writes run BaseModel.__setattr__. `python -m bench.engine` gives about
345 random 4-player games/s with this design, against 760 with the model-layout and
class-swapping tricks it replaced: the engine must keep 300, and above that readability wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .events import Event
from .state import GameState, Player

# The `private` of every event without secrets: one shared dict, which nothing writes.
_NO_SECRETS: dict[str, dict[str, Any]] = {}


class _Work:
    """One action's working state: the GameState's fields in its __dict__, plus the action's
    events, the players edited so far and the state it started from (slots, so that the
    __dict__ holds exactly the new state's fields)."""

    __slots__ = ("__dict__", "events", "edited", "base")

    player = GameState.player
    holder = GameState.holder
    characters_of = GameState.characters_of

    def __init__(self, state: GameState) -> None:
        self.__dict__.update(state.__dict__)
        self.__dict__["seat"] = state.seat  # cached in the state's __dict__ once computed
        self.events: list[Event] = []
        self.edited: dict[str, Player] = {}
        self.base = state


if TYPE_CHECKING:
    class Work(GameState):
        """To the rules (and the type checker), a work object is the GameState it becomes,
        with the action's events and the players edited so far."""

        events: list[Event]
        edited: dict[str, Player]
        base: GameState
else:
    Work = _Work


def begin(state: GameState) -> Work:
    """The work object of one action on state (which stays untouched)."""
    return cast(Work, _Work(state))  # a _Work, typed as what the rules see (Work above)


def edit(s: Work, pid: str) -> Player:
    """A writable copy of player pid, made on its first write (its lists are shared: replace
    them, never change them in place)."""
    player = s.edited.get(pid)
    if player is None:
        if not s.edited:
            s.players = list(s.players)
        seat = s.seat[pid]
        player = s.edited[pid] = s.players[seat] = s.players[seat].model_copy()
    return player


def emit(s: Work, type_: str, player: str | None, data: dict[str, Any],
         private: dict[str, dict[str, Any]] | None = None) -> None:
    """Report an event: `data` is public, `private[pid]` only for pid."""
    s.events.append(Event(type_, player, data, private if private is not None else _NO_SECRETS))


def draw(s: Work, n: int) -> list[str]:
    """Take up to n cards from the top of the deck."""
    deck = s.deck
    s.deck = deck[n:]
    return deck[:n]


def done(s: Work) -> GameState:
    """The new state: the input's copy with every field the action left in `s`."""
    return s.base.model_copy(update=vars(s))


def removed(items: list[str], item: str) -> list[str]:
    """A copy of items without the first `item` (which must be there)."""
    out = list(items)
    out.remove(item)
    return out
