"""A loopback emulator of Discord's REST API and gateway, for testing a real discord.py bot.

`Emulator` is the server; `Discord` and `Person` are the test-side API; `run_client` runs a
discord.py client against the emulator; `point_discord_at` redirects discord.py to it.
"""

from fakediscord.config import Config
from fakediscord.patch import discord_pointed_at, point_discord_at
from fakediscord.server import Emulator
from fakediscord.testing import (
    Discord,
    FakeDiscordError,
    InteractionResult,
    Person,
    Ref,
    SeenMessage,
    run_client,
)

__all__ = [
    "Config",
    "Discord",
    "Emulator",
    "FakeDiscordError",
    "InteractionResult",
    "Person",
    "Ref",
    "SeenMessage",
    "discord_pointed_at",
    "point_discord_at",
    "run_client",
]
