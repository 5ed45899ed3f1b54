"""Seeded random playouts hash to recorded values: a change of how the engine is built (its
generator, events and actions taken from rules/kernel) must not change one decision, draw or
event, as a stored game replays from its seed and its actions (bot/storage/replay.py). A change
of the rules that is meant changes them: record the new hashes and bump Cities.engine_version."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from rules.cities import GAME

GOLDEN = {
    (2, False, 3): "198311923c3ff27c5048e593fb76d319110ebad1fc43b2ec07dc11974c514f6d",
    (2, True, 4): "505e4df3aff1abfcd97b756e45fdd2e9f18d7f2fa6f48f95b5f5dbfbebe2224f",
    (3, False, 5): "e074c1ec87eefb1a2f15a7b22ee8a6b32ad6a720e7c81bad8086a531e4ed3bc5",
    (4, False, 6): "08122def336b3b722b2c3de2391ddd6338b7c36dfa0ef49b347cdce5310a4064",
}


def playout_hash(players: int, long: bool, seed: int) -> str:
    """The hash of every listed action list, every action drawn, every event as a spectator
    sees it, every 20th state and view, and the result: through the platform's interface."""
    digest = hashlib.sha256()
    options = GAME.options({"long": long}, players=players)
    state = GAME.new_game([f"p{i}" for i in range(players)], options, seed)
    rng = random.Random(seed)
    step = 0
    while acting := GAME.to_act(state):
        seat = acting[0]
        legal = GAME.legal_actions(state, seat)
        action = GAME.random_action(state, seat, rng)
        assert action is not None
        digest.update(json.dumps([seat, [GAME.dump_action(a) for a in legal],
                                  GAME.dump_action(action)]).encode())
        state, events = GAME.apply(state, seat, GAME.dump_action(action))
        digest.update(json.dumps([e.visible_to(None) for e in events], sort_keys=True).encode())
        if step % 20 == 0:
            digest.update(json.dumps([GAME.dump_state(state), GAME.view(state, seat)],
                                     sort_keys=True).encode())
        step += 1
    result = GAME.result(state)
    assert result is not None
    digest.update(json.dumps([GAME.dump_state(state), result.ranks, result.scores,
                              result.breakdown, result.tiebreak], sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("players", "long", "seed"), list(GOLDEN))
def test_seeded_playouts_are_unchanged(players: int, long: bool, seed: int) -> None:
    assert playout_hash(players, long, seed) == GOLDEN[players, long, seed]
