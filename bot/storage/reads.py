"""What both stores share: the rows they write, and every read, in SQL both dialects accept.

A store subclasses `SqlStore` and supplies `open`, `close`, `_fetch` (one query, `?`
placeholders), `_change` if its writes go elsewhere than its reads, and its dialect's
`json_text`; the writes, where the backends differ most, stay in each store.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Iterable, Sequence
from typing import Any, Self

from bot.finished import FinishedGame, RatingRow, ResultRow
from bot.records import ACTIVE, STORED, ActionEntry, GameRecord

from . import history_sql as history
from .connection import JsonText

ACTIVE_SQL = "status IN ({})".format(", ".join(f"'{s}'" for s in ACTIVE))
GAME_COLUMNS = "guild_id, channel_id, status, version, created_at, updated_at, record"
# "by" is quoted: a reserved word in PostgreSQL, an ordinary quoted name in SQLite.
ACTION_COLUMNS = 'game_id, version, pid, user_id, "by", engine_version, action, at'
INSERT_ACTION = f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
UPDATE_GAME = (
    "UPDATE games SET guild_id = ?, channel_id = ?, status = ?, version = ?, created_at = ?, "
    "updated_at = ?, record = ? WHERE id = ? AND version = ?"
)
HOLDER = f"SELECT id FROM games WHERE channel_id = ? AND {ACTIVE_SQL}"
STORED_VERSION = "SELECT version FROM games WHERE id = ?"
SET_META = ("INSERT INTO bot_meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value")
DELETE_META = "DELETE FROM bot_meta WHERE key = ?"

Row = Sequence[Any]


class SqlStore:
    """What every SQL store does the same way: `async with`, and the store protocol's reads."""

    json_text: JsonText

    async def open(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _fetch(self, query: str, params: Iterable[Any] = ()) -> Sequence[Row]:
        raise NotImplementedError

    async def _change(self, query: str, params: Iterable[Any] = ()) -> None:
        """One statement that writes (a store whose reads go elsewhere sends it to its writer)."""
        await self._fetch(query, params)

    async def get(self, game_id: int) -> GameRecord | None:
        rows = await self._fetch("SELECT record FROM games WHERE id = ?", (game_id,))
        return records(rows)[0] if rows else None

    async def last_finished(self, channel_id: int) -> GameRecord | None:
        """The newest game played to its end in `channel_id` (the thread it was played in, or
        the channel itself)."""
        rows = await self._fetch(
            "SELECT record FROM games WHERE channel_id = ? AND status = 'finished'"
            " ORDER BY id DESC LIMIT 1", (channel_id,))
        return records(rows)[0] if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every lobby and running game, oldest first: what a restarted bot resumes."""
        rows = await self._fetch(f"SELECT record FROM games WHERE {ACTIVE_SQL} ORDER BY id")
        return records(rows)

    async def actions(self, game_id: int) -> list[ActionEntry]:
        rows = await self._fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY version",
            (game_id,),
        )
        return [action_entry(row) for row in rows]

    async def get_meta(self, key: str) -> str | None:
        rows = await self._fetch("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    # -- shard leases ---------------------------------------------------------------------------

    async def claim_shards(self, owner: str, shard_count: int, shards: Sequence[int], *,
                           until: float, now: float, replacing: Sequence[str] = ()
                           ) -> dict[int, tuple[str, float]]:
        """Take or renew `owner`'s lease on each of `shards` until `until`, where it is free,
        already `owner`'s, expired at `now`, or held by one of `replacing` (holders known to be
        dead). Returns every lease of this shard count: shard -> (holder, expiry)."""
        if shards:
            rows = ", ".join("(?, ?, ?, ?)" for _ in shards)
            others = ", ".join("?" for _ in replacing) or "NULL"
            await self._change(
                f"INSERT INTO shard_leases (shard_count, shard_id, owner, expires_at) VALUES {rows}"
                " ON CONFLICT (shard_count, shard_id) DO UPDATE SET owner = excluded.owner,"
                " expires_at = excluded.expires_at WHERE shard_leases.owner = excluded.owner"
                f" OR shard_leases.expires_at < ? OR shard_leases.owner IN ({others})",
                (*(v for shard in shards for v in (shard_count, shard, owner, until)),
                 now, *replacing))
        found = await self._fetch("SELECT shard_id, owner, expires_at FROM shard_leases"
                                  " WHERE shard_count = ?", (shard_count,))
        return {int(shard): (str(holder), float(expiry)) for shard, holder, expiry in found}

    async def release_shards(self, owner: str) -> None:
        """Give up every lease `owner` holds (a clean stop), so the next process need not wait
        for them to expire."""
        await self._change("DELETE FROM shard_leases WHERE owner = ?", (owner,))

    # -- history ------------------------------------------------------------------------------

    async def unrecorded_games(self) -> list[int]:
        """Ended games that were played but are not kept yet (the bot stopped in between)."""
        return [int(row[0]) for row in await self._fetch(history.unrecorded(self.json_text))]

    async def finished_game(self, game_id: int) -> FinishedGame | None:
        rows = await self._fetch(history.one_game(self.json_text), (game_id,))
        return history.finished(rows[0], rounds=True) if rows else None

    async def finished_games(self, guild_id: int | None, game: str, *, limit: int,
                             offset: int = 0) -> list[FinishedGame]:
        """A server's ended games of one game, newest first, without their rounds."""
        rows = await self._fetch(history.history(self.json_text),
                                 (guild_id or 0, game, limit, offset))
        return [history.finished(row, rounds=False) for row in rows]

    async def leaderboard(self, guild_id: int | None, game: str, *, min_games: int,
                          limit: int, offset: int = 0) -> tuple[list[RatingRow], int]:
        """A page of a server's ratings, best first, and how many there are in all."""
        params = (guild_id or 0, game, min_games)
        rows = await self._fetch(history.BOARD, (*params, limit, offset))
        [(total,)] = await self._fetch(history.BOARD_SIZE, params)
        return [history.rating_row(r) for r in rows], int(total)

    async def standing(self, guild_id: int | None, game: str, identity: str, *,
                       min_games: int) -> tuple[int | None, RatingRow | None]:
        """An identity's place on the leaderboard (None below the minimum) and rating."""
        rows = await self._fetch(history.ONE, (guild_id or 0, game, identity))
        if not rows:
            return None, None
        row = history.rating_row(rows[0])
        if row.games < min_games:
            return None, row
        [(ahead,)] = await self._fetch(history.AHEAD, (guild_id or 0, game, min_games,
                                                       row.ordinal, row.ordinal, identity))
        return int(ahead) + 1, row

    async def results(self, guild_id: int | None, game: str, identity: str
                      ) -> list[ResultRow]:
        """Every counted game of an identity on a server, oldest first."""
        rows = await self._fetch(history.RESULTS, (guild_id or 0, game, identity))
        return [history.result_row(r) for r in rows]


def check_save(record: GameRecord, expected_version: int, action: ActionEntry | None) -> None:
    """Programming errors that would silently break the version guard or the log."""
    # A save without an action may keep the version: it records bot metadata (message ids)
    # that must not make the players' panels stale.
    same_ok = action is None and record.version == expected_version
    if record.version != expected_version + 1 and not same_ok:
        raise ValueError(
            f"game {record.id}: saving version {record.version} over {expected_version}; "
            "bump the version by one per change"
        )
    if action is not None and (action.game_id, action.version) != (record.id, record.version):
        raise ValueError(
            f"action for game {action.game_id} v{action.version} saved with game {record.id} "
            f"v{record.version}"
        )


def game_columns(r: GameRecord) -> tuple[Any, ...]:
    return (r.guild_id, r.channel_id, r.status, r.version, r.created_at, r.updated_at)


def records(rows: Iterable[Row]) -> list[GameRecord]:
    # Parsing a thousand games at start-up makes objects that all stay alive, so the cyclic
    # collector's passes meanwhile free nothing; pausing it cuts the load by about a third.
    # Nothing else runs on the event loop meanwhile (no await here).
    paused = gc.isenabled()
    gc.disable()
    try:
        return [GameRecord.model_validate_json(row[0], context=STORED) for row in rows]
    finally:
        if paused:
            gc.enable()


def action_row(a: ActionEntry) -> tuple[Any, ...]:
    action = json.dumps(a.action, separators=(",", ":"))
    return (a.game_id, a.version, a.seat, a.user_id, a.by, a.engine_version, action, a.at)


def action_entry(row: Row) -> ActionEntry:
    game_id, version, seat, user_id, by, engine_version, action, at = row
    return ActionEntry(
        game_id=game_id, version=version, seat=seat, user_id=user_id, by=by,
        engine_version=engine_version, action=json.loads(action), at=at,
    )
