"""The emulator standalone (`python -m fakediscord`) and a bot in another process."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from fakediscord import Config, Discord, Emulator, run_client
from tests.fakediscord_fixtures import Table
from tests.fakediscord_probe import Probe
from tests.fakediscord_processes import finish, spawn


async def test_standalone_emulator_with_remote_test_api():
    process = await spawn("-m", "fakediscord", "--port", "0")
    try:
        line = await asyncio.wait_for(process.stdout.readline(), 20)
        url = line.decode().strip().rsplit(" ", 1)[-1]
        assert url.startswith("http://127.0.0.1:")
        async with Discord.remote(url) as discord_api:
            guild = await discord_api.guild("Remote")
            general = await discord_api.channel(guild)
            alice = await discord_api.user("alice", guild=guild)
            async with run_client(Probe(), url):
                reply = await (await alice.slash(general, "probe say", text="far")).response()
            assert reply.content == "far"
            assert await discord_api.count_calls("PUT", "/applications/{app_id}/commands") == 1
    finally:
        process.send_signal(signal.SIGTERM)
        code, _ = await finish(process)
    assert code == 0


async def bot_process(emulator: Emulator, database: Path):
    return await spawn(
        "-m", "fakediscord.bot_runner", "--url", emulator.url,
        DISCORD_TOKEN=Config.token, DATABASE_PATH=str(database), LOG_LEVEL="WARNING",
    )


async def test_bot_process_survives_a_kill_and_restart(
    emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path
):
    database = tmp_path / "bot.sqlite3"
    first = await bot_process(emulator, database)
    await discord_api.wait_connected(20)
    reply = await (await table.alice.slash(table.general, "citadels about")).response()
    assert reply.embeds[0]["title"] == "Citadels"

    first.kill()  # SIGKILL: no goodbye to the gateway
    await first.wait()
    second = await bot_process(emulator, database)

    async def reconnected() -> bool:
        state = await discord_api.gateway()
        return state["identify_count"] == 2 and state["connected"] == 1

    await discord_api.wait_for(reconnected, 20, "the restarted bot")
    reply = await (await table.bruno.slash(table.general, "ciudadelas ayuda")).response()
    assert reply.embeds[0]["title"] == "Cómo se juega"
    # The tree did not change, so the restart did not sync again.
    assert await discord_api.count_calls("PUT", "/applications/{app_id}/commands") == 1

    second.send_signal(signal.SIGTERM)
    code, stderr = await finish(second)
    assert code == 0, stderr
