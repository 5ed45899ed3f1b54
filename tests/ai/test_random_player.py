"""ai.random_player: uniform over the legal actions, for any game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.player import Player, decide
from ai.random_player import RandomPlayer
from rules import registry
from tests.games.nim.rules import GAME as NIM

from .helpers import AnyGame


@pytest.mark.parametrize(("game", "seats"), [(registry.game("citadels"), 4), (NIM, 2),
                                             (NIM, 4)], ids=["citadels", "nim2", "nim4"])
def test_plays_whole_games_of_any_game_legally(game: AnyGame, seats: int) -> None:
    player = RandomPlayer()
    assert isinstance(player, Player)
    for seed in range(2):
        state = game.new_game([f"s{i}" for i in range(seats)], game.options({}), seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            action = decide(state, seat, player, rng, game=game)
            assert action in game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, action)
            moves += 1
            assert moves < 3000
        assert game.result(state) is not None


def test_uniform_and_reproducible() -> None:
    player = RandomPlayer()
    legal = ["a", "b", "c", "d", "e"]
    rng = random.Random(7)
    counts = Counter(player.choose({}, legal, rng) for _ in range(5000))
    assert set(counts) == set(legal)
    assert all(800 < n < 1200 for n in counts.values()), counts  # 1000 each expected
    first = [player.choose({}, legal, random.Random(3)) for _ in range(20)]
    again = [player.choose({}, legal, random.Random(3)) for _ in range(20)]
    assert first == again
    a = [player.choose({}, legal, r) for r in [random.Random(1)] for _ in range(30)]
    b = [player.choose({}, legal, r) for r in [random.Random(2)] for _ in range(30)]
    assert a != b  # the rng decides, not the player


def test_fallback_is_legal_and_nothing_to_choose_is_an_error() -> None:
    player = RandomPlayer()
    assert player.fallback({}, ["x", "y"]) in ("x", "y")
    with pytest.raises(ValueError):
        player.choose({}, [], random.Random(0))
    with pytest.raises(ValueError):
        player.fallback({}, [])
