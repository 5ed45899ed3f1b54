"""The game service on a real SQLite store: serialized clicks, stale versions, leaving mid-game."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.records import GameSettings
from bot.service import GameService, Refused, awaiting
from bot.storage import ChannelBusy, open_store, replay_state
from rules import citadels


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    svc = GameService(await open_store(tmp_path / "games.sqlite3"), computer_pause=0)
    yield svc
    await svc.close()
    await svc.store.close()


async def game_of(svc: GameService, people: int, computers: int = 0, channel: int = 10) -> int:
    record = await svc.open_lobby(guild_id=1, channel_id=channel, host_id=1, host_name="u1",
                                  locale=None, game="citadels", settings=GameSettings())
    for user in range(2, people + 1):
        await svc.join(record.id, user, f"u{user}", None)
    for _ in range(computers):
        await svc.add_computer(record.id, 1, "basic")
    await svc.start(record.id, 1, seed=11)
    return record.id


def decider(svc: GameService, game: int) -> tuple[int, str]:
    record = svc.games[game]
    seat = awaiting(record)
    assert seat is not None
    user = record.seat(seat).user_id
    assert user is not None
    return user, seat


async def test_two_clicks_at_once_one_wins_the_other_is_stale(service: GameService):
    game = await game_of(service, 3)
    user, seat = decider(service, game)
    record = service.games[game]
    options = citadels.legal_actions(record.state, seat)  # type: ignore[arg-type]
    results = await asyncio.gather(
        *(service.act(game, user, record.version, a.model_dump()) for a in options[:2]),
        return_exceptions=True)
    won = [r for r in results if not isinstance(r, Exception)]
    lost = [r for r in results if isinstance(r, Refused)]
    assert len(won) == 1 and len(lost) == 1 and lost[0].stale
    assert service.games[game].version == record.version + 1
    assert len(await service.store.actions(game)) == 1


async def test_refusals_change_nothing(service: GameService):
    game = await game_of(service, 3)
    user, seat = decider(service, game)
    before = service.games[game]
    other = next(s.user_id for s in before.seats if s.user_id not in (user, None))
    cases = [
        (99, before.version, {"type": "take_gold"}, "errors.not_playing"),
        (user, before.version - 1, {"type": "take_gold"}, "errors.stale"),
        (other, before.version, {"type": "take_gold"}, "errors.not_your_turn"),
        (user, before.version, {"type": "take_gold"}, "errors.illegal"),  # draft: no gold
        (user, before.version, {"type": "no_such_action"}, "errors.illegal"),
    ]
    for who, version, action, key in cases:
        with pytest.raises(Refused) as refused:
            await service.act(game, who, version, action)  # type: ignore[arg-type]
        assert refused.value.key == key
    assert service.games[game] == before
    assert await service.store.get(game) == before


async def test_leaving_mid_game_hands_the_seat_to_the_computer(service: GameService):
    game = await game_of(service, 2, computers=1)
    await service.leave_game(game, 2)
    record = service.games[game]
    seat = next(s for s in record.seats if s.user_id == 2)
    assert seat.left and seat.computer and not seat.human
    assert {"type": "player_left", "player": seat.id} in record.log
    with pytest.raises(Refused):
        await service.act(game, 2, record.version, {"type": "take_gold"})


async def test_the_game_ends_when_no_human_is_left(service: GameService):
    game = await game_of(service, 2, computers=1)
    await service.leave_game(game, 2)
    await service.leave_game(game, 1)
    stored = await service.store.get(game)
    assert stored is not None
    assert (stored.status, stored.ended_reason) == ("cancelled", "no_humans")
    assert game not in service.games


async def test_a_whole_game_of_computers_replays_from_its_log(service: GameService):
    record = await service.open_lobby(guild_id=1, channel_id=12, host_id=1, host_name="u1",
                                      locale=None, game="citadels", settings=GameSettings())
    for _ in range(3):
        await service.add_computer(record.id, 1, "random")
    await service.start(record.id, 1, seed=3)
    # The host plays first legal moves; the computers play on their own.
    while record.id in service.games:
        current = service.games[record.id]
        seat_id = awaiting(current)
        seat = current.seat(seat_id) if seat_id else None
        if seat is not None and seat.user_id == 1:
            action = citadels.legal_actions(current.state, seat_id)[0]  # type: ignore[arg-type]
            await service.act(record.id, 1, current.version, action.model_dump())
        else:
            await asyncio.sleep(0.01)
    final = await service.store.get(record.id)
    assert final is not None and final.status == "finished"
    entries = await service.store.actions(record.id)
    assert replay_state(final, entries) == final.state
    assert {e.by for e in entries} == {"player", "computer"}


async def test_one_active_game_per_channel(service: GameService):
    await game_of(service, 2, channel=20)
    with pytest.raises(ChannelBusy):
        await service.open_lobby(guild_id=1, channel_id=20, host_id=5, host_name="x",
                                 locale=None, game="citadels", settings=GameSettings())


async def test_a_click_is_parsed_once(service: GameService, monkeypatch: pytest.MonkeyPatch):
    """The service parses a click's action; the game's adapter and its engine take the parsed
    action as it is (issue 43: it was read three times)."""
    game = await game_of(service, 2)
    user, seat = decider(service, game)
    record = service.games[game]
    action = citadels.legal_actions(record.state, seat)[0].model_dump()
    adapter = record.rules.actions
    union, parsed = adapter._union, []

    class Counting:
        def validate_python(self, data: object) -> object:
            parsed.append(data)
            return union.validate_python(data)
    monkeypatch.setattr(adapter, "_union", Counting())
    await service.act(game, user, record.version, action)
    assert parsed == [action] and service.games[game].version == record.version + 1


async def test_a_commit_cancelled_while_saving_is_followed_by_the_cache(
        service: GameService, monkeypatch: pytest.MonkeyPatch):
    """A change whose caller is cancelled while its save is under way (the bot closing, a
    computer's runner stopped) still lands: the cache follows the store, so the game's next
    change is not refused as stale."""
    game = await game_of(service, 3)
    user, seat = decider(service, game)
    record = service.games[game]
    save, saving = service.store.save, asyncio.Event()

    async def queued_save(*args: object, **kwargs: object) -> None:
        queued = asyncio.ensure_future(save(*args, **kwargs))  # type: ignore[arg-type]
        await asyncio.sleep(0)  # in the store's queue: its batch commits whatever comes
        saving.set()
        await queued

    monkeypatch.setattr(service.store, "save", queued_save)
    action = citadels.legal_actions(record.state, seat)[0]  # type: ignore[arg-type]
    task = asyncio.create_task(service.act(game, user, record.version, action.model_dump()))
    await saving.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stored = await service.store.get(game)
    assert stored is not None and stored.version == record.version + 1
    assert service.games[game].version == stored.version
    user, seat = decider(service, game)
    now = service.games[game]
    nxt = citadels.legal_actions(now.state, seat)[0]  # type: ignore[arg-type]
    await service.act(game, user, now.version, nxt.model_dump())
    assert (await service.store.get(game)).version == record.version + 2  # type: ignore[union-attr]
