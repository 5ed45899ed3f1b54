"""Schema migrations, tracked in `PRAGMA user_version`.

Step n (1-based) upgrades a database from version n-1 to n. Steps only ever get appended:
a released step is never edited, since files in the field already ran it.

Version 0 is an empty file. Version 1 is the `bot_meta` table that bot/command_sync.py creates;
files written before the store existed have that table but still say user_version 0, which is
why step 1 is idempotent (`IF NOT EXISTS`) and keeps whatever is in the table.
"""

from __future__ import annotations

import aiosqlite

from .base import SchemaTooNew
from .sql import transaction

STEPS: tuple[tuple[str, ...], ...] = (
    # 1: key/value metadata, exactly as bot/command_sync.py creates it.
    ("CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",),
    # 2: games and their action logs.
    (
        # AUTOINCREMENT so an id is never reused, even after the newest game is deleted by hand:
        # ids appear in custom_ids of buttons that may still be on screen.
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
        # The database itself refuses a second active game in a channel, so two concurrent
        # creates (even from two processes) cannot both win.
        """CREATE UNIQUE INDEX games_active_channel ON games (channel_id)
            WHERE status IN ('lobby', 'running')""",
        "CREATE INDEX games_status ON games (status, updated_at)",
        "CREATE INDEX games_guild_status ON games (guild_id, status, updated_at)",
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
    # 3: ended games kept for history, replays, stats and ratings (bot/history.py).
    (
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
        "CREATE INDEX finished_games_guild ON finished_games (guild_id, game, ended_at)",
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
        "CREATE INDEX seat_results_identity ON seat_results (guild_id, game, identity, ended_at)",
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
        "CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal)",
    ),
)

SCHEMA_VERSION = len(STEPS)


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target` in one transaction; returns the version it was at.

    `db` must be in autocommit mode (isolation_level=None). SchemaTooNew if the file is newer
    than this code, so an older bot never writes to a schema it does not know.
    """
    if not 0 <= target <= SCHEMA_VERSION:
        raise ValueError(f"no schema version {target}")

    async def upgrade(db: aiosqlite.Connection) -> int:
        # Read inside the write transaction: another process may have just migrated.
        found = await schema_version(db)
        if found > SCHEMA_VERSION:
            raise SchemaTooNew(found, SCHEMA_VERSION)
        for version in range(found + 1, target + 1):
            for statement in STEPS[version - 1]:
                await db.execute(statement)
        if target > found:
            # PRAGMA takes no parameters; target is an int checked above.
            await db.execute(f"PRAGMA user_version = {int(target)}")
        return found

    return await transaction(db, upgrade)
