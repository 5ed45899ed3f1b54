"""How public messages travel (PUBLIC_MESSAGES), end to end through the emulator with Discord's
rate-limit buckets on: on interaction tokens, each token's calls kept inside its bucket (no
429, and no bucket ever spent, which would make discord.py hold a call until it resets), or on
the channel's routes only; either way the table shows the newest state, even when Discord
refuses a token's edits with 429s."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from random import Random
from typing import Any

import pytest

from bench.bot_load import busiest
from bot import publisher as publisher_module
from bot.client import GameBot
from bot.couriers import TOKEN_CALLS
from bot.records import GameSettings
from fakediscord import Discord, Emulator, run_client
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import Game, Player, start_game, table, wait_for_turn

ACTIONS = 10  # alice's clicks per game: enough for many table edits and mentions
EDITS = 3  # table edits at least, in that many clicks (several changes may make one edit)


async def started(bot: GameBot, discord_api: Discord, table_: Table, name: str = "game"
                  ) -> Game:
    """A game of alice and a basic computer player, started, mentioned at every hand-over."""
    return await start_game(bot, discord_api, table_.guild, name, [table_.alice], ("basic",),
                            settings=GameSettings(ping_after=0))


@contextlib.asynccontextmanager
async def playing(emulator: Emulator, discord_api: Discord, table_: Table, tmp_path: Path,
                  seed: int, **settings: Any) -> AsyncIterator[tuple[GameBot, Game, Player]]:
    """The bot with `settings`, a game of alice's started, and alice playing it."""
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", **settings), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        yield bot, await started(bot, discord_api, table_), Player(table_.alice, Random(seed))


async def play(game: Game, alice: Player, actions: int) -> None:
    """Alice plays until she made `actions` decisions (or to the end), each as soon as her
    panel has one."""
    running = game.bot.service.games
    while alice.actions < actions and game.id in running:
        turn = await wait_for_turn({"alice": alice}, game.channel, lambda: game.id not in running)
        if turn is None:
            break
        await alice.play(turn[1])
    await game.bot.publisher.idle()


def public_edits(calls: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """Edits of messages by id (a private panel is edited as an interaction's @original)."""
    return [c for c in calls if c["method"] == "PATCH" and c["kind"] == kind
            and "/messages/" in c["path"] and not c["path"].endswith("@original")]


def shown(message: SeenMessage) -> list[Any]:
    embed = message.embeds[0]
    return [embed.get("title"), embed.get("description"), embed.get("fields")]


async def newest_state_shown(game: Game, alice: Player) -> SeenMessage:
    """The table alice sees shows the game as it is now; returns it."""
    record = game.record
    embed, _ = game.bot.publisher.table_message(record)
    seen = await table(alice.person, game.channel)
    assert seen is not None and str(record.table_message_id) == seen.id
    assert shown(seen) == shown(SeenMessage({"embeds": [embed.to_dict()]}))
    return seen


@pytest.fixture
async def rate_limited(discord_api: Discord) -> Discord:
    """Discord's buckets as the emulator has them by default (a token's: 5 per 2 s per route),
    the channel's loosened so that a game on channel routes goes at test speed."""
    await discord_api.configure(rate_limits=True, channel_message_rate=[50, 1.0])
    return discord_api


async def test_on_tokens_each_token_stays_inside_its_bucket(
        emulator: Emulator, table: Table, rate_limited: Discord, tmp_path: Path) -> None:
    async with playing(emulator, rate_limited, table, tmp_path, 3) as (_, game, alice):
        first = len(await rate_limited.calls())
        await play(game, alice, ACTIONS)
        seen = await newest_state_shown(game, alice)
        assert seen.data.get("webhook_id")  # a follow-up: it travelled on a token
        calls = await rate_limited.calls(first)
        assert len(public_edits(calls, "webhook")) >= EDITS  # the table's edits went on tokens...
        by_token = [c for c in calls if c["kind"] == "webhook"]
        assert [c for c in calls if c["status"] == 429] == []  # ...never refused,
        assert min(c["remaining"] for c in by_token) >= 1  # nor spending a bucket


async def test_on_channel_routes_no_public_message_rides_a_token(
        emulator: Emulator, table: Table, rate_limited: Discord, tmp_path: Path) -> None:
    async with playing(emulator, rate_limited, table, tmp_path, 3,
                       public_messages="channel") as (_, game, alice):
        first = len(await rate_limited.calls())
        await play(game, alice, ACTIONS)
        seen = await newest_state_shown(game, alice)
        public = await table.alice.sees(game.channel, ephemeral=False)
        assert len(public) >= 2 and seen in public  # the table, and mentions
        assert [m.id for m in public if m.data.get("webhook_id")] == []
        calls = await rate_limited.calls(first)
        posted = [c for c in calls if (c["method"], c["route"]) == (
            "POST", "/webhooks/{app_id}/{token}")]
        assert posted == []  # no follow-up at all: private panels are answers, not follow-ups
        assert public_edits(calls, "webhook") == []
        assert len(public_edits(calls, "bot")) >= EDITS  # the table's, globally limited


async def test_a_token_refused_with_429s_never_loses_the_newest_table(
        emulator: Emulator, table: Table, rate_limited: Discord, tmp_path: Path) -> None:
    async with playing(emulator, rate_limited, table, tmp_path, 3) as (bot, game, alice):
        await play(game, alice, 2)
        assert (await newest_state_shown(game, alice)).data.get("webhook_id")
        # Every edit through a token is refused from now on (discord.py tries each 5 times).
        await rate_limited.inject_fault(429, method="PATCH", path=r"/webhooks/.*/messages/\d",
                                        count=1000, retry_after=0.01)
        await play(game, alice, 8)
        await newest_state_shown(game, alice)
        await rate_limited.clear_faults()
        refused = bot.metrics.registry.get_sample_value("bot_rate_limited_total",
                                                        {"kind": "token"})
        assert refused is not None and refused >= 5


async def test_globally_limited_calls_keep_to_the_budget_in_every_window(
        emulator: Emulator, table: Table, rate_limited: Discord, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Several games starting at once: their first tables (no click in their channel yet) and
    those tables' deletes once a click moved them to a token stay within the budget, counted
    by the emulator as each call arrived."""
    monkeypatch.setattr(publisher_module, "GLOBAL_BUDGET", (3, 1.0))
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        first = len(await rate_limited.calls())
        games = [await started(bot, rate_limited, table, f"game-{n}") for n in range(4)]
        for game in games:
            await play(game, Player(table.alice, Random(game.id)), 1)
        limited = [c for c in await rate_limited.calls(first) if c["kind"] == "bot"]
        assert sum(c["method"] == "DELETE" for c in limited) >= 3  # moved first tables
        assert busiest([c["started"] for c in limited], 1.0)[0] <= 3


async def test_edits_waiting_for_their_token_coalesce_and_the_newest_goes(
        emulator: Emulator, table: Table, rate_limited: Discord, tmp_path: Path) -> None:
    async with playing(emulator, rate_limited, table, tmp_path, 5) as (bot, game, alice):
        await play(game, alice, 1)
        held = game.record.table_message_id
        courier = bot.publisher.couriers.owner(held)
        assert courier is not None  # the table rides a token
        first, version = len(await rate_limited.calls()), game.record.version
        async with contextlib.AsyncExitStack() as spent:
            for _ in range(TOKEN_CALLS):  # the token's whole window, taken
                await spent.enter_async_context(courier.pace.slot())
            while game.record.version < version + 3 and game.record.table_message_id == held:
                turn = await wait_for_turn({"alice": alice}, game.channel, lambda: False)
                assert turn is not None
                await alice.play(turn[1])
            await asyncio.sleep(0.1)
            assert edits_of(await rate_limited.calls(first), held) == 0  # all waiting
        await bot.publisher.idle()
        assert 1 <= edits_of(await rate_limited.calls(first), held) <= 2  # not one per change
        await newest_state_shown(game, alice)


def edits_of(calls: list[dict[str, Any]], message_id: int | None) -> int:
    return sum(c["method"] == "PATCH" and c["path"].endswith(f"/messages/{message_id}")
               for c in calls)
