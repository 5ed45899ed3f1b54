"""ai.player: finding a game's players through the registry, and `decide` handing a player
only its seat's view and legal actions, for any game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import ai
import ai.citadels
from ai.player import Player, decide, make_player, maker, players_for, strengths
from rules import registry
from tests.games import nim
from tests.games.nim import ai as nim_ai

from .helpers import AnyGame, Spy, positions


@pytest.fixture
def with_nim() -> Iterator[AnyGame]:
    with nim.registered():
        yield registry.game("nim")


def test_players_for_names_the_registry_entry(with_nim: AnyGame) -> None:
    assert players_for("citadels") is ai.citadels
    assert players_for("nim") is nim_ai
    with pytest.raises(KeyError):
        players_for("no-such-game")


def test_a_game_without_players_says_so() -> None:
    registry.register(registry.Entry("bare", rules=nim.ENTRY.rules))
    try:
        with pytest.raises(LookupError, match="bare"):
            players_for("bare")
        with pytest.raises(LookupError):
            strengths("bare")
    finally:
        registry.unregister("bare")


def test_strengths_in_lobby_order(with_nim: AnyGame) -> None:
    assert strengths("citadels") == ("random", "basic", "expert")
    assert strengths("citadels") == ai.citadels.STRENGTHS
    assert strengths("nim") == ("random", "perfect")
    assert ai.citadels.STAND_IN == "basic"


def test_make_player_by_game_and_strength(with_nim: AnyGame) -> None:
    for game_id in ("citadels", "nim"):
        for strength in strengths(game_id):
            player = make_player(strength, game_id)
            assert isinstance(player, Player)
            assert player.name == strength
    expert: Any = make_player("expert", "citadels", iterations=7)
    assert expert.strategy.iterations == 7  # options reach the constructor
    with pytest.raises(ValueError):
        make_player("perfect", "citadels")  # a Nim strength, not a Citadels one
    with pytest.raises(ValueError):
        make_player("expert", "nim")
    with pytest.raises(ValueError):
        ai.citadels.make_player("grandmaster")


@pytest.mark.parametrize(("game_id", "seats", "every"), [("citadels", 4, 7), ("nim", 3, 1)])
def test_decide_hands_over_only_the_seats_view(game_id: str, seats: int, every: int) -> None:
    with nim.registered():
        game = registry.game(game_id)
        spy = Spy()
        checked = 0
        for state, seat in positions(game, seats, seed=3, every=every):
            rng = random.Random(1)
            action = decide(state, seat, spy, rng, deadline=123.0, game=game)
            view, legal, given_rng, deadline, _ = spy.chosen[-1]
            assert view == game.view(state, seat)
            assert view != game.view(state, None)  # a seat's own secrets, not the table's
            assert legal == game.legal_actions(state, seat)
            assert given_rng is rng and deadline == 123.0
            assert action == legal[0]
            for given in (view, legal, *legal):
                assert not isinstance(given, type(state))
            checked += 1
        assert checked > 3 and not spy.fell_back


def test_no_game_is_assumed(with_nim: AnyGame) -> None:
    """The caller names the game: generic code has no default one."""
    state, seat = positions(with_nim, 3, seed=5)[1]
    with pytest.raises(TypeError):
        decide(state, seat, Spy(), random.Random(0))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        strengths()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        make_player("basic")  # type: ignore[call-arg]


@pytest.mark.parametrize("game_id", ["citadels", "catan", "cities"])
def test_each_game_s_make_player_is_the_generic_one(game_id: str) -> None:
    """Every game's `make_player` is ai.player.maker over its PLAYERS: each strength, in the
    lobby's order, makes that player; any other name is refused, naming the strengths."""
    package = players_for(game_id)
    assert package.STRENGTHS == tuple(package.PLAYERS) == ("random", "basic", "expert")
    for strength in package.STRENGTHS:
        player = package.make_player(strength)
        assert isinstance(player, Player) and player.name == strength
    with pytest.raises(ValueError, match="'random', 'basic', 'expert'"):
        package.make_player("grandmaster")


def test_maker_hands_the_options_to_the_constructor() -> None:
    made: list[dict[str, Any]] = []

    class Counting:
        name = "counting"

        def __init__(self, **options: Any) -> None:
            made.append(options)

    make = maker({"counting": Counting})  # type: ignore[dict-item]
    assert make("counting", depth=3).name == "counting" and made == [{"depth": 3}]
    with pytest.raises(ValueError, match="'counting'"):
        make("other", depth=3)
    assert made == [{"depth": 3}]
