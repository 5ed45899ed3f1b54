"""Kill -9 one of two bot processes (one shard each, one PostgreSQL server) while people play in
servers of both shards: the other process's games go on meanwhile, the dead one's wait, and a
restarted process takes its shard over at once (its holder is known dead: no lease expiry to
wait for); both games go on (in the long run, `pytest -m long`, to their end); nothing
acknowledged is lost and nothing is applied twice."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from bot.storage import replay_state
from demo.kills import stop
from demo.people import open_game
from fakediscord import Config, Discord, Emulator
from tests.e2e.test_faults_kill import Clicks, acknowledged_but_missing, person_plays
from tests.fakediscord_fixtures import guilds_on_shards
from tests.fakediscord_processes import spawn
from tests.storage_helpers import all_ended, games_and_logs, stored_games

LEASE_SECONDS = "60"  # longer than the test: a takeover that waited for expiry would fail it


async def start(emulator: Emulator, url: str, shard: int) -> asyncio.subprocess.Process:
    return await spawn("-m", "fakediscord.bot_runner", "--url", emulator.url,
                       "--shards", str(shard), "--shard-count", "2",
                       DISCORD_TOKEN=Config.token, DATABASE_URL=url, LOG_LEVEL="ERROR",
                       COMPUTER_PAUSE="0.05", LEASE_SECONDS=LEASE_SECONDS)


async def versions(url: str) -> dict[int, tuple[int | None, int, str]]:
    """game id -> (its server, its version, its status), for every game."""
    return {g.id: (g.guild_id, g.version, g.status) for g in await stored_games(url)}


@pytest.mark.heavy
@pytest.mark.parametrize("to_the_end", [
    pytest.param(False, id="then-some-play"), pytest.param(True, id="then-to-the-end",
                                                           marks=pytest.mark.long)])
async def test_killing_one_process_stalls_only_its_shards_games(
        emulator: Emulator, discord_api: Discord, postgres_schemas: Callable[[], str],
        to_the_end: bool):
    url = postgres_schemas()
    await discord_api.configure(rate_limits=False)
    guilds = {s: found[0] for s, found in (await guilds_on_shards(discord_api)).items()}
    processes = {s: await start(emulator, url, s) for s in (0, 1)}
    rng, clicks, done = random.Random(7), Clicks(), asyncio.Event()
    people: list[asyncio.Task[None]] = []
    try:
        await discord_api.wait_for(
            lambda: _connected(discord_api, [[0, 2], [1, 2]]), 60, "both shards connected")
        for s, guild in guilds.items():
            channel = await discord_api.channel(guild, f"table-{s}")
            host = await discord_api.user(f"host{s}", guild=guild)
            guest = await discord_api.user(f"guest{s}", locale="es-ES", guild=guild)
            await open_game(discord_api, host, guest, channel)
            people += [asyncio.create_task(person_plays(p, channel, random.Random(rng.random()),
                                                        clicks, done)) for p in (host, guest)]
        await asyncio.sleep(2.0)

        processes[1].kill()
        await processes[1].wait()
        down = await versions(url)
        await asyncio.sleep(3.0)
        later = await versions(url)
        on = {s: [g for g, (guild, _, _) in down.items() if guild == int(guilds[s].id)]
              for s in (0, 1)}
        assert on[0] and on[1]
        assert all(later[g][1] > down[g][1] or later[g][2] == "finished" for g in on[0]), \
            "a game of the living process stalled"
        assert all(later[g] == down[g] for g in on[1]), "a game of the dead process moved"

        processes[1] = await start(emulator, url, 1)

        async def resumed() -> bool:
            now = await versions(url)
            return any(now[g][1] > later[g][1] for g in on[1])

        # Well inside the 60 s lease: the new process did not wait for it to expire.
        await discord_api.wait_for(resumed, 25, "shard 1's games to move again")
        if to_the_end:
            for _ in range(240):
                if await all_ended(url):
                    break
                await asyncio.sleep(0.5)
        else:  # both games move on a while: on each shard, a process drives them
            await asyncio.sleep(3.0)
            now = await versions(url)
            assert all(now[g][1] > later[g][1] + 5 for g in on[0] + on[1]), \
                "a game did not go on after the restart"
    finally:
        done.set()
        await asyncio.gather(*people, return_exceptions=True)
        for process in processes.values():
            await stop(process)

    games, logs = await games_and_logs(url)
    assert len(games) == 2
    assert all(r.status == "finished" for r in games) or not to_the_end, \
        "the games did not finish"
    for record in games:
        entries = logs[record.id]
        assert len({e.version for e in entries}) == len(entries), "an action applied twice"
        assert replay_state(record, entries) == record.state
    acked, lost = await acknowledged_but_missing(clicks, logs)
    assert lost == [] and acked > 20


async def _connected(discord_api: Discord, shards: list[list[int]]) -> bool:
    return (await discord_api.gateway())["shards"] == shards
