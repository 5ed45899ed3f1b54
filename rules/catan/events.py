"""Events `apply` returns for the bot to narrate: what everyone learns, and per-seat secrets."""

from __future__ import annotations

from typing import Any


class Event:
    """`data` is public; `private[seat]` is added to it for that seat only (a stolen card's
    type for the thief and the victim)."""

    __slots__ = ("type", "seat", "data", "private")

    def __init__(self, type: str, seat: str | None = None, data: dict[str, Any] | None = None,
                 private: dict[str, dict[str, Any]] | None = None) -> None:
        self.type = type
        self.seat = seat
        self.data = data if data is not None else {}
        self.private = private if private is not None else {}

    def visible_to(self, viewer: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "seat": self.seat, **self.data}
        if viewer is not None and viewer in self.private:
            out.update(self.private[viewer])
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.seat!r}, {self.data!r}, {self.private!r})"
