"""Kills aimed at the moments that can cost an action, and the people's clicks that a crash
invites, judged by what each person was shown.

The bot runs as its own process with a failpoint (bot/failpoints.py) that SIGKILLs it the n-th
time it reaches one of: a save written but not committed (`in_commit`), a save committed but
nobody told (`after_commit`), a person just shown their move applied (`after_answer`); then a
burst of clicks with a kill right behind it. After every restart, before play resumes, each
person retries their last click that got no answer, presses a panel of theirs that a later
move made old, and sends their last applied click again (as a client that repeats a request
would).

Judged at the end, from the answers people saw and the log the store kept:
- every click whose answer showed the move applied is in the log, by that person, at the
  version after the one the click was built on (an answer given before the commit fails this);
- an old panel's press and a repeated click never apply anything (a bot without its version
  check fails this);
- play goes on after the last restart (in the long run, `pytest -m long`, every game to its
  end), no version is written twice, and each state is the replay of its log.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.storage import replay_state
from demo.kills import (
    ACTION_ID,
    Click,
    Seat,
    answer,
    pause,
    plays,
    shown_but_lost,
    shows_applied,
    stop,
)
from demo.people import open_game, table
from demo.processes import spawn
from demo.stores import all_ended, games_and_logs
from fakediscord import Config, Discord, Emulator
from fakediscord.testing import SeenMessage

ROUNDS = [("in_commit", 4), ("after_commit", 6), ("after_answer", 3), ("after_answer", 6)]
# After the last restart the default run plays on for this many more actions, and until this
# many old panels' buttons were pressed (or the games end); the long run plays the games to
# their end (other tests finish games after a restart: test_shards, test_second_game).
MORE_ACTIONS = 40
STALE_PRESSES = 5
# After the last restart, play counts as stopped once no action is logged for this long. The
# wait is not a fixed time: a loaded machine only slows play (the long run's games end in 20 s
# alone, but not within 60 s beside the rest of `-m long`). It never outlasts GIVE_UP_AFTER.
STALLED_AFTER = 30.0
GIVE_UP_AFTER = 600.0


async def start_bot(emulator: Emulator, database: Path, crash: str = ""
                    ) -> asyncio.subprocess.Process:
    return await spawn("-m", "fakediscord.bot_runner", "--url", emulator.url,
                       DISCORD_TOKEN=Config.token, DATABASE_PATH=str(database),
                       LOG_LEVEL="ERROR", COMPUTER_PAUSE="0.05", BOT_CRASH_AT=crash)


async def probes(seats: list[Seat], emulator: Emulator, database: Path,
                 tally: Counter[str]) -> list[str]:
    """After a restart: retry the last unanswered click; then press an old panel and repeat the
    last applied click, neither of which may apply anything. Returns what went wrong."""
    wrong: list[str] = []
    for seat in seats:
        last = seat.clicks[-1] if seat.clicks else None
        if last is not None and await answer(last, 0.2) is None:
            message = await seat.person.message(last.message_id)
            component = next((c for c in message.buttons() + message.selects()
                              if c["custom_id"] == last.custom_id), None)
            if component is not None:
                retried = await seat.click(message, component)
                if retried is not None:
                    await answer(retried)
        # What the person may do now, from a fresh panel (opening one changes nothing).
        message = await table(seat.person, seat.channel)
        act = next((b for b in message.buttons() if b["custom_id"].endswith(":act")),
                   None) if message else None
        opened = await seat.click(message, act) if message and act else None
        now = await answer(opened) if opened else None
        legal = {m[3]: int(m[2]) for c in (now.buttons() if now else [])
                 if (m := ACTION_ID.fullmatch(str(c["custom_id"])))}
        since = time.time()
        tries: list[Click] = []
        # An old panel's button for a move that is legal now: only the version tells it is old.
        for panel in reversed(seat.panels):
            fresh = await seat.person.message(panel.id)
            old = [c for c in fresh.buttons() if (m := ACTION_ID.fullmatch(str(c["custom_id"])))
                   and m[3] in legal and int(m[2]) < legal[m[3]]]
            if old and (pressed := await seat.click(fresh, seat.rng.choice(old))):
                tries.append(pressed)
                tally["looks_valid"] += 1
                break
        applied = [c for c in seat.clicks if c.game_and_version
                   and shows_applied(c, await answer(c, 0.2))]
        if applied:
            again = applied[-1]
            repeated = await seat.click(
                await seat.person.message(again.message_id),
                {"custom_id": again.custom_id, "values": again.values}, forged=True,
                emulator=emulator)
            if repeated is not None:
                tries.append(repeated)
        for tried in tries:
            await answer(tried)
        entries = [e for log in (await games_and_logs(database))[1].values() for e in log
                   if e.user_id == int(seat.person.id) and e.at >= since]
        if entries:
            shown = [(t.custom_id, t.values, (await answer(t, 0.2) or SeenMessage({})).content)
                     for t in tries]
            wrong.append(f"{seat.person.name}: an old or repeated click applied {entries}"
                         f" (pressed {shown})")
    return wrong


async def play_with_kills(emulator: Emulator, discord_api: Discord, database: Path,
                          rounds: list[tuple[str, int]], tally: Counter[str], *,
                          to_the_end: bool = True) -> tuple[list[Seat], int, list[str], bool]:
    """Play two games through the rounds of kills, then on to their end (or, without
    `to_the_end`, until MORE_ACTIONS more actions and STALE_PRESSES old panels' presses); the
    people, the kills, what the probes found wrong, and whether play went on that far."""
    rng = random.Random(5)
    guild = await discord_api.guild("Aimed")
    seats: list[Seat] = []
    bot = await start_bot(emulator, database)
    go, done = asyncio.Event(), asyncio.Event()
    players: list[asyncio.Task[None]] = []
    kills, wrong, finished = 0, [], False
    try:
        await discord_api.wait_connected(30)
        for i in range(2):
            channel = await discord_api.channel(guild, f"table-{i}")
            host = await discord_api.user(f"host{i}", guild=guild)
            guest = await discord_api.user(f"guest{i}", locale="es-ES", guild=guild)
            await open_game(discord_api, host, guest, channel)
            seats += [Seat(p, channel, random.Random(rng.random())) for p in (host, guest)]
        players = [asyncio.create_task(plays(s, go, done)) for s in seats]
        for point, n in [*rounds, ("burst", 0)]:
            await stop(bot)
            bot = await start_bot(emulator, database, "" if point == "burst" else f"{point}:{n}")
            await discord_api.wait_connected(30)
            wrong += await probes(seats, emulator, database, tally)
            go.set()
            if point == "burst":  # many clicks at once, the kill right behind them
                await asyncio.sleep(0.5)
                await pause(go, seats)
                await burst(seats)
            else:
                try:
                    await asyncio.wait_for(bot.wait(), 20)  # the failpoint kills it
                except TimeoutError:
                    raise AssertionError(f"{point}:{n} was never reached") from None
                await pause(go, seats)
            kills += 1
        await stop(bot)
        bot = await start_bot(emulator, database)
        await discord_api.wait_connected(30)
        wrong += await probes(seats, emulator, database, tally)
        go.set()
        played = logged = await actions_logged(database)
        moved = start = time.monotonic()
        while (now := time.monotonic()) - moved < STALLED_AFTER and now - start < GIVE_UP_AFTER:
            if finished := await all_ended(database) or not to_the_end and (
                    sum(c.stale for s in seats for c in s.clicks) >= STALE_PRESSES
                    and logged >= played + MORE_ACTIONS):
                break
            await asyncio.sleep(0.2)
            if (count := await actions_logged(database)) > logged:
                logged, moved = count, time.monotonic()
    finally:
        done.set()
        go.set()
        await asyncio.gather(*players, return_exceptions=True)
        await stop(bot)
    return seats, kills, wrong, finished


async def actions_logged(database: Path) -> int:
    return sum(len(log) for log in (await games_and_logs(database))[1].values())


async def burst(seats: list[Seat]) -> None:
    """Everyone presses Act and one thing on their panel at once."""
    async def one(seat: Seat) -> None:
        message = await table(seat.person, seat.channel)
        if message is None:
            return
        act = next((b for b in message.buttons() if b["custom_id"].endswith(":act")), None)
        opened = await seat.click(message, act) if act else None
        panel = await answer(opened) if opened else None
        live = [c for c in panel.buttons() + panel.selects()
                if ACTION_ID.fullmatch(str(c["custom_id"]))] if panel else []
        if panel is not None and live:
            seat.panels.append(panel)
            await seat.click(panel, seat.rng.choice(live))

    await asyncio.gather(*(one(s) for s in seats))


@pytest.mark.heavy
@pytest.mark.parametrize("to_the_end", [
    pytest.param(False, id="then-some-play"), pytest.param(True, id="then-to-the-end",
                                                           marks=pytest.mark.long)])
async def test_aimed_kills_lose_nothing_shown_and_apply_nothing_twice(
        emulator: Emulator, discord_api: Discord, tmp_path: Path, to_the_end: bool):
    database = tmp_path / "bot.sqlite3"
    tally: Counter[str] = Counter()
    seats, kills, wrong, finished = await play_with_kills(
        emulator, discord_api, database, ROUNDS, tally, to_the_end=to_the_end)
    games, logs = await games_and_logs(database)
    shown, lost = await shown_but_lost(seats, logs)
    assert lost == [], f"moves people were shown applied are not in the log: {lost}"
    stale = [c for seat in seats for c in seat.clicks if c.stale]
    applied_stale = [c.custom_id for c in stale if shows_applied(c, await answer(c, 0.5))]
    assert applied_stale == [], f"old panels' buttons applied: {applied_stale}"
    assert len(stale) >= STALE_PRESSES, "too few old panels' buttons pressed to mean anything"
    assert wrong == []
    assert shown > 30, "too few moves shown applied to mean anything"
    assert kills == len(ROUNDS) + 1
    assert finished and len(games) == 2, \
        f"play did not go on after the last restart (no action logged for " \
        f"{STALLED_AFTER:.0f} s, or no end within {GIVE_UP_AFTER:.0f} s)"
    assert all(g.status == "finished" for g in games) or not to_the_end, \
        "the games did not finish"
    for game in games:
        versions = [e.version for e in logs[game.id]]
        assert len(versions) == len(set(versions)), "a version written twice"
        assert replay_state(game, logs[game.id]) == game.state
