"""apply's working state shares the input's players and containers until a writer copies them
(tx.py): no action, however rare, may change its input state or an earlier one."""

from __future__ import annotations

import random

from rules.catan import engine
from rules.catan.progress import PROGRESS
from rules.catan.state import GameState, Options


def test_no_action_changes_an_earlier_state() -> None:
    played: set[str] = set()
    kinds: set[str] = set()
    for layout, players, seed in [("beginner", 3, 31), ("random", 4, 32), ("random", 3, 33),
                                  ("beginner", 4, 34)]:
        s = engine.new_game([f"p{i}" for i in range(players)],
                            Options.model_validate({"layout": layout}), seed)
        rng = random.Random(seed)
        history: list[tuple[GameState, str]] = []
        while (acting := engine.to_act(s)) and len(history) < 2500:
            seat = acting[int(rng.random() * len(acting))]
            action = engine.random_action(s, seat, rng)
            assert action is not None
            before = s.model_dump_json()
            history.append((s, before))
            new, events = engine.apply(s, seat, action)
            assert s.model_dump_json() == before, action
            s = new
            kinds.add(action.type)
            played.update(e.data["card"] for e in events if e.type == "progress_played")
        for old, dump in history[::20]:  # and later actions left it as it was
            assert old.model_dump_json() == dump
    assert len(played) >= len(PROGRESS) - 4, sorted(set(PROGRESS) - played)
    assert len(kinds) > 30
