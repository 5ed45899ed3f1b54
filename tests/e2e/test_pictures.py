"""Pictures on Discord: the table message carries the picture of the table as it is now, the
result carries the score chart; drawn once per public change; off by a server's choice or
when the channel refuses files, with the text complete either way."""

from __future__ import annotations

import asyncio
import io
import random

import discord
import pytest
from PIL import Image

from bot.changes import awaiting
from bot.client import GameBot
from bot.records import GameSettings
from bot.ui import ui_for
from fakediscord import Discord, Ref
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, Player, play_out, start_game


async def shown(message: SeenMessage, discord_api: Discord) -> bytes:
    attachment = message.image_attachment()
    assert attachment is not None, f"no picture on {message.text[:80]!r}"
    return await discord_api.attachment(attachment)


async def current(game: Game) -> bytes:
    """The table's picture for the game as it is now (drawn only if not drawn already)."""
    record = game.bot.service.games.get(game.id) or await game.stored()
    picture = ui_for(record.game).table_picture(record, game.bot.catalog,
                                                record.settings.language)
    assert picture is not None
    return await game.bot.publisher.pictures.png(picture)


async def test_a_whole_game_keeps_its_table_picture_current(
        fast_bot: GameBot, discord_api: Discord, table: Table):
    game = await start_game(fast_bot, discord_api, table.guild, "pictures", [table.alice],
                            computers=("basic", "basic"), seed=3, language="es")
    alice = Player(table.alice, random.Random(3), hasty=0.3)
    checked = 0

    async def check() -> None:
        nonlocal checked
        await game.settle()
        if game.id not in fast_bot.service.games:
            return
        assert await shown(await game.table(table.alice), discord_api) == await current(game)
        checked += 1

    record = await play_out(game, {game.seat(table.alice): alice}, after=check)
    assert record.status == "finished" and checked > 10
    messages = [m for m in await table.alice.sees(game.channel) if not m.ephemeral]
    tables = [m for m in messages if m.embeds and m.image_attachment()
              and m.image_attachment()["filename"] == "table.png"]  # type: ignore[index]
    assert len(tables) == record.state.round  # type: ignore[union-attr]  # one per round
    last = await shown(tables[-1], discord_api)
    assert last == await current(game)  # the final table too
    result = messages[-1]
    chart = Image.open(io.BytesIO(await shown(result, discord_api)))
    assert chart.format == "PNG" and chart.width >= 600
    assert result.image_attachment()["filename"] == "scores.png"  # type: ignore[index]


async def test_nothing_public_changed_nothing_drawn(fast_bot: GameBot, discord_api: Discord,
                                                   table: Table):
    game = await start_game(fast_bot, discord_api, table.guild, "cache", [table.alice,
                                                                          table.bruno])
    before = await game.table(table.alice)
    drawn = fast_bot.publisher.pictures.drawn
    await game.panel(table.alice)  # a private panel changes nothing public
    reposted = await (await table.bruno.slash(game.channel, "citadels table")).response()
    await game.settle()
    again = await game.table(table.alice)
    assert again.id == reposted.id != before.id and fast_bot.publisher.pictures.drawn == drawn
    assert await shown(again, discord_api) == await shown(before, discord_api)
    # The reposted table is the one edited from now on, keeping its picture while it is right.
    await fast_bot.publisher.idle()
    assert fast_bot.publisher._shown.get(int(again.id)) is not None


async def test_a_server_can_turn_pictures_off(fast_bot: GameBot, discord_api: Discord,
                                              table: Table):
    owner = await discord_api.user("owner", locale="es-ES")
    data = await discord_api.backend.call("create_guild", name="Text", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "texto")
    saved = await (await owner.slash(channel, "ciudadelas ajustes", **{"imágenes": False})
                   ).response()
    assert "Imágenes: desactivadas." in saved.content
    shown_now = await (await owner.slash(channel, "citadels defaults")).response()
    assert "Imágenes: desactivadas." in shown_now.content
    await (await owner.slash(channel, "ciudadelas nueva")).response()
    record = fast_bot.service.in_channel(int(channel.id))
    assert record is not None and not record.settings.pictures
    drawn = fast_bot.publisher.pictures.drawn
    game = await start_game(fast_bot, discord_api, table.guild, "no-pictures",
                            [table.alice, table.bruno],
                            settings=GameSettings(pictures=False))
    message = await game.table(table.alice)
    assert message.attachments == [] and "image" not in message.embeds[0]
    assert fast_bot.publisher.pictures.drawn == drawn


async def test_without_attach_files_the_table_is_text_until_allowed(
        fast_bot: GameBot, discord_api: Discord, table: Table):
    game = await start_game(fast_bot, discord_api, table.guild, "files-later",
                            [table.alice, table.bruno], seed=2)
    await discord_api.set_bot_permission(game.channel, "attach_files", False)
    await allowed(fast_bot, game.channel, False)
    await move(game)
    message = await game.table(table.alice)
    assert message.image_attachment() is None
    assert "Attach Files" in message.embeds[0]["description"]
    await discord_api.set_bot_permission(game.channel, "attach_files", True)
    await allowed(fast_bot, game.channel, True)
    await move(game)
    message = await game.table(table.alice)
    assert await shown(message, discord_api) == await current(game)
    assert "Attach Files" not in message.embeds[0]["description"]


async def test_a_refused_picture_leaves_the_table_in_text(
        citadels_bot: GameBot, discord_api: Discord, table: Table,
        monkeypatch: pytest.MonkeyPatch):
    """The channel refuses files (Discord's 50013) before the gateway's cache knows: the table
    is edited without its picture, and the picture it had, out of date, is taken away.
    (citadels_bot: this test makes Discord refuse a call, which fast_bot counts as a fault.)"""
    bot = citadels_bot
    game = await start_game(bot, discord_api, table.guild, "files-refused",
                            [table.alice, table.bruno], seed=3)
    assert (await game.table(table.alice)).image_attachment() is not None
    monkeypatch.setattr(bot.publisher, "_may_attach", lambda record: True)
    await discord_api.set_bot_permission(game.channel, "attach_files", False)
    first_call = len(await discord_api.calls())
    await move(game)
    await bot.publisher.idle()
    message = await game.table(table.alice)
    assert message.attachments == [] and "image" not in message.embeds[0]
    expected, _ = bot.publisher.table_message(bot.service.games[game.id])
    assert message.embeds[0]["description"] == expected.description
    refused = await discord_api.errors(first_call)
    # one refusal: the table's call (an edit, or a post through a person's token), then the
    # same call without the picture
    assert [c["status"] for c in refused] == [403]
    # Allowed again, the next edit uploads the picture anew (the message has none to reuse).
    await discord_api.set_bot_permission(game.channel, "attach_files", True)
    await move(game)
    await bot.publisher.idle()
    message = await game.table(table.alice)
    assert await shown(message, discord_api) == await current(game)
    assert len(await discord_api.errors(first_call)) == 1


async def allowed(bot: GameBot, channel: Ref, attach: bool) -> None:
    """Wait until the bot's gateway cache knows the channel's new permissions."""
    for _ in range(200):
        known = bot.get_channel(int(channel.id))
        if (isinstance(known, discord.TextChannel)
                and known.permissions_for(known.guild.me).attach_files == attach):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never learnt the channel's permissions")


async def move(game: Game) -> None:
    """Whoever decides makes their first legal move from their panel."""
    record = game.record
    seat = awaiting(record)
    assert seat is not None
    action = record.rules.dump_action(record.rules.legal_actions(record.state, seat)[0])
    await game.do(game.people[seat], action)
