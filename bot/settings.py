"""Runtime settings, read from the environment or a `.env` file (see `.env.example`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

Language = Literal["en", "es"]
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, description="Bot token")
    database_path: Path = Field(default=Path("citadels.sqlite3"), description="SQLite file")
    database_url: SecretStr | None = Field(
        default=None,
        description="PostgreSQL server for games and history (postgresql://user:password@host/db)"
                    "; when unset, the SQLite file")
    dev_guild_id: int | None = Field(
        default=None, description="Guild whose commands are synced at every start (development)"
    )
    sync_commands: bool = Field(
        default=False, description="Force a global command sync even if the tree is unchanged"
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    default_language: Language = Field(
        default="en", description="Language for texts that have no user locale (public messages)"
    )

    turn_limit: int = Field(
        default=0, ge=0, le=72 * 60,
        description="Server default minutes per decision, up to 3 days (0: no limit)"
    )
    ping_after: int | None = Field(
        default=20, ge=0, le=3600,
        description="Default seconds a turn waits before its player is mentioned (0: at once); "
                    "servers choose their own with /<game> defaults")
    pictures: bool = Field(
        default=True, description="Default for servers: the table and the result come with a "
                                  "picture too; servers choose with /<game> defaults")
    painter: Literal["process", "thread"] = Field(
        default="process",
        description="Where pictures are drawn: in a process of their own (their CPU off the "
                    "bot's event loop and its process) or in a thread of the bot's process")
    computer_pause: float = Field(
        default=1.5, ge=0, le=10, description="Seconds a computer player waits before acting"
    )
    public_messages: Literal["tokens", "channel"] = Field(
        default="tokens",
        description="How tables, mentions and results travel: on the interaction tokens that "
                    "people's clicks lend (outside Discord's global rate limit; clients draw "
                    "them as replies to a click), or on the channel's routes only (plain "
                    "messages, inside the global limit: tables lag under load)")

    shard_count: int | None = Field(
        default=None, ge=1, le=10_000,
        description="Shards of the whole bot, the same in every process; unset: one process, "
                    "one connection")
    shard_ids: list[int] | None = Field(
        default=None, description="The shards this process runs (e.g. [0,1]); unset: all")
    lease_seconds: float = Field(
        default=30.0, ge=2, le=600,
        description="How long a process's hold on its shards lasts without renewal: how soon "
                    "another process takes over the games of one that was killed elsewhere")
    metrics_port: int | None = Field(
        default=None, ge=0, le=65535,
        description="Serve Prometheus metrics at /metrics and a /health check on this port "
                    "(0: any free port); unset: off")
    metrics_host: str = Field(
        default="127.0.0.1", description="The address the metrics endpoint listens on "
                                         "(0.0.0.0 for every interface)")

    @model_validator(mode="after")
    def _shards_in_range(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("shard_ids needs shard_count")
            if not self.shard_ids or any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"shard_ids must be between 0 and {self.shard_count - 1}")
        return self

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        """Blank is unset; anything else must be a PostgreSQL URL."""
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        if text is None or (isinstance(text, str) and not text.strip()):
            return None
        if not isinstance(text, str) or not text.strip().startswith(POSTGRES_SCHEMES):
            raise ValueError("must be a postgresql:// URL; leave it empty to use DATABASE_PATH")
        return text.strip()

    def database(self) -> Path | str:
        """Where the store lives: DATABASE_URL when set, else the SQLite file (bot.storage's
        open_store tells them apart)."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path

    def token(self) -> str | None:
        """The token, or None when it is missing or blank."""
        if self.discord_token is None:
            return None
        return self.discord_token.get_secret_value().strip() or None
