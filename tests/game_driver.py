"""Scripted people playing Citadels through the bot's messages, as a user would: they read the
channel, press "Act" on the table, and click one of the buttons or selects their panel offers."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from fakediscord import Person, Ref
from fakediscord.testing import SeenMessage


def has_button(message: SeenMessage, suffix: str) -> bool:
    return any(str(b.get("custom_id", "")).endswith(suffix) for b in message.buttons())


async def table(person: Person, channel: Ref) -> SeenMessage | None:
    """The newest table message: the one with the "Act" button."""
    for message in reversed(await person.sees(channel)):
        if not message.ephemeral and has_button(message, ":act") and message.embeds:
            return message
    return None


async def lobby(person: Person, channel: Ref) -> SeenMessage:
    for message in reversed(await person.sees(channel)):
        if has_button(message, ":lobby.join"):
            return message
    raise AssertionError("no lobby in the channel")


async def click_id(person: Person, message: SeenMessage, suffix: str) -> SeenMessage:
    button = next(b for b in message.buttons() if str(b["custom_id"]).endswith(suffix))
    result = await person.click(message, custom_id=button["custom_id"])
    assert not result.failed
    return await result.response()


@dataclass
class Player:
    """A scripted person: picks uniformly among the components of their panel."""

    person: Person
    rng: random.Random
    actions: int = 0
    panels: list[SeenMessage] = field(default_factory=list)

    async def open_panel(self, channel: Ref) -> SeenMessage | None:
        message = await table(self.person, channel)
        if message is None:
            return None
        panel = await click_id(self.person, message, ":act")
        self.panels.append(panel)
        return panel

    async def play(self, panel: SeenMessage) -> SeenMessage:
        """One decision on `panel`; returns the updated panel."""
        choices: list[tuple[str, dict]] = [("button", b) for b in panel.buttons()]
        choices += [("select", s) for s in panel.selects()]
        assert choices, "a panel with nothing to do"
        kind, component = self.rng.choice(choices)
        if kind == "button":
            result = await self.person.click(panel, custom_id=component["custom_id"])
        else:
            options = [o["value"] for o in component["options"]]
            count = self.rng.randint(component.get("min_values", 1),
                                     min(component.get("max_values", 1), len(options)))
            values = self.rng.sample(options, count)
            result = await self.person.choose(panel, values, custom_id=component["custom_id"])
        assert not result.failed
        self.actions += 1
        updated = await result.response()
        self.panels.append(updated)
        return updated


async def wait_for_turn(people: dict[str, Player], channel: Ref, over: Callable[[], bool],
                        timeout: float = 30.0) -> tuple[Player, SeenMessage] | None:
    """Someone whose panel has something to do, found by pressing "Act"; None once `over()`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if over():
            return None
        for player in people.values():
            panel = await player.open_panel(channel)
            if panel is not None and (panel.buttons() or panel.selects()):
                return player, panel
        await asyncio.sleep(0.05)
    raise AssertionError("nobody got a decision in time")
