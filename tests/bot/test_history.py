"""Every ended game kept once, with its whole public log; OpenSkill ratings per server and game;
leaderboards, results and forgetting a person, on a real store of each backend (SQLite, and a
real PostgreSQL server)."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import history
from bot.finished import FORMER, FinishedGame, SeatResult
from bot.records import GameSettings
from bot.service import GameService, awaiting
from bot.storage import open_store
from bot.ui import register
from cogs.citadels.ui import UI
from rules import citadels
from rules.citadels.game import GAME


@pytest.fixture(autouse=True)
def citadels_ui() -> None:
    register(UI)  # rounds are the table's rounds, as the game's UI counts them


@pytest.fixture
async def service(store_location: Path | str) -> AsyncIterator[GameService]:
    svc = GameService(await open_store(store_location), computer_pause=0)
    yield svc
    await svc.close()
    await svc.store.close()


async def computers_game(svc: GameService, channel: int, seed: int,
                         strengths: tuple[str, ...] = ("basic", "random", "random")) -> int:
    """Two people (who always take the last legal action) and computers, to the end."""
    record = await svc.open_lobby(guild_id=1, channel_id=channel, host_id=1, host_name="ana",
                                  locale=None, game="citadels", settings=GameSettings())
    await svc.join(record.id, 2, "bo", None)
    for strength in strengths:
        await svc.add_computer(record.id, 1, strength)
    await svc.start(record.id, 1, seed=seed)
    while (live := svc.games.get(record.id)) is not None:
        seat_id = awaiting(live)
        assert seat_id is not None
        seat = live.seat(seat_id)
        if seat.computer:
            await svc.idle(record.id)
            continue
        action = citadels.legal_actions(live.state, seat_id)[-1]  # type: ignore[arg-type]
        await svc.act(record.id, seat.user_id or 0, live.version, action.model_dump())
    await svc.history.idle()
    return record.id


def seat(identity: str, rank: int, seat: str = "") -> SeatResult:
    return SeatResult(id=seat or identity, identity=identity, name=identity, rank=rank,
                      score=10 - rank)


def ended(game_id: int, *seats: SeatResult, reason: str = "completed") -> FinishedGame:
    return FinishedGame(game_id=game_id, game="citadels", guild_id=7, channel_id=1,
                        ended_reason=reason, seats=list(seats), started_at=0.0,
                        ended_at=float(game_id))


async def test_an_ended_game_is_kept_with_its_whole_public_log(service: GameService):
    game = await computers_game(service, 10, seed=3)
    kept = await service.store.finished_game(game)
    record = await service.store.get(game)
    assert kept is not None and record is not None and record.state is not None
    assert kept.counted and kept.ended_reason == "completed"
    result = GAME.result(record.state)
    assert result is not None
    assert {s.id: s.rank for s in kept.seats} == result.ranks
    assert {s.id: s.score for s in kept.seats} == result.scores
    assert sorted(s.identity for s in kept.seats if s.user_id) == ["user:1", "user:2"]
    # One list of public events per round, and nothing private in them (no hand, no draw).
    assert len(kept.rounds) == record.state.round
    events = [e for r in kept.rounds for e in r]
    assert sum(e["type"] == "built" for e in events) == sum(
        len(p.city) for p in record.state.players) + sum(
        e["type"] == "destroyed" for e in events)
    assert not any(k in e for e in events for k in ("cards", "hand", "options", "drawn"))
    assert kept.final == GAME.view(record.state, None)
    # Each seat's characters, in order: one a round at most, each one it was seen playing.
    for seat in kept.seats:
        shown = [e["character"] for e in events
                 if e["type"] == "character_revealed" and e["player"] == seat.id]
        assert seat.roles == shown and 0 < len(shown) <= len(kept.rounds)
    results = await service.store.results(1, "citadels", kept.seats[0].identity)
    assert results[-1].roles == kept.seats[0].roles


async def test_ratings_move_once_per_game_even_when_recorded_again(service: GameService):
    game = await computers_game(service, 10, seed=4)
    kept = await service.store.finished_game(game)
    assert kept is not None
    before, total = await service.store.leaderboard(1, "citadels", min_games=0, limit=50)
    assert total == len({s.identity for s in kept.seats}) and all(r.games == 1 for r in before)
    assert not await service.store.record_finished(kept, history.rate)  # already kept
    record = await service.store.get(game)
    assert record is not None
    assert not await service.history.record(record)
    after, _ = await service.store.leaderboard(1, "citadels", min_games=0, limit=50)
    assert after == before


async def ended_unkept(path: Path | str, seed: int) -> int:
    """A game played to its end by a bot stopped before it could keep it; its id."""
    svc = GameService(await open_store(path), computer_pause=0)
    svc.history.ended = lambda record: None  # type: ignore[method-assign]
    game = await computers_game(svc, 10, seed=seed)
    await svc.close()
    await svc.store.close()
    return game


async def test_a_game_ended_while_the_bot_stopped_is_kept_at_the_next_start(
        store_location: Path | str):
    path = store_location
    game = await ended_unkept(path, seed=5)
    assert await (store := await open_store(path)).finished_game(game) is None
    await store.close()
    for _ in range(2):  # the first start keeps it; the second finds nothing to do
        again = GameService(await open_store(path), computer_pause=0)
        await again.load()
        assert await again.store.unrecorded_games() == []
        board, _ = await again.store.leaderboard(1, "citadels", min_games=0, limit=50)
        assert board and all(r.games == 1 for r in board)
        await again.close()
        await again.store.close()


async def test_ended_early_is_kept_but_counts_for_nothing(service: GameService):
    record = await service.open_lobby(guild_id=1, channel_id=10, host_id=1, host_name="ana",
                                      locale=None, game="citadels", settings=GameSettings())
    await service.add_computer(record.id, 1, "basic")
    await service.start(record.id, 1, seed=2)
    await service.end(record.id, 1, can_manage=False)
    await service.history.idle()
    kept = await service.store.finished_game(record.id)
    assert kept is not None and not kept.counted and kept.ended_reason == "ended_by_host"
    assert all(s.rank is None for s in kept.seats)
    assert await service.store.leaderboard(1, "citadels", min_games=0, limit=5) == ([], 0)
    cancelled = await service.open_lobby(guild_id=1, channel_id=11, host_id=1, host_name="ana",
                                         locale=None, game="citadels", settings=GameSettings())
    await service.cancel(cancelled.id, 1)
    await service.history.idle()
    assert await service.store.finished_game(cancelled.id) is None  # never played


def test_a_player_who_keeps_winning_rises_and_ties_share_the_rating():
    ratings: dict[str, history.Rating] = {}
    ordinals = []
    for n in range(6):
        game = ended(n, seat("user:1", 1), seat("user:2", 2), seat("ai:basic", 3))
        ratings.update(history.rate(game, ratings))
        ordinals.append(history.ordinal(*ratings["user:1"]))
    assert ordinals == sorted(ordinals) and ordinals[-1] > ordinals[0]
    assert history.ordinal(*ratings["user:1"]) > history.ordinal(*ratings["ai:basic"])
    tied = history.rate(ended(9, seat("user:3", 1), seat("user:4", 1), seat("user:5", 3)), {})
    assert tied["user:3"] == pytest.approx(tied["user:4"])
    assert tied["user:3"][0] > tied["user:5"][0]
    # Two computers of one strength are one identity: the mean of what each seat earned.
    twins = history.rate(ended(10, seat("ai:basic", 1, "p1"), seat("ai:basic", 3, "p2"),
                               seat("user:6", 2)), {})
    assert set(twins) == {"ai:basic", "user:6"}


async def test_leaderboard_pages_minimum_and_standing(store_location: Path | str):
    store = await open_store(store_location)
    people = [f"user:{i}" for i in range(1, 8)]
    for n in range(12):  # user:1 always first, user:7 plays once
        order = people[:6] if n else people
        await store.record_finished(ended(n + 1, *(seat(p, i + 1) for i, p in
                                                   enumerate(order))), history.rate)
    page, total = await store.leaderboard(7, "citadels", min_games=2, limit=3)
    assert total == 6 and [r.identity for r in page][:1] == ["user:1"]
    ordinals = [r.ordinal for r in page]
    assert ordinals == sorted(ordinals, reverse=True)
    rest, _ = await store.leaderboard(7, "citadels", min_games=2, limit=3, offset=3)
    assert {r.identity for r in page} | {r.identity for r in rest} == set(people[:6])
    place, row = await store.standing(7, "citadels", "user:7", min_games=2)
    assert place is None and row is not None and row.games == 1  # below the minimum
    place, row = await store.standing(7, "citadels", "user:6", min_games=2)
    assert place == 6 and row is not None and row.games == 12
    results = await store.results(7, "citadels", "user:1")
    assert [r.rank for r in results] == [1] * 12 and results[-1].rating == page[0].ordinal
    assert await store.leaderboard(8, "citadels", min_games=0, limit=5) == ([], 0)
    await store.close()


async def test_forgetting_a_person_keeps_results_without_their_name(
        store_location: Path | str):
    store = await open_store(store_location)
    for n in range(3):
        await store.record_finished(ended(n + 1, seat("user:1", 1), seat("user:2", 2)),
                                    history.rate)
    assert await store.forget(1) == 3
    board, total = await store.leaderboard(7, "citadels", min_games=0, limit=10)
    assert [r.identity for r in board] == ["user:2"] and total == 1
    assert await store.results(7, "citadels", "user:1") == []
    assert len(await store.results(7, "citadels", FORMER)) == 3
    for kept in await store.finished_games(7, "citadels", limit=10):
        [former] = [s for s in kept.seats if s.identity == FORMER]
        assert former.name == "" and former.user_id is None and former.rank == 1
    await store.close()


KILLED_WHILE_RECORDING = """
import asyncio, os, signal, sys
from bot import history
from bot.storage import open_store

def rate_then_die(game, current):
    history.rate(game, current)  # the game's row is written; its ratings are about to be
    os.kill(os.getpid(), signal.SIGKILL)

async def main():
    store = await open_store(sys.argv[1])
    record = await store.get(int(sys.argv[2]))
    game = history.finished_game(record, await store.actions(record.id))
    await store.record_finished(game, rate_then_die)

asyncio.run(main())
"""


async def test_killed_while_recording_the_game_counts_once_after_restart(
        store_location: Path | str):
    path = store_location
    game = await ended_unkept(path, seed=6)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", KILLED_WHILE_RECORDING, str(path), str(game))
    assert await child.wait() == -signal.SIGKILL  # killed inside the recording transaction
    store = await open_store(path)
    assert await store.finished_game(game) is None and await store.unrecorded_games() == [game]
    assert await store.leaderboard(1, "citadels", min_games=0, limit=50) == ([], 0)
    await store.close()
    again = GameService(await open_store(path), computer_pause=0)
    await again.load()
    kept = await again.store.finished_game(game)
    board, total = await again.store.leaderboard(1, "citadels", min_games=0, limit=50)
    assert kept is not None and total == len({s.identity for s in kept.seats})
    assert all(r.games == 1 for r in board)
    await again.close()
    await again.store.close()


async def test_recording_a_game_is_one_transaction_under_concurrency(
        store_location: Path | str):
    store = await open_store(store_location)
    game = ended(1, seat("user:1", 1), seat("user:2", 2))
    results = await asyncio.gather(*(store.record_finished(game, history.rate)
                                     for _ in range(5)))
    assert sorted(results) == [False] * 4 + [True]
    board, _ = await store.leaderboard(7, "citadels", min_games=0, limit=10)
    assert [r.games for r in board] == [1, 1]
    await store.close()


def counting(game: FinishedGame, current: dict[str, history.Rating]) -> dict[str, history.Rating]:
    """A rating that counts games in mu: any lost update shows as a smaller mu at the end."""
    return {s.identity: (current.get(s.identity, (0.0, 1.0))[0] + 1, 1.0) for s in game.seats}


async def test_games_ending_together_move_the_ratings_one_after_the_other(
        store_location: Path | str):
    """Each recording reads the ratings, rates and writes them back: two at once must not
    both start from the same ratings (on PostgreSQL they run on separate connections)."""
    store = await open_store(store_location)
    try:
        games = [ended(n, seat("user:1", 1), seat("user:2", 2), seat(f"user:{n + 10}", 3))
                 for n in range(1, 13)]
        results = await asyncio.gather(*(store.record_finished(g, counting) for g in games))
        assert results == [True] * len(games)
        board, total = await store.leaderboard(7, "citadels", min_games=0, limit=50)
        mu = {r.identity: r.mu for r in board}
        assert total == 2 + len(games)
        assert (mu["user:1"], mu["user:2"]) == (len(games), len(games))
        assert {r.identity: r.games for r in board}["user:1"] == len(games)
        # ...and forgetting someone meanwhile leaves nothing of theirs behind.
        more = [ended(n, seat("user:1", 1), seat("user:3", 2)) for n in range(20, 26)]
        await asyncio.gather(store.forget(3), *(store.record_finished(g, counting)
                                                for g in more))
        await store.forget(3)
        assert await store.results(7, "citadels", "user:3") == []
        assert await store.standing(7, "citadels", "user:3", min_games=0) == (None, None)
        assert (await store.standing(7, "citadels", "user:1", min_games=0))[1].mu == 18
    finally:
        await store.close()
