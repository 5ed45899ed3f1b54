"""A tiny seeded generator (SplitMix64) whose whole state is one int kept in GameState.

Python's global `random` is never touched, so games replay exactly from their seed.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


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
    """Return (new_state, a number in [0, n))."""
    state, z = next_u64(state)
    return state, (z * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Shuffle items in place (Fisher-Yates); return the new state.

    `below` inlined: every round shuffles the characters, and the calls cost more than the math.
    """
    for i in range(len(items) - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state
