"""Snowflake ids and timestamps shaped like Discord's, so discord.py's `created_at` works."""

from __future__ import annotations

import datetime
import itertools
import secrets
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    def __init__(self) -> None:
        self._counter = itertools.count()

    def next(self) -> int:
        now_ms = int(time.time() * 1000)
        return ((now_ms - DISCORD_EPOCH_MS) << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def new_token(prefix: str) -> str:
    return f"{prefix}.{secrets.token_urlsafe(24)}"
