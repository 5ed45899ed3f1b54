"""The Cities arena on a few games (the figures of ai/cities/README.md come from the arena
command itself, over 300 games and more)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.cities import arena, make_player


def test_basic_beats_random() -> None:
    """Basic against random in both seats of two 2-player deals: it wins them all (it won
    every arena game against three random players)."""
    players = {s: make_player(s) for s in ("basic", "random")}
    results = [arena.play(["basic", "random"], players, seed=5 + g // 2, rotation=g % 2)
               for g in range(4)]
    assert [r.seats for r in results] == [["basic", "random"], ["random", "basic"]] * 2
    assert all(r.win(r.seats.index("basic")) == 1 for r in results), [r.scores for r in results]
    assert all(r.times["basic"] and r.cpu["random"] for r in results)


def test_the_arena_reports_and_merges(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    out = tmp_path / "a.json"
    arena.main(["--players", "expert,basic,random", "--games", "3", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "3 games, 3 players (expert,basic,random)" in printed
    assert all(f"{name}: win" in printed for name in ("expert", "basic", "random"))
    assert "p95" in printed and "mean score" in printed
    arena.main(["--merge", str(out), str(out)])
    merged = capsys.readouterr().out
    assert "6 games, merged" in merged and "over 6 seats" in merged


def test_a_shared_first_place_is_a_share_of_a_win() -> None:
    tied = arena.Played(["basic", "expert", "basic"], [0, 1], [60, 60, 50])
    assert [tied.win(i) for i in range(3)] == [0.5, 0.5, 0.0]
