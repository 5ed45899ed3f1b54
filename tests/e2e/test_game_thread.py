"""`/citadels new thread:True`: the game moves to a thread opened from the lobby message."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.client import GameBot
from fakediscord import Discord, Ref
from tests.fakediscord_fixtures import Table
from tests.game_driver import click_id, lobby, table


async def test_the_game_is_played_in_its_own_thread(citadels_bot: GameBot, table: Table,
                                                    discord_api: Discord):
    t = table
    await (await t.alice.slash(t.general, "citadels new", thread=True)).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    await click_id(t.alice, await lobby(t.alice, t.general), ":lobby.start")
    await citadels_bot.publisher.idle()
    [thread] = await discord_api.backend.call("threads", channel_id=t.general.id)
    assert thread["name"] == "Citadels #1"
    where = Ref(thread["id"], thread["name"])
    [record] = citadels_bot.service.games.values()
    assert (record.channel_id, record.parent_channel_id) == (int(where.id), int(t.general.id))
    assert await _table(t, where) is not None
    assert await _table(t, t.general) is None  # the channel keeps only the lobby
    hand = await (await t.bruno.slash(where, "ciudadelas mano")).response()
    assert hand.ephemeral and hand.embeds
    # The channel is free again: another lobby can open there.
    other = await (await t.bruno.slash(t.general, "ciudadelas nueva")).response()
    assert not other.ephemeral


async def _table(t: Table, where: Ref):
    return await table(t.alice, where)


async def test_two_start_presses_at_once_make_one_game_and_one_thread(
        citadels_bot: GameBot, table: Table, discord_api: Discord):
    t = table
    await (await t.alice.slash(t.general, "citadels new", thread=True)).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    room = await lobby(t.alice, t.general)
    start = next(b["custom_id"] for b in room.buttons() if b["custom_id"].endswith(":lobby.start"))
    # Both presses reach the bot before it answers either (same moment, same host).
    presses = [await t.alice.click(room, custom_id=start, wait=False) for _ in range(2)]
    replies = [await press.response() for press in presses]
    await citadels_bot.publisher.idle()
    threads = await discord_api.backend.call("threads", channel_id=t.general.id)
    assert len(threads) == 1
    assert [r.status for r in citadels_bot.service.games.values()] == ["running"]
    refusals = [r.content for r in replies if r.ephemeral]
    assert refusals == ["The game is already starting."]
    assert await discord_api.failed_interactions() == []


async def test_the_lobby_message_tells_the_truth(citadels_bot: GameBot, table: Table):
    """Started: no buttons, and where the game is played. Ended by /end: it says so."""
    t = table
    room = await (await t.alice.slash(t.general, "citadels new", thread=True)).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    await click_id(t.alice, await lobby(t.alice, t.general), ":lobby.start")
    await citadels_bot.publisher.idle()
    [record] = citadels_bot.service.games.values()
    started = await t.alice.message(room.id)
    assert not started.buttons() and not started.selects()
    assert "Playing in" in started.text and f"<#{record.channel_id}>" in started.text
    where = Ref(str(record.channel_id), "game")
    confirm = await (await t.alice.slash(where, "citadels end")).response()
    yes = next(b["custom_id"] for b in confirm.buttons() if b["custom_id"].endswith("end.yes"))
    await (await t.alice.click(confirm, custom_id=yes)).response()
    await citadels_bot.publisher.idle()
    ended = await t.alice.message(room.id)
    assert "Cancelled." in ended.text and not ended.buttons() and not ended.selects()


async def test_a_start_that_must_wait_for_its_thread_is_answered_at_once(
        citadels_bot: GameBot, table: Table, discord_api: Discord,
        monkeypatch: pytest.MonkeyPatch):
    """Under a burst of starts the thread waits its turn in the bot's pace: the press is
    answered at once (the lobby says it is starting, its buttons kept), and the lobby message
    says where the game went once it has."""
    t = table
    await (await t.alice.slash(t.general, "citadels new")).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    publisher = citadels_bot.publisher
    turn = asyncio.Event()
    opening = publisher.opening

    async def in_turn(call: Any) -> Any:
        await turn.wait()
        return await opening(call)
    monkeypatch.setattr(publisher, "opening_waits", lambda: True)
    monkeypatch.setattr(publisher, "opening", in_turn)
    room = await lobby(t.alice, t.general)
    start = next(b["custom_id"] for b in room.buttons() if b["custom_id"].endswith(":lobby.start"))
    result = await t.alice.click(room, custom_id=start)
    assert result.ack_type == 7  # the lobby message updated in the answer itself
    waiting = await t.alice.message(room.id)
    assert "Starting" in waiting.text and any(
        b["custom_id"] == start for b in waiting.buttons())
    turn.set()
    for _ in range(100):
        if [g.status for g in citadels_bot.service.games.values()] == ["running"]:
            break
        await asyncio.sleep(0.02)
    await citadels_bot.publisher.idle()
    [record] = citadels_bot.service.games.values()
    assert record.status == "running" and record.parent_channel_id == int(t.general.id)
    room = await t.alice.message(room.id)
    assert room.buttons() == [] and f"<#{record.channel_id}>" in room.text
    assert "Starting" not in room.text
    assert await discord_api.failed_interactions() == []


async def test_a_start_whose_thread_fails_to_open_leaves_the_lobby_open(
        citadels_bot: GameBot, table: Table, discord_api: Discord,
        monkeypatch: pytest.MonkeyPatch):
    """The thread's call fails after the lobby said it was starting: the lobby is shown open
    again, its Start button working, and the game waits in its lobby."""
    t = table
    await (await t.alice.slash(t.general, "citadels new")).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")

    async def broken(call: Any) -> Any:
        raise RuntimeError("the thread could not be opened")
    monkeypatch.setattr(citadels_bot.publisher, "opening_waits", lambda: True)
    monkeypatch.setattr(citadels_bot.publisher, "opening", broken)
    room = await lobby(t.alice, t.general)
    await click_id(t.alice, room, ":lobby.start")
    for _ in range(100):
        again = await t.alice.message(room.id)
        if "Starting" not in again.text:
            break
        await asyncio.sleep(0.02)
    assert "Open: join now!" in again.text and "Starting" not in again.text
    assert any(b["custom_id"].endswith(":lobby.start") for b in again.buttons())
    assert [g.status for g in citadels_bot.service.games.values()] == ["lobby"]
    assert await discord_api.failed_interactions() == []
