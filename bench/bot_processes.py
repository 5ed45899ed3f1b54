"""The bot as several processes for `bench.bot_load --processes N`: one shard each, one store.

Each is `python -m bench.bot_processes URL DATABASE SHARD COUNT PAUSE`: a `ShardedGameBot`
running shard SHARD of COUNT against the emulator at URL, storing in DATABASE (a SQLite file
all share, or a PostgreSQL URL). Once ready it prints `bot ready <user id>`; then, every
PING_POLL seconds, its feed line (bench.bot_load.feed_line: its own games only); when its
stdin says `stop` it prints `bot result <json>` (its event-loop lag and table lags) and exits.
The parent merges the feeds into the one the people read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import ShardedGameBot
from bot.settings import Settings
from fakediscord import Config, run_client

REPO = Path(__file__).resolve().parents[1]
READY, RESULT, STOP = "bot ready ", "bot result ", "stop"


def settings(database: str, shard: int, count: int) -> Settings:
    where: dict[str, Any] = ({"database_url": database} if database.startswith("postgres")
                             else {"database_path": Path(database)})
    return Settings(_env_file=None, discord_token=Config.token, log_level="WARNING",
                    shard_count=count, shard_ids=[shard], **where)


async def serve(url: str, database: str, shard: int, count: int, pause: float) -> None:
    from bench.bot_load import PING_POLL, LoopLag, feed_line

    loop = asyncio.get_running_loop()
    stdin = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    bot = ShardedGameBot(settings(database, shard, count), computer_pause=pause,
                         guild_ready_timeout=0.05)
    lag = LoopLag()
    async with run_client(bot, url, timeout=120):
        assert bot.user is not None
        print(READY + str(bot.user.id), flush=True)
        lagging = asyncio.create_task(lag.run())
        stop = asyncio.create_task(stdin.readline())
        while not stop.done():
            sys.stdout.buffer.write(feed_line(bot))
            sys.stdout.flush()
            await asyncio.wait({stop}, timeout=PING_POLL)
        lagging.cancel()
        await bot.publisher.idle()
        print(RESULT + json.dumps({"lags": lag.samples,
                                   "table_lags": list(bot.publisher.table_lags),
                                   "next_lags": list(bot.publisher.next_lags),
                                   "start_waits": list(bot.publisher.start_waits)}),
              flush=True)


@dataclass
class BotProcess:
    """One bot process as the parent sees it: its feed so far and, at the end, its result."""

    process: asyncio.subprocess.Process
    user_id: int = 0
    games: dict[str, Any] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)  # every game its feed ever listed
    result: dict[str, Any] = field(default_factory=dict)

    async def ready(self) -> None:
        assert self.process.stdout is not None
        line = (await asyncio.wait_for(self.process.stdout.readline(), 180)).decode()
        if not line.startswith(READY):
            raise RuntimeError(f"a bot process did not start: {line!r}")
        self.user_id = int(line[len(READY):])

    async def read(self) -> None:
        """Its feed lines until its result."""
        assert self.process.stdout is not None
        while line := (await self.process.stdout.readline()).decode():
            if line.startswith(RESULT):
                self.result = json.loads(line[len(RESULT):])
                return
            self.games = json.loads(line)
            self.seen.update(self.games)

    async def stop(self) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(ConnectionError):
            self.process.stdin.write(f"{STOP}\n".encode())
            await self.process.stdin.drain()


def merged_feed(bots: list[BotProcess]) -> bytes:
    games: dict[str, Any] = {}
    for bot in bots:
        games.update(bot.games)
    return (json.dumps(games, separators=(",", ":")) + "\n").encode()


@contextlib.asynccontextmanager
async def bot_processes(url: str, database: str, count: int, pause: float,
                        public: str = "tokens") -> AsyncIterator[list[BotProcess]]:
    """`count` bot processes, shard i in the i-th, all ready; killed at the end if still up;
    `public`: how their public messages travel (PUBLIC_MESSAGES, read from the environment)."""
    environment = {**os.environ, "PUBLIC_MESSAGES": public}
    bots = [BotProcess(await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.bot_processes", url, database, str(shard), str(count),
        repr(pause), cwd=REPO, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        env=environment))
        for shard in range(count)]
    try:
        await asyncio.gather(*(b.ready() for b in bots))
        yield bots
    finally:
        for bot in bots:
            if bot.process.returncode is None:
                bot.process.kill()
                await bot.process.wait()


def main(argv: list[str]) -> int:
    url, database, shard, count, pause = argv
    asyncio.run(serve(url, database, int(shard), int(count), float(pause)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
