"""board_order keeps each list's order (order.py): a list met again, equal or the same, is
ordered as ordering it afresh orders it, with the caller's own actions; a list that cannot be a
key (an offer's cards are a dict) is ordered afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bench.catan_views import catan_states
from cogs.catan import order
from rules import registry


def legal_lists() -> list[list[Any]]:
    game = registry.game("catan")
    return [legal for state in catan_states(4, 23).values()
            for seat in ("p1", "p2", "p3", "p4")
            if (legal := list(game.legal_actions(state, seat)))]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_kept_order_is_the_order_made_afresh(seed: int) -> None:
    rng = random.Random(seed)
    lists = legal_lists()
    assert len(lists) > 1
    for legal in lists:
        shuffled = rng.sample(legal, len(legal))  # the engine's order matters to the result
        for actions in (legal, shuffled, shuffled):  # the second shuffled: from the cache
            fresh = order._ordered(actions)
            kept = order.board_order(actions)
            assert kept == fresh
            assert {id(a) for a in kept} == {id(a) for a in actions}  # the caller's own


def test_unhashable_lists_are_ordered_all_the_same() -> None:
    offers = [legal for legal in legal_lists() if not _hashable(legal)]
    assert offers  # an offer's cards are a dict
    for legal in offers:
        assert order.board_order(legal) == order._ordered(legal)


def _hashable(legal: list[Any]) -> bool:
    try:
        hash(tuple(legal))
    except TypeError:
        return False
    return True
