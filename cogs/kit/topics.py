"""`/<game> rules [<topic>]`, generated for a game whose rules have topics (Citadels' cards,
Catan's progress cards and tracks): one parameter (`GameCommands.rules_topic` names it: its
texts are `commands.<game>.rules.<name>.*`) offered while typing from the cog's `topics`, and
answered by the cog's `answer_topic` (cogs/commands.py)."""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from .new import localized, method, offer


def command(cls: type, game_id: str, topic: str) -> app_commands.Command[Any, ..., Any]:
    """The `rules` command of the cog class `cls`, whose parameter `topic` names a topic."""
    text = localized()

    async def rules(self: Any, interaction: discord.Interaction, given: dict[str, Any]) -> None:
        await self.answer_topic(interaction, given.get(topic))

    func = method(cls, "rules", [inspect.Parameter(topic, inspect.Parameter.KEYWORD_ONLY,
                                                   default=None, annotation=str | None)], rules)
    func = app_commands.describe(**{topic: text(f"{game_id}.rules.{topic}.description")})(
        app_commands.rename(**{topic: text(f"{game_id}.rules.{topic}.name")})(func))
    cmd: app_commands.Command[Any, ..., Any] = app_commands.command(
        name=text(f"{game_id}.rules.name"), description=text(f"{game_id}.rules.description"))(func)
    cmd.autocomplete(topic)(offer(cls, "topic_choices"))
    return cmd
