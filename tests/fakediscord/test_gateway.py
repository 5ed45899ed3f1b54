"""Gateway sessions: identify, heartbeats, resume after drops and reconnect requests."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator

import discord
import pytest

from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import Table
from tests.fakediscord_probe import Probe


@pytest.fixture
async def probe(emulator: Emulator, table: Table) -> AsyncIterator[Probe]:
    client = Probe()
    async with run_client(client, emulator):
        yield client


async def gateway_settles(discord_api: Discord, **expected: int) -> dict[str, int]:
    async def settled() -> dict[str, int] | None:
        state = await discord_api.gateway()
        return state if all(state[k] == v for k, v in expected.items()) else None

    return await discord_api.wait_for(settled, 5.0, f"gateway state {expected}")


async def answered(table: Table) -> str:
    result = await table.alice.slash(table.general, "probe say", text="still here")
    return (await result.response()).content


async def test_ready_carries_guilds_channels_and_permissions(probe: Probe, table: Table):
    guild = probe.get_guild(int(table.guild.id))
    assert guild is not None and guild.name == "Test Server"
    channel = guild.get_channel(int(table.general.id))
    assert channel.name == "general"
    assert channel.permissions_for(guild.me).send_messages
    assert guild.member_count == 4  # the bot, the owner, alice and bruno
    assert math.isfinite(probe.latency)  # the heartbeat was acknowledged


async def test_channel_created_later_reaches_the_bot(
    probe: Probe, table: Table, discord_api: Discord
):
    created = await discord_api.channel(table.guild, "later", bot_can_send=False)

    async def known() -> bool:
        return probe.get_channel(int(created.id)) is not None

    await discord_api.wait_for(known, what="CHANNEL_CREATE")
    channel = probe.get_channel(int(created.id))
    assert not channel.permissions_for(channel.guild.me).send_messages


async def test_reconnect_request_resumes_the_session(
    probe: Probe, table: Table, discord_api: Discord
):
    await discord_api.gateway_reconnect()
    await gateway_settles(discord_api, resume_count=1, connected=1, identify_count=1)
    assert await answered(table) == "still here"


async def test_events_missed_during_a_drop_are_replayed(
    probe: Probe, table: Table, discord_api: Discord
):
    await discord_api.gateway_drop()
    result = await table.alice.slash(table.general, "probe say", text="missed", wait=False)
    await result.acknowledged()
    assert result.ack_type == 4
    state = await gateway_settles(discord_api, resume_count=1, connected=1)
    assert state["identify_count"] == 1


async def test_invalid_session_forces_a_new_identify(
    probe: Probe, table: Table, discord_api: Discord
):
    await discord_api.gateway_invalidate(resumable=False)
    await gateway_settles(discord_api, identify_count=2, connected=1, sessions=1)
    assert await answered(table) == "still here"


async def test_resumable_invalid_session_resumes(
    probe: Probe, table: Table, discord_api: Discord
):
    await discord_api.gateway_invalidate(resumable=True)
    await gateway_settles(discord_api, identify_count=1, resume_count=1, connected=1)
    assert await answered(table) == "still here"


async def test_rejected_token_is_a_login_failure(emulator: Emulator):
    client = discord.Client(intents=discord.Intents.none())
    with pytest.raises(discord.LoginFailure):
        async with run_client(client, emulator, token="not-the-token"):
            pass
