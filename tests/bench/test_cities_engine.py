"""bench.cities_engine plays real Cities games and reports consistent figures (a smoke test)."""

from __future__ import annotations

import random

import pytest

from bench import cities_engine as bench
from bench import engine
from rules.cities import GAME


def test_play_counts_every_decision_of_a_finished_game():
    state = GAME.new_game(["p0", "p1", "p2"], GAME.options({}), 5)
    rng, decisions = random.Random(5), 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        decisions += 1
    assert bench.play(3, 5) == decisions


def test_main_prints_a_row_per_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    engine.main(["--game", "cities", "--games", "1"])
    title, header, *rows = capsys.readouterr().out.splitlines()
    assert title.startswith("Cities") and header.split()[0] == "players"
    assert [row.split()[:3] for row in rows] == [
        ["2", "short", "1"], ["2", "long", "1"], ["3", "short", "1"], ["4", "short", "1"]]
    for row in rows:
        per_second, us, per_game = map(float, row.split()[3:])
        assert per_second > 0 and us > 0 and per_game > 100
