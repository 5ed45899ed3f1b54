"""Turn timers and absent players, on the service with a real SQLite store (no Discord).

A turn-limit "minute" is shortened to a fraction of a second so the clock runs in tests.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.records import GameSettings
from bot.service import Change, GameService, Refused, awaiting
from bot.storage import open_store, replay_state
from rules import citadels

MINUTE = 0.4  # seconds per turn-limit minute: reminder at 0.2 s, timeout at 0.4 s


class Recorder:
    def __init__(self) -> None:
        self.changes: list[Change] = []

    def changed(self, change: Change) -> None:
        self.changes.append(change)

    def kinds(self) -> list[str]:
        return [c.kind for c in self.changes]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


async def make_service(db: Path, pause: float = 0.0) -> tuple[GameService, Recorder]:
    service = GameService(await open_store(db), computer_pause=pause, minute=MINUTE)
    recorder = Recorder()
    service.listener = recorder
    return service, recorder


@pytest.fixture
async def service(db: Path) -> AsyncIterator[tuple[GameService, Recorder]]:
    made = await make_service(db)
    yield made
    await made[0].close()
    await made[0].store.close()


async def two_people(service: GameService, turn_limit: int = 1) -> int:
    record = await service.open_lobby(
        guild_id=1, channel_id=10, host_id=1, host_name="ana", locale="en-US",
        game="citadels", settings=GameSettings(turn_limit=turn_limit))
    await service.join(record.id, 2, "bo", "es-ES")
    await service.start(record.id, 1, seed=5)
    return record.id


def user_of(service: GameService, game_id: int, seat: str) -> int:
    user = service.games[game_id].seat(seat).user_id
    assert user is not None
    return user


async def test_a_decision_gets_a_timer_with_a_reminder_at_half_time(service):
    svc, recorder = service
    game = await two_people(svc)
    record = svc.games[game]
    assert record.timer is not None and record.timer.seat == awaiting(record)
    assert record.timer.due_at - record.timer.reminder_at == pytest.approx(MINUTE / 2)
    await asyncio.sleep(MINUTE * 0.6)
    assert "reminder" in recorder.kinds()
    assert svc.games[game].timer.reminded  # type: ignore[union-attr]
    assert (await svc.store.get(game)).timer.reminded  # type: ignore[union-attr]


async def test_timeout_plays_a_basic_move_and_the_table_log_says_so(service):
    svc, recorder = service
    game = await two_people(svc)
    first = svc.games[game]
    late = awaiting(first)
    await asyncio.sleep(MINUTE * 1.3)
    record = svc.games[game]
    assert record.version == first.version + 1
    [entry] = await svc.store.actions(game)
    assert (entry.seat, entry.by, entry.user_id) == (late, "timer", None)
    assert {"type": "timeout", "player": late} in record.log
    assert record.seat(late).timeouts == 1 and not record.seat(late).away


async def test_acting_in_time_cancels_the_timer_and_resets_the_count(service):
    svc, _ = service
    game = await two_people(svc)
    await asyncio.sleep(MINUTE * 1.2)  # one timeout for the first chooser
    record = svc.games[game]
    seat = awaiting(record)
    assert seat is not None
    action = citadels.legal_actions(record.state, seat)[0]  # type: ignore[arg-type]
    await svc.act(game, user_of(svc, game, seat), record.version, action.model_dump())
    assert svc.games[game].seat(seat).timeouts == 0
    assert [e.by for e in await svc.store.actions(game)][-1] == "player"


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_computer_until_back(db):
    svc, recorder = await make_service(db, pause=0.1)
    try:
        # Only one person: the other seat is a computer, so every human decision times out.
        record = await svc.open_lobby(guild_id=1, channel_id=11, host_id=1, host_name="ana",
                                      locale=None, game="citadels",
                                      settings=GameSettings(turn_limit=1))
        await svc.add_computer(record.id, 1, "random")
        await svc.start(record.id, 1, seed=3)
        seat = next(s for s in svc.games[record.id].seats if s.user_id == 1)

        async def away() -> bool:
            return svc.games[record.id].seat(seat.id).away

        for _ in range(100):
            if await away():
                break
            await asyncio.sleep(0.1)
        assert await away()
        timer_moves = [e for e in await svc.store.actions(record.id) if e.by == "timer"]
        assert len(timer_moves) == 3
        assert any({"type": "seat_away", "player": seat.id} in c.record.log
                   for c in recorder.changes)
        # Away: the computer plays the seat at once, and the person's clicks are refused.
        await asyncio.sleep(0.5)
        assert any(e.by == "computer" and e.seat == seat.id
                   for e in await svc.store.actions(record.id))
        current = svc.games[record.id]
        with pytest.raises(Refused) as refused:
            await svc.act(record.id, 1, current.version, {"type": "take_gold"})
        assert refused.value.key == "errors.away"
        await svc.back(record.id, 1)
        back = svc.games[record.id].seat(seat.id)
        assert not back.away and back.timeouts == 0
    finally:
        await svc.close()
        await svc.store.close()


async def test_a_restart_neither_drops_nor_doubles_the_timer(db):
    svc, recorder = await make_service(db)
    game = await two_people(svc)
    await asyncio.sleep(MINUTE * 0.7)  # reminded, not yet timed out
    assert recorder.kinds().count("reminder") == 1
    version = svc.games[game].version
    await svc.close()
    await svc.store.close()

    again, recorder2 = await make_service(db)
    try:
        await again.load()
        assert again.games[game].timer.reminded  # type: ignore[union-attr]
        await asyncio.sleep(MINUTE * 0.6)
        kinds = recorder2.kinds()
        # Until the timeout's move, nothing is said again (a late machine may already have
        # reminded the next decision after it).
        assert "action" in kinds and "reminder" not in kinds[:kinds.index("action")], kinds
        entries = await again.store.actions(game)
        assert [(e.version, e.by) for e in entries] == [(version + 1, "timer")]
        record = again.games[game]
        assert replay_state(record, entries) == record.state
    finally:
        await again.close()
        await again.store.close()


async def test_a_timer_already_due_at_restart_plays_once(db):
    svc, _ = await make_service(db)
    game = await two_people(svc)
    version = svc.games[game].version
    await svc.close()  # the bot is down while the time runs out
    await svc.store.close()
    await asyncio.sleep(MINUTE * 1.2)
    again, _ = await make_service(db)
    try:
        await again.load()
        await asyncio.sleep(0.2)
        entries = await again.store.actions(game)
        assert [(e.version, e.by) for e in entries] == [(version + 1, "timer")]
    finally:
        await again.close()
        await again.store.close()


async def test_no_timer_without_a_limit_or_for_computers(service):
    svc, _ = service
    game = await two_people(svc, turn_limit=0)
    assert svc.games[game].timer is None


async def test_reminders_go_through_the_one_commit_path_each_said_once(db):
    """A limit of an hour has two reminders: each is a committed change of its own (saved,
    version kept, told once), and saving one does not start its timer again."""
    svc, recorder = await make_service(db)
    saved: list[int] = []
    save = svc.store.save

    async def counted(record, **kw):  # type: ignore[no-untyped-def]
        saved.append(record.version)
        return await save(record, **kw)
    svc.store.save = counted  # type: ignore[method-assign]
    svc.minute = MINUTE / 60  # an hour's limit plays in 0.4 s: reminders at 0.2 and 0.34 s
    try:
        game = await two_people(svc, turn_limit=60)
        version = svc.games[game].version
        await asyncio.sleep(MINUTE * 0.95)
        reminders = [c for c in recorder.changes if c.kind == "reminder"]
        assert [c.record.timer_of(c.seat).reminded for c in reminders] == [1, 2]  # type: ignore[union-attr]
        assert all(c.record.version == version and c.previous is not None for c in reminders)
        assert saved.count(version) >= 2
        assert (await svc.store.get(game)).timer.reminded == 2  # type: ignore[union-attr]
    finally:
        await svc.close()
        await svc.store.close()
