"""A Cities replay names its rounds as its table did (issue 42): the start-tile draft is no
round of its own but the opening of round 1, on round 1's table and page, so a 4-round game's
replay has 4 pages and page k shows round k."""

from __future__ import annotations

import random

import pytest

from bot.history import public_rounds
from bot.records import ActionEntry
from bot.ui import register
from cogs.cities.ui import UI
from rules.cities import GAME, GameState
from tests.cogs.cities.helpers import record


@pytest.fixture(autouse=True)
def cities_ui() -> None:
    register(UI)  # the replay's rounds are the table's, as the game's UI counts them


def entries(players: int, seed: int, long: bool) -> tuple[list[ActionEntry], GameState]:
    """A seeded random game's action log, and its last state."""
    state = GAME.new_game([f"p{i}" for i in range(1, players + 1)],
                          GAME.options({"long": long}, players=players), seed)
    rng, log = random.Random(seed), list[ActionEntry]()
    while (acting := GAME.to_act(state)):
        legal = GAME.legal_actions(state, acting[0])
        action = legal[int(rng.random() * len(legal))]
        state, _ = GAME.apply(state, acting[0], action)
        log.append(ActionEntry(game_id=7, version=len(log) + 2, seat=acting[0], user_id=None,
                               by="computer", engine_version=1, action=GAME.dump_action(action),
                               at=0.0))
    return log, state


@pytest.mark.parametrize(("players", "seed", "long"), [(2, 3, False), (3, 5, False),
                                                        (2, 6, True)])
def test_each_page_of_the_replay_is_the_round_its_table_showed(players: int, seed: int,
                                                               long: bool) -> None:
    log, last = entries(players, seed, long)
    rec = record(last, options={"long": long})
    rec.seed = seed
    pages = public_rounds(rec, log)
    rounds = GAME.view(last, None)["rounds"]
    assert len(pages) == rounds  # "round 1 of 4" for a 4-round game, not "of 5"
    for k, page in enumerate(pages, 1):
        begun = [e["round"] for e in page if e["type"] == "round"]
        assert begun == [k], (k, begun)
    assert UI.table_round(rec) == rounds  # the end stays on the last round's table
    assert {e["type"] for e in pages[0][:players]} == {"start_tile"}  # round 1 opens with them


def test_the_draft_is_on_round_1_s_table() -> None:
    state = GAME.new_game(["p1", "p2"], GAME.options({}, players=2), 1)
    assert state.phase == "start_tile" and UI.table_round(record(state)) == 1
