"""The achievement race (docs/rules/cities.md §7): at the end of each of the active player's
turns, each objective they have not claimed and now meet takes their ring on its highest free
value (R16); a ring stays for good, and nothing is left for a player who comes too late
(R19)."""

from __future__ import annotations

from . import counts
from .events import Event
from .state import GameState, grid


def check(s: GameState, seat: int) -> tuple[dict[str, tuple[int, ...]], list[Event]]:
    """(the claims after `seat`'s end-of-turn check, the events of the rings placed)."""
    here = grid(s, seat)
    claims = s.claims
    events = []
    for goal in s.goals():
        claimants = claims.get(goal.id, ())
        values = counts.values_in_play(goal.values, s.players)
        if seat in claimants or len(claimants) >= len(values) or not goal.rule.met(here):
            continue
        claims = {**claims, goal.id: (*claimants, seat)}
        events.append(Event("achievement", s.seats[seat],
                            {"objective": goal.id, "value": values[len(claimants)]}))
    return claims, events


def rings(s: GameState, seat: int) -> dict[str, int]:
    """Objective -> the value under seat's ring, for each objective it claimed."""
    out = {}
    for goal in s.goals():
        claimants = s.claims.get(goal.id, ())
        if seat in claimants:
            out[goal.id] = counts.values_in_play(goal.values, s.players)[claimants.index(seat)]
    return out


def free_values(s: GameState) -> dict[str, list[int]]:
    """Objective -> the values still free, highest first."""
    return {goal.id: list(counts.values_in_play(goal.values, s.players)
                          [len(s.claims.get(goal.id, ())):]) for goal in s.goals()}
