"""Store speed: save latency and the start-up load of every active game, per backend.

    python -m bench.storage [--store sqlite|postgres] [--url URL] [--games N] [--saves N]
                            [--dir PATH]

Fills a fresh store with N 5-player games a random number of moves in (with a recent-events
log, as the bot keeps), then prints the latency of a save with its action-log entry (p50/p99)
for the durable setting (the default) and the faster one, the same saves from 20 games at once
(what a busy bot sends), and the time to open the store and load every active game, as a
restarted bot does.

`--store sqlite` (the default) measures the SQLite file. `--store postgres` measures SQLite
and PostgreSQL side by side: the server at `--url`, or else a temporary one started from this
machine's PostgreSQL binaries (fsync on, reached over its Unix socket).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.records import ActionEntry, GameRecord, GameSettings, Seat
from bot.storage import Store, initial_state, open_store
from rules.citadels import ENGINE_VERSION, apply, random_action, to_act

WRITERS = 20  # games saving at once in the concurrent figure


@dataclass(frozen=True)
class Backend:
    """A store to measure, and its two settings: durable (the default) and the faster one."""

    name: str
    location: Path | str
    durable: tuple[str, dict[str, Any]]
    fast: tuple[str, dict[str, Any]]


def sqlite(directory: Path) -> Backend:
    return Backend("sqlite", directory / "bench.sqlite3",
                   ("synchronous=FULL", {"synchronous": "FULL"}),
                   ("synchronous=NORMAL", {"synchronous": "NORMAL"}))


def postgres(url: str) -> Backend:
    return Backend("postgres", url,
                   ("synchronous_commit=on", {"synchronous_commit": "on"}),
                   ("synchronous_commit=off", {"synchronous_commit": "off"}))


def new_record(channel_id: int, seed: int, players: int = 5) -> GameRecord:
    seats = [Seat(id=f"p{i}", name=f"player {i}", user_id=10_000 + i)
             for i in range(1, players + 1)]
    return GameRecord(game="citadels", guild_id=1, channel_id=channel_id, host_id=10_001,
                      seed=seed, seats=seats, settings=GameSettings())


def advance(record: GameRecord, rng: random.Random) -> ActionEntry | None:
    """One random move on `record`, version bumped; None once the game is over."""
    state = record.state
    if state is None or state.finished:
        return None
    seat = to_act(state)[0]
    action = random_action(state, seat, rng)
    assert action is not None
    record.state, events = apply(state, seat, action)
    record.version += 1
    record.log = (record.log + [e.visible_to(None) for e in events])[-20:]
    if record.state.finished:
        record.status = "finished"
    return ActionEntry(game_id=record.id, version=record.version, seat=seat, user_id=10_001,
                       by="player", engine_version=ENGINE_VERSION, action=action.model_dump(),
                       at=time.time())


async def start(store: Store, channel_id: int, rng: random.Random) -> GameRecord:
    record = await store.create(new_record(channel_id, rng.randrange(1 << 30)))
    record.status, record.state, record.version = "running", initial_state(record), 1
    await store.save(record, expected_version=0)
    return record


async def fill(backend: Backend, games: int, rng: random.Random) -> None:
    """`games` running games, each 10 to 80 moves in. The moves are played in memory and saved
    once per game, with the fast setting: the action log's size does not affect the load."""
    store = await open_store(backend.location, **backend.fast[1])
    try:
        for channel_id in range(1, games + 1):
            record = await start(store, channel_id, rng)
            version = record.version
            for _ in range(rng.randrange(10, 80)):
                if advance(record, rng) is None:
                    break
            record.version = version + 1
            await store.save(record, expected_version=version)
    finally:
        await store.close()


async def play_saves(store: Store, saves: int, channel_id: int, rng: random.Random
                     ) -> list[float]:
    """Milliseconds per save (record + action-log entry) of one game after another, each
    started in the next channel once the previous one ends."""
    latencies: list[float] = []
    record = await start(store, channel_id, rng)
    while len(latencies) < saves:
        entry = advance(record, rng)
        if entry is None:  # finished: it was saved as the last move; start another
            channel_id += 1
            record = await start(store, channel_id, rng)
            continue
        began = time.perf_counter()
        await store.save(record, expected_version=record.version - 1, action=entry)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


async def save_latencies(backend: Backend, options: dict[str, Any], saves: int, writers: int,
                         channel_id: int, rng: random.Random) -> tuple[list[float], float]:
    """Every save's milliseconds, `writers` games saving at once, and saves per second."""
    store = await open_store(backend.location, **options)
    try:
        each = max(1, saves // writers)
        began = time.perf_counter()
        runs = await asyncio.gather(*(
            play_saves(store, each, channel_id + n * 10_000, random.Random(rng.random()))
            for n in range(writers)))
        elapsed = time.perf_counter() - began
    finally:
        await store.close()
    latencies = [ms for run in runs for ms in run]
    return latencies, len(latencies) / elapsed


async def load_time(location: Path | str) -> tuple[float, float, float, int]:
    """Seconds to open the store, to load every active game (wall clock and this process's
    CPU, which a busy machine does not inflate), and how many games there were."""
    began = time.perf_counter()
    store = await open_store(location)
    opened, cpu = time.perf_counter(), time.process_time()
    try:
        games = await store.active_games()
    finally:
        loaded, cpu = time.perf_counter(), time.process_time() - cpu
        await store.close()
    return opened - began, loaded - opened, cpu, len(games)


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]


async def measure(backend: Backend, games: int, saves: int, seed: int) -> None:
    rng = random.Random(seed)
    began = time.perf_counter()
    await fill(backend, games, rng)
    print(f"{backend.name}: filled {games} games in {time.perf_counter() - began:.1f} s")
    channel_id = 1_000_000
    for label, options in (backend.durable, backend.fast):
        for writers in (1, WRITERS):
            channel_id += 1_000_000
            ms, rate = await save_latencies(backend, options, saves, writers, channel_id, rng)
            print(f"  save, {label:<22} {writers:>2} at once   p50 {percentile(ms, 50):6.2f} ms"
                  f"   p99 {percentile(ms, 99):6.2f} ms   {rate:6.0f} saves/s ({len(ms)})")
    for _ in range(3):
        open_s, load_s, cpu_s, count = await load_time(backend.location)
        print(f"  open {open_s * 1000:6.1f} ms   load {count} active games "
              f"{load_s * 1000:6.1f} ms, {cpu_s * 1000:.0f} ms CPU "
              f"({load_s / count * 1e6:.0f} us per game)")


@contextmanager
def postgres_location(url: str | None) -> Iterator[str]:
    """`url`, or a temporary server's database made from the machine's binaries."""
    if url is not None:
        yield url
        return
    from demo.postgres_server import PostgresServer  # made from the machine's binaries

    with PostgresServer(fsync=True) as server:
        yield server.url()


async def run(directory: Path, store: str, url: str | None, games: int, saves: int,
              seed: int) -> None:
    await measure(sqlite(directory), games, saves, seed)
    if store == "postgres":
        with postgres_location(url) as location:
            await measure(postgres(location), games, saves, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite",
                        help="postgres: measure PostgreSQL beside SQLite")
    parser.add_argument("--url", default=None,
                        help="PostgreSQL database to fill (default: a temporary server); "
                             "use an empty one")
    parser.add_argument("--games", type=int, default=1000, help="running games to load")
    parser.add_argument("--saves", type=int, default=500, help="saves timed per setting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to put the SQLite file (default: a temporary directory); "
                             "fsync cost depends on the disk")
    args = parser.parse_args()
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(run(args.dir, args.store, args.url, args.games, args.saves, args.seed))
        return
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(run(Path(directory), args.store, args.url, args.games, args.saves,
                        args.seed))


if __name__ == "__main__":
    main()
