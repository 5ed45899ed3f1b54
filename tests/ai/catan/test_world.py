"""The expert's worlds: rebuilt from a seat's view alone, they look the same from that seat."""

from __future__ import annotations

import random

from ai.catan.world import from_view
from rules.catan.game import GAME

from .test_players import positions


def test_a_world_looks_like_the_view_it_was_built_from() -> None:
    for k, (state, seat) in enumerate(positions()):
        view = GAME.view(state, seat)
        world = from_view(view, random.Random(k))
        assert GAME.view(world, seat) == view, k
        assert from_view(view, random.Random(k)) == world  # the rng decides the hidden part


def test_worlds_deal_the_hidden_cards_anew() -> None:
    state, seat = next((s, p) for s, p in positions() if s.turn > 20)
    view = GAME.view(state, seat)
    worlds = [from_view(view, random.Random(k)) for k in range(8)]
    hands = {tuple(tuple(sorted(p.cards.items())) for p in w.players) for w in worlds}
    assert len(hands) > 1
