"""The history at scale: a store filled with finished games, then its queries timed.

    python -m bench.history [--games 10000] [--players 500] [--seed 1]

Fills a fresh SQLite store (synchronous=FULL, as the bot runs it) with `--games` finished
4-to-7-seat games among `--players` people and the three computer strengths on one server,
each recorded through `record_finished` with its OpenSkill update, as the bot does; then prints
p50/p95 of: recording one more game with its rating update, a leaderboard page with the
asker's own place, a player's stats (results and standing) and the recent-games list; and the
time to build a 7-player game's record from its action log (the replay the bot does once, off
the game's path, when the game ends).
Goals: leaderboard page ≤ 50 ms, stats ≤ 50 ms, recording ≤ 20 ms (p95).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from bench.storage import advance, new_record
from bot import history
from bot.finished import FinishedGame, SeatResult
from bot.records import ActionEntry
from bot.storage import SqliteStore, initial_state, open_store
from bot.ui import register
from cogs.citadels.ui import UI
from rules.citadels.cards import CHARACTERS

GAME = "citadels"
GUILD = 1
STRENGTHS = ("random", "basic", "expert")
ROLES = sorted(CHARACTERS)


def a_game(game_id: int, players: int, rng: random.Random) -> FinishedGame:
    people = rng.sample(range(1, players + 1), rng.randint(3, 6))
    identities = [f"user:{p}" for p in people] + [f"ai:{rng.choice(STRENGTHS)}"]
    scores = [rng.randint(5, 40) for _ in identities]
    order = sorted(range(len(identities)), key=lambda i: -scores[i])
    ranks = {i: order.index(i) + 1 for i in range(len(identities))}
    seats = [SeatResult(id=f"p{i + 1}", identity=who, name=who.replace("user:", "player "),
                        user_id=int(who[5:]) if who.startswith("user:") else None,
                        ai=None if who.startswith("user:") else who[3:],
                        rank=ranks[i], score=scores[i], breakdown={"districts": scores[i]},
                        roles=rng.choices(ROLES, k=8))
             for i, who in enumerate(identities)]
    rounds = [[{"type": "built", "player": s.id, "district": "manor"} for s in seats]
              for _ in range(8)]
    return FinishedGame(game_id=game_id, game=GAME, guild_id=GUILD, channel_id=game_id,
                        ended_reason="completed", seats=seats, rounds=rounds,
                        started_at=game_id * 600.0, ended_at=game_id * 600.0 + 1800)


async def timed(call: Callable[[], Awaitable[object]], times: int) -> list[float]:
    out = []
    for _ in range(times):
        start = time.perf_counter()
        await call()
        out.append((time.perf_counter() - start) * 1000)
    return out


def line(name: str, samples: list[float], goal: float | None) -> str:
    ordered = sorted(samples)
    p50 = ordered[len(ordered) // 2]
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    verdict = "" if goal is None else ("  ok" if p95 <= goal else f"  OVER {goal:g} ms")
    return f"{name:34} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms{verdict}"


async def fill(store: SqliteStore, games: int, players: int, rng: random.Random) -> float:
    start = time.perf_counter()
    for game_id in range(1, games + 1):
        await store.record_finished(a_game(game_id, players, rng), history.rate)
    return time.perf_counter() - start


async def run(games: int, players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="citadels-history-") as folder:
        store = await open_store(Path(folder) / "history.sqlite3")
        filled = await fill(store, games, players, rng)
        asker = f"user:{rng.randint(1, players)}"
        next_id = [games]

        async def record() -> None:
            next_id[0] += 1
            await store.record_finished(a_game(next_id[0], players, rng), history.rate)

        async def board() -> None:
            await store.leaderboard(GUILD, GAME, min_games=3, limit=10,
                                    offset=rng.randrange(0, 400, 10))
            await store.standing(GUILD, GAME, asker, min_games=3)

        async def stats() -> None:
            who = f"user:{rng.randint(1, players)}"
            await store.results(GUILD, GAME, who)
            await store.standing(GUILD, GAME, who, min_games=3)

        async def recent() -> None:
            await store.finished_games(GUILD, GAME, limit=10)

        out = [f"{games} games among {players} players filled in {filled:.1f} s "
               f"({filled / games * 1000:.2f} ms a game)"]
        out.append(line("record a game + rating update", await timed(record, 200), 20))
        out.append(line("leaderboard page + own place", await timed(board, 200), 50))
        out.append(line("stats (results + standing)", await timed(stats, 200), 50))
        out.append(line("recent games", await timed(recent, 200), None))
        await store.close()
    out.append(line("7-player record from its log", [built(seed + i) for i in range(20)], None))
    return out


def built(seed: int) -> float:
    """ms to build the kept record of a whole random 7-player game from its action log."""
    register(UI)  # rounds are the table's rounds
    record = new_record(1, seed, players=7)
    record.status, record.state, record.version = "running", initial_state(record), 1
    rng = random.Random(seed)
    entries: list[ActionEntry] = []
    while (entry := advance(record, rng)) is not None:
        entries.append(entry)
    start = time.perf_counter()
    history.finished_game(record, entries)
    return (time.perf_counter() - start) * 1000


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for text in asyncio.run(run(args.games, args.players, args.seed)):
        print(text, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
