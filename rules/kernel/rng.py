"""A seeded generator (SplitMix64) whose whole state is one int kept in the game state, so a
game replays exactly from its seed and the actions taken. Python's global `random` is never
touched. Every draw is exactly uniform, however large its range.

Plain functions: each takes the generator's state and returns the next one with what it drew.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# One draw serves several swaps of a shuffle while the product of their ranges stays below
# this, which keeps Lemire's rejections rare (under 2^-16 of the draws).
_BATCH = 1 << 48


def seed_state(seed: int) -> int:
    """A game's first generator state from its seed (any int)."""
    return seed & MASK


def mixed(z: int) -> int:
    """SplitMix64's output of a 64-bit state: its bits mixed (Cities' games begin from their
    seed mixed so: `mixed(seed_state(seed))`)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """(new state, 64 random bits)."""
    state = (state + _GAMMA) & MASK
    return state, mixed(state)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a number in [0, n)), exactly uniform, for 0 < n <= 2^64.

    Lemire's method: the high word of z * n, rejecting the few z that would favour some values
    (fewer than n in 2^64: a draw below 2^32 is redrawn less than once in four billion).
    next_u64 is written out here: dice and shuffles draw often.
    """
    while True:
        state = (state + _GAMMA) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        m = (z ^ (z >> 31)) * n
        low = m & MASK
        if low >= n or low >= ((1 << 64) - n) % n:
            return state, m >> 64


def modulo(state: int, n: int) -> tuple[int, int]:
    """(new state, a number in [0, n)), exactly uniform as `below` is, with other draws: 64
    bits modulo n, redrawn when they fall in the last, partial run of n (rarer than one draw
    in 2^32 for n below 2^32). Cities draws so, as it always did, so that its seeds keep their
    games."""
    ceiling = (1 << 64) - (1 << 64) % n  # the last whole multiple of n: no value favoured
    while True:
        state, z = next_u64(state)
        if z < ceiling:
            return state, z % n


def choice(state: int, items: Sequence[T]) -> tuple[int, T]:
    """(new state, one of items, each as likely)."""
    state, i = below(state, len(items))
    return state, items[i]


def shuffle(state: int, items: list[T], count: int | None = None) -> int:
    """Shuffle items in place (Fisher-Yates, exactly uniform); return the new state.

    With `count`, only the first count places are drawn (a uniform sample, in random order);
    the others keep what is left, in no particular order. Python's big-int arithmetic makes a
    64-bit draw cost more than many swaps, so one draw serves several places: a number below
    the product of their ranges, read digit by digit.
    """
    n = len(items)
    for bound, places in _batches(n, n - 1 if count is None else min(count, n - 1)):
        state, k = below(state, bound)
        for place in places:
            k, j = divmod(k, n - place)
            j += place
            items[place], items[j] = items[j], items[place]
    return state


def fisher_yates(state: int, items: list[T],
                 draw: Callable[[int, int], tuple[int, int]] = below) -> int:
    """Shuffle items in place, one draw per swap from the last place down (the textbook
    Fisher-Yates, exactly uniform as `shuffle` is, with other draws: a game dealt by it keeps
    it, so that its seeds keep their games; Catan by `below`, Cities by `modulo`); return the
    new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = draw(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


@cache
def _batches(n: int, count: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The draws of a Fisher-Yates over the first count of n places: (bound, places) each."""
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
