"""Every registered game offers the same generic commands, and its `new` the platform's common
options (turn limit, language, thread, pictures): read from the commands the bot syncs to the
emulator, for every game of the registry; `/cities rules` answers, and `/<game> new pictures:
False` opens a lobby without pictures."""

from __future__ import annotations

import pytest

from bot.client import GameBot
from bot.i18n import Catalog
from fakediscord import Discord
from rules import registry
from tests.fakediscord_fixtures import Table

GENERIC = {"rules", "help", "about", "table", "hand", "score", "log", "leave", "end", "stats",
           "leaderboard", "history", "replay", "new"}
COMMON_NEW = {"turn_limit", "language", "thread", "pictures"}


async def test_every_game_has_the_generic_commands_and_common_options(
        citadels_bot: GameBot, discord_api: Discord) -> None:
    synced = {c["name"]: c for c in await discord_api.commands()}
    for game in registry.games():
        group = synced[game]
        subcommands = {o["name"]: o for o in group["options"]}
        assert set(subcommands) >= GENERIC, (game, GENERIC - set(subcommands))
        new_options = {o["name"] for o in subcommands["new"].get("options") or []}
        assert new_options >= COMMON_NEW, (game, COMMON_NEW - new_options)
        spanish = {o["name_localizations"]["es-ES"] for o in subcommands["new"]["options"]}
        assert {"imágenes", "idioma", "hilo"} <= spanish


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_cities_rules_answer_privately_in_the_users_language(
        citadels_bot: GameBot, discord_api: Discord, lang: str) -> None:
    guild = await discord_api.guild("rules", locale="es-ES" if lang == "es" else "en-US")
    channel = await discord_api.channel(guild, "cities")
    person = await discord_api.user("eva", locale="es-ES" if lang == "es" else "en-US",
                                    guild=guild)
    reply = await (await person.slash(channel, "cities rules")).response()
    catalog = Catalog.load()
    assert reply.ephemeral
    assert reply.embeds[0]["title"] == catalog.text("cities.rules.title", lang)
    assert "open-1" in reply.embeds[0]["description"]


@pytest.mark.parametrize("game", ["citadels", "catan", "cities"])
async def test_new_takes_pictures_off(citadels_bot: GameBot, table: Table, game: str) -> None:
    await (await table.alice.slash(table.general, f"{game} new", pictures=False,
                                   thread=False)).response()
    record = citadels_bot.service.in_channel(int(table.general.id))
    assert record is not None and record.game == game and record.settings.pictures is False
