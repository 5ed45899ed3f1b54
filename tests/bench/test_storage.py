"""bench.storage measures both backends with the same figures (tiny sizes here)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bench import storage as bench


async def test_the_bench_prints_saves_and_loads_for_both_backends(
        tmp_path: Path, postgres_schemas: Callable[[], str], capsys: pytest.CaptureFixture[str]):
    await bench.measure(bench.sqlite(tmp_path), games=6, saves=40, seed=1)
    await bench.measure(bench.postgres(postgres_schemas()), games=6, saves=40, seed=1)
    out = capsys.readouterr().out
    for setting in ("synchronous=FULL", "synchronous=NORMAL", "synchronous_commit=on",
                    "synchronous_commit=off"):
        lines = [line for line in out.splitlines() if setting in line]
        assert [int(line.split("at once")[0].split()[-1]) for line in lines] == [1, bench.WRITERS]
        assert all(float(re.search(r"p99 +([\d.]+) ms", line)[1]) > 0 for line in lines)
    # Every started game is still running and loads: the 6 filled and those the saves left.
    loads = re.findall(r"load (\d+) active games", out)
    assert len(loads) == 6 and len(set(loads)) == 1 and int(loads[0]) > 6
