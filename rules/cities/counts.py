"""What the number of players changes (docs/rules/cities.md §5.3): rounds, workers, the row
quota and the achievement values in use."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROWS = "ABCD"


def rounds(players: int, long: bool) -> int:
    """8 rounds; 4 with 2 players, 7 in the long 2-player game (R10)."""
    if players == 2:
        return 7 if long else 4
    return 8


def workers(players: int) -> int:
    """Workers each: 8 with 2 players, else 4; one placed every turn."""
    return 8 if players == 2 else 4


def quota(players: int) -> int:
    """Workers a player puts in each row per round: 2 with 2 players, else 1."""
    return workers(players) // len(ROWS)


def turns(players: int) -> int:
    """Turns in a round: every worker goes out, one a turn."""
    return players * workers(players)


def values_in_play(values: tuple[int, ...], players: int) -> tuple[int, ...]:
    """An objective's values that can be claimed: with 2 players a ring of an unused colour
    covers the middle one (docs/rules/cities.md §4.1, R18)."""
    return (values[0], values[-1]) if players == 2 else values
