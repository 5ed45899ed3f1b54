"""Faults on the emulator mid-game: gateway drops, 5xx and 429 answers, a locked database, closed
DMs. Each test checks the game goes on, no interaction fails, and nothing is lost."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import GameBot
from bot.records import GameRecord
from bot.service import awaiting
from fakediscord import Discord, Emulator, Person, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import click_id, lobby, table


@pytest.fixture
async def bot(emulator: Emulator, table: Table, tmp_path: Path) -> AsyncIterator[GameBot]:
    client = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(client, emulator):
        yield client


async def two_person_game(bot: GameBot, t: Table) -> GameRecord:
    await (await t.alice.slash(t.general, "citadels new", thread=False)).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    await click_id(t.alice, await lobby(t.alice, t.general), ":lobby.start")
    await bot.publisher.idle()
    [record] = bot.service.games.values()
    return record


def person_to_act(bot: GameBot, t: Table, game: int) -> Person:
    record = bot.service.games[game]
    seat = awaiting(record)
    assert seat is not None
    user = record.seat(seat).user_id
    return t.alice if str(user) == t.alice.id else t.bruno


async def act_once(bot: GameBot, t: Table, game: int) -> int:
    """The person whose decision it is presses Act and the first button; the new version."""
    person = person_to_act(bot, t, game)
    before = bot.service.games[game].version
    message = await table(person, t.general)
    assert message is not None
    panel = await click_id(person, message, ":act")
    first = panel.buttons()[0]["custom_id"]
    result = await person.click(panel, custom_id=first)
    assert not result.failed and result.ack_type in (6, 7)
    await result.response()
    for _ in range(100):  # a deferred click is answered once the store lets go
        if bot.service.games[game].version > before:
            break
        await asyncio.sleep(0.05)
    return bot.service.games[game].version


async def test_a_gateway_drop_and_resume_mid_game(bot: GameBot, table: Table,
                                                  discord_api: Discord):
    game = (await two_person_game(bot, table)).id
    version = await act_once(bot, table, game)
    await discord_api.gateway_drop()
    await discord_api.wait_connected(10)
    assert await act_once(bot, table, game) == version + 1
    assert await discord_api.failed_interactions() == []


@pytest.mark.parametrize("status", [500, 502, 429])
async def test_table_edits_survive_5xx_and_429(bot: GameBot, table: Table,
                                               discord_api: Discord, status: int):
    game = (await two_person_game(bot, table)).id
    message = await table_message(table)
    await discord_api.inject_fault(status, method="PATCH", path=r"/channels/\d+/messages/\d+",
                                   count=2, retry_after=0.2)
    version = await act_once(bot, table, game)
    await bot.publisher.idle()
    shown = await table.alice.message(message.id)
    # The table caught up with the move despite the failed edits.
    record = bot.service.games[game]
    assert record.version == version
    assert shown.text != message.text
    assert await discord_api.failed_interactions() == []


async def table_message(t: Table):
    message = await table(t.alice, t.general)
    assert message is not None
    return message


async def test_a_locked_database_delays_but_never_fails_a_click(bot: GameBot, table: Table,
                                                               discord_api: Discord,
                                                               monkeypatch: pytest.MonkeyPatch):
    game = (await two_person_game(bot, table)).id
    version = bot.service.games[game].version
    locked, release = threading.Event(), threading.Event()

    def hold_lock() -> None:  # another process (a backup, a shell) writing for a moment
        db = sqlite3.connect(bot.settings.database_path, timeout=5)
        db.execute("BEGIN IMMEDIATE")
        locked.set()
        release.wait(5)
        db.rollback()
        db.close()

    edits_before = await discord_api.count_calls(
        "PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")
    # Let go once the bot deferred the click (2 s after it began on it, with no answer yet):
    # well within the store's ~2.8 s of retries, however busy the machine.
    defer = discord.InteractionResponse.defer

    async def deferred(response: discord.InteractionResponse, *args: Any, **kwargs: Any
                       ) -> Any:
        answer = await defer(response, *args, **kwargs)
        release.set()
        return answer

    monkeypatch.setattr(discord.InteractionResponse, "defer", deferred)
    holder = threading.Thread(target=hold_lock)
    holder.start()
    locked.wait(5)
    try:
        assert await act_once(bot, table, game) == version + 1
    finally:
        release.set()
        holder.join()
    assert await discord_api.failed_interactions() == []
    # The click was deferred, then its panel edited through the interaction's webhook.
    assert await discord_api.count_calls(
        "PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}") > edits_before
    stored = await bot.store.get(game)
    assert stored is not None and stored.version == version + 1


async def test_closed_dms_never_block_the_game(bot: GameBot, table: Table,
                                               discord_api: Discord):
    bot.settings.ping_after = 0  # mention (and DM) at every hand-over
    game = (await two_person_game(bot, table)).id
    for person in (table.alice, table.bruno):
        reply = await (await person.slash(table.general, "citadels dms", on=True)).response()
        assert reply.ephemeral
    await table.bruno.set_dms_open(False)
    for _ in range(4):
        await act_once(bot, table, game)
    await bot.publisher.idle()
    assert await table.bruno.dms() == []
    assert len(await table.bruno.notified()) >= 1  # the channel ping still went out
    assert await discord_api.failed_interactions() == []
    dms = await table.alice.dms()
    if person_to_act(bot, table, game) is table.alice or dms:
        assert all("https://discord.com/channels/" in m.content for m in dms)


async def ended_for(bot: GameBot, game: int) -> GameRecord:
    for _ in range(100):
        await bot.publisher.idle()
        stored = await bot.store.get(game)
        if stored is not None and not stored.active:
            return stored
        await asyncio.sleep(0.05)
    raise AssertionError("the game did not end")


async def test_a_deleted_channel_ends_the_game_and_the_host_hears_by_dm(
        bot: GameBot, table: Table, discord_api: Discord):
    game = (await two_person_game(bot, table)).id
    await act_once(bot, table, game)
    await discord_api.delete_channel(table.general)
    record = await ended_for(bot, game)
    assert (record.status, record.ended_reason) == ("cancelled", "channel_unavailable")
    assert game not in bot.service.games
    [dm] = await table.alice.dms()
    assert f"#{game}" in dm.content


async def test_losing_access_mid_game_ends_it_cleanly(bot: GameBot, table: Table,
                                                      discord_api: Discord):
    game = (await two_person_game(bot, table)).id
    await discord_api.set_bot_access(table.general, False)
    version = await act_once(bot, table, game)  # the click itself is still answered
    record = await ended_for(bot, game)
    assert (record.status, record.ended_reason) == ("cancelled", "channel_unavailable")
    assert record.version == version + 1
    assert len(await table.alice.dms()) == 1
    assert await discord_api.failed_interactions() == []
    # A click on the old panel now gets a clear answer, not a failure.
    await discord_api.set_bot_access(table.general, True)
    message = await table_message(table)
    result = await table.bruno.click(message, custom_id=f"cz:{game}:hand")
    reply = await result.response()
    assert reply.ephemeral and "terminado" in reply.content
