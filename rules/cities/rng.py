"""The engine's own random numbers (R4): SplitMix64, its whole state one int kept in the game
state, so a game replays exactly from its seed and its actions. Draws are exactly uniform
(rejection), so no outcome is favoured however large the range.

Meant to be swapped for a shared kernel's generator later: plain functions, no state besides
the int they are given and return.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_BITS = 64
_MASK = (1 << _BITS) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw(seed: int, n: int) -> tuple[int, int]:
    """(next seed, a number in [0, n)); n must be positive."""
    ceiling = (1 << _BITS) - (1 << _BITS) % n  # the last whole multiple of n: no bias
    while True:
        seed = (seed + _GAMMA) & _MASK
        value = _mix(seed)
        if value < ceiling:
            return seed, value % n


def shuffled(seed: int, items: tuple[T, ...]) -> tuple[int, tuple[T, ...]]:
    """(next seed, the items in a random order): Fisher-Yates from the last place down."""
    out = list(items)
    for top in range(len(out) - 1, 0, -1):
        seed, pick = draw(seed, top + 1)
        out[top], out[pick] = out[pick], out[top]
    return seed, tuple(out)


def start(seed: int) -> int:
    """A game's first generator state from the seed it was created with (any int)."""
    return _mix(seed & _MASK)
