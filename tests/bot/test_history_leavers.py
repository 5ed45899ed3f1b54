"""A person who left mid-game: the computer that took the seat plays it to the end, but the
rating and the stats count the game as the person's loss, placed below everyone who stayed,
whatever the stand-in made of the seat (on a real store of each backend)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import history
from bot.finished import FinishedGame, SeatResult
from bot.records import GameSettings
from bot.service import GameService, awaiting
from bot.storage import open_store
from bot.ui import register
from cogs.citadels.ui import UI
from rules import citadels


@pytest.fixture(autouse=True)
def citadels_ui() -> None:
    register(UI)


def seat(identity: str, rank: int, *, left: bool = False) -> SeatResult:
    return SeatResult(id=identity, identity=identity, name=identity, rank=rank,
                      score=30 - rank, left=left)


def ended(game_id: int, *seats: SeatResult) -> FinishedGame:
    return FinishedGame(game_id=game_id, game="citadels", guild_id=7, channel_id=1,
                        ended_reason="completed", seats=list(seats), started_at=0.0,
                        ended_at=float(game_id))


def test_who_left_is_placed_below_everyone_who_stayed():
    # ana left; the computer that took her seat won the game.
    game = ended(1, seat("user:1", 1, left=True), seat("user:2", 2), seat("ai:basic", 3))
    assert game.placed() == {"user:1": 4, "user:2": 2, "ai:basic": 3}
    rated = history.rate(game, {})
    last = history.rate(ended(1, seat("user:1", 4), seat("user:2", 2), seat("ai:basic", 3)),
                        {})
    assert rated == last  # exactly as if she had finished last
    assert rated["user:1"][0] < min(rated["user:2"][0], rated["ai:basic"][0])
    assert rated["user:1"][0] < 25.0  # a loss: below a new player's mu
    # Two who left share the place below the rest; one who stayed last keeps his rank.
    both = ended(2, seat("user:1", 2, left=True), seat("user:2", 3), seat("user:3", 1,
                                                                          left=True))
    assert both.placed() == {"user:1": 4, "user:2": 3, "user:3": 4}


async def test_a_leaver_who_would_have_won_gets_a_loss_in_ratings_and_stats(
        store_location: Path | str):
    store = await open_store(store_location)
    try:
        await store.record_finished(
            ended(1, seat("user:1", 1, left=True), seat("user:2", 2), seat("ai:basic", 3)),
            history.rate)
        board, _ = await store.leaderboard(7, "citadels", min_games=0, limit=10)
        assert [r.identity for r in board][-1] == "user:1"
        ana = next(r for r in board if r.identity == "user:1")
        assert ana.wins == 0 and ana.games == 1
        [result] = await store.results(7, "citadels", "user:1")
        assert result.rank == 4  # below everyone who stayed, never the stand-in's first
        [bo] = await store.results(7, "citadels", "user:2")
        assert bo.rank == 2
        kept = await store.finished_game(1)
        assert kept is not None and [s.left for s in kept.seats] == [True, False, False]
    finally:
        await store.close()


@pytest.fixture
async def service(store_location: Path | str) -> AsyncIterator[GameService]:
    svc = GameService(await open_store(store_location), computer_pause=0)
    yield svc
    await svc.close()
    await svc.store.close()


async def test_a_person_who_leaves_a_real_game_is_rated_below_all_who_stayed(
        service: GameService):
    """ana and bo and two computers; bo leaves at his first decision, and his seat's
    stand-in plays it to the end."""
    svc = service
    record = await svc.open_lobby(guild_id=1, channel_id=10, host_id=1, host_name="ana",
                                  locale=None, game="citadels", settings=GameSettings())
    await svc.join(record.id, 2, "bo", None)
    for strength in ("basic", "random"):
        await svc.add_computer(record.id, 1, strength)
    await svc.start(record.id, 1, seed=11)
    left = False
    while (live := svc.games.get(record.id)) is not None:
        seat = awaiting(live)
        assert seat is not None
        seat_now = live.seat(seat)
        if seat_now.computer:
            await svc.idle(record.id)
            continue
        if seat_now.user_id == 2 and not left:
            await svc.leave_game(record.id, 2)
            left = True
            continue
        assert live.state is not None
        action = citadels.legal_actions(live.state, seat)[-1]
        await svc.act(record.id, seat_now.user_id or 0, live.version, action.model_dump())
    await svc.history.idle()
    kept = await svc.store.finished_game(record.id)
    assert kept is not None and kept.counted
    [bo] = [s for s in kept.seats if s.identity == "user:2"]
    assert bo.left and bo.rank is not None
    stayed = [s.rank for s in kept.seats if not s.left and s.rank is not None]
    [result] = await svc.store.results(1, "citadels", "user:2")
    assert result.rank == max(stayed) + 1
    board, _ = await svc.store.leaderboard(1, "citadels", min_games=0, limit=10)
    row = next(r for r in board if r.identity == "user:2")
    assert row.wins == 0
    assert row.mu < 25.0  # whatever his stand-in scored, a loss
