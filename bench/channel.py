"""What a finished game leaves in its channel: whole games of scripted people (and computer
players) through the real bot on the emulator, at machine speed, then counted.

    python -m bench.channel [--players 4 7] [--humans 3] [--ping-after S] [--seed N]

For each player count it prints the bot's messages left in the channel (and the thread, if the
game moved to one), those that still carry components, those that still mention someone, the
rounds played, and the bot's REST calls by kind (posts, edits, deletes) over the game. The games
are opened through the service in the channel (no lobby message), everyone is mentioned at
every hand-over by default (`--ping-after 0`, the most mentions to clean up), and the people
click as fast as the bot answers.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.records import GameSettings
from bot.settings import Settings
from demo.people import Player, play_out, start_game
from fakediscord import Config, Discord, Emulator, run_client

EPHEMERAL = 1 << 6


async def one_game(players: int, humans: int, ping_after: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="citadels-channel-") as folder:
        settings = Settings.model_validate({
            "discord_token": Config.token, "database_path": Path(folder) / "bench.sqlite3",
            "log_level": "WARNING"})
        bot = GameBot(settings, computer_pause=0, guild_ready_timeout=0.05)
        async with Emulator(Config(rate_limits=False)) as emulator, run_client(bot, emulator):
            discord_api = Discord.local(emulator)
            guild = await discord_api.guild("Bench")
            people = [await discord_api.user(f"person{i}", guild=guild) for i in range(humans)]
            first_call = len(await discord_api.calls())
            game = await start_game(bot, discord_api, guild, "citadels", people,
                                    ("basic",) * (players - humans), seed=seed,
                                    settings=GameSettings(ping_after=ping_after))
            channel, host = game.channel, people[0]
            scripted = {seat: Player(person, random.Random(seed + i), hasty=0.2)
                        for i, (seat, person) in enumerate(game.people.items())}
            ended = await play_out(game, scripted)
            await bot.publisher.idle()
            assert bot.user is not None
            seen = [m for m in await host.sees(channel)
                    if m.data["author"]["id"] == str(bot.user.id)
                    and not int(m.data.get("flags") or 0) & EPHEMERAL]
            calls = [c for c in await discord_api.calls(first_call)
                     if c["route"].startswith("/channels/")]
            kinds = Counter(f"{c['method']}" for c in calls)
            return {
                "players": players, "humans": humans,
                "rounds": ended.state.round if ended.state is not None else 0,
                "left": len(seen),
                # Live components left, the result's Rematch button aside (meant to stay).
                "live": sum(1 for m in seen if m.selects() or any(
                    not b["custom_id"].endswith(":rematch") for b in m.buttons())),
                "mentions": sum(1 for m in seen if "<@" in m.content),
                "posts": kinds["POST"], "edits": kinds["PATCH"], "deletes": kinds["DELETE"],
            }


def line(result: dict[str, Any]) -> str:
    return (f"{result['players']} players ({result['humans']} people), {result['rounds']} "
            f"rounds: {result['left']} bot messages left, {result['live']} with live "
            f"components, {result['mentions']} with a mention; channel calls: "
            f"{result['posts']} posts, {result['edits']} edits, {result['deletes']} deletes")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.channel",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 7])
    parser.add_argument("--humans", type=int, default=3)
    parser.add_argument("--ping-after", type=int, default=0)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args(argv)
    for players in args.players:
        result = asyncio.run(one_game(players, min(args.humans, players), args.ping_after,
                                      args.seed))
        print(line(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
