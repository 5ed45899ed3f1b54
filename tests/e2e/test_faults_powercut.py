"""Power cuts: the bot's database files go back to what their last fsync wrote (tests/powercut)
while people play. Every move a person was shown applied must still be in the log afterwards,
and the database must be whole: that is what `synchronous=FULL` buys (with OFF, or NORMAL in WAL
mode, the commits since the last sync are gone and this test fails)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from demo.kills import Seat, pause, plays, shown_but_lost, stop
from demo.people import open_game
from fakediscord import Config, Discord, Emulator
from tests import powercut
from tests.fakediscord_processes import spawn
from tests.storage_helpers import games_and_logs

CUTS = 2  # in the default run; the long run makes twice as many


async def start_bot(emulator: Emulator, database: Path, *, cut: bool
                    ) -> asyncio.subprocess.Process:
    extra = powercut.environment(database.parent) if cut else {}
    return await spawn("-m", "fakediscord.bot_runner", "--url", emulator.url,
                       DISCORD_TOKEN=Config.token, DATABASE_PATH=str(database),
                       LOG_LEVEL="ERROR", COMPUTER_PAUSE="0.05", **extra)


@pytest.mark.heavy
@pytest.mark.parametrize("cuts", [CUTS, pytest.param(2 * CUTS, marks=pytest.mark.long)])
async def test_moves_shown_applied_survive_power_cuts(emulator: Emulator, discord_api: Discord,
                                                      tmp_path: Path, cuts: int):
    folder = tmp_path / "disk"
    folder.mkdir()
    database = folder / "bot.sqlite3"
    rng = random.Random(11)
    guild = await discord_api.guild("Power")
    go, done = asyncio.Event(), asyncio.Event()
    seats: list[Seat] = []
    bot = await start_bot(emulator, database, cut=True)
    players: list[asyncio.Task[None]] = []
    try:
        await discord_api.wait_connected(30)
        for i in range(2):
            channel = await discord_api.channel(guild, f"table-{i}")
            host = await discord_api.user(f"host{i}", guild=guild)
            guest = await discord_api.user(f"guest{i}", guild=guild)
            await open_game(discord_api, host, guest, channel)
            seats += [Seat(p, channel, random.Random(rng.random())) for p in (host, guest)]
        players = [asyncio.create_task(plays(s, go, done)) for s in seats]
        for _ in range(cuts):
            go.set()
            await asyncio.sleep(rng.uniform(2.0, 3.0))
            await stop(bot)  # the power goes...
            await pause(go, seats)
            powercut.revert(folder)  # ...and what was not on the disk is gone
            bot = await start_bot(emulator, database, cut=True)
            await discord_api.wait_connected(30)
    finally:
        done.set()
        go.set()
        await asyncio.gather(*players, return_exceptions=True)
        await stop(bot)

    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    _, logs = await games_and_logs(database)
    shown, lost = await shown_but_lost(seats, logs)
    assert lost == [], f"moves shown applied, gone after a power cut: {lost}"
    assert shown > 20, "too few moves shown applied to mean anything"
