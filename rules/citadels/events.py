"""Events `apply` returns, for the bot to narrate: a public part and per-player secret parts."""

from __future__ import annotations

from typing import Any


class Event:
    """What happened. `data` is what everyone learns; `private[pid]` what only pid learns.

    Read-only, like states: its lists may be the state's own, and events without secrets share
    one empty `private` dict.
    """

    __slots__ = ("type", "player", "data", "private")

    def __init__(self, type: str, player: str | None = None, data: dict[str, Any] | None = None,
                 private: dict[str, dict[str, Any]] | None = None) -> None:
        self.type = type
        self.player = player
        self.data = data if data is not None else {}
        self.private = private if private is not None else {}

    def visible_to(self, viewer: str | None) -> dict[str, Any]:
        """The event as `viewer` (None: a spectator) may see it, as a JSON-ready dict."""
        out: dict[str, Any] = {"type": self.type, "player": self.player, **self.data}
        if viewer is not None and viewer in self.private:
            out.update(self.private[viewer])
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.player!r}, {self.data!r}, {self.private!r})"
