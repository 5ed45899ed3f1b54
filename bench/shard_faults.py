"""Faults across shard processes at scale: kill -9 one of three, then a rolling restart of all.

    python -m bench.shard_faults [--games 100] [--servers 30] [--seconds 20] [--think 1]

Three bot processes (`python -m bot --shards i --shard-count 3` against the emulator, which runs
in this process) share a temporary PostgreSQL server made from the machine's binaries. `--games`
games (two people and a computer each) are spread over `--servers` servers, which are spread
over the shards; the people (demo.kills, as in tests/e2e/test_faults_aimed.py: they also press
old panels' buttons) wait about `--think` seconds before each click. After `--seconds` of play,
process 1 is killed (SIGKILL) and restarted; then each process in turn is replaced the way a
rolling restart does (the new one started first, the old one stopped with SIGTERM). Printed:
how many games moved while a process was down (by whether theirs was), how long each shard took
to move again, and at the end the moves people were shown applied that the log lacks, versions
written twice and states that are not the replay of their log (all three must be 0).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bench.bot_load import servers_on_shards
from bench.storage import postgres_location
from bot.shards import shard_of
from bot.storage import replay_state
from demo.kills import Seat, pause, plays, shown_but_lost, stop
from demo.people import open_game
from demo.processes import spawn
from demo.stores import games_and_logs, stored_games
from fakediscord import Config, Discord, Emulator, Ref

SHARDS = 3


@dataclass
class Run:
    url: str
    emulator: Emulator
    api: Discord
    processes: dict[int, asyncio.subprocess.Process] = field(default_factory=dict)
    shard_of_game: dict[int, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    async def start(self, shard: int) -> asyncio.subprocess.Process:
        return await spawn("-m", "fakediscord.bot_runner", "--url", self.emulator.url,
                           "--shards", str(shard), "--shard-count", str(SHARDS),
                           DISCORD_TOKEN=Config.token, DATABASE_URL=self.url, LOG_LEVEL="ERROR",
                           COMPUTER_PAUSE="0.05", LEASE_SECONDS="30")

    async def versions(self) -> dict[int, tuple[int, str]]:
        return {g.id: (g.version, g.status) for g in await stored_games(self.url)}

    async def moved_since(self, before: dict[int, tuple[int, str]], shard: int) -> int:
        now = await self.versions()
        return sum(1 for g, s in self.shard_of_game.items()
                   if s == shard and now[g][0] > before[g][0])

    async def until_moving(self, shard: int, since: float) -> float:
        """Seconds from `since` until a game of `shard` moves again."""
        before = await self.versions()
        while not await self.moved_since(before, shard):
            await asyncio.sleep(0.2)
            if time.monotonic() - since > 120:
                raise RuntimeError(f"shard {shard}'s games did not move again in 120 s")
        return time.monotonic() - since


async def run(games: int, servers: int, seconds: float, seed: int, think: float = 1.0
              ) -> list[str]:
    rng = random.Random(seed)
    with postgres_location(None) as url:
        async with Emulator(Config(rate_limits=False)) as emulator:
            api = Discord.local(emulator)
            bench = Run(url, emulator, api)
            for shard in range(SHARDS):
                bench.processes[shard] = await bench.start(shard)
            go, done = asyncio.Event(), asyncio.Event()
            seats: list[Seat] = []
            people: list[asyncio.Task[None]] = []
            try:
                await api.wait_for(_all_connected(api), 120, "three shards connected")
                guilds = await servers_on_shards(api, servers, SHARDS, "server")
                for start in range(0, games, 10):
                    await asyncio.gather(*(_one_game(api, guilds, g, seats, rng)
                                           for g in range(start, min(games, start + 10))))
                bench.shard_of_game = {g.id: shard_of(g.guild_id, SHARDS)
                                       for g in await stored_games(url)}
                people = [asyncio.create_task(plays(s, go, done, think)) for s in seats]
                go.set()
                await asyncio.sleep(seconds)
                await kill_one(bench)
                await asyncio.sleep(seconds / 2)
                await rolling_restart(bench)
                await asyncio.sleep(seconds / 2)
                await pause(go, seats)
            finally:
                done.set()
                go.set()
                await asyncio.gather(*people, return_exceptions=True)
                for process in bench.processes.values():
                    await stop(process)
            bench.lines += await judge(url, seats)
            return bench.lines


async def _one_game(api: Discord, guilds: Sequence[Ref], g: int, seats: list[Seat],
                    rng: random.Random) -> None:
    guild = guilds[g % len(guilds)]
    channel = await api.channel(guild, f"table-{g}")
    host = await api.user(f"host{g}", guild=guild)
    guest = await api.user(f"guest{g}", guild=guild)
    await open_game(api, host, guest, channel)
    seats += [Seat(p, channel, random.Random(rng.random())) for p in (host, guest)]


def _all_connected(api: Discord) -> Callable[[], Awaitable[bool]]:
    async def connected() -> bool:
        return len((await api.gateway())["shards"]) == SHARDS
    return connected


async def kill_one(bench: Run) -> None:
    """SIGKILL shard 1's process; 5 s later count which games moved; restart it."""
    await stop(bench.processes[1])
    down = await bench.versions()
    await asyncio.sleep(5)
    later = await bench.versions()
    moved = {s: 0 for s in range(SHARDS)}
    total = {s: 0 for s in range(SHARDS)}
    for game, shard in bench.shard_of_game.items():
        total[shard] += down[game][1] != "finished"
        moved[shard] += later[game][0] > down[game][0]
    bench.lines.append(
        "kill -9 of shard 1's process, 5 s down: games that moved meanwhile "
        + ", ".join(f"shard {s} {moved[s]}/{total[s]}" for s in range(SHARDS)))
    since = time.monotonic()
    bench.processes[1] = await bench.start(1)
    took = await bench.until_moving(1, since)
    bench.lines.append(f"  restarted: its games move again after {took:.1f} s (the dead "
                       "holder's lease is taken over at once)")


async def rolling_restart(bench: Run) -> None:
    """Each process replaced in turn: the new one first (it waits for the lease), then SIGTERM."""
    for shard in range(SHARDS):
        new = await bench.start(shard)
        await asyncio.sleep(2)
        old = bench.processes[shard]
        since = time.monotonic()
        old.terminate()
        await old.wait()
        bench.processes[shard] = new
        took = await bench.until_moving(shard, since)
        bench.lines.append(f"rolling restart, shard {shard}: its games move again {took:.1f} s "
                           "after the old process was told to stop")


async def judge(url: str, seats: list[Seat]) -> list[str]:
    games, logs = await games_and_logs(url)
    twice = sum(len(log) - len({e.version for e in log}) for log in logs.values())
    wrong = sum(1 for g in games if replay_state(g, logs[g.id]) != g.state)
    shown, lost = await shown_but_lost(seats, logs)
    actions = sum(len(log) for log in logs.values())
    finished = sum(g.status == "finished" for g in games)
    return [f"games {len(games)} ({finished} finished), actions logged {actions}, "
            f"moves people were shown applied {shown}",
            f"acknowledged moves lost {len(lost)}, versions written twice {twice}, "
            f"states unlike their log's replay {wrong}"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.shard_faults",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--servers", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a person waits before each click")
    args = parser.parse_args(argv)
    lines = asyncio.run(run(args.games, args.servers, args.seconds, args.seed, args.think))
    print("\n".join(lines))
    return 0 if lines and " lost 0, versions written twice 0, states unlike their log's replay 0" \
        in lines[-1] else 1


if __name__ == "__main__":
    sys.exit(main())
