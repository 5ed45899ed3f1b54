"""A panel's picture never holds its answer: drawn within PICTURE_WAIT it rides the answer;
later, the answer goes without it and an edit of that answer adds it, unless the person has
been answered again meanwhile (the newer answer is never overwritten by an older picture)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.records import GameSettings
from cogs import game as game_cog
from fakediscord import Discord, Emulator, run_client
from tests.cogs.catan.driver import start_game
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings

SLOW = 0.6  # seconds the painter takes in this test, past PICTURE_WAIT


async def test_a_slow_picture_follows_the_answer(emulator: Emulator, discord_api: Discord,
                                                 table: Table, tmp_path: Path) -> None:
    assert SLOW > game_cog.PICTURE_WAIT * 2
    await discord_api.configure(rate_limits=False)
    carla = await discord_api.user("carla", guild=table.guild)
    people = [table.alice, table.bruno, carla]
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "pictures", people, seed=3,
                                settings=GameSettings(pictures=True))
        await game.settle()
        record = game.record
        assert record is not None
        first = next(p for seat, p in game.people.items() if seat in record.rules.to_act(
            record.state))
        files = bot.publisher.pictures.file

        async def slow_file(picture: Any) -> Any:
            await asyncio.sleep(SLOW)
            return await files(picture)

        bot.publisher.pictures.file = slow_file  # type: ignore[method-assign]
        started = asyncio.get_running_loop().time()
        panel = await game.panel(first)  # a set-up placement: the places on the board
        answered = asyncio.get_running_loop().time() - started
        assert answered < SLOW and panel.image_attachment() is None
        await asyncio.sleep(SLOW + 0.5)
        again = await first.message(panel.id)
        assert again.image_attachment() is not None  # the picture followed
        assert again.buttons() or again.selects()  # the panel itself unchanged beside it

        # Answered again before the first picture is drawn: that picture is not put back.
        older = await game.panel(first)
        newer = await game.panel(first)
        await asyncio.sleep(SLOW * 2 + 0.5)
        assert (await first.message(older.id)).image_attachment() is None
        assert (await first.message(newer.id)).image_attachment() is not None
        bot.publisher.pictures.file = files  # type: ignore[method-assign]
        await bot.publisher.idle()
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []
