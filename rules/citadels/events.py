"""Events `apply` returns, for the bot to narrate: the kernel's, with Citadels' name for the
seat an event is about: `player` (a public part and per-player secret parts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.kernel import events


class Event(events.Event):
    """What happened. `data` is what everyone learns; `private[seat]` what only that seat learns;
    `player` (the kernel's `seat`, the same slot) whom it is about."""

    __slots__ = ()
    seat_key = "player"
    if TYPE_CHECKING:
        player: str | None
    else:
        player = events.Event.__dict__["seat"]  # the kernel's slot, under Citadels' name
