"""A seeded generator (SplitMix64) whose whole state is one int kept in the game state, so a game
replays exactly from its seed and the actions taken."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """(new state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a number in [0, n)), uniform for n <= 2^32 (bias under 2^-32 otherwise)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK  # next_u64, inline: every roll draws thrice
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, ((z ^ (z >> 31)) * n) >> 64


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def choice(state: int, items: Sequence[T]) -> tuple[int, T]:
    state, i = below(state, len(items))
    return state, items[i]
