"""Seeded random playouts hash to recorded values: a speed-up of the engine must not change
one decision (the actions listed, drawn and applied, and the states they lead to). A change of
the rules that is meant changes them: record the new hashes and bump ENGINE_VERSION."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from rules.catan import engine
from rules.catan.state import Options

GOLDEN = {
    ("beginner", 3, 11): "f7fd21eede65c735a3756c29c71252791109d631c9f75d4ba82a1e68e2551c7e",
    ("random", 4, 12): "4ba8fa292a45ec7d3dea16c314c735d2e76184356abea39ec6d193b07b04ae36",
}


def playout_hash(layout: str, players: int, seed: int) -> str:
    """The hash of every listed action list, every action drawn and every 50th state."""
    digest = hashlib.sha256()
    state = engine.new_game([f"p{i}" for i in range(players)],
                            Options.model_validate({"layout": layout}), seed)
    rng = random.Random(seed)
    step = 0
    while acting := engine.to_act(state):
        seat = acting[int(rng.random() * len(acting))]
        legal = engine.legal_actions(state, seat)
        action = engine.random_action(state, seat, rng)
        assert action is not None
        digest.update(json.dumps([seat, [a.model_dump(mode="json") for a in legal],
                                  action.model_dump(mode="json")]).encode())
        state, events = engine.apply(state, seat, action)
        digest.update(json.dumps([e.visible_to(None) for e in events], sort_keys=True).encode())
        if step % 50 == 0:
            digest.update(state.model_dump_json().encode())
        step += 1
    digest.update(state.model_dump_json().encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("layout", "players", "seed"), list(GOLDEN))
def test_seeded_playouts_are_unchanged(layout: str, players: int, seed: int) -> None:
    assert playout_hash(layout, players, seed) == GOLDEN[layout, players, seed]
