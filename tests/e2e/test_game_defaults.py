"""`/citadels defaults`: a server's own default turn limit, set by those who manage it."""

from __future__ import annotations

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
