"""Sharded gateway connections as Discord has them: IDENTIFY with [shard_id, shard_count], each
server's events on the connection of shard `(guild_id >> 22) % shard_count`, and GET
/gateway/bot recommending a shard count."""

from __future__ import annotations

import discord
import pytest

from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import guilds_on_shards


class Quick(discord.AutoShardedClient):
    """An auto-sharded client without discord.py's 5 s pause between IDENTIFYs."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_each_shard_hears_only_its_servers(emulator: Emulator, discord_api: Discord):
    by_shard = await guilds_on_shards(discord_api)
    clients = [discord.Client(intents=discord.Intents(guilds=True), shard_id=i, shard_count=2,
                              guild_ready_timeout=0.05) for i in (0, 1)]
    async with run_client(clients[0], emulator), run_client(clients[1], emulator):
        for shard, client in enumerate(clients):
            assert {str(g.id) for g in client.guilds} == {g.id for g in by_shard[shard]}
            assert client.ws.shard_id == shard
        assert (await discord_api.gateway())["shards"] == [[0, 2], [1, 2]]

        # A channel created later reaches only the connection of its server's shard.
        later = {s: await discord_api.channel(by_shard[s][0], f"later-{s}") for s in (0, 1)}

        async def known() -> bool:
            return all(clients[s].get_channel(int(later[s].id)) is not None for s in (0, 1))

        await discord_api.wait_for(known, what="CHANNEL_CREATE on each shard")
        assert clients[0].get_channel(int(later[1].id)) is None
        assert clients[1].get_channel(int(later[0].id)) is None

        # So does a server created later (the bot joined it): GUILD_CREATE, its shard only.
        joined = await guilds_on_shards(discord_api, name="joined")

        async def cached() -> bool:
            return all(clients[s].get_guild(int(g.id)) is not None
                       for s in (0, 1) for g in joined[s])

        await discord_api.wait_for(cached, what="GUILD_CREATE on each shard")
        assert not any(clients[s].get_guild(int(g.id)) for s in (0, 1) for g in joined[1 - s])


async def test_an_auto_sharded_client_takes_the_recommended_count(
        emulator: Emulator, discord_api: Discord):
    by_shard = await guilds_on_shards(discord_api)
    await discord_api.configure(recommended_shards=2)
    client = Quick(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
    async with run_client(client, emulator):
        assert client.shard_count == 2
        assert sorted(client.shards) == [0, 1]
        assert (await discord_api.gateway())["shards"] == [[0, 2], [1, 2]]
        for shard, guilds in by_shard.items():
            assert all(client.get_guild(int(g.id)).shard_id == shard  # type: ignore[union-attr]
                       for g in guilds)


async def test_an_invalid_shard_is_refused(emulator: Emulator, discord_api: Discord):
    client = discord.Client(intents=discord.Intents(guilds=True), shard_id=2, shard_count=2)
    with pytest.raises(Exception) as refused:
        async with run_client(client, emulator, timeout=5.0):
            pass
    assert isinstance(refused.value, discord.ConnectionClosed) and refused.value.code == 4010
    assert (await discord_api.gateway())["connected"] == 0
