"""Interaction callbacks, rate limits and injected errors at the HTTP level and via discord.py."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import discord
import pytest

from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import BotRest, Table

COMMANDS = [{"name": "probe", "description": "p", "options": [
    {"type": 1, "name": "say", "description": "s"}]}]


async def pending_interaction(
    bot_rest: BotRest, emulator: Emulator, table: Table
) -> tuple[str, str]:
    """An interaction no bot is connected to answer; returns (callback path, its token)."""
    status, _ = await bot_rest.request("PUT", f"/applications/{emulator.world.application_id}"
                                   "/commands", COMMANDS)
    assert status == 200
    result = await table.alice.slash(table.general, "probe say", wait=False)
    token = emulator.interactions.by_id[int(result.id)].token
    return f"/interactions/{result.id}/{token}/callback?with_response=1", token


async def test_second_acknowledgement_is_40060(bot_rest: BotRest, emulator: Emulator, table: Table):
    path, _ = await pending_interaction(bot_rest, emulator, table)
    status, body = await bot_rest.request("POST", path, {"type": 4, "data": {"content": "one"}})
    assert status == 200
    assert body["resource"]["message"]["content"] == "one"
    assert body["interaction"]["response_message_id"] == body["resource"]["message"]["id"]
    status, body = await bot_rest.request("POST", path, {"type": 4, "data": {"content": "two"}})
    assert (status, body["code"]) == (400, 40060)
    assert [m.content for m in await table.alice.sees(table.general)] == ["one"]


async def test_invalid_response_does_not_acknowledge(
    bot_rest: BotRest, emulator: Emulator, table: Table
):
    path, _ = await pending_interaction(bot_rest, emulator, table)
    status, body = await bot_rest.request("POST", path, {"type": 7, "data": {"content": "x"}})
    assert (status, body["code"]) == (400, 50035)  # nothing to update on a slash command
    too_long = {"type": 4, "data": {"content": "x" * 2001}}
    status, body = await bot_rest.request("POST", path, too_long)
    assert (status, body["code"]) == (400, 50035)
    status, _ = await bot_rest.request("POST", path, {"type": 4, "data": {"content": "ok"}})
    assert status == 200


async def test_followup_before_acknowledgement_is_refused(
    bot_rest: BotRest, emulator: Emulator, table: Table
):
    _, token = await pending_interaction(bot_rest, emulator, table)
    status, body = await bot_rest.request(
        "POST", f"/webhooks/{emulator.world.application_id}/{token}?wait=true", {"content": "x"}
    )
    assert (status, body["code"]) == (404, 10015)


async def test_channel_bucket_answers_429_with_retry_after(
    bot_rest: BotRest, table: Table, discord_api: Discord
):
    await discord_api.configure(channel_message_rate=[2, 30.0])
    path = f"/channels/{table.general.id}/messages"
    _, headers, _ = await bot_rest.raw("POST", path, {"content": "1"})
    assert headers["X-RateLimit-Limit"] == "2" and headers["X-RateLimit-Remaining"] == "1"
    assert (await bot_rest.send(table.general.id, {"content": "2"}))[0] == 200
    status, headers, body = await bot_rest.raw("POST", path, {"content": "3"})
    assert status == 429
    assert headers["Via"] and float(headers["Retry-After"]) > 0
    assert headers["X-RateLimit-Scope"] == "user"
    assert body["global"] is False and 0 < body["retry_after"] <= 30
    assert len(await table.alice.sees(table.general)) == 2


async def test_global_limit_spares_interaction_callbacks(
    bot_rest: BotRest, emulator: Emulator, table: Table, discord_api: Discord
):
    path, _ = await pending_interaction(bot_rest, emulator, table)
    await discord_api.configure(global_rate=[2, 30.0])
    for _ in range(2):
        assert (await bot_rest.request("GET", "/users/@me"))[0] == 200
    status, body = await bot_rest.request("GET", "/users/@me")
    assert status == 429 and body["global"] is True
    status, _ = await bot_rest.request("POST", path, {"type": 4, "data": {"content": "still"}})
    assert status == 200


@pytest.fixture
async def client(emulator: Emulator, table: Table) -> AsyncIterator[discord.Client]:
    bot = discord.Client(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
    async with run_client(bot, emulator):
        yield bot


async def test_discord_py_waits_out_the_channel_bucket(
    client: discord.Client, table: Table, discord_api: Discord
):
    await discord_api.configure(channel_message_rate=[2, 0.4])
    channel = client.get_channel(int(table.general.id))
    started = time.monotonic()
    for i in range(5):
        await channel.send(str(i))
    assert time.monotonic() - started >= 0.75  # three windows for five messages
    assert [m.content for m in await table.alice.sees(table.general)] == list("01234")


async def test_discord_py_retries_an_injected_429(
    client: discord.Client, table: Table, discord_api: Discord
):
    await discord_api.inject_fault(429, method="POST", path="/messages$", retry_after=0.05)
    await client.get_channel(int(table.general.id)).send("after the 429")
    statuses = [c["status"] for c in await discord_api.calls() if c["method"] == "POST"]
    assert statuses == [429, 200]


async def test_discord_py_retries_an_injected_500(
    client: discord.Client, table: Table, discord_api: Discord
):
    await discord_api.inject_fault(500, method="POST", path="/messages$")
    await client.get_channel(int(table.general.id)).send("after the 500")
    statuses = [c["status"] for c in await discord_api.calls() if c["method"] == "POST"]
    assert statuses == [500, 200]


async def test_injected_503_reaches_the_bot(
    client: discord.Client, table: Table, discord_api: Discord
):
    await discord_api.inject_fault(503, method="POST", path="/messages$")
    with pytest.raises(discord.DiscordServerError):
        await client.get_channel(int(table.general.id)).send("lost")
    await client.get_channel(int(table.general.id)).send("next one works")
    assert [m.content for m in await table.alice.sees(table.general)] == ["next one works"]


async def test_cleared_faults_no_longer_fire(
    client: discord.Client, table: Table, discord_api: Discord
):
    await discord_api.inject_fault(503, path="/messages$", count=5)
    await discord_api.clear_faults()
    await client.get_channel(int(table.general.id)).send("fine")
    assert [c["status"] for c in await discord_api.calls() if c["method"] == "POST"] == [200]
