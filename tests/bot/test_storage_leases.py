"""Shard leases in the store, on both backends: a lease is taken where free, renewed by its
holder, refused to others until it expires or its holder is known dead, and released."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.storage import Store
from tests.storage_helpers import opened


async def test_a_free_shard_is_taken_and_a_held_one_refused(store_location: Path | str):
    async with opened(store_location) as store:
        held = await store.claim_shards("a", 4, [0, 1], until=130.0, now=100.0)
        assert held == {0: ("a", 130.0), 1: ("a", 130.0)}
        held = await store.claim_shards("b", 4, [1, 2], until=131.0, now=101.0)
        assert held == {0: ("a", 130.0), 1: ("a", 130.0), 2: ("b", 131.0)}
        # Leases of another shard count are other rows.
        assert await store.claim_shards("b", 2, [1], until=131.0, now=101.0) == {1: ("b", 131.0)}


async def test_the_holder_renews_and_others_wait_for_the_expiry(store_location: Path | str):
    async with opened(store_location) as store:
        await store.claim_shards("a", 2, [0], until=130.0, now=100.0)
        assert (await store.claim_shards("a", 2, [0], until=150.0, now=120.0))[0] == ("a", 150.0)
        assert (await store.claim_shards("b", 2, [0], until=170.0, now=140.0))[0] == ("a", 150.0)
        assert (await store.claim_shards("b", 2, [0], until=181.0, now=151.0))[0] == ("b", 181.0)


async def test_a_dead_holder_is_replaced_at_once(store_location: Path | str):
    async with opened(store_location) as store:
        await store.claim_shards("a", 2, [0, 1], until=130.0, now=100.0)
        await store.claim_shards("c", 2, [], until=130.0, now=100.0)
        held = await store.claim_shards("b", 2, [0, 1], until=131.0, now=101.0,
                                        replacing=["a", "z"])
        assert held == {0: ("b", 131.0), 1: ("b", 131.0)}


async def test_release_frees_only_the_owners_leases(store_location: Path | str):
    async with opened(store_location) as store:
        await store.claim_shards("a", 3, [0, 1], until=130.0, now=100.0)
        await store.claim_shards("b", 3, [2], until=130.0, now=100.0)
        await store.release_shards("a")
        assert await store.claim_shards("c", 3, [0], until=140.0, now=110.0) == {
            0: ("c", 140.0), 2: ("b", 130.0)}


async def test_two_processes_racing_for_a_shard_never_both_win(store_location: Path | str):
    """Two connections (as two processes would have) claim the same free shards at once."""
    async with opened(store_location) as one, opened(store_location) as two:
        async def claim(store: Store, owner: str) -> set[int]:
            held = await store.claim_shards(owner, 8, list(range(8)), until=200.0, now=100.0)
            return {shard for shard, (holder, _) in held.items() if holder == owner}

        mine, theirs = await asyncio.gather(claim(one, "a"), claim(two, "b"))
        assert mine | theirs == set(range(8)) and not mine & theirs
