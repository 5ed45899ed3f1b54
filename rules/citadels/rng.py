"""A tiny seeded generator (SplitMix64) whose whole state is one int kept in GameState.

Python's global `random` is never touched, so games replay exactly from their seed.
"""

from __future__ import annotations

from functools import cache
from typing import Any

_MASK = (1 << 64) - 1
# One draw serves several swaps of a shuffle while the product of their ranges stays below
# this, which keeps Lemire's rejections rare (under 2^-16 of the draws).
_BATCH = 1 << 48


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, a number in [0, n)), exactly uniform, for 0 < n <= 2^64.

    Lemire's method: the high word of z * n, rejecting the few z that would favour some values.
    """
    while True:
        state, z = next_u64(state)
        m = z * n
        low = m & _MASK
        if low >= n or low >= ((1 << 64) - n) % n:
            return state, m >> 64


def shuffle(state: int, items: list[Any], count: int | None = None) -> int:
    """Shuffle items in place (Fisher-Yates, exactly uniform); return the new state.

    With `count`, only the first count places are drawn (a uniform sample, in random order);
    the others keep what is left, in no particular order.
    """
    n = len(items)
    for bound, places in _batches(n, n - 1 if count is None else min(count, n - 1)):
        state, k = below(state, bound)
        for place in places:
            k, j = divmod(k, n - place)
            j += place
            items[place], items[j] = items[j], items[place]
    return state


@cache
def _batches(n: int, count: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of a Fisher-Yates over the first count of n places: (bound, places) each.

    Python's big-int arithmetic makes a 64-bit draw cost more than many swaps, so one draw
    serves several places: a number below the product of their ranges, read digit by digit.
    """
    out: list[tuple[int, tuple[int, ...]]] = []
    place = 0
    while place < count:
        bound, places = 1, []
        while place < count and bound * (n - place) <= _BATCH:
            bound *= n - place
            places.append(place)
            place += 1
        out.append((bound, tuple(places)))
    return tuple(out)
