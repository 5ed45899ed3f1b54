"""`python -m bench.shard_faults`: three shard processes, one killed and all restarted in turn,
nothing lost. Long run only (a minute): the default suite has the two-process forms
(tests/e2e/test_shards.py, test_shards_kill.py)."""

from __future__ import annotations

import pytest

from bench.shard_faults import run


@pytest.mark.long
async def test_a_small_run_loses_nothing_and_every_shard_comes_back():
    lines = await run(games=6, servers=3, seconds=4.0, seed=2)
    text = "\n".join(lines)
    assert "shard 1 0/" in text  # the killed process's games stood still
    assert text.count("rolling restart, shard") == 3
    assert lines[-1] == ("acknowledged moves lost 0, versions written twice 0, "
                         "states unlike their log's replay 0")
