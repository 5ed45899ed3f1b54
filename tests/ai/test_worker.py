"""ai.worker, for any game: the decision runs off the event loop, sees only the seat's view,
is told a deadline before the cap, and past the cap the player's own fallback is played."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ai.random_player import RandomPlayer
from ai.worker import decide_async
from tests.games.nim.rules import GAME as NIM

from .helpers import Spy, positions, ticking


def nim_position() -> tuple[Any, str]:
    return positions(NIM, 3, seed=2)[2]


async def test_past_the_cap_the_players_fallback_without_blocking() -> None:
    state, seat = nim_position()
    spy = Spy(seconds=0.6)
    action, elapsed, ticks = await ticking(decide_async(state, seat, spy, seed=1, cap=0.2,
                                                        game=NIM))
    legal = NIM.legal_actions(state, seat)
    assert action == legal[-1] != legal[0]  # the fallback's move, not choose's
    assert elapsed < 0.5
    assert ticks >= 8
    assert spy.fell_back == [(NIM.view(state, seat), legal)]


async def test_in_time_the_players_own_choice() -> None:
    state, seat = nim_position()
    spy = Spy()
    action = await decide_async(state, seat, spy, seed=1, cap=2.0, game=NIM)
    assert action == NIM.legal_actions(state, seat)[0]
    assert not spy.fell_back


async def test_the_player_sees_the_seats_view_and_a_deadline_before_the_cap() -> None:
    state, seat = nim_position()
    spy = Spy()
    before = time.monotonic()
    await decide_async(state, seat, spy, seed=1, cap=1.0, margin=0.5, game=NIM)
    view, legal, _, deadline, at = spy.chosen[0]
    assert view == NIM.view(state, seat) and view["bonus"] == state.bonus[seat]
    assert legal == NIM.legal_actions(state, seat)
    assert before + 0.5 <= deadline <= at + 0.5


async def test_the_seed_makes_the_rng() -> None:
    state, seat = nim_position()
    view, legal = NIM.view(state, seat), NIM.legal_actions(state, seat)
    for seed in range(5):
        got = await decide_async(state, seat, RandomPlayer(), seed=seed, game=NIM)
        assert got == RandomPlayer().choose(view, legal, random.Random(seed))


async def test_the_caller_names_the_game() -> None:
    state, seat = nim_position()
    with pytest.raises(TypeError):
        await decide_async(state, seat, Spy(), seed=1)  # type: ignore[call-arg]


class Broken:
    """A player whose choice raises, and whose fallback may raise too."""

    name = "broken"

    def __init__(self, fallback_fails: bool) -> None:
        self.fallback_fails = fallback_fails

    def choose(self, view: Any, legal: Any, rng: random.Random,
               deadline: float | None = None) -> Any:
        raise KeyError("witch")  # as a strategy that does not know a character

    def fallback(self, view: Any, legal: Any) -> Any:
        if self.fallback_fails:
            raise KeyError("witch")
        return legal[-1]


async def test_a_player_that_fails_never_stalls_its_game() -> None:
    state, seat = nim_position()
    legal = NIM.legal_actions(state, seat)
    assert await decide_async(state, seat, Broken(False), seed=1, game=NIM) == legal[-1]
    drawn = {str(await decide_async(state, seat, Broken(True), seed=s, game=NIM))
             for s in range(20)}
    assert drawn <= {str(a) for a in legal} and len(drawn) > 1  # legal, drawn from the seed
