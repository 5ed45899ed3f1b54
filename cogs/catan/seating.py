"""The seats' colours in seating order (§1.8): a seat's emoji in every text and its pieces on
the board picture are the same colour."""

from __future__ import annotations

from collections.abc import Sequence

from bot.records import Seat

SEAT_ORDER: tuple[str, ...] = ("red", "blue", "white", "orange")


def colours(seats: Sequence[Seat]) -> dict[str, str]:
    """Each seat's colour, in the game's seating order."""
    return {s.id: SEAT_ORDER[i % len(SEAT_ORDER)] for i, s in enumerate(seats)}
