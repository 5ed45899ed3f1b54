"""Seeded random playouts hash to recorded values: a speed-up of the engine must not change one
decision (the actions listed, drawn and applied, the states, events and views they lead to, the
result, a JSON round trip and determinize). A change of the rules that is meant changes them:
record the new hashes and bump ENGINE_VERSION."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

import pytest

from bench.engine import DARK_CITY
from rules import citadels
from rules.citadels.game import GAME

QUEEN = citadels.Options(rank9="queen")
DARK_QUEEN = DARK_CITY.model_copy(update={"rank9": "queen"})
SETUPS: dict[str, tuple[int, citadels.Options | None]] = {
    "classic2": (2, None), "classic4": (4, None), "classic7": (7, None),
    "classic5_queen": (5, QUEEN), "dark4": (4, DARK_CITY), "dark8": (8, DARK_CITY),
    "dark6_queen": (6, DARK_QUEEN), "dark8_queen": (8, DARK_QUEEN),
}
GAMES = 3  # seeded games per setup: seeds 1 to 3 (a Magician hand can list 2^hand actions)
GOLDEN = {
    "classic2": "efcb1ef0dd58288bb21e922804fcbdf2d999c3c3b89ec1eb193a25baacb462d8",
    "classic4": "19afede0bf3d8dde94cff101e29861ec0c0401a149c8e0f16ecaad0a5a8b7525",
    "classic7": "25ce9a79b6695873d2cccd97b75e473beca573bcf5c0cbe71a5a89f27db600a0",
    "classic5_queen": "dd5e851f1853ccf5d8490d5dff97dffc33afcdd8290b636e0fb6c0e679139ac0",
    "dark4": "88d6306fc95c0079049d8bbbac1db62cdc441f832bb73a240a4b0ae8c6d89fec",
    "dark8": "3f4ba629cd73023a715e52f294e6ce8a181fea9e2b87a014c87a3ed733949ed4",
    "dark6_queen": "c019bb11eba788bb2a04bf8e686cd5567d949179bc3ca11c62578f86b67373bf",
    "dark8_queen": "7c7c5137f562eb7c58bf5f2c96a9250bb2158e1ec0202982e4c53d41ad575d63",
}


def _put(digest: Any, data: object) -> None:
    digest.update(json.dumps(data, sort_keys=True).encode())
    digest.update(b"\n")


def play_into(digest: Any, players: int, options: citadels.Options | None, seed: int) -> None:
    """One seeded game: the legal actions listed at every step and the action random_action
    draws; every other step applies a listed action instead of the drawn one."""
    ids = [f"p{i}" for i in range(players)]
    viewers: list[str | None] = [*ids, None]
    state = citadels.new_game(ids, seed=seed, options=options)
    rng = random.Random(seed)
    _put(digest, GAME.dump_state(state))
    step = 0
    while acting := citadels.to_act(state):
        seat = acting[0]
        legal = citadels.legal_actions(state, seat)
        drawn = citadels.random_action(state, seat, rng)
        assert drawn is not None
        _put(digest, [seat, len(legal), [a.model_dump(mode="json") for a in legal[:64]],
                      drawn.model_dump(mode="json")])
        action = drawn if step % 2 else legal[int(rng.random() * len(legal))]
        state, events = citadels.apply(state, seat, action)
        _put(digest, [[e.visible_to(v) for v in viewers] for e in events])
        if step % 5 == 0:
            digest.update(state.model_dump_json().encode())
            for v in dict.fromkeys([seat, None, viewers[step % len(viewers)]]):
                _put(digest, [v, citadels.view(state, v)])
        step += 1
    digest.update(state.model_dump_json().encode())
    result = GAME.result(state)
    assert result is not None
    _put(digest, dataclasses.asdict(result))
    back = GAME.load_state(json.loads(json.dumps(GAME.dump_state(state))))
    assert back == state
    _put(digest, citadels.view(back, ids[0]))
    digest.update(citadels.determinize(state, ids[0], random.Random(seed)).model_dump_json()
                  .encode())


def playouts_hash(setup: str) -> str:
    players, options = SETUPS[setup]
    digest = hashlib.sha256()
    for seed in range(1, 1 + GAMES):
        play_into(digest, players, options, seed)
    return digest.hexdigest()


@pytest.mark.parametrize("setup", list(GOLDEN))
def test_seeded_playouts_are_unchanged(setup: str) -> None:
    assert playouts_hash(setup) == GOLDEN[setup]
