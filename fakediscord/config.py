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
    # Rate limits, (requests, seconds) per window. Discord announces each bucket in the
    # X-RateLimit-* headers rather than documenting its figures; these are the published ones.
    # - Global: 50 requests a second per bot, all routes but interaction endpoints (callbacks,
    #   and follow-ups and edits through an interaction's token). Documented: Discord's
    #   "Rate Limits" page, "Global Rate Limit".
    global_rate: tuple[int, float] = (50, 1.0)
    # - Messages sent or edited in one channel: 5 per 5 s, commonly observed (Discord's
    #   announcement of the per-channel limit, discord/discord-api-docs#20, said 5/5 s).
    channel_message_rate: tuple[int, float] = (5, 5.0)
    # - A webhook's routes, and so an interaction token's (follow-up create, edit and delete,
    #   the original response's edit and delete): 5 per 2 s per token and route. Discord's
    #   staff in discord/discord-api-docs#367 ("it should be reporting 5/2" for webhooks);
    #   measured for follow-ups in discord/discord-api-docs#2701 ("5/2s per interaction"; staff:
    #   "identical to webhook rate limits", keyed by the interaction). Not modelled: the 30
    #   per 60 s per channel both issues also mention, which no one has measured for tokens.
    webhook_rate: tuple[int, float] = (5, 2.0)
    # - Any other route of a channel or a server: no published figure; a loose stand-in.
    route_rate: tuple[int, float] = (50, 1.0)
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
