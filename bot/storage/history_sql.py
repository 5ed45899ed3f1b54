"""The history's SQL, for both backends: ended games, their seats' results and the ratings they
move.

Each write function takes a `Db` inside the caller's transaction; the read queries are strings
with `?` placeholders (those that read JSON are built for the backend's dialect). The stores
wrap them with their locks, retries and pools.
"""

from __future__ import annotations

import json
from typing import Any

from bot.finished import FORMER, FinishedGame, RatingRow, ResultRow

from .base import Rate
from .connection import Db, JsonText


def _guild(guild_id: int | None) -> int:
    return guild_id or 0


async def record(db: Db, game: FinishedGame, rate: Rate, now: float) -> bool:
    """Keep `game` and, if it counts, move its players' ratings; False if it was kept before
    (the primary key makes recording exactly once, whoever tries again)."""
    summary = game.model_copy(update={"rounds": []}).model_dump_json()
    inserted = await db.execute(
        "INSERT INTO finished_games (game_id, guild_id, game, counted, ended_at, summary, rounds)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
        (game.game_id, _guild(game.guild_id), game.game, int(game.counted), game.ended_at,
         summary, json.dumps(game.rounds, separators=(",", ":"))))
    if inserted == 0:
        return False
    if not game.counted:
        return True
    guild = _guild(game.guild_id)
    who = sorted({s.identity for s in game.seats})
    marks = ", ".join("?" * len(who))
    current = {row[0]: (row[1], row[2]) for row in await db.fetch(
        f"SELECT identity, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND identity IN ({marks})", (guild, game.game, *who))}
    rated = rate(game, current)
    names = {s.identity: s.name for s in game.seats}
    placed = game.placed()  # who left is placed last: never a win, in ratings and stats
    wins = {s.identity for s in game.seats if placed.get(s.id) == 1}
    await db.executemany(
        "INSERT INTO ratings (guild_id, game, identity, name, mu, sigma, ordinal, games, wins,"
        " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, game,"
        " identity) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
        " sigma = excluded.sigma, ordinal = excluded.ordinal, games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
        [(guild, game.game, i, names[i], mu, sigma, mu - 3 * sigma, int(i in wins), now)
         for i, (mu, sigma) in rated.items()])
    await db.executemany(
        "INSERT INTO seat_results (game_id, pid, guild_id, game, identity, rank, score, seats,"
        " ended_at, rating, roles) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(game.game_id, s.id, guild, game.game, s.identity, placed[s.id], s.score or 0,
          len(game.seats), game.ended_at,
          rated[s.identity][0] - 3 * rated[s.identity][1] if s.identity in rated else None,
          ",".join(s.roles))
         for s in game.seats if s.id in placed])
    return True


def unrecorded(json_text: JsonText) -> str:
    return ("SELECT id FROM games WHERE status IN ('finished', 'cancelled')"
            " AND id NOT IN (SELECT game_id FROM finished_games)"
            f" AND {json_text('record', 'state')} IS NOT NULL ORDER BY id")


def _linked(json_text: JsonText) -> str:
    """The result message is posted after the game is kept: its id is read from the game's
    record."""
    return (f"SELECT f.summary, f.rounds, {json_text('g.record', 'result_message_id')}"
            " FROM finished_games f LEFT JOIN games g ON g.id = f.game_id")


def history(json_text: JsonText) -> str:
    return (_linked(json_text) + " WHERE f.guild_id = ? AND f.game = ?"
            " ORDER BY f.ended_at DESC LIMIT ? OFFSET ?")


def one_game(json_text: JsonText) -> str:
    return _linked(json_text) + " WHERE f.game_id = ?"


def finished(row: Any, rounds: bool) -> FinishedGame:
    summary, raw_rounds, result_message_id = row
    game = FinishedGame.model_validate_json(summary)
    linked = int(result_message_id) if result_message_id is not None else None  # JSON text
    update: dict[str, Any] = {"result_message_id": linked or game.result_message_id}
    if rounds:
        update["rounds"] = json.loads(raw_rounds)
    return game.model_copy(update=update)

BOARD = (
    "SELECT identity, name, mu, sigma, ordinal, games, wins FROM ratings"
    " WHERE guild_id = ? AND game = ? AND games >= ?"
    " ORDER BY ordinal DESC, identity LIMIT ? OFFSET ?")

BOARD_SIZE = "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND games >= ?"

ONE = ("SELECT identity, name, mu, sigma, ordinal, games, wins FROM ratings"
       " WHERE guild_id = ? AND game = ? AND identity = ?")

AHEAD = ("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND games >= ?"
         " AND (ordinal > ? OR (ordinal = ? AND identity < ?))")

RESULTS = (
    "SELECT game_id, rank, score, seats, ended_at, rating, roles FROM seat_results"
    " WHERE guild_id = ? AND game = ? AND identity = ? ORDER BY ended_at")


def rating_row(row: Any) -> RatingRow:
    identity, name, mu, sigma, ordinal, games, wins = row
    return RatingRow(identity=identity, name=name, mu=mu, sigma=sigma, ordinal=ordinal,
                     games=games, wins=wins)


def result_row(row: Any) -> ResultRow:
    game_id, rank, score, seats, ended_at, rating, roles = row
    return ResultRow(game_id=game_id, rank=rank, score=score, seats=seats, ended_at=ended_at,
                     rating=rating, roles=roles.split(",") if roles else [])


async def forget(db: Db, user_id: int) -> int:
    """Take a person out of the history: their ratings go; their seats stay, as a former
    player's, without name or id; returns how many ended games named them."""
    who = f"user:{user_id}"
    games = [row[0] for row in await db.fetch(
        "SELECT DISTINCT game_id FROM seat_results WHERE identity = ?"
        " UNION SELECT game_id FROM finished_games WHERE summary LIKE ?",
        (who, f'%"{who}"%'))]
    await db.execute("DELETE FROM ratings WHERE identity = ?", (who,))
    await db.execute("UPDATE seat_results SET identity = ? WHERE identity = ?", (FORMER, who))
    for game_id in games:
        rows = await db.fetch("SELECT summary FROM finished_games WHERE game_id = ?", (game_id,))
        if not rows:
            continue
        game = FinishedGame.model_validate_json(rows[0][0])
        seats = [s.model_copy(update={"identity": FORMER, "name": "", "user_id": None})
                 if s.identity == who else s for s in game.seats]
        await db.execute("UPDATE finished_games SET summary = ? WHERE game_id = ?",
                         (game.model_copy(update={"seats": seats}).model_dump_json(), game_id))
    await _unname_records(db, user_id)
    return len(games)


async def _unname_records(db: Db, user_id: int) -> None:
    """The ended games' own records keep no name of the person either."""
    rows = await db.fetch(
        "SELECT id, record FROM games WHERE status IN ('finished', 'cancelled')"
        " AND record LIKE ?", (f'%"user_id":{user_id}%',))
    for game_id, raw in rows:
        data = json.loads(raw)
        for seat in data.get("seats", []):
            if seat.get("user_id") == user_id:
                seat["name"] = ""
        await db.execute("UPDATE games SET record = ? WHERE id = ?",
                         (json.dumps(data, separators=(",", ":")), game_id))
