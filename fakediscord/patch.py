"""Point an unmodified discord.py at the emulator (REST base and gateway URL)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import discord.gateway
import discord.http
import yarl


def point_discord_at(url: str) -> None:
    """Redirect REST (webhooks and interactions included) and the gateway to `url`."""
    base = url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        base.replace("http://", "ws://", 1) + "/ws"
    )


@contextlib.contextmanager
def discord_pointed_at(url: str) -> Iterator[None]:
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    point_discord_at(url)
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
