"""The real bot against the emulator: commands synced, `/citadels about|help` answered."""

from __future__ import annotations

from bot.client import GameBot
from fakediscord import Discord
from tests.fakediscord_fixtures import Table


async def test_commands_are_synced_with_spanish_names(citadels_bot: GameBot,
                                                      discord_api: Discord):
    assert citadels_bot.sync_outcome == "global"
    command = next(c for c in await discord_api.commands() if c["name"] == "citadels")
    assert command["name_localizations"]["es-ES"] == "ciudadelas"
    assert command["name_localizations"]["es-419"] == "ciudadelas"
    subcommands = {o["name"]: o["name_localizations"]["es-ES"] for o in command["options"]}
    assert subcommands == {"about": "acerca", "help": "ayuda", "new": "nueva", "hand": "mano",
                           "score": "puntos", "table": "mesa", "rules": "reglas",
                           "leave": "salir", "end": "terminar", "dms": "md",
                           "defaults": "ajustes", "stats": "estadísticas",
                           "leaderboard": "clasificación", "history": "historial",
                           "replay": "repetición", "forget-me": "olvídame",
                           "log": "registro"}


async def test_about_answers_in_english_privately(
    citadels_bot: GameBot, table: Table, discord_api: Discord
):
    result = await table.alice.slash(table.general, "citadels about")
    reply = await result.response()
    assert result.ack_type == 4 and reply.ephemeral
    assert reply.embeds[0]["title"] == "Citadels"
    assert "Bruno Faidutti" in reply.text
    assert await table.bruno.sees(table.general) == []
    assert await discord_api.errors() == []


async def test_help_answers_in_the_users_language(citadels_bot: GameBot, table: Table):
    spanish = await (await table.bruno.slash(table.general, "ciudadelas ayuda")).response()
    english = await (await table.alice.slash(table.general, "citadels help")).response()
    assert spanish.embeds[0]["title"] == "Cómo se juega"
    assert "/ciudadelas acerca" in spanish.text
    assert english.embeds[0]["title"] == "How to play"
    assert "/citadels about" in english.text


async def test_one_rest_call_per_command(
    citadels_bot: GameBot, table: Table, discord_api: Discord
):
    before = len(await discord_api.calls())
    await (await table.alice.slash(table.general, "citadels about")).response()
    calls = await discord_api.calls(before)
    assert [c["route"] for c in calls] == ["/interactions/{interaction_id}/{token}/callback"]
