"""The bot under load: many concurrent games of scripted people at human speed.

    python -m bench.bot_load --games N [--players P] [--humans H] [--think SECONDS]
                             [--seconds T] [--computer-pause S] [--seed S] [--servers K]
                             [--processes N] [--store sqlite|postgres] [--game catan]
                             [--flood CLICKS_PER_SECOND] [--painter process|thread]

Three processes: the Discord emulator (`python -m fakediscord --port 0`), the real bot
(`GameBot`) in this one, pointed at it, and the scripted people (this module again, with the
hidden `--people-of URL` role), so the people's CPU and event-loop time do not count against the
bot. Each game has its own channel; its human seats are scripted people using the emulator's
remote test API as a user would: the host opens the lobby
with `/citadels new`, the others press Join, the host adds the computer seats through the lobby's
select and presses Start; then each person waits for the ping that mentions them, presses its
"Act" button and clicks through their private panel, thinking `--think` seconds (uniform between
half and one and a half times it) before every click.

Printed: acknowledgement time (interaction created -> the bot's callback, on the emulator's
clock) p50/p90/p99/max, REST calls per human action (all the bot's REST calls, callbacks
included, over the human interactions) and by route, 429s, failed interactions, games finished,
wall time, the bot process's event-loop lag, the CPU of each process and the bot's CPU per
human action, between two machine checks (bench.engine: this machine changes speed by itself).
The bot draws its pictures in its painter process (bot/painter.py), whose CPU is printed apart
and beside the bot's; `--painter thread` draws them in the bot's process, as PAINTER=thread.
Run it alone: a CPU-bound process started from another terminal (another session) takes a whole
core whatever its `nice`, since the kernel shares the CPU between sessions first
(/proc/sys/kernel/sched_autogroup_enabled); `echo 19 > /proc/PID/autogroup` lowers that session.
With `--seconds T` the people stop after T seconds and the figures cover that window; otherwise
the games are played to the end.

The table lag is printed twice: from any change to the edit that shows it, and from a
change that handed the decision to other seats to the edit that shows whom the game waits for
(what the next seat looks at).

With one bot process, its metrics endpoint (bot/metrics.py) is on: scraped halfway through
the window (games running, /health) and at the end (interactions, globally-limited calls,
table edits and their mean lag), as Prometheus would.

With `--flood R` one member (the host of the first game) also presses buttons R times a
second for the whole window: the "My hand" and "Act" buttons of their table (valid), custom_ids no
component of the bot has or of another game (forged, as a modified client may send), and the
buttons of panels they opened earlier (old). Printed: their clicks by kind, how many went
unanswered, their ack p99, and the other people's acks apart (the figures above leave the
flood out), with whatever the flooder's clicks changed in games that are not theirs.

With `--processes N` the bot is N processes (bench/bot_processes.py), one shard of N each,
sharing one store: the SQLite file, or with `--store postgres` a temporary PostgreSQL server
made from the machine's binaries; the games are spread over `--servers` servers (default 30
then, 1 otherwise) and so over the shards, and the CPU of each bot process is printed.

The people's process reads a small feed from this one on its stdin (every game's awaited user
and table message, what the people cannot see from Discord: whether it is their turn without a
ping, whether the game is over) and prints its tallies as JSON on its stdout at the end. With one
bot process, the CPU that feed takes in the bot's process (about 0.1 ms per action at 200 games)
is measured and left out of the bot's CPU; with `--processes N` it is not (each bot process
reports its games to this one).

`python -m bench.dpy_floor` answers the same clicks with discord.py alone: the floor under the
bot's CPU per human action.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import discord
from prometheus_client.parser import text_string_to_metric_families

from bench.bot_processes import BotProcess, bot_processes, merged_feed
from bench.engine import machine_check_ms
from bench.storage import postgres_location
from bot.client import GameBot
from bot.records import GameRecord
from bot.service import awaiting
from bot.settings import Settings
from bot.shards import shard_of
from bot.storage import open_store
from fakediscord import Config, Discord, Person, Ref, run_client
from fakediscord.collector import freeze_after_full_passes
from fakediscord.testing import FakeDiscordError, InteractionResult, SeenMessage

REPO = Path(__file__).resolve().parents[1]
BUTTON = 2
DEFERRED_UPDATE = 6  # the callback type of a click answered later by editing its message
SETTLE_DELAYS = (0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5)
DEFERRED_PATIENCE = 30.0  # seconds a person watches a deferred click's "working" state
PING_POLL = 0.25      # seconds between polls of who was mentioned
MISSED_PING = 1.0     # seconds a person watching the table takes to see it is their turn
WARM_UP = 20.0        # seconds of opening lobbies left out of the steady-state ack figures
GLOBAL_WINDOW = 10.0  # seconds over which the busiest stretch of globally-limited calls is told
READY, GO, RESULT = "people ready", "go", "people result "  # the people's process protocol
SETUP_TIMEOUT = 600.0  # seconds the people's process may take to create channels and users


@dataclass
class Options:
    games: int = 2
    players: int = 4
    humans: int | None = None  # default: every seat
    think: float = 2.0
    seconds: float | None = None
    computer_pause: float = 1.5
    seed: int = 1
    timeout: float = 3600.0  # a whole run's limit without --seconds
    servers: int = 1
    processes: int = 1
    store: str = "sqlite"
    pictures: bool = True  # the table's and the result's pictures
    painter: str = "process"  # where the bot draws them (its PAINTER)
    game: str = "citadels"  # the game played at every table (its `/<game> new` opens them)
    flood: float = 0.0  # clicks per second of one member pressing buttons (0: nobody does)
    public: str = "tokens"  # how the bot's public messages travel (PUBLIC_MESSAGES)

    @property
    def people(self) -> int:
        return self.players if self.humans is None else self.humans

    def argv(self) -> list[str]:
        """These options on the command line (for the people's process)."""
        out = ["--games", str(self.games), "--players", str(self.players), "--think",
               repr(self.think), "--computer-pause", repr(self.computer_pause), "--seed",
               str(self.seed), "--timeout", repr(self.timeout), "--servers", str(self.servers),
               "--processes", str(self.processes), "--game", self.game]
        if self.humans is not None:
            out += ["--humans", str(self.humans)]
        if self.seconds is not None:
            out += ["--seconds", repr(self.seconds)]
        if self.flood:
            out += ["--flood", repr(self.flood)]
        return out


@dataclass
class Tally:
    """What the scripted people counted themselves."""

    clicks: int = 0
    stale: int = 0          # clicks the emulator refused: the message changed meanwhile
    missed_pings: int = 0   # turns found on the table (no ping came within MISSED_PING seconds)
    unanswered: int = 0     # interactions without a usable answer


# -- the other processes ---------------------------------------------------------------------


def cpu_seconds(pid: int | None = None) -> float:
    """CPU time (user + system) of this process, or of process `pid` (Linux /proc)."""
    if pid is None:
        return time.process_time()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu(pid: int) -> float:
    """CPU time of process `pid`'s children (a bot process's painter, which its painter
    thread starts: each thread's children are listed apart), 0 without any."""
    children: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children.update(int(c) for c in (task / "children").read_text().split())
        except OSError:
            continue
    return sum(used for child in children if (used := cpu_seconds(child)) == used)  # not NaN


@contextlib.asynccontextmanager
async def emulator_process() -> AsyncIterator[tuple[str, int]]:
    """`python -m fakediscord --port 0`; yields its URL and pid, stops it at the end."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fakediscord", "--port", "0", cwd=REPO,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode().strip()
        if not line.startswith("fakediscord listening on "):
            raise RuntimeError(f"the emulator did not start: {line!r}")
        yield line.rsplit(" ", 1)[-1], process.pid
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()


# -- people ----------------------------------------------------------------------------------


class Pings:
    """One poll of the emulator for everyone's mentions, fanned out to each person's inbox."""

    def __init__(self, discord_api: Discord) -> None:
        self.discord = discord_api
        self.inboxes: dict[str, asyncio.Queue[str]] = {}
        self.seen: dict[str, int] = {}

    def inbox(self, user_id: str) -> asyncio.Queue[str]:
        return self.inboxes.setdefault(user_id, asyncio.Queue())

    async def run(self) -> None:
        while True:
            for user_id, (count, newest) in (await self.discord.mention_counts()).items():
                if count > self.seen.get(user_id, 0) and user_id in self.inboxes:
                    self.inboxes[user_id].put_nowait(newest)
                self.seen[user_id] = count
            await asyncio.sleep(PING_POLL)


async def settle(result: InteractionResult, tally: Tally,
                 clicked: SeenMessage | None = None) -> SeenMessage | None:
    """The bot's answer to an interaction (its response message), polling gently. After a
    deferred update the answer is the clicked message once the bot has edited it (Discord
    shows the click as working meanwhile: a person waits up to DEFERRED_PATIENCE for it)."""
    delays, extended = list(SETTLE_DELAYS), False
    while delays:
        await asyncio.sleep(delays.pop(0))
        status = (await result.refresh()).status
        if status["ack_type"] == DEFERRED_UPDATE and not delays and not extended:
            extended = True
            delays = [0.5] * int((DEFERRED_PATIENCE - sum(SETTLE_DELAYS)) / 0.5)
        if status["failed"]:
            break
        if status["ack_type"] is not None and status["original_id"] is not None:
            seen = await result.person.message(status["original_id"])
            unchanged = status["ack_type"] == DEFERRED_UPDATE and clicked is not None \
                and seen.data == clicked.data
            if not seen.loading and not unchanged:
                return seen
    tally.unanswered += 1
    return None


async def press(person: Person, message: SeenMessage, component: dict[str, Any],
                values: list[str], tally: Tally) -> SeenMessage | None:
    """Click a button or choose in a select; the bot's answer, or None if it was refused."""
    custom_id = component["custom_id"]
    try:
        if component["type"] == BUTTON:
            result = await person.click(message, custom_id=custom_id, wait=False)
        else:
            result = await person.choose(message, values, custom_id=custom_id, wait=False)
    except FakeDiscordError:
        tally.stale += 1
        return None
    tally.clicks += 1
    return await settle(result, tally, message)


def ends_with(message: SeenMessage, suffix: str) -> dict[str, Any] | None:
    return next((c for c in [*message.buttons(), *message.selects()]
                 if str(c.get("custom_id", "")).endswith(suffix)), None)


def decision(panel: SeenMessage, rng: random.Random) -> tuple[dict[str, Any], list[str]] | None:
    """A sensible click: build if possible, then any other move, ending the turn last."""
    build = ends_with(panel, ":s.build")
    # Not "Hint": moves are what is measured (a hint is the expert thinking for a second).
    buttons = [b for b in panel.buttons() if not str(b["custom_id"]).endswith((":end", ":hint"))]
    selects = [s for s in panel.selects() if s is not build]
    for group in ([build] if build else [], buttons, selects, panel.buttons()):
        if group:
            component = rng.choice(group)
            if component["type"] == BUTTON:
                return component, []
            options = [o["value"] for o in component["options"]]
            high = min(component.get("max_values", 1), len(options))
            count = rng.randint(component.get("min_values", 1), high)
            return component, rng.sample(options, count)
    return None


@dataclass
class Human:
    person: Person
    inbox: asyncio.Queue[str]
    rng: random.Random
    think_time: float
    tally: Tally

    async def think(self) -> None:
        await asyncio.sleep(self.think_time * self.rng.uniform(0.5, 1.5))

    async def play(self, table: TableRun) -> None:
        """Take every turn this person is pinged for until the game is over."""
        while not table.over():
            message = await self.wait_turn(table)
            if message is None:
                continue
            act = ends_with(message, ":act")
            if act is None:
                continue
            await self.think()
            panel = await press(self.person, message, act, [], self.tally)
            while panel is not None and (choice := decision(panel, self.rng)) is not None:
                await self.think()
                panel = await press(self.person, panel, *choice, self.tally)

    async def wait_turn(self, table: TableRun) -> SeenMessage | None:
        """The newest ping, or the table if the turn came without one."""
        waited = 0.0
        while not table.over():
            try:
                newest = await asyncio.wait_for(self.inbox.get(), 0.5)
            except TimeoutError:
                waited = waited + 0.5 if table.awaits(self.person) else 0.0
                if waited >= MISSED_PING and (table_id := table.table_message()) is not None:
                    self.tally.missed_pings += 1
                    try:
                        return await self.person.message(table_id)
                    except FakeDiscordError:  # the table moved meanwhile: look again
                        continue
                continue
            while not self.inbox.empty():
                newest = self.inbox.get_nowait()
            try:
                return await self.person.message(newest)
            except FakeDiscordError:  # the ping was deleted meanwhile: its turn has passed
                continue
        return None


# -- one person pressing buttons as fast as they can ----------------------------------------------


@dataclass
class Flooder:
    """A member pressing buttons `rate` times a second: valid clicks ("My hand" or "Act" on
    their table), forged custom_ids, and the buttons of their old panels, round-robin."""

    person: Person
    table: TableRun
    rate: float
    rng: random.Random
    clicks: Counter[str] = field(default_factory=Counter)
    refused: int = 0  # clicks the emulator itself refused (a message gone meanwhile)
    panels: list[SeenMessage] = field(default_factory=list)

    def forged(self) -> str:
        game = self.table.game_id or 0
        return self.rng.choice([f"cz:{game}:nothing", f"cz:{game + 100000}:hand",
                                f"{self.table.game}:{game}:999:zz", "x" * 100,
                                f"cz:{game}:act:{self.rng.randint(-5, 10**9)}"])

    async def run(self) -> None:
        """A click every 1/rate seconds, each on its own (a slow answer delays no other)."""
        kinds = ("valid", "forged", "old")
        clicks: set[asyncio.Task[None]] = set()
        loop = asyncio.get_running_loop()
        start, n = loop.time(), 0
        try:
            while True:
                await asyncio.sleep(max(0.0, start + n / self.rate - loop.time()))
                table_id = self.table.table_message()
                if table_id is not None:
                    task = asyncio.create_task(self.one(kinds[n % 3], table_id))
                    clicks.add(task)
                    task.add_done_callback(clicks.discard)
                n += 1
        finally:
            for task in clicks:
                task.cancel()

    async def one(self, kind: str, table_id: str) -> None:
        try:
            await self.click(kind, table_id)
        except FakeDiscordError:
            self.refused += 1

    async def click(self, kind: str, table_id: str) -> None:
        if kind == "old" and self.panels:
            panel = self.rng.choice(self.panels)
            old = self.rng.choice([b for b in panel.buttons() if b.get("custom_id")])
            await self.person.click(panel, custom_id=old["custom_id"], wait=False, forge=True)
            self.clicks[kind] += 1
            return
        if kind == "old":
            kind = "forged"  # no panel with buttons yet
        message = await self.person.message(table_id)
        if kind == "forged":
            await self.person.click(message, custom_id=self.forged(), wait=False, forge=True)
        else:
            # "My hand", or "Act" (its panel's buttons are the old ones clicked later)
            valid = ends_with(message, self.rng.choice([":hand", ":act"]))
            if valid is None:
                return
            result = await self.person.click(message, custom_id=valid["custom_id"], wait=False)
            if len(self.panels) < 6:  # the first panels answered are kept, to click later
                opened = await settle(result, Tally())
                if opened is not None and any(b.get("custom_id") for b in opened.buttons()):
                    self.panels.append(opened)
        self.clicks[kind] += 1


# -- one game ----------------------------------------------------------------------------------


class Feed:
    """What the bot knows and the people cannot see, sent by the bot's process on the people's
    stdin every PING_POLL seconds as one JSON line: game id -> [id of the user whose decision
    it is, id of the table message], for every lobby and running game."""

    def __init__(self) -> None:
        self.games: dict[int, list[str | None]] = {}
        self.seen: set[int] = set()  # games the feed ever listed: one missing from it is over

    async def run(self, reader: asyncio.StreamReader) -> None:
        """Until the bot's process closes the pipe."""
        while line := await reader.readline():
            self.games = {int(game): entry for game, entry in json.loads(line).items()}
            self.seen.update(self.games)


def feed_line(bot: GameBot) -> bytes:
    """The feed, as the bot's process writes it."""
    games: dict[int, list[str | None]] = {}
    for record in bot.service.games.values():
        seat = awaiting(record)
        user = record.seat(seat).user_id if seat is not None else None
        table = record.table_message_id
        games[record.id] = [None if user is None else str(user),
                            None if table is None else str(table)]
    return (json.dumps(games, separators=(",", ":")) + "\n").encode()


@dataclass
class TableRun:
    feed: Feed
    channel: Ref
    humans: list[Human]
    computers: int
    players: int
    game: str = "citadels"
    game_id: int | None = None

    def over(self) -> bool:
        return self.game_id in self.feed.seen and self.game_id not in self.feed.games

    def awaits(self, person: Person) -> bool:
        entry = self.feed.games.get(self.game_id or -1)
        return entry is not None and entry[0] == person.id

    def table_message(self) -> str | None:
        entry = self.feed.games.get(self.game_id or -1)
        return entry[1] if entry is not None else None

    async def open(self, delay: float) -> bool:
        """Lobby, joins, computers, start; False if a step got no answer."""
        await asyncio.sleep(delay)
        host = self.humans[0]
        try:
            result = await host.person.slash(self.channel, f"{self.game} new",
                                             players=self.players, wait=False)
        except FakeDiscordError:
            return False
        lobby = await settle(result, host.tally)
        if lobby is None or not lobby.buttons():
            return False
        game_id = int(str(lobby.buttons()[0]["custom_id"]).split(":")[1])
        for step in self.lobby_steps():
            if lobby is None:
                return False
            who, suffix, values = step
            await who.think()
            fresh = await who.person.message(lobby.id)
            component = ends_with(fresh, suffix)
            lobby = await press(who.person, fresh, component, values, who.tally) if component \
                else None
        if lobby is None:
            return False
        self.game_id = game_id
        return True

    def lobby_steps(self) -> list[tuple[Human, str, list[str]]]:
        host = self.humans[0]
        steps: list[tuple[Human, str, list[str]]] = [
            (h, ":lobby.join", []) for h in self.humans[1:]]
        steps += [(host, ":lobby.add", ["basic"]) for _ in range(self.computers)]
        return [*steps, (host, ":lobby.start", [])]

    async def run(self, delay: float) -> None:
        if await self.open(delay):
            await asyncio.gather(*(h.play(self) for h in self.humans))


# -- the people's process ------------------------------------------------------------------------


async def build_tables(discord_api: Discord, feed: Feed, options: Options, tally: Tally,
                       pings: Pings) -> list[TableRun]:
    rng = random.Random(options.seed)
    guilds = await servers_on_shards(discord_api, options.servers, options.processes, "Load")
    tables = []
    for g in range(options.games):
        guild = guilds[g % len(guilds)]
        channel = await discord_api.channel(guild, f"game-{g}")
        humans = []
        for h in range(options.people):
            person = await discord_api.user(f"p{g}-{h}", guild=guild)
            humans.append(Human(person, pings.inbox(person.id), random.Random(rng.random()),
                                options.think, tally))
        tables.append(TableRun(feed, channel, humans, options.players - options.people,
                               options.players, options.game))
    return tables


async def servers_on_shards(discord_api: Discord, count: int, shards: int, name: str
                            ) -> list[Ref]:
    """`count` servers, server k on shard k % shards, so every bot process gets its share of
    the games (a server's shard comes from its id's milliseconds: a few tries each)."""
    guilds = []
    for k in range(count):
        while True:
            guild = await discord_api.guild(name if k == 0 else f"{name} {k}")
            if shard_of(int(guild.id), shards) == k % shards:
                break
            await asyncio.sleep(0.001)
        guilds.append(guild)
    return guilds


async def play_people(url: str, options: Options) -> dict[str, Any]:
    """The people's side of a run: create their channels and users, say READY, wait for GO on
    stdin, then play until the window ends, every game is over or stdin closes."""
    loop = asyncio.get_running_loop()
    freeze_after_full_passes(loop)  # what the people saw, walked once (fakediscord.collector)
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    tally, feed = Tally(), Feed()
    async with Discord.remote(url) as discord_api:
        pings = Pings(discord_api)
        tables = await build_tables(discord_api, feed, options, tally, pings)
        print(READY, flush=True)
        if (await reader.readline()).decode().strip() != GO:
            return {"tally": asdict(tally), "games": []}
        cpu = time.process_time()
        feeding = asyncio.create_task(feed.run(reader))
        polling = asyncio.create_task(pings.run())
        stagger = random.Random(options.seed)
        games = [asyncio.create_task(t.run(stagger.uniform(0, options.think * 2)))
                 for t in tables]
        everyone = asyncio.gather(*games)
        flooder = Flooder(tables[0].humans[0].person, tables[0], options.flood,
                          random.Random(options.seed)) if options.flood else None
        flooding = [asyncio.create_task(flooder.run())] if flooder is not None else []
        running: list[asyncio.Future[Any]] = [everyone, feeding]
        await asyncio.wait(running, timeout=options.seconds or options.timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        for task in [*games, polling, feeding, *flooding]:
            task.cancel()
        await asyncio.gather(everyone, polling, feeding, *flooding, return_exceptions=True)
        cpu = time.process_time() - cpu
    flood = {"user": flooder.person.id, "game": tables[0].game_id,
             "clicks": dict(flooder.clicks), "refused": flooder.refused} if flooder else None
    return {"tally": asdict(tally), "games": [t.game_id for t in tables], "cpu": cpu,
            "flood": flood}


def people_main(url: str, options: Options) -> int:
    result = asyncio.run(play_people(url, options))
    print(RESULT + json.dumps(result), flush=True)
    return 0


@contextlib.asynccontextmanager
async def people_process(url: str, options: Options
                         ) -> AsyncIterator[asyncio.subprocess.Process]:
    """The people in their own process, yielded once their channels and users exist."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.bot_load", "--people-of", url, *options.argv(), cwd=REPO,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), SETUP_TIMEOUT)).decode()
        if line.strip() != READY:
            raise RuntimeError(f"the people did not start: {line!r}")
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def feed_people(bot: GameBot, stdin: asyncio.StreamWriter, spent: list[float]) -> None:
    """The feed every PING_POLL seconds; `spent[0]` adds up the CPU its lines take in the
    bot's process (the bench's own work there, left out of the bot's CPU)."""
    with contextlib.suppress(ConnectionError):  # the people are done
        while True:
            start = time.thread_time()
            line = feed_line(bot)
            spent[0] += time.thread_time() - start
            stdin.write(line)
            await stdin.drain()
            await asyncio.sleep(PING_POLL)


async def people_result(process: asyncio.subprocess.Process) -> dict[str, Any]:
    """The tallies the people's process prints when it is done."""
    assert process.stdout is not None
    while line := (await process.stdout.readline()).decode():
        if line.startswith(RESULT):
            return json.loads(line[len(RESULT):])
    raise RuntimeError(f"the people exited without their tallies (code {await process.wait()})")


# -- measuring -----------------------------------------------------------------------------------


class LoopLag:
    """How late this event loop wakes a 50 ms sleeper: the bot's responsiveness."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    async def run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.05)
            self.samples.append(max(0.0, time.perf_counter() - start - 0.05))


class Arrivals:
    """When the bot's gateway handed each interaction over (monotonic, as the emulator's
    clock), to split an ack into the way to the bot and the bot's own time."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}

    async def record(self, interaction: discord.Interaction) -> None:
        self.at[str(interaction.id)] = time.monotonic()

    def split(self, timings: list[dict[str, Any]]) -> dict[str, tuple[list[float], list[float]]]:
        acked = sorted((t for t in timings if t["ack_at"] is not None and t["id"] in self.at),
                       key=lambda t: t["ack_at"] - t["created"])
        slowest = acked[-max(1, len(acked) // 100):] if acked else []
        return {label: ([(self.at[t["id"]] - t["created"]) * 1000 for t in group],
                        [(t["ack_at"] - self.at[t["id"]]) * 1000 for t in group])
                for label, group in (("every ack", acked), ("the slowest 1%", slowest))}


class GcPauses:
    """The cyclic collector's passes in this process (the bot's, with one process): each
    holds the GIL, so the event loop waits it out."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self.longest = [0.0, 0.0, 0.0]  # by generation
        self.full = 0
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        took = (time.perf_counter() - self._start) * 1000
        self.ms.append(took)
        generation = info["generation"]
        self.longest[generation] = max(self.longest[generation], took)
        self.full += generation == 2

    @contextlib.contextmanager
    def watching(self) -> Iterator[GcPauses]:
        gc.callbacks.append(self)
        try:
            yield self
        finally:
            gc.callbacks.remove(self)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


@dataclass
class Report:
    options: Options
    wall: float
    games_started: int
    games_finished: int
    interactions: int
    by_type: Counter[str]
    acks_ms: list[float]
    failed: int
    calls: list[dict[str, Any]]
    pings: int
    tally: Tally
    loop_lag_ms: list[float]
    routes: Counter[str] = field(default_factory=Counter)
    cpu: tuple[float, float, float] = (float("nan"),) * 3  # the bot, the people, the emulator
    painter_cpu: float = 0.0  # the bot's painter process(es), when it draws in one
    feed_cpu: float = 0.0  # the bench's feed to the people, made in the bot's process
    bot_cpu: list[float] = field(default_factory=list)  # each bot process's, with --processes
    bot_games: list[int] = field(default_factory=list)  # the games each one drove
    steady_acks_ms: list[float] = field(default_factory=list)  # after the opening burst
    slowest: Counter[str] = field(default_factory=Counter)  # kinds of the slowest 1% of acks
    leftovers: Leftovers = field(default_factory=lambda: Leftovers())
    table_lags: list[float] = field(default_factory=list)
    next_lags: list[float] = field(default_factory=list)  # to the table showing whom it awaits
    start_waits: list[float] = field(default_factory=list)  # each game's thread opening, s
    flood: Flood | None = None
    scraped: Scraped | None = None  # the bot's /metrics (one process only)
    pictures: int | None = None  # pictures the bot drew (one process only)
    gc: GcPauses | None = None  # the bot's collector passes (one process only)
    # Each ack split in two (one process only): created -> the bot's gateway read it, and the
    # bot's own time from there to its callback; all acks, and the slowest 1%.
    split_ms: dict[str, tuple[list[float], list[float]]] = field(default_factory=dict)

    @property
    def global_calls(self) -> int:
        """The bot's calls that count against Discord's global limit: all but interaction
        callbacks and the interaction webhooks (follow-ups, edits of a response)."""
        return sum(1 for c in self.calls if c["kind"] == "bot")

    @property
    def steady_global_rate(self) -> float:
        """Globally-limited calls per second once the lobbies have opened and games started."""
        limited = [c["started"] for c in self.calls if c["kind"] == "bot"]
        if not limited:
            return float("nan")
        first = min(c["started"] for c in self.calls)
        late = [t for t in limited if t >= first + WARM_UP]
        span = max(limited) - (first + WARM_UP)
        return len(late) / span if span > 0 else float("nan")

    @property
    def limited_times(self) -> list[float]:
        """When each globally-limited call was made, in seconds from the run's first call."""
        first = min((c["started"] for c in self.calls), default=0.0)
        return [c["started"] - first for c in self.calls if c["kind"] == "bot"]

    @property
    def busiest_window(self) -> tuple[int, float]:
        """The most globally-limited calls in any GLOBAL_WINDOW seconds, and when that window
        began: Discord's budget is per second, so a burst counts, not only the average."""
        return busiest(self.limited_times, GLOBAL_WINDOW)

    @property
    def busiest_routes(self) -> Counter[str]:
        """The globally-limited calls of the busiest window, by route."""
        first = min((c["started"] for c in self.calls), default=0.0)
        start = first + self.busiest_window[1]
        return Counter(f"{c['method']} {c['route']}" for c in self.calls
                       if c["kind"] == "bot" and start <= c["started"] < start + GLOBAL_WINDOW)

    @property
    def rest_per_action(self) -> float:
        return len(self.calls) / max(self.interactions, 1)

    @property
    def cpu_per_action_ms(self) -> float:
        return self.cpu[0] / max(self.interactions, 1) * 1e3

    @property
    def painter_per_action_ms(self) -> float:
        return self.painter_cpu / max(self.interactions, 1) * 1e3

    @property
    def token_calls(self) -> int:
        """Calls through an interaction's token (follow-ups, edits, deletes)."""
        return sum(1 for c in self.calls if c["kind"] == "webhook")

    @property
    def spent(self) -> int:
        """Token calls whose answer said their bucket had nothing left."""
        return sum(1 for c in self.calls if c["kind"] == "webhook" and c.get("remaining") == 0)

    @property
    def too_many(self) -> list[dict[str, Any]]:
        return [c for c in self.calls if c["status"] == 429]

    def lines(self) -> list[str]:
        o, acks = self.options, self.acks_ms
        out = [
            f"games {o.games} × {o.players} players ({o.people} human, "
            f"{o.players - o.people} computer), think {o.think:g}s, computer pause "
            f"{o.computer_pause:g}s" + (f", window {o.seconds:g}s" if o.seconds else ""),
            f"bot                      {o.processes} process{'es' * (o.processes > 1)}, "
            f"{o.store}, {o.servers} server{'s' * (o.servers > 1)}",
            f"wall time                {self.wall:.1f} s",
            f"games started/finished   {self.games_started} / {self.games_finished}",
            f"human interactions       {self.interactions}  ({dict(self.by_type)}; "
            f"{self.interactions / max(self.wall, 1e-9):.1f}/s)",
            f"ack ms p50/p90/p99/max   {percentile(acks, 50):.1f} / {percentile(acks, 90):.1f}"
            f" / {percentile(acks, 99):.1f} / {max(acks, default=float('nan')):.1f}",
            f"  after the first {WARM_UP:g} s     "
            f"{percentile(self.steady_acks_ms, 50):.1f} / {percentile(self.steady_acks_ms, 90):.1f}"
            f" / {percentile(self.steady_acks_ms, 99):.1f} / "
            f"{max(self.steady_acks_ms, default=float('nan')):.1f}  (lobbies opened by then)",
            "  slowest 1% by kind     " + ", ".join(
                f"{kind} {n}" for kind, n in self.slowest.most_common(6)),
            *(f"  {label:<23}to the bot {percentile(reach, 50):.1f} / "
              f"{percentile(reach, 99):.1f}, in the bot {percentile(inside, 50):.1f} / "
              f"{percentile(inside, 99):.1f}  (p50 / p99)"
              for label, (reach, inside) in self.split_ms.items()),
            f"failed interactions      {self.failed}",
            f"bot REST calls           {len(self.calls)}  = {self.rest_per_action:.2f} per "
            f"human action",
            f"429s met by the bot      {len(self.too_many)}"
            + (f"  ({dict(Counter(kind_of_429(c) for c in self.too_many))})"
               if self.too_many else ""),
            f"token calls              {self.token_calls}, of which spent their bucket "
            f"{self.spent} (discord.py then holds the call until the bucket resets)",
            f"pings (mentions)         {self.pings}",
            f"event-loop lag ms p50/p99/max  {percentile(self.loop_lag_ms, 50):.1f} / "
            f"{percentile(self.loop_lag_ms, 99):.1f} / "
            f"{max(self.loop_lag_ms, default=float('nan')):.1f}",
            "CPU in the window        " + ", ".join(
                f"{who} {used:.1f} s ({used / max(self.wall, 1e-9):.0%} of a core)"
                for who, used in zip(("bot", "people", "emulator"), self.cpu, strict=True)),
            f"bot CPU per human action {self.cpu_per_action_ms:.1f} ms  (the bot's CPU in the "
            "window over the human interactions: the store, the computers' moves and, with "
            "--painter thread, the pictures included"
            + (f"; the bench's feed to the people, {self.feed_cpu:.1f} s in its process, left "
               "out)" if self.feed_cpu else ")"),
            f"  painter process        {self.painter_per_action_ms:.1f} ms per action, "
            f"{self.painter_cpu:.1f} s ({self.painter_cpu / max(self.wall, 1e-9):.0%} of a "
            f"core); bot and painter {self.cpu_per_action_ms + self.painter_per_action_ms:.1f} "
            "ms per action",
            *(["CPU per bot process     " + ", ".join(
                f"{used:.1f} s ({used / max(self.wall, 1e-9):.0%}, {games} games)"
                for used, games in zip(self.bot_cpu, self.bot_games, strict=True))]
              if len(self.bot_cpu) > 1 else []),
            f"people: clicks {self.tally.clicks}, stale {self.tally.stale}, "
            f"no answer {self.tally.unanswered}, turns seen on the table without a ping "
            f"{self.tally.missed_pings}",
            f"table lag s p50/p90/p99  {percentile(self.table_lags, 50):.2f} / "
            f"{percentile(self.table_lags, 90):.2f} / {percentile(self.table_lags, 99):.2f}"
            "  (a change to the edit that shows it)",
            f"  for the next seat      {percentile(self.next_lags, 50):.2f} / "
            f"{percentile(self.next_lags, 90):.2f} / {percentile(self.next_lags, 99):.2f}"
            "  (a hand-over to the edit that shows whom the game waits for)",
            f"thread openings s p50/p90/max {percentile(self.start_waits, 50):.2f} / "
            f"{percentile(self.start_waits, 90):.2f} / "
            f"{max(self.start_waits, default=float('nan')):.2f}  (a Start press to its thread: "
            "the call, its turn in the global budget included)",
            *(self.flood.lines() if self.flood is not None else []),
            *(self.scraped.lines() if self.scraped is not None else []),
            *([f"pictures drawn           {self.pictures}"] if self.pictures is not None
              else []),
            *([f"gc pauses ms p99/max     {percentile(self.gc.ms, 99):.1f} / "
               f"{max(self.gc.ms, default=float('nan')):.1f}  ({len(self.gc.ms)} passes of "
               f"{sum(self.gc.ms) / 1000:.2f} s in all, "
               f"{self.gc.full} full; longest by generation "
               + " / ".join(f"{ms:.1f}" for ms in self.gc.longest) + ")"]
              if self.gc is not None else []),
            f"globally-limited calls   {self.global_calls}  = "
            f"{self.global_calls / max(self.wall, 1e-9):.1f}/s (Discord allows 50/s per bot); "
            f"after the first {WARM_UP:g} s {self.steady_global_rate:.1f}/s",
            f"  busiest {GLOBAL_WINDOW:g} s          {self.busiest_window[0] / GLOBAL_WINDOW:.1f}/s"
            f" (from {self.busiest_window[1]:.1f} s); each {GLOBAL_WINDOW:g} s: "
            + " ".join(str(n) for n in per_window(self.limited_times, GLOBAL_WINDOW)),
            "    in it by route       " + ", ".join(
                f"{route} {n}" for route, n in self.busiest_routes.most_common()),
            *self.leftovers.lines(),
            "REST calls by route (per human action):",
        ]
        for route, count in self.routes.most_common():
            out.append(f"  {count:7d}  {count / max(self.interactions, 1):5.2f}  {route}")
        return out


@dataclass
class Flood:
    """What one member pressing buttons as fast as they could got, and did."""

    rate: float
    clicks: dict[str, int]
    refused: int         # clicks the emulator refused itself (their message was gone)
    interactions: int    # interactions the emulator created for them
    failed: int          # of those, the ones the bot did not acknowledge in time
    acks_ms: list[float]
    changed_elsewhere: int  # actions in games other than their own made with their user id

    def lines(self) -> list[str]:
        return [
            f"flood: one member at {self.rate:g} clicks/s: " + ", ".join(
                f"{kind} {n}" for kind, n in sorted(self.clicks.items()))
            + f"; {self.interactions} interactions, {self.failed} unanswered, ack p99 "
            f"{percentile(self.acks_ms, 99):.1f} ms; actions in other games "
            f"{self.changed_elsewhere}; the figures above are everyone else's",
        ]


@dataclass
class Leftovers:
    """The bot's messages still in the games' channels (and threads) at the end of the run."""

    finished: int = 0
    left: int = 0           # in finished games' channels: tables, results, lobbies, pings
    live: int = 0           # of those, messages that still carry components
    mentions: int = 0       # of those, messages that still mention someone
    live_running: int = 0   # messages with components in games still running or in lobby
    running: int = 0

    def lines(self) -> list[str]:
        per = max(self.finished, 1)
        return [
            f"finished games: messages left {self.left / per:.1f} per game, with live "
            f"components {self.live / per:.1f}, with a mention {self.mentions / per:.1f}"
            + ("" if self.finished else "  (no game finished in the window)"),
            f"games still open ({self.running}): messages with live components "
            f"{self.live_running / max(self.running, 1):.1f} per game",
        ]


async def leftovers(discord_api: Discord, get: Getter, bot_user_id: int,
                    game_ids: list[int | None]) -> Leftovers:
    """Count, as a seated person sees them, the bot's messages left in each game's channel
    and the channel its lobby was opened in."""
    out = Leftovers()
    for game_id in game_ids:
        record = await get(game_id) if game_id else None
        viewer = next((s.user_id for s in record.seats if s.user_id), None) if record else None
        if record is None or viewer is None:
            continue
        messages = []
        for channel in {record.channel_id, record.parent_channel_id or record.channel_id}:
            seen = await discord_api.backend.call("messages", user_id=str(viewer),
                                                  channel_id=str(channel))
            messages += [m for m in seen if m["author"]["id"] == str(bot_user_id)
                         and not int(m.get("flags") or 0) & 64]
        live = sum(1 for m in messages if m.get("components"))
        if record.status == "finished":
            out.finished += 1
            out.left += len(messages)
            out.live += live
            out.mentions += sum(1 for m in messages if "<@" in (m.get("content") or ""))
        elif record.active:
            out.running += 1
            out.live_running += live
    return out


def busiest(times: list[float], width: float) -> tuple[int, float]:
    """The most of `times` in any `width` seconds, and where that span began."""
    ordered, best, start, low = sorted(times), 0, 0.0, 0
    for high, t in enumerate(ordered):
        while ordered[low] <= t - width:
            low += 1
        if high - low + 1 > best:
            best, start = high - low + 1, ordered[low]
    return best, start


def per_window(times: list[float], width: float) -> list[int]:
    """How many of `times` (seconds from 0) fall in each consecutive `width` seconds."""
    counts = Counter(int(t // width) for t in times)
    return [counts[i] for i in range(max(counts, default=-1) + 1)]


def kind_of_429(refused: dict[str, Any]) -> str:
    """Which limit refused the call, as the emulator logged it: an interaction token's bucket,
    the bot's global limit, or a channel's (or another route's) bucket."""
    if refused["kind"] == "webhook":
        return "token"
    return "global" if refused.get("limited") == "global" else "channel"


INTERACTION_TYPES = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}


async def settled_timings(discord_api: Discord, wait: float = 4.0) -> list[dict[str, Any]]:
    """Every interaction once none is still waiting for its acknowledgement."""
    end = time.monotonic() + wait
    while True:
        timings = await discord_api.interaction_timings()
        pending = [t for t in timings if t["ack_type"] is None and not t["failed"]]
        if not pending or time.monotonic() > end:
            return timings
        await asyncio.sleep(0.2)


def interaction_kind(name: str | None) -> str:
    """A command's name, or the kind of a component: the last part of its custom_id (`act`,
    `join`...; an action's code stands for "action")."""
    if not name:
        return "?"
    if ":" not in name:
        return f"/{name}"
    last = name.rsplit(":", 1)[1]
    return last if last.isalpha() and len(last) > 1 else "action"


def slowest_kinds(timings: list[dict[str, Any]], share: float = 0.01) -> Counter[str]:
    """What the slowest `share` of the acknowledged interactions were."""
    acked = sorted((t for t in timings if t["ack_at"] is not None),
                   key=lambda t: t["ack_at"] - t["created"], reverse=True)
    return Counter(interaction_kind(t.get("name"))
                   for t in acked[:max(1, int(len(acked) * share))])


async def measure(discord_api: Discord, get: Getter, bot_user_id: int, options: Options,
                  game_ids: list[int | None], first_call: int, wall: float, tally: Tally,
                  lag_samples: list[float], arrivals: Arrivals | None = None,
                  flood: dict[str, Any] | None = None, store: Any = None) -> Report:
    """The run's figures; with `arrivals` (the bot's own record of when each interaction
    reached it), each acknowledgement split into its time to the bot and in the bot. The
    flooder's interactions (`flood`) are counted apart."""
    timings = await settled_timings(discord_api)
    flooded = [t for t in timings if flood is not None and t["user_id"] == flood["user"]]
    timings = [t for t in timings if flood is None or t["user_id"] != flood["user"]]
    calls = await discord_api.calls(first_call)
    flood_ids = {t["id"] for t in flooded}  # their callbacks are not the bot's work for others
    calls = [c for c in calls if c["kind"] != "callback" or answered(c) not in flood_ids]
    acked = [(t["ack_at"] - t["created"]) * 1000 for t in timings if t["ack_at"] is not None]
    first = min((t["created"] for t in timings), default=0.0)
    steady = [(t["ack_at"] - t["created"]) * 1000 for t in timings
              if t["ack_at"] is not None and t["created"] >= first + WARM_UP]
    finished = 0
    for game_id in game_ids:
        record = await get(game_id) if game_id else None
        finished += record is not None and record.status == "finished"
    mentions = await discord_api.mention_counts()
    left = await leftovers(discord_api, get, bot_user_id, game_ids)
    report = Report(
        options=options, wall=wall,
        games_started=sum(g is not None for g in game_ids), games_finished=finished,
        interactions=len(timings),
        by_type=Counter(INTERACTION_TYPES.get(t["type"], str(t["type"])) for t in timings),
        acks_ms=acked, failed=sum(t["failed"] for t in timings), calls=calls,
        pings=sum(count for count, _ in mentions.values()), tally=tally,
        loop_lag_ms=[s * 1000 for s in lag_samples],
        routes=Counter(f"{c['method']} {c['route']}" for c in calls), steady_acks_ms=steady,
        slowest=slowest_kinds(timings),
        leftovers=left,
        split_ms=arrivals.split(timings) if arrivals is not None else {},
    )
    if flood is not None and store is not None:
        report.flood = Flood(
            rate=options.flood, clicks=flood["clicks"], refused=flood["refused"],
            interactions=len(flooded), failed=sum(t["failed"] for t in flooded),
            acks_ms=[(t["ack_at"] - t["created"]) * 1000 for t in flooded
                     if t["ack_at"] is not None],
            changed_elsewhere=await actions_of(store, int(flood["user"]), game_ids,
                                               flood["game"]))
    return report


def answered(call: dict[str, Any]) -> str:
    """The interaction id of a callback call (/interactions/{id}/{token}/callback)."""
    parts = call["path"].split("/")
    return parts[parts.index("interactions") + 1]


async def actions_of(store: Any, user_id: int, game_ids: list[int | None], own: int | None
                     ) -> int:
    """Actions that `user_id` made in games other than `own` (they sit nowhere else, so any
    would be a forged click that got through)."""
    count = 0
    for game_id in game_ids:
        if game_id and game_id != own:
            count += sum(e.user_id == user_id for e in await store.actions(game_id))
    return count


# -- the run -------------------------------------------------------------------------------------


Getter = Callable[[int], Awaitable[GameRecord | None]]


def bot_settings(folder: str, pictures: bool = True, metrics: bool = False,
                 public: str = "tokens", painter: str = "process") -> Settings:
    return Settings(_env_file=None, discord_token=Config.token,
                    database_path=Path(folder) / "load.sqlite3", log_level="WARNING",
                    pictures=pictures, metrics_port=0 if metrics else None,
                    public_messages=public, painter=painter)


async def scrape(port: int) -> dict[str, float]:
    """The bot's /metrics (as Prometheus scrapes it): each sample by name and labels."""
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/metrics") as answer:
        text = await answer.text()
    return {sample.name + ("{" + ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
                           + "}" if sample.labels else ""): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


async def health(port: int) -> int:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/health") as answer:
        return answer.status


@dataclass
class Scraped:
    """The bot's metrics endpoint, scraped halfway through the window and at its end."""

    live: float = float("nan")     # games running, halfway
    health: int = 0                # /health's status, halfway
    interactions: float = float("nan")
    limited: float = float("nan")  # globally-limited calls since the bot started
    lags: float = float("nan")     # table edits whose lag was observed
    lag_sum: float = float("nan")
    refused: dict[str, float] = field(default_factory=dict)  # 429s by the limit that answered
    waits: dict[str, tuple[float, float]] = field(default_factory=dict)  # bucket: count, sum

    async def halfway(self, port: int, wait: float) -> None:
        await asyncio.sleep(wait)
        seen = await scrape(port)
        self.live = sum(v for k, v in seen.items()
                        if k.startswith("bot_games_live{") and "status=running" in k)
        self.health = await health(port)

    async def end(self, port: int) -> None:
        seen = await scrape(port)
        self.interactions = seen.get("bot_interactions_total", float("nan"))
        self.limited = seen.get("bot_globally_limited_calls_total", float("nan"))
        self.lags = seen.get("bot_table_lag_seconds_count", float("nan"))
        self.lag_sum = seen.get("bot_table_lag_seconds_sum", float("nan"))
        self.refused = {kind: seen.get(f"bot_rate_limited_total{{kind={kind}}}", float("nan"))
                        for kind in ("token", "channel", "global")}
        self.waits = {bucket: (seen.get(f"bot_bucket_wait_seconds_count{{bucket={bucket}}}", 0.0),
                               seen.get(f"bot_bucket_wait_seconds_sum{{bucket={bucket}}}", 0.0))
                      for bucket in ("token", "global")}

    def lines(self) -> list[str]:
        return [f"metrics scraped          halfway: {self.live:.0f} games running, /health "
                f"{self.health}; at the end: {self.interactions:.0f} interactions, "
                f"{self.limited:.0f} globally-limited calls, {self.lags:.0f} table edits of mean "
                f"lag {self.lag_sum / max(self.lags, 1):.2f} s",
                "  429s by limit          " + ", ".join(
                    f"{kind} {n:.0f}" for kind, n in self.refused.items())
                + "; waits in the bot's own buckets: " + ", ".join(
                    f"{bucket} {n:.0f} (mean {total / max(n, 1):.2f} s)"
                    for bucket, (n, total) in self.waits.items())]


async def painter_pid(bot: GameBot) -> int | None:
    """The bot's painter process, started with it (None: it draws in a thread)."""
    process = bot.publisher.pictures.process
    if process is None:
        return None
    await asyncio.to_thread(process.start)  # started already, or while the bot set up
    return process.pid


async def run_bench(options: Options) -> Report:
    if options.processes > 1 or options.store != "sqlite":
        return await run_processes(options)
    lag, arrivals = LoopLag(), Arrivals()
    with tempfile.TemporaryDirectory(prefix="citadels-load-") as folder:
        bot = GameBot(bot_settings(folder, options.pictures, metrics=True,
                                   public=options.public, painter=options.painter),
                      computer_pause=options.computer_pause, guild_ready_timeout=0.05)
        bot.add_listener(arrivals.record, "on_interaction")
        async with emulator_process() as (url, emulator_pid), \
                Discord.remote(url) as discord_api, run_client(bot, url, timeout=30), \
                people_process(url, options) as people:
            assert people.stdin is not None
            first_call = len(await discord_api.calls())
            painter = await painter_pid(bot)
            # The people count their own CPU.
            pids = (None, emulator_pid, *([] if painter is None else [painter]))
            people.stdin.write(f"{GO}\n".encode())
            scraped = Scraped()
            assert bot.metrics.port is not None
            feeding = [0.0]
            helpers = [asyncio.create_task(feed_people(bot, people.stdin, feeding)),
                       asyncio.create_task(lag.run()),
                       asyncio.create_task(scraped.halfway(
                           bot.metrics.port, (options.seconds or 10.0) / 2))]
            start, cpu = time.monotonic(), [cpu_seconds(pid) for pid in pids]
            fed = feeding[0]
            # The people stop on their own at the end of the window (or of every game).
            with GcPauses().watching() as pauses:
                result = await asyncio.wait_for(people_result(people),
                                                (options.seconds or options.timeout) + 60)
            wall = time.monotonic() - start
            used = tuple(cpu_seconds(pid) - before for pid, before in zip(pids, cpu, strict=True))
            fed = feeding[0] - fed
            for task in helpers:
                task.cancel()
            await asyncio.gather(*helpers, return_exceptions=True)
            people.stdin.close()
            await people.wait()
            await bot.publisher.idle()  # the clean-up after the last moves is counted too
            await scraped.end(bot.metrics.port)
            assert bot.user is not None
            report = await measure(discord_api, bot.service.get, bot.user.id, options,
                                   result["games"], first_call, wall, Tally(**result["tally"]),
                                   lag.samples, arrivals, result.get("flood"),
                                   bot.service.store)
            report.cpu = (used[0] - fed, result.get("cpu", float("nan")), used[1])
            report.feed_cpu = fed
            report.painter_cpu = sum(used[2:])
            report.table_lags = list(bot.publisher.table_lags)
            report.next_lags = list(bot.publisher.next_lags)
            report.start_waits = list(bot.publisher.start_waits)
            report.scraped = scraped
            report.pictures = bot.publisher.pictures.drawn
            report.gc = pauses
            return report


async def run_processes(options: Options) -> Report:
    """The run with the bot as `options.processes` processes sharing one store."""
    with tempfile.TemporaryDirectory(prefix="citadels-load-") as folder, \
            database(options.store, folder) as location:
        async with emulator_process() as (url, emulator_pid), \
                Discord.remote(url) as discord_api, \
                bot_processes(url, location, options.processes, options.computer_pause,
                              options.public) as bots, \
                people_process(url, options) as people:
            assert people.stdin is not None
            first_call = len(await discord_api.calls())
            pids = [b.process.pid for b in bots] + [emulator_pid]
            people.stdin.write(f"{GO}\n".encode())
            readers = [asyncio.create_task(b.read()) for b in bots]
            feeding = asyncio.create_task(feed_merged(bots, people.stdin))
            start, cpu = time.monotonic(), [cpu_seconds(pid) for pid in pids]
            painters = sum(children_cpu(pid) for pid in pids[:-1])
            result = await asyncio.wait_for(people_result(people),
                                            (options.seconds or options.timeout) + 60)
            wall = time.monotonic() - start
            used = [cpu_seconds(pid) - before for pid, before in zip(pids, cpu, strict=True)]
            painters = sum(children_cpu(pid) for pid in pids[:-1]) - painters
            feeding.cancel()
            await asyncio.gather(feeding, return_exceptions=True)
            people.stdin.close()
            await people.wait()
            for bot in bots:
                await bot.stop()
            await asyncio.wait_for(asyncio.gather(*readers), 60)
            store = await open_store(location)
            try:
                report = await measure(
                    discord_api, store.get, bots[0].user_id, options, result["games"],
                    first_call, wall, Tally(**result["tally"]),
                    [s for b in bots for s in b.result.get("lags", [])],
                    flood=result.get("flood"), store=store)
            finally:
                await store.close()
            report.cpu = (sum(used[:-1]), result.get("cpu", float("nan")), used[-1])
            report.bot_cpu = used[:-1]
            report.painter_cpu = painters
            report.bot_games = [len(b.seen) for b in bots]
            report.table_lags = [s for b in bots for s in b.result.get("table_lags", [])]
            report.next_lags = [s for b in bots for s in b.result.get("next_lags", [])]
            report.start_waits = [s for b in bots for s in b.result.get("start_waits", [])]
            return report


@contextlib.contextmanager
def database(store: str, folder: str) -> Iterator[str]:
    """Where the bot processes store: a SQLite file in `folder`, or a temporary PostgreSQL
    server's database."""
    if store == "sqlite":
        yield str(Path(folder) / "load.sqlite3")
        return
    with postgres_location(None) as url:
        yield url


async def feed_merged(bots: list[BotProcess], stdin: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError):
        while True:
            stdin.write(merged_feed(bots))
            await stdin.drain()
            await asyncio.sleep(PING_POLL)


def parse_args(argv: Sequence[str] | None = None) -> Options:
    return _parse(argv)[0]


def _parse(argv: Sequence[str] | None) -> tuple[Options, str | None]:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_load",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=4, choices=range(2, 8))
    parser.add_argument("--humans", type=int, default=None, help="human seats (default: all)")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds before each click (uniform 0.5x-1.5x)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop the people after this long and report that window")
    parser.add_argument("--computer-pause", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--servers", type=int, default=None,
                        help="servers the games are spread over (default: 30 with --processes "
                             "above 1, else 1)")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes, one shard each, sharing the store")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--game", choices=["citadels", "catan"], default="citadels",
                        help="the game played at every table (Catan: 3 or 4 players)")
    parser.add_argument("--flood", type=float, default=0.0,
                        help="one member also presses buttons this many times a second")
    parser.add_argument("--public", choices=["tokens", "channel"], default="tokens",
                        help="how the bot's public messages travel (its PUBLIC_MESSAGES)")
    parser.add_argument("--no-pictures", action="store_true",
                        help="games without pictures (one bot process only)")
    parser.add_argument("--painter", choices=["process", "thread"], default="process",
                        help="where the bot draws pictures (its PAINTER; one bot process only: "
                             "bot processes draw in a process each)")
    parser.add_argument("--timeout", type=float, default=Options.timeout, help=argparse.SUPPRESS)
    parser.add_argument("--people-of", default=None, help=argparse.SUPPRESS)  # the people's role
    args = parser.parse_args(argv)
    if args.humans is not None and not 1 <= args.humans <= args.players:
        parser.error("--humans must be between 1 and --players")
    if args.game == "catan" and not 3 <= args.players <= 4:
        parser.error("Catan is played by 3 or 4")
    options = Options(games=args.games, players=args.players, humans=args.humans,
                      think=args.think, seconds=args.seconds, computer_pause=args.computer_pause,
                      seed=args.seed, timeout=args.timeout,
                      servers=args.servers or (30 if args.processes > 1 else 1),
                      processes=args.processes, store=args.store,
                      pictures=not args.no_pictures, game=args.game, flood=args.flood,
                      public=args.public, painter=args.painter)
    return options, args.people_of


def main(argv: Sequence[str] | None = None) -> int:
    options, people_of = _parse(argv)
    if people_of is not None:
        return people_main(people_of, options)
    # This machine's speed changes by itself for seconds to minutes (bench.engine): say which
    # speed the run began and ended at.
    print(f"machine check before: {machine_check_ms():.1f} ms", flush=True)
    report = asyncio.run(run_bench(options))
    print("\n".join(report.lines()))
    print(f"machine check after: {machine_check_ms():.1f} ms")
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
