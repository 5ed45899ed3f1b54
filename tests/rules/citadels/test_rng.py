"""The engine's own generator (rng.py): exact draws and uniform shuffles, replayable from a seed."""

from __future__ import annotations

from collections import Counter
from math import factorial

import pytest

from rules.citadels import rng

# Chi-square critical values at p = 0.001 by degrees of freedom: a fair generator fails one
# in a thousand seeds, and the seeds here are fixed.
CHI2_999 = {23: 49.73, 41: 74.74, 119: 166.2}


def chi2(counts: Counter, cells: int, runs: int) -> float:
    expected = runs / cells
    return sum((counts[k] - expected) ** 2 / expected for k in counts) \
        + (cells - len(counts)) * expected


def test_below_skips_the_draws_lemire_rejects():
    # With n = 2^63 + 1 about half of all 64-bit draws would be biased: each is rejected and
    # the next one drawn, so the answer is the first accepted draw's high word.
    n = (1 << 63) + 1
    threshold = ((1 << 64) - n) % n
    rejected = 0
    for seed in range(200):
        state = seed
        while True:
            state, z = rng.next_u64(state)
            if (z * n) & ((1 << 64) - 1) >= threshold:
                break
            rejected += 1
        assert rng.below(seed, n) == (state, (z * n) >> 64)
    assert 50 < rejected < 400


def test_below_is_uniform():
    counts = Counter(rng.below(s, 7)[1] for s in range(7000))
    assert set(counts) == set(range(7))
    assert all(abs(c - 1000) < 130 for c in counts.values())


@pytest.mark.parametrize("n", [4, 5])
def test_shuffle_draws_every_order_equally_often(n):
    cells = factorial(n)
    runs = 200 * cells
    counts: Counter[tuple[int, ...]] = Counter()
    state = rng.seed_state(11)
    for _ in range(runs):
        items = list(range(n))
        state = rng.shuffle(state, items)
        counts[tuple(items)] += 1
    assert len(counts) == cells
    assert chi2(counts, cells, runs) < CHI2_999[cells - 1]


def test_partial_shuffle_samples_the_first_places_uniformly():
    counts: Counter[tuple[int, ...]] = Counter()
    state = rng.seed_state(5)
    runs = 42 * 200
    for _ in range(runs):
        items = list(range(7))
        state = rng.shuffle(state, items, 2)
        counts[tuple(items[:2])] += 1
        assert sorted(items) == list(range(7))
    assert len(counts) == 42  # every ordered pair of 7 distinct cards
    assert chi2(counts, 42, runs) < CHI2_999[41]


def test_a_long_shuffle_replays_from_its_state():
    deck = list(range(68))
    a, b = list(deck), list(deck)
    end = rng.shuffle(7, a)
    assert rng.shuffle(7, b) == end and a == b
    assert sorted(a) == deck and a != deck
    # 68! is far above one draw's 2^48: the generator moved on by several draws.
    state = 7
    for _ in range(2):
        state, _z = rng.next_u64(state)
    assert end not in (7, rng.next_u64(7)[0], state)
