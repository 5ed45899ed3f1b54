"""A seeded random game played for a replay test: its record and its action log, as the
store would hold them."""

from __future__ import annotations

import random

from ai.arena import next_seat
from bot.records import ActionEntry, GameRecord, GameSettings, Seat
from rules import registry


def played(game: str, seats: list[Seat], seed: int, steps: int | None = None
           ) -> tuple[GameRecord, list[ActionEntry]]:
    """`game` for `seats` from `seed`, random actions to its end (or `steps` of them)."""
    rules = registry.game(game)
    state = rules.new_game([s.id for s in seats], rules.options({}, players=len(seats)), seed)
    rng, log = random.Random(seed), list[ActionEntry]()
    while not rules.is_over(state) and (steps is None or len(log) < steps):
        seat = next_seat(rules, state)
        action = rules.random_action(state, seat, rng)
        assert action is not None
        state, _ = rules.apply(state, seat, action)
        log.append(ActionEntry(game_id=9, version=len(log) + 2, seat=seat, user_id=None,
                               by="computer", engine_version=rules.engine_version,
                               action=rules.dump_action(action), at=0.0))
    status = "finished" if rules.is_over(state) else "running"
    return GameRecord(id=9, game=game, channel_id=1, host_id=1, status=status, seed=seed,
                      seats=seats, settings=GameSettings(), state=state), log
