"""Events `apply` returns for the bot to narrate: a public part, and per-seat secrets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

# The `private` of every event without secrets: one shared dict, which nothing writes.
NO_SECRETS: dict[str, dict[str, Any]] = {}
_FIELDS = ("type", "seat", "data", "private")


class Event:
    """What happened. `data` is what everyone learns, `private[seat]` what only that seat learns
    besides (a stolen card's type for the thief and the victim); `seat` is whom it is about.

    Read-only, like states: its lists may be the state's own, and events without secrets share
    one empty `private` dict (NO_SECRETS). A game names the seat's key in the JSON form
    (`seat_key`; Citadels' subclass says "player")."""

    __slots__ = _FIELDS
    seat_key: ClassVar[str] = "seat"

    def __init__(self, type: str, seat: str | None = None, data: dict[str, Any] | None = None,
                 private: dict[str, dict[str, Any]] | None = None) -> None:
        self.type = type
        self.seat = seat
        self.data = data if data is not None else {}
        self.private = private if private is not None else NO_SECRETS

    def visible_to(self, viewer: str | None) -> dict[str, Any]:
        """The event as `viewer` (None: a spectator) may see it, as a JSON-ready dict."""
        out: dict[str, Any] = {"type": self.type, self.seat_key: self.seat, **self.data}
        if viewer is not None and viewer in self.private:
            out.update(self.private[viewer])
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and all(
            getattr(self, k) == getattr(other, k) for k in _FIELDS)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.seat!r}, {self.data!r}, {self.private!r})"


E = TypeVar("E", bound=Event)


def blank(cls: type[E]) -> Callable[[], E]:
    """A subclass of `cls` whose instances are made without running an __init__: its caller
    sets the four fields. Calling a class with no __init__ of its own is CPython's quickest way
    to make an object, and an engine emits a couple of events per action. Its events copy and
    pickle as events of `cls`."""

    def reduce(event: Event) -> tuple[type[E], tuple[Any, ...]]:
        return cls, (event.type, event.seat, event.data, event.private)

    made: Callable[[], E] = type(cls.__name__, (cls,), {
        "__slots__": (), "__init__": object.__init__, "__reduce__": reduce,
        "__module__": cls.__module__, "__qualname__": cls.__qualname__, "__doc__": cls.__doc__})
    return made
