"""Store speed: save latency and the start-up load of every active game.

    python -m bench.storage [--games N] [--saves N] [--dir PATH]

Fills a fresh SQLite file with N 5-player games a random number of moves in (with a
recent-events log, as the bot keeps), then prints the latency of a save with its action-log
entry (p50/p99, for synchronous=FULL, the default, and NORMAL) and the time to open the file
and load every active game, as a restarted bot does.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.records import ActionEntry, GameRecord, GameSettings, Seat
from bot.storage import SqliteStore, initial_state, open_store
from rules.citadels import ENGINE_VERSION, apply, random_action, to_act


def new_record(channel_id: int, seed: int, players: int = 5) -> GameRecord:
    seats = [Seat(pid=f"p{i}", name=f"player {i}", user_id=10_000 + i)
             for i in range(1, players + 1)]
    return GameRecord(guild_id=1, channel_id=channel_id, host_id=10_001, seed=seed,
                      seats=seats, settings=GameSettings())


def advance(record: GameRecord, rng: random.Random) -> ActionEntry | None:
    """One random move on `record`, version bumped; None once the game is over."""
    state = record.state
    if state is None or state.finished:
        return None
    pid = to_act(state)[0]
    action = random_action(state, pid, rng)
    assert action is not None
    record.state, events = apply(state, pid, action)
    record.version += 1
    record.log = (record.log + [e.visible_to(None) for e in events])[-20:]
    if record.state.finished:
        record.status = "finished"
    return ActionEntry(game_id=record.id, version=record.version, pid=pid, user_id=10_001,
                       by="player", engine_version=ENGINE_VERSION, action=action.model_dump(),
                       at=time.time())


async def start(store: SqliteStore, channel_id: int, rng: random.Random) -> GameRecord:
    record = await store.create(new_record(channel_id, rng.randrange(1 << 30)))
    record.status, record.state, record.version = "running", initial_state(record), 1
    await store.save(record, expected_version=0)
    return record


async def fill(path: Path, games: int, rng: random.Random) -> None:
    """`games` running games, each 10 to 80 moves in. The moves are played in memory and saved
    once per game, without an fsync per commit: the action log's size does not affect the load."""
    async with SqliteStore(path, synchronous="NORMAL") as store:
        for channel_id in range(1, games + 1):
            record = await start(store, channel_id, rng)
            version = record.version
            for _ in range(rng.randrange(10, 80)):
                if advance(record, rng) is None:
                    break
            record.version = version + 1
            await store.save(record, expected_version=version)


async def save_latencies(path: Path, saves: int, synchronous: str, rng: random.Random
                         ) -> list[float]:
    """Milliseconds per save (record + action-log entry), over fresh games as they end."""
    latencies: list[float] = []
    async with SqliteStore(path, synchronous=synchronous) as store:  # type: ignore[arg-type]
        channel_id = 1_000_000 if synchronous == "FULL" else 2_000_000
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


async def load_time(path: Path) -> tuple[float, float, float, int]:
    """Seconds to open the file, to load every active game (wall clock and this process's CPU,
    which a busy machine does not inflate), and how many games there were."""
    began = time.perf_counter()
    store = await open_store(path)
    opened, cpu = time.perf_counter(), time.process_time()
    try:
        games = await store.active_games()
    finally:
        loaded, cpu = time.perf_counter(), time.process_time() - cpu
        await store.close()
    return opened - began, loaded - opened, cpu, len(games)


def percentile(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1]


async def run(directory: Path, games: int, saves: int, seed: int) -> None:
    path = directory / "bench.sqlite3"
    rng = random.Random(seed)
    began = time.perf_counter()
    await fill(path, games, rng)
    print(f"filled {games} games in {time.perf_counter() - began:.1f} s "
          f"({path.stat().st_size / 1e6:.1f} MB)")
    for synchronous in ("FULL", "NORMAL"):
        ms = await save_latencies(path, saves, synchronous, rng)
        print(f"save, synchronous={synchronous:<6}  p50 {percentile(ms, 50):6.2f} ms   "
              f"p99 {percentile(ms, 99):6.2f} ms   ({len(ms)} saves)")
    for _ in range(3):
        open_s, load_s, cpu_s, count = await load_time(path)
        print(f"open {open_s * 1000:6.1f} ms   load {count} active games "
              f"{load_s * 1000:6.1f} ms, {cpu_s * 1000:.0f} ms CPU "
              f"({load_s / count * 1e6:.0f} us per game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="running games to load")
    parser.add_argument("--saves", type=int, default=500, help="saves timed per setting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to put the file (default: a temporary directory); "
                             "fsync cost depends on the disk")
    args = parser.parse_args()
    if args.dir is not None:
        args.dir.mkdir(parents=True, exist_ok=True)
        asyncio.run(run(args.dir, args.games, args.saves, args.seed))
        return
    with tempfile.TemporaryDirectory() as directory:
        asyncio.run(run(Path(directory), args.games, args.saves, args.seed))


if __name__ == "__main__":
    main()
