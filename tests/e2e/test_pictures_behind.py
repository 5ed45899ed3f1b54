"""When the painter is behind (a busy bot), the table's text goes out at once with the board as
last drawn, and the new board follows a moment later: the text never waits for a picture."""

from __future__ import annotations

import asyncio

import pytest

from bot import publisher as publisher_module
from bot.client import GameBot
from fakediscord import Discord
from tests.e2e.test_pictures import current, move, shown
from tests.fakediscord_fixtures import Table
from tests.game_driver import start_game


@pytest.mark.parametrize("why", ["behind", "slow"])
async def test_a_busy_painter_sends_the_text_first_and_the_picture_after(
        fast_bot: GameBot, discord_api: Discord, table: Table,
        monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    """behind: pictures are waiting to be drawn (none is started for the edit); slow: the
    edit's picture takes longer than the edit may wait (it is drawn meanwhile)."""
    game = await start_game(fast_bot, discord_api, table.guild, "behind",
                            [table.alice, table.bruno], seed=3)
    await move(game)  # the table now rides alice's token (posted again), picture and all
    await game.settle()
    first = await game.table(table.alice)
    assert await shown(first, discord_api) == await current(game)
    if why == "behind":
        monkeypatch.setattr(publisher_module, "PAINTER_BEHIND", 0)  # always behind
    else:
        monkeypatch.setattr(publisher_module, "PICTURE_PATIENCE", 0.0)  # never quick enough
    monkeypatch.setattr(publisher_module, "PICTURE_GAP", 0.3)
    drawn = fast_bot.publisher.pictures.drawn
    await move(game)
    await game.settle()
    edited = await game.table(table.alice)
    assert edited.id == first.id
    expected, _ = fast_bot.publisher.table_message(fast_bot.service.games[game.id])
    assert edited.embeds[0]["description"] == expected.description  # the text is current
    assert await shown(edited, discord_api) == await shown(first, discord_api)  # not yet
    if why == "behind":
        assert fast_bot.publisher.pictures.drawn == drawn  # nothing drawn for that edit
    for _ in range(100):  # the picture follows on its own, no move needed
        await asyncio.sleep(0.05)
        await game.settle()
        later = await game.table(table.alice)
        if await shown(later, discord_api) != await shown(first, discord_api):
            break
    assert await shown(later, discord_api) == await current(game)
    assert later.embeds[0]["description"] == expected.description
