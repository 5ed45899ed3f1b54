"""Citadels' players in the worker: past the cap the basic move is played, and the expert
stops searching at its deadline (the generic worker tests are in tests/ai/test_worker.py)."""

from __future__ import annotations

import random
import time

from ai.citadels import make_player
from ai.citadels.basic import basic_move
from ai.worker import decide_async
from rules import citadels
from rules.citadels.game import GAME
from tests.ai.helpers import ticking


class Sleeper:
    """A player that ignores its deadline and blocks its thread for a while."""

    name = "sleeper"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view, legal, rng, deadline=None):
        time.sleep(self.seconds)
        return legal[-1]

    def fallback(self, view, legal):
        return basic_move(view, legal)


def _turn_state() -> tuple[citadels.GameState, str]:
    state = citadels.new_game(["a", "b", "c", "d"], seed=3)
    rng = random.Random(0)
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None
        state, _ = citadels.apply(state, seat, action)
    return state, citadels.to_act(state)[0]


async def test_cap_falls_back_to_basic_without_blocking() -> None:
    state, seat = _turn_state()
    action, elapsed, ticks = await ticking(decide_async(state, seat, Sleeper(1.0), seed=1,
                                                         cap=0.3, game=GAME))
    assert elapsed < 0.6
    assert ticks >= 10
    v = citadels.view(state, seat)
    assert action == basic_move(v, citadels.legal_actions(state, seat))


async def test_expert_stops_at_its_deadline() -> None:
    state = citadels.new_game(["a", "b", "c", "d"], seed=4)
    seat = citadels.to_act(state)[0]
    expert = make_player("expert", iterations=10**6)
    action, elapsed, ticks = await ticking(decide_async(state, seat, expert, seed=1, cap=0.5,
                                                         game=GAME))
    assert elapsed < 0.9
    # The search shares the GIL with the loop, which ticks ~40 times in 0.4 s on an idle
    # machine and fewer on a loaded one; a loop blocked by the search would tick once at most.
    assert ticks >= 5
    assert action in citadels.legal_actions(state, seat)


async def test_fast_player_answers_itself() -> None:
    state, seat = _turn_state()
    action = await decide_async(state, seat, Sleeper(0.0), seed=1, cap=1.0, game=GAME)
    assert action == citadels.legal_actions(state, seat)[-1]
