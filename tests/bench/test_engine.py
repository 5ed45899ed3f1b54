"""bench.engine plays real games and reports consistent figures (a smoke test, not a timing)."""

from __future__ import annotations

import random

from bench import engine as bench
from rules import citadels


def test_play_counts_every_decision_of_a_finished_game():
    state = citadels.new_game(["p0", "p1", "p2", "p3"], seed=5)
    rng, decisions = random.Random(5), 0
    while not state.finished:
        pid = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, pid, citadels.random_action(state, pid, rng))
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
    first, *out = capsys.readouterr().out.splitlines()
    assert first.startswith("machine check before: ") and first.endswith(" ms")
    assert out[0] == "Classic" and out[1].split()[0] == "players" and len(out) == 5 + 4 + 1 + 6
    assert out[5] == "Dark City" and [r.split()[0] for r in out[7:9]] == ["4", "8"]
    assert out[9].startswith("machine check after: ") and float(out[9].split()[-2]) > 0
    assert out[10].startswith("apply") and out[-1].startswith("determinize")


def test_the_machine_check_times_real_work():
    # Plain Python on 40,000 steps: never instant, and well under the seconds of a table.
    assert 1 < bench.machine_check_ms() < 5000
