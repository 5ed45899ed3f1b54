"""A seated player's refused click gets why and a fresh panel, in every game: a forged code in
a real component's custom_id on their panel, and a custom_id no component has on the table."""

from __future__ import annotations

import pytest

from bot.client import GameBot
from bot.i18n import Catalog
from bot.records import GameSettings
from demo.people import Game, opened
from fakediscord import Discord, Emulator
from fakediscord.testing import SeenMessage
from rules import registry
from tests.fakediscord_fixtures import Table
from tests.game_driver import forge_click

CATALOG = Catalog.load()
REFUSED = CATALOG.text("errors.unknown_component", "en")


def fresh_panel(answer: SeenMessage) -> None:
    assert REFUSED in answer.text
    assert answer.ephemeral and answer.embeds
    assert answer.buttons() or answer.selects()


@pytest.mark.parametrize("game_id", registry.games())
async def test_a_forged_click_answers_with_a_fresh_panel(
        fast_bot: GameBot, emulator: Emulator, discord_api: Discord, table: Table,
        game_id: str) -> None:
    rules = registry.game(game_id)
    computers = ("random",) * (rules.min_players - 1)
    game = await opened(fast_bot, discord_api, table.guild, f"forged-{game_id}", [table.alice],
                        computers, 3, Game, game=game_id, settings=GameSettings(language="en"))
    await game.settle()
    version = fast_bot.service.games[game.id].version
    panel = await game.panel(table.alice)
    component = (panel.buttons() or panel.selects())[0]
    head = str(component["custom_id"]).rsplit(":", 1)[0]
    forged = forge_click(emulator, table.alice, panel, f"{head}:zz.bogus")
    fresh_panel(await forged.response())
    on_table = forge_click(emulator, table.alice, await game.table(table.alice), "nonsense:1:2")
    fresh_panel(await on_table.response())
    watcher = forge_click(emulator, table.bruno, await game.table(table.bruno), "nonsense:1:2")
    answer = await watcher.response()
    refused = CATALOG.text("errors.unknown_component", table.bruno.locale)
    assert refused in answer.text and not answer.embeds  # not seated: the sentence alone
    assert fast_bot.service.games[game.id].version == version  # nothing moved
