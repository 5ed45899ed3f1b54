"""Scenarios of powers played through the bot's panels, and the action types they made."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.client import GameBot
from fakediscord import Discord
from tests.fakediscord_fixtures import Table

Scenario = Callable[[GameBot, Discord, Table], Awaitable[set[str]]]


class Scenarios:
    """A module's scenarios (registered with the instance as a decorator) and, for those that
    ran, the action types each made through clicks."""

    def __init__(self) -> None:
        self.all: dict[str, Scenario] = {}
        self.ran: dict[str, set[str]] = {}

    def __call__(self, func: Scenario) -> Scenario:
        self.all[func.__name__] = func
        return func

    async def run(self, name: str, bot: GameBot, discord_api: Discord, table: Table) -> None:
        """One scenario, which must leave no failed interaction and no API error."""
        self.ran[name] = await self.all[name](bot, discord_api, table)
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []

    async def made(self, bot: GameBot, discord_api: Discord, table: Table) -> set[str]:
        """The action types all scenarios made (those not run yet are run here)."""
        for name, run in self.all.items():
            if name not in self.ran:
                self.ran[name] = await run(bot, discord_api, table)
        return set().union(*self.ran.values())
