"""What `apply` reports: Cities keeps nothing secret from one seat only (docs/rules/cities.md
§9), so every event is public and each viewer sees the same thing."""

from __future__ import annotations

from typing import Any


class Event:
    __slots__ = ("type", "seat", "data")

    def __init__(self, type: str, seat: str | None = None, **data: Any) -> None:
        self.type = type
        self.seat = seat
        self.data = data

    def visible_to(self, viewer: str | None) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, **self.data}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.type, self.seat, self.data) == (
            other.type, other.seat, other.data)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.seat!r}, {self.data!r})"
