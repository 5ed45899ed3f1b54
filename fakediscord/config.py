"""Emulator settings: Discord's real limits by default, adjustable for tests and benchmarks."""

from __future__ import annotations

from dataclasses import dataclass, fields

# View channels, send messages, embed links, attach files, read history, create public threads,
# send messages in threads: what the README asks server owners to grant.
DEFAULT_BOT_PERMISSIONS = ((1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35)
                           | (1 << 38))


@dataclass
class Config:
    token: str = "fake-bot-token"
    bot_name: str = "Citadels"
    ack_deadline: float = 3.0
    token_ttl: float = 15 * 60.0
    heartbeat_interval_ms: int = 41_250
    # (requests, seconds) per window
    channel_message_rate: tuple[int, float] = (5, 5.0)
    webhook_rate: tuple[int, float] = (5, 2.0)
    route_rate: tuple[int, float] = (50, 1.0)
    global_rate: tuple[int, float] = (50, 1.0)
    rate_limits: bool = True
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS
    resume_buffer: int = 2_000
    attachment_size_limit: int = 10 * 1024 * 1024  # bytes per file (an unboosted server's)
    recommended_shards: int = 1  # what GET /gateway/bot tells a bot that asks for a shard count

    def update(self, **changes: object) -> None:
        known = {f.name for f in fields(self)}
        for name, value in changes.items():
            if name not in known:
                raise ValueError(f"unknown config field {name!r}")
            if isinstance(value, list):
                value = tuple(value)
            setattr(self, name, value)

    def as_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "token"}
