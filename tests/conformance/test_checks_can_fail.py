"""The conformance checks catch broken games: each broken Nim below fails exactly its check."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from pydantic import BaseModel

from rules.game import JSON, GameEvent
from tests.games.nim.rules import Nim, NimState, Take

from .checks import check_end, check_refusals, check_replay, check_views, playout


class LeakyNim(Nim):
    """Shows everyone's secret bonus."""

    def view(self, state: NimState, seat: str | None) -> JSON:
        return {**super().view(state, seat), "bonuses": dict(state.bonus)}


class UnseededNim(Nim):
    """Deals from the global generator instead of the seed."""

    def new_game(self, seats: Sequence[str], options: BaseModel, seed: int) -> NimState:
        return super().new_game(seats, options, random.randrange(2**32))


class CarelessNim(Nim):
    """Lets anyone move."""

    def apply(self, state: NimState, seat: str, action: Take | Mapping[str, Any]
              ) -> tuple[NimState, list[GameEvent]]:
        return super().apply(state, self.to_act(state)[0], action)


class ScorelessNim(Nim):
    """Reports a breakdown that does not add up to the score."""

    def result(self, state: NimState) -> Any:
        result = super().result(state)
        if result is not None:
            result.breakdown[state.seats[0]]["bonus"] += 1
        return result


def test_a_view_that_leaks_a_secret_fails() -> None:
    run = playout(LeakyNim(), 3, {}, seed=1)
    with pytest.raises(AssertionError):
        check_views(LeakyNim(), run, every=1)


def test_an_unseeded_game_fails_replay() -> None:
    game = UnseededNim()
    runs = [playout(game, 4, {}, seed=2) for _ in range(5)]
    with pytest.raises(AssertionError):
        for run in runs:
            check_replay(game, run)


def test_moves_out_of_turn_fail() -> None:
    run = playout(CarelessNim(), 3, {}, seed=3)
    with pytest.raises(AssertionError, match="out of turn"):
        check_refusals(CarelessNim(), run)


def test_a_breakdown_that_does_not_add_up_fails() -> None:
    run = playout(ScorelessNim(), 2, {}, seed=4)
    with pytest.raises(AssertionError):
        check_end(ScorelessNim(), run)


def test_the_real_nim_passes_the_same_checks() -> None:
    game = Nim()
    run = playout(game, 3, {}, seed=1)
    check_end(game, run)
    check_replay(game, run)
    check_refusals(game, run)
    assert check_views(game, run, every=1)
