"""Scripted people who keep clicking while the bot process is killed and restarted, and what
they were shown: each click and its answer, kept to judge against the stored log afterwards
(tests/e2e/test_faults_aimed.py, test_faults_powercut.py, test_shards_kill.py and
bench.shard_faults). Now and then a person presses Act twice and, after a move on the second
panel, presses the first one's button for a move that is legal now: only its version says it
is old."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any

from bot.records import ActionEntry
from cogs.citadels.actions_ui import SPEC
from fakediscord import Emulator, Person, Ref
from fakediscord.testing import FakeDiscordError, InteractionResult, SeenMessage

from .people import forge_click, table

ACTION_ID = re.compile(r"cz:(\d+):(\d+):(?!s\.)(.+)")
ANY_ID = re.compile(r"cz:(\d+):(\d+):(.+)")  # buttons and selects


@dataclass
class Click:
    user: str
    message_id: str
    custom_id: str
    values: list[str] | None
    result: InteractionResult
    stale: bool = False  # pressed on a panel a later move made old, on purpose

    @property
    def game_and_version(self) -> tuple[int, int] | None:
        found = ANY_ID.fullmatch(self.custom_id)
        return (int(found[1]), int(found[2])) if found else None

    @property
    def action(self) -> dict[str, Any] | None:
        """The move the click asks for, where the id or the chosen value says it whole."""
        found = ANY_ID.fullmatch(self.custom_id)
        code = found[3] if found and not found[3].startswith("s.") else \
            (self.values[0] if self.values and len(self.values) == 1 else None)
        return SPEC.decode(code) if code else None


@dataclass
class Seat:
    person: Person
    channel: Ref
    rng: random.Random
    clicks: list[Click] = field(default_factory=list)
    panels: list[SeenMessage] = field(default_factory=list)  # every panel it was shown
    idle: asyncio.Event = field(default_factory=asyncio.Event)  # waiting for play to resume

    async def click(self, message: SeenMessage, component: dict[str, Any],
                    forged: bool = False, emulator: Emulator | None = None) -> Click | None:
        values = ([self.rng.choice(component["options"])["value"]]
                  if "options" in component else None)
        try:
            if forged:
                assert emulator is not None
                result = forge_click(emulator, self.person, message, component["custom_id"],
                                     component.get("values"))
                values = component.get("values")
            elif values is not None:
                result = await self.person.choose(message, values,
                                                  custom_id=component["custom_id"], wait=False)
            else:
                result = await self.person.click(message, custom_id=component["custom_id"],
                                                 wait=False)
        except (FakeDiscordError, AssertionError):
            return None  # the message changed meanwhile: Discord refuses such a click too
        click = Click(self.person.id, message.id, component["custom_id"], values, result)
        self.clicks.append(click)
        return click


async def answer(click: Click, timeout: float = 3.0) -> SeenMessage | None:
    """What the person was shown for the click, if anything."""
    try:
        await click.result.acknowledged(timeout=timeout)
        return await click.result.response(timeout=timeout)
    except AssertionError:
        return None


def shows_applied(click: Click, reply: SeenMessage | None) -> bool:
    """The answer is the panel after the move: no refusal text, and any action on it is built
    on a later version than the click was."""
    where = click.game_and_version
    if reply is None or reply.content or where is None:
        return False
    versions = [int(m[2]) for c in reply.buttons() + reply.selects()
                if (m := ACTION_ID.fullmatch(str(c.get("custom_id", ""))))]
    return all(v > where[1] for v in versions)


async def plays(seat: Seat, go: asyncio.Event, done: asyncio.Event, think: float = 0.0
                ) -> None:
    """Press Act on the table and click something the panel offers, while `go` is set; with
    `think`, a pause of about that many seconds before each look at the table
    (bench.shard_faults)."""
    while not done.is_set():
        if not go.is_set():
            seat.idle.set()
            await go.wait()
            seat.idle.clear()
        if think:  # also spares the emulator: reading the channel is its dearest call
            await asyncio.sleep(think * seat.rng.uniform(0.5, 1.5))
            if not go.is_set():
                continue
        message = await table(seat.person, seat.channel)
        act = next((b for b in message.buttons() if b["custom_id"].endswith(":act")),
                   None) if message else None
        if act is None or message is None:
            await asyncio.sleep(0.1)
            continue
        opened = await seat.click(message, act)
        panel = await answer(opened) if opened else None
        if panel is None:
            await asyncio.sleep(0.1)
            continue
        seat.panels.append(panel)
        # Now and then a second panel, as someone pressing Act twice: the first one is old
        # once a move is made on the second, and still shows buttons that look valid.
        twin = None
        if seat.rng.random() < 0.4 and (again := await seat.click(message, act)):
            twin, panel = panel, (await answer(again)) or panel
        choices = [c for c in panel.buttons() + panel.selects()
                   if ACTION_ID.fullmatch(str(c["custom_id"])) or ":s." in c["custom_id"]]
        if not choices or not go.is_set():
            await asyncio.sleep(0.05)
            continue
        click = await seat.click(panel, seat.rng.choice(choices))
        if click is not None and (reply := await answer(click)) is not None:
            seat.panels.append(reply)
            if twin is not None and shows_applied(click, reply):
                await press_old(seat, twin, reply, click)
        await asyncio.sleep(seat.rng.uniform(0.0, 0.03))


async def press_old(seat: Seat, old: SeenMessage, now: SeenMessage, made: Click) -> None:
    """On the old panel, a button for a move that is legal now (other than the one just made):
    only its version says it is old."""
    legal = {m[3] for c in now.buttons() if (m := ACTION_ID.fullmatch(str(c["custom_id"])))}
    made_code = made.custom_id.split(":", 3)[-1]
    fresh = await seat.person.message(old.id)
    looks_valid = [c for c in fresh.buttons() if (m := ACTION_ID.fullmatch(str(c["custom_id"])))
                   and m[3] in legal and m[3] != made_code]
    if looks_valid and (pressed := await seat.click(fresh, seat.rng.choice(looks_valid))):
        pressed.stale = True
        await answer(pressed)


async def shown_but_lost(seats: list[Seat], logs: dict[int, list[ActionEntry]]
                         ) -> tuple[int, list[str]]:
    """How many clicks people were shown applied, and those of them the log does not hold
    (by that person, at the version after the click's, the same move)."""
    by_version = {(g, e.version): e for g, log in logs.items() for e in log}
    shown, lost = 0, []
    for seat in seats:
        for click in seat.clicks:
            where = click.game_and_version
            if where is None or not shows_applied(click, await answer(click, 0.5)):
                continue
            shown += 1
            entry = by_version.get((where[0], where[1] + 1))
            if entry is None or entry.user_id != int(click.user) or (
                    click.action is not None and entry.action != click.action):
                lost.append(click.custom_id)
    return shown, lost


async def pause(go: asyncio.Event, seats: list[Seat]) -> None:
    """Stop the people's play and wait until none has a click under way."""
    go.clear()
    await asyncio.wait_for(asyncio.gather(*(s.idle.wait() for s in seats)), 30)


async def stop(bot: asyncio.subprocess.Process) -> None:
    """SIGKILL, unless a failpoint did it already."""
    if bot.returncode is None:
        bot.kill()
    await bot.wait()
