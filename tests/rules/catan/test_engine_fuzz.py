"""Malformed and mutated actions: the engine answers IllegalAction (state unchanged) or plays
them, never another exception."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from rules.catan import engine
from rules.catan.errors import IllegalAction
from rules.catan.game import GAME

JUNK: list[Any] = ["I0", "I55", "P73", "H20", "HB1", "", "p9", "lumber", "coin", "trade",
                   None, -1, 0, 7, 99, {"ore": -1}, {"nothing": 1}, {"ore": 99}, [], "R"]


def mutations(move: dict[str, Any], r: random.Random) -> list[dict[str, Any]]:
    out = []
    for key in move:
        if key != "type":
            out.append({**move, key: r.choice(JUNK)})
            out.append({k: v for k, v in move.items() if k != key})
    out.append({**move, "extra": 1})
    return out


def test_mutated_actions_are_refused_cleanly() -> None:
    r = random.Random(5)
    seats = ["p1", "p2", "p3"]
    state = GAME.new_game(seats, GAME.options({}), 5)
    for _ in range(300):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = r.choice(acting)
        for move in mutations(GAME.dump_action(r.choice(GAME.legal_actions(state, seat))), r):
            before = GAME.dump_state(state)
            with contextlib.suppress(IllegalAction):
                GAME.apply(state, r.choice(seats), move)
            assert GAME.dump_state(state) == before
        action = engine.random_action(state, seat, r)
        assert action is not None
        state, _ = GAME.apply(state, seat, action)
