"""Restart time: how long the bot takes to resume every stored running game.

    python -m bench.resume [--games 1000]

Fills a SQLite file with running games (mid-game states, half with a computer to move), then
starts the real bot on the emulator and prints the time from start to every game resumed: loaded,
its buttons answering (components are registered before the games load), computer turns and
timers rescheduled. The "game resumed" notices then go out at Discord's rate limits; the time
until the last one is posted is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from bot.client import GameBot
from bot.records import GameRecord, GameSettings, Seat
from bot.settings import Settings
from bot.storage import open_store
from fakediscord import Config, Discord, run_client
from rules import citadels


async def fill(database: Path, channels: list[int], guild: int, seed: int) -> None:
    """One running game per channel, a few random moves in, saved as the service would."""
    rng = random.Random(seed)
    store = await open_store(database)
    try:
        for i, channel in enumerate(channels):
            seats = [Seat(id=f"p{k}", name=f"player {k}", user_id=10_000 + 10 * i + k)
                     for k in range(1, 4)]
            if i % 2:
                seats[-1] = Seat(id="p3", name="basic", ai="basic")
            record = await store.create(GameRecord(
                game="citadels", guild_id=guild, channel_id=channel, host_id=seats[0].user_id or 0,
                seats=seats, settings=GameSettings(), seed=i))
            state = citadels.new_game([s.id for s in seats], seed=i)
            for _ in range(rng.randrange(5, 40)):
                seat = citadels.to_act(state)[0]
                action = citadels.random_action(state, seat, rng)
                assert action is not None
                state, _ = citadels.apply(state, seat, action)
            running = record.model_copy(update={"status": "running", "state": state,
                                                "version": record.version + 1})
            await store.save(running, expected_version=record.version)
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def emulator_process() -> AsyncIterator[str]:
    """The emulator in its own process, so its work does not count as the bot's."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fakediscord", "--port", "0", stdout=asyncio.subprocess.PIPE)
    try:
        assert process.stdout is not None
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        yield line.decode().strip().rsplit(" ", 1)[-1]
    finally:
        process.terminate()
        await process.wait()


async def measure(games: int, seed: int) -> dict[str, float]:
    async with emulator_process() as url, Discord.remote(url) as api:
        guild = await api.guild("Resume")
        channels = [int((await api.channel(guild, f"t{i}")).id) for i in range(games)]
        with tempfile.TemporaryDirectory() as folder:
            database = Path(folder) / "bot.sqlite3"
            await fill(database, channels, int(guild.id), seed)
            settings = Settings(_env_file=None, discord_token=Config.token,
                                database_path=database, computer_pause=5.0)
            bot = GameBot(settings, guild_ready_timeout=0.05)
            start = time.perf_counter()
            async with run_client(bot, url, timeout=300):
                assert bot.resumed_at is not None
                resumed = bot.resumed_at - start
                loaded = len(bot.service.games)
                await bot.publisher.idle()
                notified = time.perf_counter() - start
    return {"games": loaded, "resumed_s": resumed, "notices_posted_s": notified}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    figures = asyncio.run(measure(args.games, args.seed))
    print(f"stored running games resumed: {figures['games']:.0f}")
    print(f"start to all games resumed:   {figures['resumed_s']:.2f} s (target < 5 s)")
    print(f"start to all notices posted:  {figures['notices_posted_s']:.2f} s")


if __name__ == "__main__":
    main()
