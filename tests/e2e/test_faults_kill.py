"""Kill the bot process (SIGKILL) at random moments during whole games, restart it, finish them.

The emulator runs in this process and outlives every bot; scripted people keep clicking through
the restarts. At the end: every game finished, every action the bot acknowledged is in the log
(none lost), no version appears twice (none applied twice), and each final state equals the
replay of its log. Long runs only (`pytest -m long`): 8 kills over 2 games, and 3 games with
`KILLS` kills (environment `CITADELS_KILLS`, default 50). The default run's faults are aimed at
the moments that matter instead (test_faults_aimed.py, test_faults_powercut.py).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.records import GameRecord
from bot.storage import open_store, replay_state
from demo.people import open_game, table
from demo.processes import spawn
from fakediscord import Config, Discord, Emulator, Person, Ref
from fakediscord.testing import InteractionResult

KILLS = int(os.environ.get("CITADELS_KILLS", "50"))
GAMES = 3
ACTION_ID = re.compile(r"cz:(\d+):(\d+):(?!s\.)(.+)")


@dataclass
class Clicks:
    """Every action click the people made, to check against the log at the end."""

    sent: list[tuple[str, str, InteractionResult]] = field(default_factory=list)


async def start_bot(emulator: Emulator, database: Path) -> asyncio.subprocess.Process:
    return await spawn("-m", "fakediscord.bot_runner", "--url", emulator.url,
                       DISCORD_TOKEN=Config.token, DATABASE_PATH=str(database),
                       LOG_LEVEL="ERROR", COMPUTER_PAUSE="0.05")


async def person_plays(person: Person, channel: Ref, rng: random.Random, clicks: Clicks,
                       done: asyncio.Event) -> None:
    """Press Act, click something the panel offers; shrug off a dead bot and try again."""
    while not done.is_set():
        message = await table(person, channel)
        act = next((b["custom_id"] for b in message.buttons()
                    if b["custom_id"].endswith(":act")), None) if message else None
        if act is None:
            await asyncio.sleep(0.1)
            continue
        opened = await person.click(message, custom_id=act, wait=False)  # type: ignore[arg-type]
        try:
            await opened.acknowledged(timeout=1.0)
            panel = await opened.response(timeout=1.0)
        except AssertionError:
            continue  # the bot is down: try again
        components = [c for c in panel.buttons() + panel.selects()
                      if ACTION_ID.fullmatch(str(c["custom_id"])) or ":s." in c["custom_id"]]
        if not components:
            await asyncio.sleep(0.05)
            continue
        component = rng.choice(components)
        if "options" in component:
            values = [rng.choice(component["options"])["value"]]
            result = await person.choose(panel, values, custom_id=component["custom_id"],
                                         wait=False)
        else:
            result = await person.click(panel, custom_id=component["custom_id"], wait=False)
        clicks.sent.append((person.id, component["custom_id"], result))
        await asyncio.sleep(rng.uniform(0.0, 0.05))


async def games_over(database: Path) -> list[GameRecord] | None:
    store = await open_store(database)
    try:
        if await store.active_games():
            return None
        games = [await store.get(game_id) for game_id in range(1, 100)]
        return [g for g in games if g is not None and g.status == "finished"]
    finally:
        await store.close()


@pytest.mark.long
async def test_games_survive_repeated_kills(emulator: Emulator, discord_api: Discord,
                                            tmp_path: Path):
    # The default run's faults are aimed (test_faults_aimed.py); random kills are the long run.
    await survive_kills(discord_api, emulator, tmp_path, wanted=8, games=2)


@pytest.mark.long
async def test_games_survive_many_kills(emulator: Emulator, discord_api: Discord,
                                        tmp_path: Path):
    await survive_kills(discord_api, emulator, tmp_path, wanted=KILLS, games=GAMES)


async def survive_kills(discord_api: Discord, emulator: Emulator, tmp_path: Path, *,
                        wanted: int, games: int) -> None:
    database = tmp_path / "bot.sqlite3"
    rng = random.Random(2024)
    guild = await discord_api.guild("Kills")
    seats: list[tuple[Ref, Person, Person]] = []
    for i in range(games):
        channel = await discord_api.channel(guild, f"table-{i}")
        host = await discord_api.user(f"host{i}", guild=guild)
        guest = await discord_api.user(f"guest{i}", locale="es-ES", guild=guild)
        seats.append((channel, host, guest))

    bot = await start_bot(emulator, database)
    await discord_api.wait_connected(30)
    for channel, host, guest in seats:
        await open_game(discord_api, host, guest, channel)

    clicks, done = Clicks(), asyncio.Event()
    people = [asyncio.create_task(person_plays(p, c, random.Random(rng.random()), clicks, done))
              for c, host, guest in seats for p in (host, guest)]
    kills = 0
    try:
        while kills < wanted:
            await asyncio.sleep(rng.uniform(0.2, 1.2))
            if await games_over(database) is not None:
                break
            bot.kill()
            await bot.wait()
            kills += 1
            bot = await start_bot(emulator, database)
        for _ in range(600):
            if (finished := await games_over(database)) is not None:
                break
            await asyncio.sleep(0.5)
        else:
            raise AssertionError("games did not finish after the kills")
    finally:
        done.set()
        await asyncio.gather(*people, return_exceptions=True)
        bot.kill()
        await bot.wait()

    assert kills >= min(wanted, 10), "the games ended before enough kills"
    assert len(finished) == games and all(r.status == "finished" for r in finished)
    store = await open_store(database)
    try:
        logs = {r.id: await store.actions(r.id) for r in finished}
    finally:
        await store.close()
    for record in finished:
        entries = logs[record.id]
        versions = [e.version for e in entries]
        assert len(versions) == len(set(versions)), "an action applied twice"
        assert replay_state(record, entries) == record.state
    acked, lost = await acknowledged_but_missing(clicks, logs)
    assert lost == [], f"acknowledged actions missing from the log: {lost[:5]}"
    assert acked > 50, "too few acknowledged actions to mean anything"
    print(f"kills survived: {kills}, acknowledged actions: {acked}, lost: 0")


async def acknowledged_but_missing(clicks: Clicks, logs: dict) -> tuple[int, list[str]]:
    """Clicks the bot answered with a panel (not a refusal) that the log does not hold."""
    by_version = {(g, e.version): e for g, entries in logs.items() for e in entries}
    missing, acked = [], 0
    for user_id, custom_id, result in clicks.sent:
        await result.refresh()
        if result.ack_type is None:
            continue  # never acknowledged: the bot died first, nothing was promised
        reply = await result.response()
        if reply.content:
            continue  # a refusal (stale, not your turn...): nothing was promised either
        game, version = (int(x) for x in custom_id.split(":")[1:3])
        acked += 1
        entry = by_version.get((game, version + 1))
        if entry is None or entry.user_id != int(user_id):
            missing.append(custom_id)
    return acked, missing
