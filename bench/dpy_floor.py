"""discord.py's own CPU per click: the floor under bench.bot_load's "bot CPU per human action".

    python -m bench.dpy_floor [--tables 30] [--people 4] [--think 2] [--seconds 60]

A bot of nothing but discord.py answers people clicking through the emulator
(fakediscord) the way the game bot's people click: "Act" on a table message opens a private
panel (an ephemeral answer), a button on the panel redraws it (the interaction's own edit) and
edits the table with a new picture through the token of the interaction that posted it, as the
bot's publisher does (PUBLIC_MESSAGES=tokens). So half the clicks bring a table edit (the
game bot makes 0.47 a click at 200 Citadels games) and every click one answer (1.00).

What it sends is a real Citadels panel, table and table picture of a seeded mid-game (built
once, before the window: rebuilding the discord.py objects from them each time is the
library's part), and its components are dynamic items as the bot's are (bot/components.py),
so discord.py rebuilds the clicked message's view as it does for the bot. Nothing else runs in
the bot's process: no game, store, painter, timers or metrics. Its CPU per click is what the
game bot spends before any code of its own (gateway, interaction parsing, dispatch, request
building, HTTP, answers parsed), at the same click rate when run with bench.bot_load's
tables and think time. The people run in their own process, as in bench.bot_load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import random
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bench.bot_load import REPO, cpu_seconds, emulator_process, percentile
from bench.engine import machine_check_ms
from fakediscord import Config, Discord, Person, Ref, run_client
from fakediscord.testing import SeenMessage

READY, GO, RESULT = "floor-ready", "floor-go", "floor-result "
SEED = 7


# -- what the bot sends: a real Citadels mid-game, built once -----------------------------------


@dataclass(frozen=True)
class Payloads:
    panel: dict[str, Any]     # a 4-player panel's embed, as JSON
    buttons: list[str]        # its components' labels, as buttons
    table: dict[str, Any]     # the table's embed
    picture: bytes            # the table's picture (PNG)


def citadels_payloads() -> Payloads:
    """A seeded Citadels game played at random to its middle: one seat's panel, the table,
    the table's picture."""
    from bot.i18n import Catalog
    from bot.records import GameRecord, Seat
    from cogs.citadels.ui import UI
    from rules.registry import game

    rules = game("citadels")
    seats = [Seat(id=f"p{i}", name=f"Player {i}", user_id=100 + i) for i in range(1, 5)]
    state = rules.new_game([s.id for s in seats], rules.options({}), seed=SEED)
    rng = random.Random(SEED)
    for _ in range(60):
        acting = rules.to_act(state)[0]
        state, _ = rules.apply(state, acting, rng.choice(rules.legal_actions(state, acting)))
    record = GameRecord(game="citadels", id=1, channel_id=1, host_id=101, status="running",
                        seats=seats, state=state, version=61)
    catalog = Catalog.load()
    seat = record.seat(rules.to_act(state)[0])
    panel = UI.panel(record, seat, catalog, "en", [])
    labels = [str(getattr(item, "label", None) or getattr(item, "placeholder", None) or "?")
              for item in (panel.view.children if panel.view is not None else [])]
    picture = UI.table_picture(record, catalog, "en")
    assert picture is not None
    return Payloads(panel.embed.to_dict(), labels[:25],  # type: ignore[arg-type]
                    UI.table(record, catalog, "en").to_dict(),  # type: ignore[arg-type]
                    picture.draw())


# -- the bot: discord.py alone -------------------------------------------------------------------


class Floor(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floor:(?P<kind>\w+)"):
    """Every button the floor bot sends; its kind says what a click on it does."""

    def __init__(self, kind: str, label: str = "·") -> None:
        super().__init__(discord.ui.Button(label=label[:80], custom_id=f"floor:{kind}"))
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any, /) -> Floor:
        return cls(match["kind"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, FloorBot)
        await bot.clicked(self.kind, interaction)


def button_view(kind: str, label: str) -> discord.ui.View:
    """A message's one button (the table's "Act", the channel's "Start")."""
    view = discord.ui.View(timeout=None)
    view.add_item(Floor(kind, label))
    return view


class FloorBot(discord.Client):
    def __init__(self, payloads: Payloads) -> None:
        super().__init__(intents=discord.Intents.default())
        self.payloads = payloads
        self.tables: dict[int, discord.Interaction] = {}  # channel -> the table's interaction

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Floor)

    def panel(self) -> tuple[discord.Embed, discord.ui.View]:
        view = discord.ui.View(timeout=None)
        for n, label in enumerate(self.payloads.buttons):
            view.add_item(Floor(f"act{n}", label))
        return discord.Embed.from_dict(self.payloads.panel), view

    def table(self) -> dict[str, Any]:
        return {"embed": discord.Embed.from_dict(self.payloads.table),
                "view": button_view("open", "Act")}

    def picture(self) -> discord.File:
        return discord.File(io.BytesIO(self.payloads.picture), filename="table.png")

    async def clicked(self, kind: str, interaction: discord.Interaction) -> None:
        channel = interaction.channel_id or 0
        if kind == "start":  # the table: an answer whose token later edits it
            self.tables[channel] = interaction
            await interaction.response.send_message(**self.table(), file=self.picture())
            return
        embed, view = self.panel()
        if kind == "open":
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            return
        await interaction.response.edit_message(embed=embed, view=view)
        table = self.tables.get(channel)
        if table is not None:
            await table.edit_original_response(**self.table(), attachments=[self.picture()])


# -- the people, in their own process ------------------------------------------------------------


async def person_loop(person: Person, table: SeenMessage, rng: random.Random, think: float,
                      acks: list[float]) -> None:
    while True:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        start = time.monotonic()
        opened = await person.click(table, custom_id="floor:open")
        panel = await opened.response()
        acks.append(time.monotonic() - start)
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        button = rng.choice([b for b in panel.buttons() if b.get("custom_id")])
        start = time.monotonic()
        clicked = await person.click(panel, custom_id=button["custom_id"])
        await clicked.acknowledged()
        acks.append(time.monotonic() - start)


async def people(url: str, options: argparse.Namespace) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    acks: list[float] = []
    async with Discord.remote(url) as api:
        guild = await api.guild("Floor")
        tables: list[tuple[Ref, list[Person]]] = []
        for t in range(options.tables):
            channel = await api.channel(guild, f"table-{t}")
            tables.append((channel, [await api.user(f"f{t}-{p}", guild=guild)
                                     for p in range(options.people)]))
        print(READY, flush=True)
        if (await reader.readline()).decode().strip() != GO:
            return {}
        # Each table's first person posts its table (before the window, on the bot's message).
        messages = []
        for channel, persons in tables:
            post = await persons[0].last_message(channel)
            started = await persons[0].click(post, custom_id="floor:start")
            messages.append(await started.response())
        print(READY, flush=True)
        if (await reader.readline()).decode().strip() != GO:
            return {}
        cpu = time.process_time()
        rng = random.Random(SEED)
        loops = [asyncio.create_task(person_loop(p, table, random.Random(rng.random()),
                                                 options.think, acks))
                 for (_, persons), table in zip(tables, messages, strict=True) for p in persons]
        await asyncio.sleep(options.seconds)
        for task in loops:
            task.cancel()
        await asyncio.gather(*loops, return_exceptions=True)
    return {"clicks": len(acks), "ack_ms": [percentile(acks, q) * 1e3 for q in (50, 90, 99)],
            "cpu": time.process_time() - cpu}


# -- the run -------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def people_process(url: str, argv: Sequence[str]
                         ) -> AsyncIterator[asyncio.subprocess.Process]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.dpy_floor", "--people-of", url, *argv, cwd=REPO,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def said(process: asyncio.subprocess.Process, what: str, timeout: float = 120) -> str:
    assert process.stdout is not None
    line = (await asyncio.wait_for(process.stdout.readline(), timeout)).decode().strip()
    if not line.startswith(what):
        raise RuntimeError(f"the people said {line!r}, not {what!r}")
    return line


async def run(options: argparse.Namespace, argv: Sequence[str]) -> dict[str, Any]:
    bot = FloorBot(citadels_payloads())
    async with emulator_process() as (url, emulator_pid), run_client(bot, url, Config.token, 30), \
            Discord.remote(url) as api, people_process(url, argv) as process:
        assert process.stdin is not None
        await said(process, READY)
        for guild in bot.guilds:  # the bot's message each table's first person clicks
            await asyncio.gather(*(channel.send("Floor", view=button_view("start", "Start"))
                                   for channel in guild.text_channels))
        process.stdin.write(f"{GO}\n".encode())
        await said(process, READY)
        first_call = len(await api.calls())
        cpu, emulator = cpu_seconds(), cpu_seconds(emulator_pid)
        process.stdin.write(f"{GO}\n".encode())
        result = json.loads((await said(process, RESULT, options.seconds + 120))[len(RESULT):])
        cpu, emulator = cpu_seconds() - cpu, cpu_seconds(emulator_pid) - emulator
        calls = Counter(f"{c['method']} {c['route']}"
                        for c in (await api.calls())[first_call:] if "route" in c)
    result.update(bot_cpu=cpu, emulator_cpu=emulator, calls=dict(calls))
    return result


def report(result: dict[str, Any], options: argparse.Namespace) -> list[str]:
    clicks = max(result["clicks"], 1)
    p50, p90, p99 = result["ack_ms"]
    return [
        f"tables {options.tables} × {options.people} people, think {options.think}s, "
        f"window {options.seconds}s",
        f"clicks                   {result['clicks']} ({result['clicks'] / options.seconds:.1f}/s)",
        f"ack ms p50/p90/p99       {p50:.1f} / {p90:.1f} / {p99:.1f}",
        f"CPU in the window        bot {result['bot_cpu']:.1f} s, people {result['cpu']:.1f} s, "
        f"emulator {result['emulator_cpu']:.1f} s",
        f"bot CPU per click        {result['bot_cpu'] / clicks * 1e3:.2f} ms  (discord.py alone: "
        "the floor under bench.bot_load's bot CPU per human action)",
        "REST calls by route (per click):",
        *(f"  {n:7} {n / clicks:5.2f}  {route}"
          for route, n in sorted(result["calls"].items(), key=lambda kv: -kv[1])),
    ]


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.dpy_floor", description=__doc__)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--people", type=int, default=4, help="people at each table")
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds before each click (uniform 0.5x-1.5x)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--people-of", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    options = parse(args)
    if options.people_of:
        result = asyncio.run(people(options.people_of, options))
        print(RESULT + json.dumps(result), flush=True)
        return 0
    print(f"machine check before: {machine_check_ms():.1f} ms", flush=True)
    print("\n".join(report(asyncio.run(run(options, args)), options)))
    print(f"machine check after: {machine_check_ms():.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
