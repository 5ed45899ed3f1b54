"""`/<game> defaults`: a server's own default turn limit, preset and values of `new`'s own
parameters, set by those who manage it."""

from __future__ import annotations

import logging

import pytest

from bot.client import GameBot
from fakediscord import Discord, Ref
from tests.fakediscord_fixtures import Table


async def test_server_default_turn_limit(citadels_bot: GameBot, table: Table,
                                         discord_api: Discord):
    owner = await discord_api.user("owner", locale="es-ES")
    data = await discord_api.backend.call("create_guild", name="Owned", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "juegos")
    await discord_api.backend.call("add_member", guild_id=guild.id, user_id=table.alice.id)

    refused = await (await table.alice.slash(channel, "citadels defaults", turn_limit=5)
                     ).response()
    assert refused.ephemeral and "manage the server" in refused.content
    saved = await (await owner.slash(channel, "ciudadelas ajustes", turn_limit=5)).response()
    assert saved.ephemeral and "5 min por decisión" in saved.content

    await (await table.alice.slash(channel, "citadels new")).response()
    [record] = [g for g in citadels_bot.service.games.values() if g.guild_id == int(guild.id)]
    assert record.settings.turn_limit == 5
    # The lobby option still wins, and other servers keep the bot's default.
    other = await (await table.alice.slash(table.general, "citadels new", turn_limit=0)
                   ).response()
    assert not other.ephemeral
    assert citadels_bot.service.in_channel(int(table.general.id)).settings.turn_limit == 0  # type: ignore[union-attr]


async def test_a_server_preset_casts_its_new_games(citadels_bot: GameBot, table: Table,
                                                   discord_api: Discord):
    owner = await discord_api.user("owner")
    data = await discord_api.backend.call("create_guild", name="Dark", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "games")
    other = await discord_api.channel(guild, "more-games")
    choices = await owner.autocomplete(channel, "citadels defaults", "preset", preset="dark")
    assert [c["value"] for c in choices] == ["dark_city_artist", "dark_city_queen"]
    forged = await (await owner.slash(channel, "citadels defaults", preset="chess", forge=True)
                    ).response()
    assert "not one of the command's choices" in forged.content
    saved = await (await owner.slash(channel, "citadels defaults", preset="dark_city_queen")
                   ).response()
    assert "Options: Dark City, with the Queen." in saved.content
    shown = await (await owner.slash(channel, "citadels defaults")).response()
    assert "Options: Dark City, with the Queen." in shown.content

    lobby = await (await owner.slash(channel, "citadels new")).response()
    assert "9 👸 Queen" in lobby.text and "Players: up to 8" in lobby.text
    # What /citadels new is given wins over the preset.
    classic = await (await owner.slash(other, "citadels new", cast="classic")).response()
    assert "Characters:" not in classic.text
    # A preset no game offers any more (stored by an older bot) is ignored.
    await citadels_bot.store.set_meta(f"guild:{guild.id}:preset:citadels", "gone")
    shown = await (await owner.slash(channel, "citadels defaults")).response()
    assert "Options:" not in shown.content


async def test_a_server_default_for_each_of_new_s_own_parameters(
        citadels_bot: GameBot, table: Table, discord_api: Discord,
        caplog: pytest.LogCaptureFixture) -> None:
    """`/<game> defaults` takes `new`'s own parameters, checked as `new` checks them and by the
    game's Options; `new` and its lobby start from them, what the host gives wins."""
    owner = await discord_api.user("dueña", locale="es-ES")
    data = await discord_api.backend.call("create_guild", name="Islas", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "catan")
    other = await discord_api.channel(guild, "catan-2")
    await discord_api.backend.call("add_member", guild_id=guild.id, user_id=table.alice.id)
    key = f"guild:{guild.id}:new:catan"

    refused = await (await table.alice.slash(channel, "catan defaults", points=12)).response()
    assert refused.ephemeral and "manage the server" in refused.content
    wide = await (await owner.slash(channel, "catan ajustes", points=25, forge=True)).response()
    assert wide.ephemeral and "puntos debe estar entre 10 y 20" in wide.content
    forged = await (await owner.slash(channel, "catan defaults", layout="hexagonal",
                                      forge=True)).response()
    assert "ninguna de las opciones" in forged.content
    unknown = await (await owner.slash(channel, "cities defaults", board="atlantis")
                     ).response()  # within the command's type, but no board of the Options
    assert unknown.ephemeral and unknown.content.startswith("Ese tablero no está")
    assert await citadels_bot.store.get_meta(key) is None
    assert await citadels_bot.store.get_meta(f"guild:{guild.id}:new:cities") is None

    saved = await (await owner.slash(channel, "catan ajustes", points=12, layout="random")
                   ).response()
    assert "Opciones por defecto: tablero: Tablero al azar; puntos: 12." in saved.content
    shown = await (await table.alice.slash(channel, "catan defaults")).response()
    assert "Default options: layout: Random board; points: 12." in shown.content

    lobby = await (await table.alice.slash(channel, "catan new", thread=False)).response()
    assert "Random board · 12 points to win" in lobby.text
    points = next(s for s in lobby.selects() if s["custom_id"].endswith(".points"))
    assert [o["value"] for o in points["options"] if o.get("default")] == ["12"]
    mine = await (await table.alice.slash(other, "catan new", points=15, thread=False)
                  ).response()
    assert "Random board · 15 points to win" in mine.text

    # A stored value the Options no longer take is left out, with a log line.
    await citadels_bot.store.set_meta(key, '{"layout": "random", "points": 30}')
    with caplog.at_level(logging.WARNING, logger="bot.defaults"):
        shown = await (await owner.slash(channel, "catan defaults")).response()
    assert "puntos" not in shown.content and "Tablero al azar" in shown.content
    assert any("points=30" in r.getMessage() for r in caplog.records)


async def test_citadels_default_cast_stands_for_its_ranks(
        citadels_bot: GameBot, table: Table, discord_api: Discord) -> None:
    """Citadels' `cast` and `rank9` are no Options field, but a default of them is kept as
    `new` takes it and read through the cog, a ninth character over the server's preset."""
    owner = await discord_api.user("owner")
    data = await discord_api.backend.call("create_guild", name="Cast", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "games")
    await (await owner.slash(channel, "citadels defaults", preset="dark_city_artist")
           ).response()
    saved = await (await owner.slash(channel, "citadels defaults", rank9="queen", city_size=7)
                   ).response()
    assert "Options: Dark City, with the Artist." in saved.content
    assert "Default options: city_size: 7 (rulebook, 4+ players); rank9: Queen." in saved.content
    await (await owner.slash(channel, "citadels new", thread=False)).response()
    record = citadels_bot.service.in_channel(int(channel.id))
    assert record is not None
    assert record.settings.options["rank9"] == "queen"
    assert record.settings.options["city_size"] == 7


async def test_reset_forgets_the_game_s_defaults_alone(
        citadels_bot: GameBot, table: Table, discord_api: Discord) -> None:
    """`reset` forgets the game's preset and `new` defaults (the server's settings and the
    other games' defaults stay), and what is given with it is then saved as usual."""
    owner = await discord_api.user("owner", locale="es-ES")
    data = await discord_api.backend.call("create_guild", name="Reset", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "games")
    await discord_api.backend.call("add_member", guild_id=guild.id, user_id=table.alice.id)
    await (await owner.slash(channel, "citadels defaults", preset="dark_city_queen",
                             city_size=7, turn_limit=5)).response()
    await (await owner.slash(channel, "catan defaults", points=12)).response()

    refused = await (await table.alice.slash(channel, "citadels defaults", reset=True)
                     ).response()
    assert refused.ephemeral and "manage the server" in refused.content
    assert await citadels_bot.store.get_meta(f"guild:{guild.id}:preset:citadels") is not None

    reset = await (await owner.slash(channel, "ciudadelas ajustes", restablecer=True)
                   ).response()
    assert reset.ephemeral and "5 min por decisión" in reset.content
    assert "Opciones" not in reset.content and "por defecto:" not in reset.content
    assert await citadels_bot.store.get_meta(f"guild:{guild.id}:preset:citadels") is None
    assert await citadels_bot.store.get_meta(f"guild:{guild.id}:new:citadels") is None
    shown = await (await owner.slash(channel, "catan defaults")).response()
    assert "puntos: 12" in shown.content  # another game's defaults are its own

    lobby = await (await owner.slash(channel, "citadels new", thread=False)).response()
    assert "Queen" not in lobby.text and "Reina" not in lobby.text
    record = citadels_bot.service.in_channel(int(channel.id))
    assert record is not None and record.settings.turn_limit == 5
    assert record.settings.options["city_size"] is None and record.settings.options["rank9"] is None

    again = await (await owner.slash(channel, "citadels defaults", reset=True, city_size=8)
                   ).response()
    assert "tamaño_ciudad: 8" in again.content
