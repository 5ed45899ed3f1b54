"""`python -m bench.bot_load`: two games through the emulator in its own process, the figures
produced and no interaction failed. The default run is a 3-second window (the lobbies and some
turns); `pytest -m long` also plays both games to the end."""

from __future__ import annotations

import pytest

from bench.bot_load import Options, Report, parse_args, run_bench


def check_figures(report: Report, games: int = 2) -> None:
    assert report.games_started == games
    assert report.interactions >= 6          # two lobbies and some turns
    assert len(report.acks_ms) == report.interactions
    assert report.failed == 0 and report.tally.unanswered == 0
    assert report.rest_per_action >= 1.0     # every interaction is at least its callback
    assert report.routes["POST /interactions/{interaction_id}/{token}/callback"] > 0
    text = "\n".join(report.lines())
    for figure in ("ack ms p50/p90/p99/max", "per human action", "429s met by the bot",
                   "failed interactions      0", "games started/finished", "for the next seat"):
        assert figure in text
    assert report.table_lags and report.next_lags  # tables were edited after hand-overs
    scraped = report.scraped
    if scraped is not None:  # one bot process: its /metrics, scraped during the run
        assert scraped.health == 200 and 0 < scraped.live <= games
        assert scraped.interactions >= report.interactions
        assert scraped.limited >= report.global_calls and scraped.lags >= len(report.table_lags)
        assert "metrics scraped" in text
        # The bench's feed to the people is measured in the bot's process and left out.
        assert report.feed_cpu > 0 and "the bench's feed to the people" in text


async def test_a_short_load_run_produces_its_figures():
    options = Options(games=2, players=3, humans=2, think=0.05, seconds=3.0,
                      computer_pause=0.05)
    check_figures(await run_bench(options))


async def test_one_member_flooding_gets_answers_and_changes_nothing_elsewhere():
    """`--flood`: the host of the first game presses buttons 20 times a second: valid,
    forged and old-panel clicks, every one answered; the others' figures are apart."""
    options = Options(games=2, players=3, humans=2, think=0.05, seconds=4.0,
                      computer_pause=0.05, flood=20.0)
    report = await run_bench(options)
    check_figures(report)
    flood = report.flood
    assert flood is not None
    assert flood.clicks.get("valid", 0) > 5 and flood.clicks.get("forged", 0) > 5
    assert flood.interactions >= sum(flood.clicks.values()) - 2  # the last may be in flight
    assert flood.failed == 0 and len(flood.acks_ms) == flood.interactions
    assert flood.changed_elsewhere == 0
    assert "flood: one member at 20 clicks/s" in "\n".join(report.lines())
    assert parse_args(["--flood", "20"]).flood == 20.0


@pytest.mark.heavy
async def test_a_load_run_with_two_bot_processes_produces_their_figures():
    """Two bot processes, one shard each, sharing a SQLite file; the games on servers of both
    shards, so each process answers some of the interactions."""
    options = Options(games=4, players=3, humans=2, think=0.05, seconds=4.0,
                      computer_pause=0.05, servers=4, processes=2)
    report = await run_bench(options)
    check_figures(report, games=4)
    assert len(report.bot_cpu) == 2 and all(used > 0 for used in report.bot_cpu)
    assert sum(report.bot_games) == 4 and all(report.bot_games), "a process drove no game"
    assert "CPU per bot process" in "\n".join(report.lines())


@pytest.mark.long
async def test_a_load_run_plays_its_games_to_the_end():
    options = Options(games=2, players=3, humans=2, think=0.05, computer_pause=0.05,
                      timeout=600.0)
    report = await run_bench(options)
    check_figures(report)
    assert report.games_finished == 2
    assert "games started/finished   2 / 2" in "\n".join(report.lines())


def test_the_options_come_from_the_command_line():
    options = parse_args(["--games", "3", "--players", "7", "--humans", "7", "--think", "1",
                          "--seconds", "10"])
    assert (options.games, options.players, options.people, options.seconds) == (3, 7, 7, 10)
    assert (options.processes, options.store, options.servers) == (1, "sqlite", 1)
    options = parse_args(["--processes", "3", "--store", "postgres"])
    assert (options.processes, options.store, options.servers) == (3, "postgres", 30)


def test_the_game_played_is_an_option_and_reaches_the_peoples_process():
    assert parse_args([]).game == "citadels"
    options = parse_args(["--game", "catan", "--players", "3"])
    assert options.game == "catan" and options.argv()[-2:] != ["--game", "citadels"]
    assert parse_args(options.argv()).game == "catan"  # the people's process reads the same
    with pytest.raises(SystemExit):
        parse_args(["--game", "catan", "--players", "5"])


async def test_a_short_catan_load_run_produces_its_figures():
    options = Options(games=2, players=3, humans=2, think=0.05, seconds=3.0,
                      computer_pause=0.05, game="catan")
    check_figures(await run_bench(options))
