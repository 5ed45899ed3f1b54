"""bench.engine plays real games and reports consistent figures (a smoke test, not a timing)."""

from __future__ import annotations

import os
import platform
import random
import sys

from bench import engine as bench
from rules import citadels


def test_play_counts_every_decision_of_a_finished_game():
    state = citadels.new_game(["p0", "p1", "p2", "p3"], seed=5)
    rng, decisions = random.Random(5), 0
    while not state.finished:
        seat = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, seat, citadels.random_action(state, seat, rng))
        decisions += 1
    assert state.winner is not None
    assert bench.play(4, 5) == decisions


def test_speed_table_has_a_row_per_player_count_in_order_of_speed():
    header, *rows = bench.speed_table(games=2, seed=3, repeat=3)
    assert header.split() == ["players", "games", "runs", "games/s", "fastest", "slowest",
                              "us/decision", "decisions/game"]
    assert [row.split()[0] for row in rows] == ["2", "4", "7"]
    for row in rows:
        n, games, runs, median, fastest, slowest, us, per_game = map(float, row.split())
        assert (games, runs) == (2, 3)
        assert fastest >= median >= slowest > 0 and us > 0
        played = [bench.play(int(n), 3 + g) for g in range(2)]
        assert per_game == round(sum(played) / 2, 1)


def test_main_prints_the_table_and_the_costs(capsys):
    bench.main(["--games", "1", "--repeat", "1"])
    python, first, *out = capsys.readouterr().out.splitlines()
    assert python == f"python {platform.python_version()} ({os.path.realpath(sys.executable)})"
    assert first.startswith("machine check before: ") and first.endswith(" ms")
    assert out[0] == "Classic" and out[1].split()[0] == "players" and len(out) == 5 + 4 + 1 + 6
    assert out[5] == "Dark City" and [r.split()[0] for r in out[7:9]] == ["4", "8"]
    assert out[9].startswith("machine check after: ") and float(out[9].split()[-2]) > 0
    assert out[10].startswith("apply") and out[-1].startswith("determinize")


def test_the_machine_check_times_real_work():
    # Plain Python on 40,000 steps: never instant, and well under the seconds of a table.
    assert 1 < bench.machine_check_ms() < 5000


def test_the_runs_of_every_row_are_interleaved(monkeypatch):
    """One run of each row, then again: a slow spell of the machine lands in every row's runs
    alike instead of in all of one row's."""
    calls: list[tuple[int, bool]] = []
    seconds = iter([4.0, 1.0, 2.0, 3.0, 5.0, 6.0])  # run by run, in call order

    def timed(n, games, seed, options=None):
        calls.append((n, options is not None))
        return next(seconds), 10 * n

    monkeypatch.setattr(bench, "timed_games", timed)
    tables = (("A", (2, 3), None), ("B", (4,), bench.DARK_CITY))
    lines = bench.speed_tables(games=2, seed=1, repeat=2, tables=tables)
    assert calls == [(2, False), (3, False), (4, True)] * 2
    assert lines[0] == "A" and lines[4] == "B" and lines[1] == lines[5] == bench.HEADER
    rows = {int(line.split()[0]): line.split() for line in lines if line[:7].strip().isdigit()}
    # Row 2 ran in 4.0 s and 3.0 s: median 3.5 s, fastest 3.0 s, slowest 4.0 s, for 2 games.
    assert rows[2][3:6] == ["0.6", "0.7", "0.5"]
    assert rows[3][3:6] == ["0.7", "2.0", "0.4"]  # 1.0 s and 5.0 s: median 3.0 s
    assert rows[4][3:6] == ["0.5", "1.0", "0.3"]  # 2.0 s and 6.0 s: median 4.0 s
