"""Every command option checked on the server (whatever a client sends), the server's
defaults for new games, and the host role passing on when the host leaves."""

from __future__ import annotations

import logging

import pytest

from bot.client import GameBot
from fakediscord import Discord, Person, Ref
from fakediscord.testing import FakeDiscordError, SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import click_id, lobby


async def owned_guild(discord_api: Discord, table: Table) -> tuple[Person, Ref]:
    """A server whose owner may manage it, with alice as a plain member."""
    owner = await discord_api.user("owner")
    data = await discord_api.backend.call("create_guild", name="Owned", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    await discord_api.backend.call("add_member", guild_id=guild.id, user_id=table.alice.id)
    return owner, await discord_api.channel(guild, "games")


async def reply(person: Person, channel: Ref, command: str, **options: object) -> str:
    message = await (await person.slash(channel, command, forge=True, **options)).response()
    return message.content if message.ephemeral else ""


@pytest.mark.parametrize(("option", "value", "allowed"), [
    ("players", 1, False), ("players", 2, True), ("players", 8, True), ("players", 9, False),
    ("turn_limit", -1, False), ("turn_limit", 0, True), ("turn_limit", 4320, True),
    ("turn_limit", 4321, False),
])
async def test_new_checks_each_range_again(citadels_bot: GameBot, table: Table, option: str,
                                           value: int, allowed: bool):
    options: dict[str, object] = {option: value}
    if (option, value) == ("players", 8):
        options["rank9"] = "queen"  # eight need a ninth character
    said = await reply(table.alice, table.general, "citadels new", **options)
    record = citadels_bot.service.in_channel(int(table.general.id))
    if allowed:
        assert said == "" and record is not None
        assert (record.max_players if option == "players" else record.settings.turn_limit
                ) == value
    else:
        low, high = (2, 8) if option == "players" else (0, 4320)
        assert said == f"{option} must be between {low} and {high}; nothing was changed."
        assert record is None


async def test_the_emulator_refuses_what_discord_clients_refuse(citadels_bot: GameBot,
                                                                table: Table):
    with pytest.raises(FakeDiscordError):
        await table.alice.slash(table.general, "citadels new", players=9)
    with pytest.raises(FakeDiscordError):
        await table.alice.slash(table.general, "citadels defaults", pings="sometimes")


async def test_a_forged_choice_is_refused_in_spanish_too(citadels_bot: GameBot, table: Table):
    said = await reply(table.bruno, table.general, "ciudadelas nueva", language="fr")
    assert said == "Ese valor no es ninguna de las opciones del comando; no se ha cambiado nada."
    assert citadels_bot.service.in_channel(int(table.general.id)) is None


@pytest.mark.parametrize(("options", "refusal"), [
    ({"turn_limit": -1}, "turn_limit must be between 0 and 4320"),
    ({"turn_limit": 4321}, "turn_limit must be between 0 and 4320"),
    ({"ping_after": 4}, "ping_after must be between 5 and 600"),
    ({"ping_after": 601}, "ping_after must be between 5 and 600"),
])
async def test_defaults_out_of_range_change_nothing(citadels_bot: GameBot, table: Table,
                                                   discord_api: Discord,
                                                   options: dict[str, int], refusal: str):
    owner, channel = await owned_guild(discord_api, table)
    before = await reply(owner, channel, "citadels defaults")
    said = await reply(owner, channel, "citadels defaults", **options)
    assert said.startswith(refusal) and said.endswith("nothing was changed.")
    assert await reply(owner, channel, "citadels defaults") == before


async def test_defaults_set_pings_and_limits_that_new_games_take(
        citadels_bot: GameBot, table: Table, discord_api: Discord):
    owner, channel = await owned_guild(discord_api, table)
    shown = await reply(table.alice, channel, "citadels defaults")
    assert "no time limit" in shown and "after 20 seconds" in shown  # the bot's defaults
    refused = await reply(table.alice, channel, "citadels defaults", pings="never")
    assert "manage the server" in refused
    for options, words, ping_after in [
        ({"pings": "each", "turn_limit": 90}, "at once", 0),
        ({"ping_after": 600}, "after 600 seconds", 600),
        ({"pings": "never"}, "nobody is mentioned", None),
        ({"pings": "late", "ping_after": 5}, "after 5 seconds", 5),
    ]:
        said = await reply(owner, channel, "citadels defaults", **options)
        assert said.startswith("Saved.") and words in said and "1 h 30 min per decision" in said
        await reply(table.alice, channel, "citadels new")
        record = citadels_bot.service.in_channel(int(channel.id))
        assert record is not None
        assert (record.settings.ping_after, record.settings.turn_limit) == (ping_after, 90)
        await citadels_bot.service.cancel(record.id, int(table.alice.id))


async def test_a_stored_default_no_longer_valid_is_ignored(
        citadels_bot: GameBot, table: Table, caplog: pytest.LogCaptureFixture):
    guild = table.guild.id
    await citadels_bot.store.set_meta(f"guild:{guild}:turn_limit", "9999")
    await citadels_bot.store.set_meta(f"guild:{guild}:ping_after", "soon")
    with caplog.at_level(logging.WARNING, logger="bot.defaults"):
        assert await reply(table.alice, table.general, "citadels new") == ""
    record = citadels_bot.service.in_channel(int(table.general.id))
    assert record is not None
    settings = citadels_bot.settings
    assert (record.settings.turn_limit, record.settings.ping_after) == (
        settings.turn_limit, settings.ping_after)
    assert sum("no longer valid" in r.message for r in caplog.records) == 2


async def test_a_host_who_leaves_the_lobby_hands_it_on(citadels_bot: GameBot, table: Table,
                                                       discord_api: Discord):
    t = table
    await (await t.alice.slash(t.general, "citadels new", thread=False)).response()
    await click_id(t.bruno, await lobby(t.bruno, t.general), ":lobby.join")
    room = await click_id(t.alice, await lobby(t.alice, t.general), ":lobby.leave")
    assert t.alice.mention not in room.text and f"Host: {t.bruno.mention}" in room.text
    [record] = citadels_bot.service.games.values()
    assert record.host_id == int(t.bruno.id)
    # The last person to leave cancels it: the message says so and keeps no button.
    left = await (await t.bruno.slash(t.general, "ciudadelas salir")).response()
    assert left.ephemeral
    await citadels_bot.publisher.idle()
    room = await t.alice.message(room.id)
    assert room.buttons() == [] and "Cancelled" in room.text
    assert citadels_bot.service.in_channel(int(t.general.id)) is None


async def test_a_host_who_leaves_the_game_hands_it_on(citadels_bot: GameBot, table: Table,
                                                      discord_api: Discord):
    t = table
    carla = await discord_api.user("carla", guild=t.guild)
    await (await t.alice.slash(t.general, "citadels new", thread=False)).response()
    for person in (t.bruno, carla):
        await click_id(person, await lobby(person, t.general), ":lobby.join")
    await click_id(t.alice, await lobby(t.alice, t.general), ":lobby.start")
    [record] = citadels_bot.service.games.values()
    order = [s.user_id for s in record.seats]
    heir = order[(order.index(int(t.alice.id)) + 1) % 3]
    await (await t.alice.slash(t.general, "citadels leave")).response()
    record = citadels_bot.service.games[record.id]
    assert record.host_id == heir and record.status == "running"
    # Who left controls nothing any more; the new host may end the game.
    refused = await (await t.alice.slash(t.general, "citadels end")).response()
    assert refused.ephemeral and "Only the host" in refused.content
    new_host = t.bruno if heir == int(t.bruno.id) else carla
    confirm = await (await new_host.slash(t.general, "citadels end")).response()
    assert confirm.buttons()


async def test_a_range_is_named_in_spanish_too(citadels_bot: GameBot, table: Table):
    said = await reply(table.bruno, table.general, "ciudadelas nueva", jugadores=9)
    assert said == "jugadores debe estar entre 2 y 8; no se ha cambiado nada."
    assert citadels_bot.service.in_channel(int(table.general.id)) is None


async def test_a_cast_the_table_may_not_play_is_refused_with_its_reason(citadels_bot: GameBot,
                                                                       table: Table):
    said = await reply(table.alice, table.general, "citadels new", players=8)
    assert said == ("8 players need a rank-9 character: choose the Artist or the Queen.")
    said = await reply(table.bruno, table.general, "ciudadelas nueva", jugadores=2,
                       personajes="dark_city")
    assert said == "Con 2 jugadores no se juega con el Emperador: elige el Rey."
    assert citadels_bot.service.in_channel(int(table.general.id)) is None


async def test_the_lobby_names_the_cast_and_why_it_may_not_start(citadels_bot: GameBot,
                                                                discord_api: Discord,
                                                                table: Table):
    lobby = await (await table.alice.slash(table.general, "citadels new", cast="dark_city",
                                           rank9="queen")).response()
    assert "Characters: 1 🧙 Witch, 2 🧾 Tax Collector" in lobby.text
    assert "9 👸 Queen" in lobby.text and "Dark City districts: all 12" in lobby.text
    assert "Players: up to 8" in lobby.text
    record = citadels_bot.service.in_channel(int(table.general.id))
    assert record is not None
    for _ in range(3):
        lobby = await add_computer(table.alice, lobby)
    assert "The Queen is not played by 4 players: she needs 5 or more." in lobby.text
    start = next(b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.start"))
    refused = await (await table.alice.click(lobby, custom_id=start["custom_id"])).response()
    assert "The Queen is not played by 4 players" in refused.text
    assert citadels_bot.service.games[record.id].status == "lobby"
    lobby = await add_computer(table.alice, lobby)
    assert "Before the start" not in lobby.text and "Seats (5/8)" in lobby.text


async def add_computer(host: Person, lobby: SeenMessage) -> SeenMessage:
    add = next(s for s in lobby.selects() if s["custom_id"].endswith(":lobby.add"))
    return await (await host.choose(lobby, ["basic"], custom_id=add["custom_id"])).response()


async def test_the_host_picks_the_cast_in_the_lobby(citadels_bot: GameBot, discord_api: Discord,
                                                    table: Table):
    lobby = await (await table.alice.slash(table.general, "citadels new")).response()
    assert "Characters:" not in lobby.text  # the Classic game needs no words
    lobby = await choose(table.alice, lobby, "cast", ["witch", "wizard"])
    assert "Characters: 1 🧙 Witch, 2 🦹 Thief, 3 🔮 Wizard, 4 🤴 King" in lobby.text
    assert "Dark City districts: all 12" in lobby.text  # on with a Dark City character
    cast = next(s for s in lobby.selects() if s["custom_id"].endswith(":lobby.o.cast"))
    assert [o["value"] for o in cast["options"] if o.get("default")] == ["witch", "wizard"]
    lobby = await choose(table.alice, lobby, "districts", ["park", "museum"])
    assert "Dark City districts: 2 (without Armory, Ball Room" in lobby.text
    lobby = await choose(table.alice, lobby, "ninth", ["queen"])
    assert "9 👸 Queen" in lobby.text and "Players: up to 8" in lobby.text
    # Only the host; and only values the select offers.
    join = next(b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.join"))
    lobby = await (await table.bruno.click(lobby, custom_id=join["custom_id"])).response()
    refused = await (await table.bruno.choose(lobby, ["artist"], custom_id=select_id(
        lobby, "ninth"))).response()
    assert refused.ephemeral and "anfitrión" in refused.text
    record = citadels_bot.service.in_channel(int(table.general.id))
    assert record is not None and record.settings.options["rank9"] == "queen"
    assert record.settings.options["rank1"] == "witch"
    assert record.settings.options["leave_out"] == [
        "armory", "ball_room", "bell_tower", "factory", "hospital", "lighthouse", "poor_house",
        "quarry", "throne_room", "wishing_well"]
    lobby = await choose(table.alice, lobby, "districts", [])
    assert "Dark City districts: none" in lobby.text
    assert await discord_api.failed_interactions() == []


def select_id(lobby: SeenMessage, name: str) -> str:
    return next(s["custom_id"] for s in lobby.selects()
                if s["custom_id"].endswith(f":lobby.o.{name}"))


async def choose(host: Person, lobby: SeenMessage, name: str, values: list[str]) -> SeenMessage:
    chosen = await host.choose(lobby, values, custom_id=select_id(lobby, name))
    return await chosen.response()
