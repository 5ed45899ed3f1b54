"""Two bot processes' worth of shards on one PostgreSQL server: each drives only its servers'
games, and a rolling restart moves a shard to a new process without two ever driving it."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from pathlib import Path

from bot.client import GameBot, ShardedGameBot
from bot.service import awaiting
from bot.storage import open_store, replay_state
from fakediscord import Discord, Emulator, Person, Ref, run_client
from tests.fakediscord_fixtures import FAST_READY, bot_settings, guilds_on_shards
from tests.game_driver import Game, Player, click_id, lobby, play_out


def sharded(url: str, tmp_path: Path, shard: int) -> ShardedGameBot:
    settings = bot_settings(tmp_path / "unused.sqlite3", database_url=url, shard_count=2,
                            shard_ids=[shard])
    return ShardedGameBot(settings, computer_pause=0, **FAST_READY)


async def open_game(bot: GameBot, discord_api: Discord, guild: Ref, seed: int
                    ) -> tuple[Game, dict[str, Player]]:
    """A lobby opened by a slash command (so the emulator routes it to the guild's shard), a
    second person joining by button, a computer player, started."""
    channel = await discord_api.channel(guild, "table")
    host = await discord_api.user(f"host-{guild.id}", guild=guild)
    guest = await discord_api.user(f"guest-{guild.id}", guild=guild)
    await (await host.slash(channel, "citadels new", thread=False)).response()
    await click_id(guest, await lobby(host, channel), ":lobby.join")
    record = bot.service.in_channel(int(channel.id))
    assert record is not None, "the lobby is not with the bot of its server's shard"
    await bot.service.add_computer(record.id, int(host.id), "basic")
    change = await bot.service.start(record.id, int(host.id), seed=seed)
    by_user: dict[int, Person] = {int(host.id): host, int(guest.id): guest}
    people = {s.id: by_user[s.user_id] for s in change.record.seats if s.user_id}
    rng = random.Random(seed)
    players = {seat: Player(p, random.Random(rng.random()), hasty=4.0)
               for seat, p in people.items()}
    return Game(bot, record.id, channel, people), players


async def play_some(game: Game, players: dict[str, Player], decisions: int) -> None:
    for _ in range(decisions):
        await game.settle()
        record = game.bot.service.games[game.id]
        player = players[awaiting(record) or ""]
        panel = await player.open_panel(game.channel)
        assert panel is not None
        await player.play(panel)


async def test_shards_split_games_and_a_rolling_restart_moves_one(
        emulator: Emulator, discord_api: Discord, tmp_path: Path,
        postgres_schemas: Callable[[], str]):
    await discord_api.configure(rate_limits=False)
    url = postgres_schemas()
    guilds = {s: found[0] for s, found in (await guilds_on_shards(discord_api)).items()}
    first, old = sharded(url, tmp_path, 0), sharded(url, tmp_path, 1)
    async with contextlib.AsyncExitStack() as stack:
        await stack.enter_async_context(run_client(first, emulator))
        restarting = contextlib.AsyncExitStack()
        await restarting.enter_async_context(run_client(old, emulator))
        assert (await discord_api.gateway())["shards"] == [[0, 2], [1, 2]]
        games = [await open_game(bot, discord_api, guilds[s], seed=s + 1)
                 for s, bot in ((0, first), (1, old))]
        assert list(first.service.games) == [games[0][0].id]
        assert list(old.service.games) == [games[1][0].id]
        await play_some(*games[1], decisions=6)
        before = old.service.games[games[1][0].id].version

        # The rolling restart: shard 1's new process starts while the old one still runs.
        new = sharded(url, tmp_path, 1)
        starting = asyncio.create_task(stack.enter_async_context(
            run_client(new, emulator, timeout=30)))
        await asyncio.sleep(1.5)
        assert not starting.done() and not hasattr(new, "service"), \
            "the new process took shard 1 while the old one held it"
        assert (await discord_api.gateway())["shards"] == [[0, 2], [1, 2]]
        await restarting.aclose()  # the old process stops cleanly and lets its lease go
        await asyncio.wait_for(starting, 30)
        assert list(new.service.games) == [games[1][0].id]
        assert new.service.games[games[1][0].id].version == before
        moved = Game(new, games[1][0].id, games[1][0].channel, games[1][0].people)

        ended = await asyncio.gather(play_out(games[0][0], games[0][1]),
                                     play_out(moved, games[1][1]))
        assert [r.status for r in ended] == ["finished", "finished"]
        held = await new.store.claim_shards("reader", 2, [], until=0, now=0)
        assert held[0][0] == first.lease.owner and held[1][0] == new.lease.owner  # type: ignore[union-attr]

    store = await open_store(url)
    try:
        for record in ended:
            entries = await store.actions(record.id)
            versions = [e.version for e in entries]
            assert versions == list(range(versions[0], versions[0] + len(versions))), \
                "every version once, none skipped"
            assert replay_state(record, entries) == record.state
    finally:
        await store.close()
