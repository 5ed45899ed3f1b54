"""The bot as it runs by default (PAINTER=process): its pictures, tables, results and panels'
places, are drawn by its painter process and are the pictures drawn in place. (The other
tests' bots draw in a thread: tests/conftest.py.)"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.painter import Painter
from bot.records import GameSettings
from bot.ui import ui_for
from cogs import game as game_cog
from cogs.catan.render import overlay
from fakediscord import Discord, Emulator, run_client
from tests.cogs.catan.driver import CatanGame, Clicker, play_turns
from tests.cogs.catan.driver import start_game as start_catan
from tests.e2e.test_pictures import shown
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import Game, Player, play_out, start_game
from tests.game_driver import table as table_of


@pytest.fixture
async def bot(emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path
              ) -> AsyncIterator[GameBot]:
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", painter="process"), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        yield bot
        await bot.publisher.idle()
        assert await discord_api.errors() == []
        assert await discord_api.failed_interactions() == []


def painter(bot: GameBot) -> Painter:
    process = bot.publisher.pictures.process
    assert process is not None
    return process


async def drawn_here(game: Game | CatanGame) -> bytes:
    """The table's picture of the game as it is now, drawn in this process, whole."""
    record = game.bot.service.games.get(game.id) or await game.stored()
    picture = ui_for(record.game).table_picture(record, game.bot.catalog,
                                                record.settings.language)
    assert picture is not None
    overlay.BOARDS.clear()
    return picture.draw()


async def test_a_citadels_game_s_pictures_come_from_the_painter(
        bot: GameBot, discord_api: Discord, table: Table):
    game = await start_game(bot, discord_api, table.guild, "painted", [table.alice],
                            computers=("basic", "basic"), seed=4, language="es")
    checked = 0

    async def check() -> None:
        nonlocal checked
        await game.settle()
        if game.id in bot.service.games and checked < 5:
            assert await shown(await game.table(table.alice), discord_api) == \
                await drawn_here(game)
            checked += 1

    record = await play_out(game, {game.seat(table.alice): Player(table.alice,
                                                                  random.Random(4))},
                            after=check)
    assert record.status == "finished" and checked == 5
    result = [m for m in await table.alice.sees(game.channel) if not m.ephemeral][-1]
    assert result.image_attachment()["filename"] == "scores.png"  # type: ignore[index]
    assert painter(bot).drawn == bot.publisher.pictures.drawn > 5
    assert painter(bot).in_thread == 0


async def test_catan_s_boards_and_places_come_from_the_painter(
        bot: GameBot, discord_api: Discord, table: Table, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(game_cog, "PICTURE_WAIT", 10.0)  # the places ride the panels' answers
    game = await start_catan(bot, discord_api, table.guild, "painted-catan",
                             [table.alice, table.bruno], ("basic",), seed=2,
                             settings=GameSettings(pictures=True))
    players = {game.seat(p): Clicker(p, random.Random(i))
               for i, p in enumerate((table.alice, table.bruno))}
    await play_turns(game, players, turns=4)
    await game.settle()
    message = await table_of(table.alice, game.channel)
    assert message is not None
    # The painter paints each board over the last one it kept; here it is painted whole.
    assert await shown(message, discord_api) == await drawn_here(game)
    assert any(panel.image_attachment() is not None
               for player in players.values() for panel in player.panels)
    assert painter(bot).drawn == bot.publisher.pictures.drawn > 2
    assert painter(bot).in_thread == 0
