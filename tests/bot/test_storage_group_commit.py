"""Saves that arrive together (SQLite: one group commit; PostgreSQL: one statement each on the
pool's connections) each keep their own version check, and are answered only once committed."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.storage import StaleVersion, replay_state
from tests.storage_helpers import lobby, opened, start, step


async def test_concurrent_saves_commit_together_and_a_stale_one_alone_fails(
        store_location: Path | str):
    async with opened(store_location) as store:
        records = []
        for channel in range(20):
            record = await store.create(lobby(channel_id=100 + channel))
            start(record)
            await store.save(record, expected_version=record.version - 1)
            records.append(record)
        rng = random.Random(5)
        for _ in range(5):  # five rounds of twenty games saving at once
            entries = [step(r, rng) for r in records]
            stale = records[3].model_copy(deep=True)
            stale_entry = entries[3].model_copy()
            saves = [store.save(r, expected_version=r.version - 1, action=e)
                     for r, e in zip(records, entries, strict=True)]
            # The same game saved twice on the version it read: one of the two must be refused
            # (which one is the database's call: PostgreSQL runs them on two connections).
            saves.append(store.save(stale, expected_version=stale.version - 1,
                                    action=stale_entry))
            results = await asyncio.gather(*saves, return_exceptions=True)
            assert results[:3] + results[4:20] == [None] * 19
            twice = [results[3], results[20]]
            assert twice.count(None) == 1 and any(isinstance(r, StaleVersion) for r in twice)
        for record in records:
            stored = await store.get(record.id)
            assert stored is not None and stored.version == record.version
            entries = await store.actions(record.id)
            assert [e.version for e in entries] == list(range(2, record.version + 1))
            assert replay_state(stored, entries) == stored.state


async def test_a_save_waits_for_the_batch_it_joined(store_location: Path | str):
    async with opened(store_location) as store:
        record = await store.create(lobby())
        start(record)
        task = asyncio.create_task(store.save(record, expected_version=record.version - 1))
        await asyncio.sleep(0)
        assert not task.done()  # answered only once committed
        await task
        assert (await store.get(record.id)).version == record.version  # type: ignore[union-attr]
        with pytest.raises(StaleVersion):
            await store.save(record, expected_version=record.version - 1)
