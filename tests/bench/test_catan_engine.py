"""bench.catan_engine plays real Catan games and reports consistent figures (a smoke test)."""

from __future__ import annotations

import random

import pytest

from bench import catan_engine as bench
from bench import engine
from rules.catan import engine as catan


def test_play_counts_decisions_and_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "CAP", 40)
    state = catan.new_game(["p0", "p1", "p2"], bench.Options(), 5)
    rng = random.Random(5)
    for _ in range(40):
        seat = (acting := catan.to_act(state))[int(rng.random() * len(acting))]
        action = catan.random_action(state, seat, rng)
        assert action is not None
        state, _ = catan.apply(state, seat, action)
    assert bench.play_ours("beginner")(3, 5) == (40, state.phase != "over")


def test_measure_reports_games_capped_and_decisions() -> None:
    row = bench.measure(lambda n, seed: (100 + seed, seed % 2 == 0), 3, games=4, seed=1)
    n, games, capped, per_second, us, per_game = map(float, row.split())
    assert (n, games, capped, per_game) == (3, 4, 2, 102.5)  # seeds 1-4: 2 and 4 capped
    assert per_second > 0 and us >= 0  # printed to 0.1 us: a fake game is faster


def test_main_says_how_to_install_catanatron_when_it_is_missing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "CAP", 30)
    monkeypatch.setattr(bench, "play_catanatron", lambda map_type: None)
    engine.main(["--game", "catan", "--games", "1"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Catan") and out[-1].endswith("to measure it beside ours")
    assert [line for line in out if line.startswith("ours")] == [
        "ours, beginner layout (C&K)", "ours, random layout (C&K)"]
    assert sum(line.split()[:3] == [str(n), "1", "1"] for line in out for n in (3, 4)) == 4
