"""Rematch: any person who played a finished game opens a new lobby with its seats and options
from the result message; the others are invited to join."""

from __future__ import annotations

import random

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from fakediscord import Discord
from tests.fakediscord_fixtures import Table
from tests.game_driver import Player, play_out, start_game


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


async def test_a_rematch_keeps_the_seats_and_options(bot: GameBot, discord_api: Discord,
                                                     table: Table):
    carla = await discord_api.user("carla", guild=table.guild)
    settings = GameSettings(options={"rank1": "witch", "rank9": "artist", "city_size": 4},
                            turn_limit=5)
    game = await start_game(bot, discord_api, table.guild, "again", [table.alice, table.bruno],
                            ("basic", "random"), seed=4, settings=settings)
    players = {seat: Player(person, random.Random(i), hasty=0.3)
               for i, (seat, person) in enumerate(game.people.items())}
    old = await play_out(game, players)
    [result] = [m for m in await table.bruno.sees(game.channel)
                if any(b["custom_id"].endswith(":rematch") for b in m.buttons())]
    assert result.id == str(old.result_message_id) and result.embeds  # the final scores
    [button] = result.buttons()
    assert button["custom_id"] == f"cz:{game.id}:rematch" and button["label"] == "Rematch"

    refused = await (await carla.click(result, custom_id=button["custom_id"])).response()
    assert refused.ephemeral and "Only the people who played" in refused.text
    opened = await (await table.bruno.click(result, custom_id=button["custom_id"])).response()
    assert opened.ephemeral and "La sala de la revancha está abierta" in opened.text
    new = bot.service.in_channel(int(game.channel.id))
    assert new is not None and new.id != game.id and new.status == "lobby"
    assert new.host_id == int(table.bruno.id) and new.settings == old.settings
    assert [s.ai for s in new.seats if s.user_id is None] == [
        s.ai for s in old.seats if s.user_id is None]
    lobby = await table.alice.message(str(new.lobby_message_id))
    assert f"<@{table.alice.id}>" in lobby.content and "Rematch!" in lobby.content
    assert [u["id"] for u in lobby.data["mentions"]] == [str(table.alice.id)]  # only her

    again = await (await table.alice.click(result, custom_id=button["custom_id"])).response()
    assert again.ephemeral and "already" in again.text.lower()
    join = next(b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.join"))
    joined = await (await table.alice.click(lobby, custom_id=join["custom_id"])).response()
    assert f"<@{table.alice.id}>" in joined.text
    assert await discord_api.failed_interactions() == []
    assert await discord_api.errors() == []
