"""Schema migrations, one list for every backend.

Step n (1-based) upgrades a database from version n-1 to n. Steps only ever get appended:
a released step is never edited, since databases in the field already ran it. Each step says
the same thing (tables, indexes, constraints) in each backend's SQL; where the SQL is the same,
both hold the same text.

SQLite keeps its version in `PRAGMA user_version`, PostgreSQL in the one-row table
`schema_version` (bot/storage/postgres.py). Version 0 is an empty database. Version 1 is the
`bot_meta` table that bot/command_sync.py creates; SQLite files written before the store existed
have that table but still say user_version 0, which is why step 1 is idempotent
(`IF NOT EXISTS`) and keeps whatever is in the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import aiosqlite

from .base import SchemaTooNew
from .sql import transaction

Backend = Literal["sqlite", "postgres"]


@dataclass(frozen=True)
class Step:
    """One schema version, as each backend writes it."""

    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]

    @classmethod
    def same(cls, *statements: str) -> Step:
        return cls(sqlite=statements, postgres=statements)

    def statements(self, backend: Backend) -> tuple[str, ...]:
        return self.sqlite if backend == "sqlite" else self.postgres


# Statements that read the same in both dialects.
# The database itself refuses a second active game in a channel, so two concurrent creates (even
# from two processes) cannot both win.
_ACTIVE_CHANNEL = """CREATE UNIQUE INDEX games_active_channel ON games (channel_id)
            WHERE status IN ('lobby', 'running')"""
_GAMES_STATUS = "CREATE INDEX games_status ON games (status, updated_at)"
_GAMES_GUILD = "CREATE INDEX games_guild_status ON games (guild_id, status, updated_at)"
_FINISHED_GUILD = "CREATE INDEX finished_games_guild ON finished_games (guild_id, game, ended_at)"
_SEATS_IDENTITY = ("CREATE INDEX seat_results_identity ON seat_results"
                   " (guild_id, game, identity, ended_at)")
_RATINGS_BOARD = "CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal)"

STEPS: tuple[Step, ...] = (
    # 1: key/value metadata, exactly as bot/command_sync.py creates it.
    Step.same("CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
    # 2: games and their action logs.
    Step(
        sqlite=(
            # AUTOINCREMENT so an id is never reused, even after the newest game is deleted by
            # hand: ids appear in custom_ids of buttons that may still be on screen.
            """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            record TEXT NOT NULL
        )""",
            _ACTIVE_CHANNEL,
            _GAMES_STATUS,
            _GAMES_GUILD,
            """CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            pid TEXT NOT NULL,
            user_id INTEGER,
            by TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, version)
        ) WITHOUT ROWID""",
        ),
        postgres=(
            # An identity column's sequence never goes back: ids are never reused either.
            # Discord ids need 64 bits; times are epoch seconds as SQLite's REAL.
            """CREATE TABLE games (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            guild_id BIGINT,
            channel_id BIGINT NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            record TEXT NOT NULL
        )""",
            _ACTIVE_CHANNEL,
            _GAMES_STATUS,
            _GAMES_GUILD,
            # "by" is a reserved word in PostgreSQL: quoted here and in every query.
            """CREATE TABLE actions (
            game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            pid TEXT NOT NULL,
            user_id BIGINT,
            "by" TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            action TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, version)
        )""",
        ),
    ),
    # 3: ended games kept for history, replays, stats and ratings (bot/history.py).
    Step(
        sqlite=(
            # guild_id 0: a game outside a server. `summary` is the FinishedGame without its
            # rounds, which only a replay reads.
            """CREATE TABLE finished_games (
            game_id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            counted INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            summary TEXT NOT NULL,
            rounds TEXT NOT NULL
        )""",
            _FINISHED_GUILD,
            """CREATE TABLE seat_results (
            game_id INTEGER NOT NULL,
            pid TEXT NOT NULL,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            identity TEXT NOT NULL,
            rank INTEGER NOT NULL,
            score INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            rating REAL,
            roles TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (game_id, pid)
        ) WITHOUT ROWID""",
            _SEATS_IDENTITY,
            """CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            identity TEXT NOT NULL,
            name TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            ordinal REAL NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (guild_id, game, identity)
        ) WITHOUT ROWID""",
            _RATINGS_BOARD,
        ),
        postgres=(
            """CREATE TABLE finished_games (
            game_id BIGINT PRIMARY KEY,
            guild_id BIGINT NOT NULL,
            game TEXT NOT NULL,
            counted INTEGER NOT NULL,
            ended_at DOUBLE PRECISION NOT NULL,
            summary TEXT NOT NULL,
            rounds TEXT NOT NULL
        )""",
            _FINISHED_GUILD,
            """CREATE TABLE seat_results (
            game_id BIGINT NOT NULL,
            pid TEXT NOT NULL,
            guild_id BIGINT NOT NULL,
            game TEXT NOT NULL,
            identity TEXT NOT NULL,
            rank INTEGER NOT NULL,
            score INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            ended_at DOUBLE PRECISION NOT NULL,
            rating DOUBLE PRECISION,
            roles TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (game_id, pid)
        )""",
            _SEATS_IDENTITY,
            """CREATE TABLE ratings (
            guild_id BIGINT NOT NULL,
            game TEXT NOT NULL,
            identity TEXT NOT NULL,
            name TEXT NOT NULL,
            mu DOUBLE PRECISION NOT NULL,
            sigma DOUBLE PRECISION NOT NULL,
            ordinal DOUBLE PRECISION NOT NULL,
            games INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (guild_id, game, identity)
        )""",
            _RATINGS_BOARD,
        ),
    ),
    # 4: a channel's games, newest first (`/<game> score` after the end: the last one's result).
    Step.same("CREATE INDEX games_channel ON games (channel_id, id)"),
    # 5: which process drives each shard's games, until when (bot/shards.py).
    Step(
        sqlite=("""CREATE TABLE shard_leases (
            shard_count INTEGER NOT NULL,
            shard_id INTEGER NOT NULL,
            owner TEXT NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (shard_count, shard_id)
        ) WITHOUT ROWID""",),
        postgres=("""CREATE TABLE shard_leases (
            shard_count INTEGER NOT NULL,
            shard_id INTEGER NOT NULL,
            owner TEXT NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (shard_count, shard_id)
        )""",),
    ),
)

SCHEMA_VERSION = len(STEPS)


def pending(found: int, target: int, backend: Backend) -> list[str]:
    """The statements that take a database from version `found` to `target`. SchemaTooNew if
    `found` is newer than this code, so an older bot never writes to a schema it does not
    know; ValueError for a target that is no version."""
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"no schema version {target}")
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(found, SCHEMA_VERSION)
    return [sql for step in STEPS[found:target] for sql in step.statements(backend)]


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the SQLite database up to `target` in one transaction; returns the version it was
    at. `db` must be in autocommit mode (isolation_level=None)."""
    pending(0, target, "sqlite")  # an unknown target is refused before anything starts

    async def upgrade(db: aiosqlite.Connection) -> int:
        # Read inside the write transaction: another process may have just migrated.
        found = await schema_version(db)
        for statement in pending(found, target, "sqlite"):
            await db.execute(statement)
        if target > found:
            # PRAGMA takes no parameters; target is an int checked above.
            await db.execute(f"PRAGMA user_version = {int(target)}")
        return found

    return await transaction(db, upgrade)
