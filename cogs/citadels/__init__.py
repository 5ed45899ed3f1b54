"""Citadels' Discord UI: its command group, table and panel renderers, components and texts."""

from __future__ import annotations

from typing import Any


async def setup(bot: Any) -> None:
    """The discord.py extension entry point (imported late: the cog imports the platform's)."""
    from .cog import setup as setup_cog

    await setup_cog(bot)
