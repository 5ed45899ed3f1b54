"""Cities on the kernel (rules/kernel/): the draws it always took, now the kernel's (`modulo`,
`mixed`, Fisher-Yates over `modulo`), its events, its actions and their adapter, and the game
interface that hands over to its engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.cities import GAME, engine
from rules.cities.actions import ACTIONS, PlacePiece, StartTile, Take
from rules.kernel import rng
from rules.kernel.errors import IllegalAction
from rules.kernel.events import NO_SECRETS, Event
from rules.kernel.game import EngineGame

from .helpers import SEATS

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def test_modulo_is_a_draw_modulo_n_unless_it_falls_in_the_last_partial_run():
    rejected = 0
    for seed in range(400):
        n = (1 << 63) + 1 + seed if seed % 2 else 1 + seed * 7919  # big n: half rejected
        state, expected = seed, None
        while expected is None:
            state, z = rng.next_u64(state)
            if z < (1 << 64) - (1 << 64) % n:
                expected = z % n
            else:
                rejected += 1
        assert rng.modulo(seed, n) == (state, expected)
    assert rejected > 50  # the redraw was exercised


def test_modulo_is_uniform_and_stays_in_range():
    state, counts = rng.seed_state(42), Counter[int]()
    for _ in range(6000):
        state, k = rng.modulo(state, 6)
        counts[k] += 1
    assert set(counts) == set(range(6)) and min(counts.values()) > 850


def test_mixed_is_next_u64s_output_of_the_state_it_moves_to():
    for seed in (0, 1, 12345, MASK):
        moved = (seed + GAMMA) & MASK
        assert rng.next_u64(seed) == (moved, rng.mixed(moved))
    assert len({rng.mixed(rng.seed_state(s)) for s in range(1000)}) == 1000


def test_fisher_yates_over_modulo_draws_from_the_last_place_down():
    items, expected, s = list(range(20)), list(range(20)), 99
    for i in range(len(expected) - 1, 0, -1):
        s, j = rng.modulo(s, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.fisher_yates(99, items, rng.modulo) == s and items == expected
    by_below = list(range(20))
    rng.fisher_yates(99, by_below)
    assert by_below != expected  # `below` by default: other draws


def test_a_new_game_is_dealt_from_the_seed_mixed_by_modulo_draws():
    state = GAME.new_game(SEATS[:3], GAME.options({}, players=3), seed=8)
    parts = state.components
    seed, start = rng.modulo(rng.mixed(rng.seed_state(8)), 3)
    seed, board = rng.modulo(seed, len(parts.boards))
    cards = list(parts.cards)
    rng.fisher_yates(seed, cards, rng.modulo)
    assert state.start == start and state.board == tuple(parts.boards)[board]
    assert state.phase == "start_tile" and state.card_deck == tuple(cards)  # not dealt yet


def test_actions_are_kernel_actions_typed_by_their_class_names():
    assert set(ACTIONS.by_type) == {"start_tile", "take", "place_tile", "place_feature",
                                    "discard_feature", "place_piece", "discard_piece"}
    piece = ACTIONS.parse({"type": "place_piece", "colour": "R", "space": "F5"})
    assert piece == PlacePiece(colour="R", space="F5") and ACTIONS.parse(piece) is piece
    assert ACTIONS.dump(StartTile(tile="st1", rot=90)) == {"type": "start_tile",
                                                           "tile": "st1", "rot": 90}
    for bad, words in [({"type": "take", "item": "E1"}, "item"), ({}, "malformed action"),
                       ("take", "a JSON object, not str")]:
        with pytest.raises(IllegalAction, match=words):
            ACTIONS.parse(bad)
    assert GAME.parse_action({"type": "take", "item": "D4"}) == Take(item="D4")


def test_cities_hands_over_to_its_engine_through_the_kernel():
    assert isinstance(GAME, EngineGame) and GAME.engine is engine
    handed_over = ("to_act", "legal_actions", "random_action", "apply", "parse_action",
                   "dump_action", "view", "determinize", "dump_state", "load_state")
    assert not set(handed_over) & set(vars(type(GAME)))  # none written again
    state = GAME.new_game(SEATS[:2], GAME.options({}, players=2), seed=4)
    rand = random.Random(2)
    for _ in range(30):
        seat = GAME.to_act(state)[0]
        action = GAME.random_action(state, seat, rand)
        assert action is not None and action in GAME.legal_actions(state, seat)
        assert GAME.legal_actions(state, "nobody") == []
        new, events = GAME.apply(state, seat, GAME.dump_action(action))
        assert (new, events) == engine.apply(state, seat, action)
        assert all(type(e) is Event and e.private is NO_SECRETS for e in events)
        assert GAME.load_state(GAME.dump_state(new)) == new
        assert GAME.view(new, seat) == engine.view(new, seat)
        state = new
    other = [s for s in SEATS[:2] if s not in GAME.to_act(state)][0]
    with pytest.raises(IllegalAction, match="may not act now"):
        GAME.apply(state, other, GAME.legal_actions(state, GAME.to_act(state)[0])[0])
