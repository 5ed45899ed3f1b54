"""Shards and their leases (bot/shards.py): which servers a process drives, how it waits for a
live holder, takes over a dead one at once, and stops when its hold is lost."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings
from bot.shards import Lease, Shards, gone, new_owner, shard_of
from tests.storage_helpers import opened


def test_a_server_belongs_to_the_shard_discord_sends_it_to():
    assert shard_of((1_000_003 << 22) | 12345, 4) == 1_000_003 % 4  # the id's time part
    assert shard_of(None, 4) == 0  # outside any server
    shards = Shards.of(4, [1, 2])
    owned = [g for g in range(40) if shards.owns(g << 22)]
    assert owned and all((g % 4) in (1, 2) for g in owned)
    assert Shards.of(None, None) == Shards(1, (0,)) and Shards.of(3, None).ids == (0, 1, 2)
    assert all(Shards.of(None, None).owns(g << 22) for g in range(10))


def test_shard_settings_are_checked():
    assert Settings(_env_file=None, shard_count=4, shard_ids=[0, 3]).shard_ids == [0, 3]
    for bad in ({"shard_ids": [0]}, {"shard_count": 2, "shard_ids": [2]},
                {"shard_count": 2, "shard_ids": []}, {"shard_count": 0}):
        with pytest.raises(ValueError):
            Settings(_env_file=None, **bad)


def test_a_holder_is_gone_only_when_known_dead():
    assert not gone(new_owner())  # this process
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        alive = f"{socket.gethostname()}/{child.pid}/x/y"
        assert not gone(alive)
    finally:
        child.kill()
        child.wait()
    assert gone(alive)
    assert gone(f"{socket.gethostname()}/{os.getpid()}/earlier-life/y")
    assert not gone(f"another-host/{child.pid}/x/y")
    assert not gone("nonsense")


async def test_a_lease_waits_for_a_live_holder_until_it_lets_go(store_location: Path | str):
    async with opened(store_location) as store:
        first = Lease(store, Shards.of(2, [1]), seconds=30, poll=0.02)
        await first.acquire()
        second = Lease(store, Shards.of(2, [0, 1]), seconds=30, poll=0.02)
        waiting = asyncio.create_task(second.acquire())
        await asyncio.sleep(0.2)
        assert not waiting.done(), "took a shard a live process holds"
        await first.release()
        await asyncio.wait_for(waiting, 5)
        held = await store.claim_shards("reader", 2, [], until=0, now=0)
        assert {h for h, _ in held.values()} == {second.owner}


async def test_a_dead_holders_lease_is_taken_at_once(store_location: Path | str):
    async with opened(store_location) as store:
        dead = f"{socket.gethostname()}/{os.getpid()}/earlier-life/0"
        await store.claim_shards(dead, 1, [0], until=1e12, now=0)
        lease = Lease(store, Shards(), seconds=30, poll=0.02)
        await asyncio.wait_for(lease.acquire(), 2)
        assert (await store.claim_shards("reader", 1, [], until=0, now=0))[0][0] == lease.owner


async def test_an_expired_lease_is_taken_over_and_its_old_holder_stops(
        store_location: Path | str):
    now = [1000.0]
    async with opened(store_location) as store:
        old = Lease(store, Shards(), seconds=3, poll=0.01, clock=lambda: now[0],
                    owner="elsewhere/1/a/b")
        await old.acquire()
        now[0] += 10  # the old holder froze past its lease
        new = Lease(store, Shards(), seconds=3, poll=0.01, clock=lambda: now[0])
        await new.acquire()
        stopped = asyncio.Event()

        async def lost() -> None:
            stopped.set()

        await asyncio.wait_for(old.keep(lost), 5)  # its next renewal finds the lease taken
        assert stopped.is_set()


async def test_a_lease_that_cannot_be_renewed_in_time_stops_its_holder(
        store_location: Path | str):
    now = [1000.0]
    async with opened(store_location) as store:
        lease = Lease(store, Shards(), seconds=3, poll=0.01, clock=lambda: now[0])
        await lease.acquire()

    stopped = asyncio.Event()

    async def lost() -> None:
        stopped.set()

    keeping = asyncio.create_task(lease.keep(lost))  # the store is closed: renewals fail
    await asyncio.sleep(1.2)
    assert not stopped.is_set(), "stopped while the lease still held"
    now[0] += 3
    await asyncio.wait_for(keeping, 5)
    assert stopped.is_set()


async def test_each_process_paces_its_messages_to_its_share_of_the_global_limit():
    """Discord's 50 calls/s is the whole bot's: three processes each pacing as if alone met
    429s in bench.bot_load; each takes its shards' share."""
    from bot.client import GameBot, ShardedGameBot
    from bot.publisher import PUBLIC_RATE, START_RATE

    alone = GameBot(Settings(_env_file=None))
    one_of_three = ShardedGameBot(Settings(_env_file=None, shard_count=3, shard_ids=[1]))
    two_of_four = ShardedGameBot(Settings(_env_file=None, shard_count=4, shard_ids=[0, 2]))
    assert alone.publisher._pace.interval == pytest.approx(1 / PUBLIC_RATE)
    assert one_of_three.publisher._pace.interval == pytest.approx(3 / PUBLIC_RATE)
    assert one_of_three.publisher._starts.interval == pytest.approx(3 / START_RATE)
    assert two_of_four.publisher._pace.interval == pytest.approx(2 / PUBLIC_RATE)
