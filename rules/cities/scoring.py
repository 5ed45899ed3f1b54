"""Scores (docs/rules/cities.md §8): achievements, water and park zones by their kinds of
feature (1/3/6/10), monuments, and every occurrence of each scoring card (R22); the winner has
the most points, then the most achievement points, and players still tied share the place
(R23). Scores may be shown at any time (R24): the same sums serve the running totals."""

from __future__ import annotations

from .achievements import rings
from .state import GameState, grid

PARTS = ("achievements", "water", "park", "monuments", "cards")


def sheet(s: GameState, seat: int) -> tuple[dict[str, int], dict[str, int]]:
    """(seat's points by source (PARTS), adding up to its score; each of its scoring cards ->
    what it scores)."""
    here, parts = grid(s, seat), s.components
    cards = {card: parts.cards[card].points * parts.cards[card].rule.count(here)
             for card in s.hoods[seat].cards}
    areas = {code: sum(parts.area(len(here.zone_kinds(zone))) for zone in here.zones(code))
             for code in "WP"}
    return {
        "achievements": sum(rings(s, seat).values()),
        "water": areas["W"],
        "park": areas["P"],
        "monuments": sum(kind.points for kind in here.features.values()),
        "cards": sum(cards.values()),
    }, cards


def breakdown(s: GameState, seat: int) -> dict[str, int]:
    return sheet(s, seat)[0]


def card_points(s: GameState, seat: int) -> dict[str, int]:
    return sheet(s, seat)[1]


def ranks(totals: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Seat -> place from (points, achievement points): 1 + how many did strictly better."""
    return {seat: 1 + sum(other > mine for other in totals.values())
            for seat, mine in totals.items()}


def table(s: GameState) -> dict[str, dict[str, int]]:
    return {name: breakdown(s, seat) for seat, name in enumerate(s.seats)}


def standings(s: GameState) -> dict[str, int]:
    """Seat name -> place, as the game stands."""
    parts = table(s)
    return ranks({name: (sum(p.values()), p["achievements"]) for name, p in parts.items()})
