"""Several seats deciding at once (Game.must_decide of more than one seat), on the service with
a real SQLite store: any of them acts in any order, each has its own timer and computer, and one
deciding outdates nobody else's panel. The game is the test-only sealed bids (tests/games/bids),
whose rounds open with every seat bidding at once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.changes import waiting
from bot.records import GameRecord, GameSettings
from bot.service import GameService, Refused
from bot.storage import replay_state
from tests.games.bids import registered

from .test_service_timers import MINUTE, Recorder, make_service

PEOPLE = [(1, "ana"), (2, "bo"), (3, "cy"), (4, "di")]


@pytest.fixture(autouse=True)
def bids() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[tuple[GameService, Recorder]]:
    made = await make_service(tmp_path / "games.sqlite3")
    yield made
    await made[0].close()
    await made[0].store.close()


async def table(svc: GameService, people: int = 4, computers: int = 0, turn_limit: int = 0
                ) -> int:
    host, name = PEOPLE[0]
    record = await svc.open_lobby(guild_id=1, channel_id=10, host_id=host, host_name=name,
                                  locale="en-US", game="bids",
                                  settings=GameSettings(turn_limit=turn_limit))
    for user, who in PEOPLE[1:people]:
        await svc.join(record.id, user, who, "en-US")
    for _ in range(computers):
        await svc.add_computer(record.id, host, "random")
    await svc.start(record.id, host, seed=3)
    return record.id


def user(record: GameRecord, seat: str) -> int:
    found = record.seat(seat).user_id
    assert found is not None
    return found


async def test_every_waiting_seat_acts_in_any_order_on_panels_built_before_the_others(
        service: tuple[GameService, Recorder]) -> None:
    svc, _ = service
    game = await table(svc)
    opened = svc.games[game]
    assert sorted(waiting(opened)) == sorted(s.id for s in opened.seats)
    # Each person's panel was built at the opening version; they bid in reverse seat order.
    for n, seat in enumerate(reversed(opened.seats)):
        change = await svc.act(game, user(opened, seat.id), opened.version,
                               {"type": "bid", "coins": n})
        assert change.actor == seat.id
    record = svc.games[game]
    assert record.state.winner is not None and waiting(record) == [record.state.winner]
    # The opening panel showed a bid; the winner's decision is now a pick: that panel is old.
    with pytest.raises(Refused) as refused:
        await svc.act(game, user(record, record.state.winner), opened.version,
                      {"type": "pick", "prize": 0})
    assert refused.value.stale
    await svc.act(game, user(record, record.state.winner), record.version,
                  {"type": "pick", "prize": 0})


async def test_a_seat_that_decided_is_refused_and_changes_nothing(
        service: tuple[GameService, Recorder]) -> None:
    svc, _ = service
    game = await table(svc)
    opened = svc.games[game]
    first = opened.seats[0].id
    await svc.act(game, user(opened, first), opened.version, {"type": "bid", "coins": 2})
    after = svc.games[game]
    for version in (opened.version, after.version):
        with pytest.raises(Refused):
            await svc.act(game, user(opened, first), version, {"type": "bid", "coins": 1})
    assert svc.games[game].version == after.version
    assert svc.games[game].state.bids == {first: 2}
    # Forged values the panel never offered: refused with a fresh panel, nothing applied.
    other = opened.seats[1].id
    for forged in ({"type": "bid", "coins": 99}, {"type": "pick", "prize": 0},
                   {"type": "bid", "coins": -1}, {"type": "nonsense"}):
        with pytest.raises(Refused) as refused:
            await svc.act(game, user(opened, other), opened.version, forged)
        assert refused.value.stale
    assert svc.games[game].version == after.version


async def test_each_waiting_person_has_a_timer_and_a_timeout_decides_for_them_alone(
        service: tuple[GameService, Recorder]) -> None:
    svc, recorder = service
    game = await table(svc, turn_limit=1)
    opened = svc.games[game]
    assert sorted(t.seat for t in opened.timers) == sorted(s.id for s in opened.seats)
    late = opened.seats[-1].id
    # Everyone but `late` bids before their time is out, each in their own time.
    for seat in opened.seats[:-1]:
        await asyncio.sleep(MINUTE / 8)
        await svc.act(game, user(opened, seat.id), opened.version, {"type": "bid", "coins": 1})
        timers = svc.games[game].timers
        assert late in [t.seat for t in timers]
        assert seat.id not in [t.seat for t in timers]
    kept, first = svc.games[game].timer_of(late), opened.timer_of(late)
    assert kept is not None and first is not None  # the others' bids left late's clock alone
    assert (kept.version, kept.due_at, kept.reminders) == (first.version, first.due_at,
                                                          first.reminders)
    await asyncio.sleep(MINUTE * 0.9)
    entries = await svc.store.actions(game)
    timed = [e for e in entries if e.by == "timer"]
    assert [(e.seat, e.action) for e in timed] == [(late, {"type": "bid", "coins": 0})]
    reminders = [c for c in recorder.changes if c.kind == "reminder"]
    assert {c.seat for c in reminders} == {late}


async def test_computer_seats_decide_side_by_side(
        service: tuple[GameService, Recorder]) -> None:
    svc, _ = service
    game = await table(svc, people=1, computers=3)
    opened = svc.games[game]
    await asyncio.sleep(0.3)
    record = svc.games[game]
    computers = {s.id for s in opened.seats if s.computer}
    assert computers <= set(record.state.bids)  # all three bid, none waiting for the person
    human = next(s.id for s in opened.seats if not s.computer)
    assert waiting(record) == [human]
    await svc.act(game, user(opened, human), opened.version, {"type": "bid", "coins": 0})


async def test_a_restart_with_two_of_four_decided_keeps_both_and_the_other_panels_work(
        tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    svc, _ = await make_service(db)
    game = await table(svc, turn_limit=60)
    opened = svc.games[game]
    for seat in opened.seats[:2]:
        await svc.act(game, user(opened, seat.id), opened.version, {"type": "bid", "coins": 3})
    before = svc.games[game]
    await svc.close()
    await svc.store.close()

    again, _ = await make_service(db)
    try:
        await again.load()
        record = again.games[game]
        assert record.state.bids == before.state.bids
        assert record.timers == before.timers and record.decisions == before.decisions
        for seat in opened.seats[2:]:  # panels opened before the restart still play
            await again.act(game, user(opened, seat.id), opened.version,
                            {"type": "bid", "coins": 1})
        record = again.games[game]
        assert record.state.winner is not None
        entries = await again.store.actions(game)
        assert len(entries) == 4
        assert replay_state(record, entries) == record.state
    finally:
        await again.close()
        await again.store.close()


def test_a_record_stored_with_one_timer_and_one_seats_mentions_still_loads() -> None:
    stored = {"id": 7, "game": "citadels", "channel_id": 1, "host_id": 1, "status": "lobby",
              "ping_ids": [11, 12], "ping_for": "p2",
              "timer": {"version": 4, "pid": "p2", "reminder_at": 100.0, "due_at": 160.0,
                        "reminded": True}}
    record = GameRecord.model_validate(stored)
    assert record.pings == {"p2": [11, 12]} and record.ping_ids == [11, 12]
    [timer] = record.timers
    assert (timer.seat, timer.version, timer.due_at, timer.reminders, timer.reminded) == (
        "p2", 4, 160.0, [100.0], 1)
    assert record.timer is timer and timer.next_reminder is None
    again = GameRecord.model_validate(record.model_dump())
    assert again.timers == record.timers and again.pings == record.pings
