"""Whole games on the emulator, from `/citadels new` to the final scores: scripted people click
the lobby, the table and their private panels; computer players of every strength fill seats."""

from __future__ import annotations

import random

import pytest

from bot.client import GameBot
from cogs.citadels.texts import seat_name
from fakediscord import Discord, Person, Ref
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, Player, click_id, lobby, play_out, start_game


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    fast_bot.service.computer_cap = 0.3  # the expert thinks less, not differently
    return fast_bot


def final_messages(messages: list[SeenMessage]) -> list[SeenMessage]:
    return [m for m in messages if m.embeds and m.embeds[0].get("title") == "🏆 Final scores"]


async def check_the_end(game: Game, people: list[Person], discord_api: Discord) -> None:
    """Finished in the store, one public final breakdown naming the winner, no failure."""
    record = await game.stored()
    assert record.status == "finished" and record.ended_reason == "completed"
    assert record.state is not None and record.state.finished and record.state.winner
    catalog = game.bot.catalog
    winner = seat_name(record.seat(record.state.winner), catalog, "en", record.seats)
    for person in people:
        [final] = final_messages(await person.sees(game.channel))
        assert not final.ephemeral
        assert f"**{winner}** wins with" in final.text
        assert all(seat_name(s, catalog, "en", record.seats) in final.text
               for s in record.seats)
    # After the end, /citadels score there shows that result (privately).
    score = await (await people[0].slash(game.channel, "citadels score")).response()
    assert score.ephemeral and score.embeds[0]["title"] == "🏆 Final scores"
    assert f"**{winner}** wins with" in score.text
    assert await discord_api.failed_interactions() == []
    assert await discord_api.errors() == []


@pytest.mark.heavy
async def test_four_people_play_a_whole_game_from_the_lobby(
        bot: GameBot, discord_api: Discord, table: Table, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("bot.service.random.SystemRandom", lambda: random.Random(11))
    monkeypatch.setattr(bot.settings, "ping_after", 0)  # mention at every hand-over
    carla = await discord_api.user("carla", guild=table.guild)
    dario = await discord_api.user("dario", guild=table.guild)
    people = [table.alice, table.bruno, carla, dario]

    reply = await (await table.alice.slash(table.general, "citadels new",
                                           players=4)).response()
    assert not reply.ephemeral and reply.embeds
    for person in people[1:]:
        room = await click_id(person, await lobby(person, table.general), ":lobby.join")
        assert person.mention in room.text
    room = await lobby(table.alice, table.general)
    assert all(p.mention in room.text for p in people)
    await click_id(table.alice, room, ":lobby.start")
    [record] = bot.service.games.values()
    assert record.status == "running" and record.seed == random.Random(11).randrange(2**62)
    # By default the game is played in a thread opened from the lobby message.
    [thread] = await discord_api.backend.call("threads", channel_id=table.general.id)
    assert record.channel_id == int(thread["id"])
    game = Game(bot, record.id, Ref(thread["id"], thread["name"]),
                {s.id: next(p for p in people if int(p.id) == s.user_id) for s in record.seats})
    players = {seat: Player(person, random.Random(i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}

    ended = await play_out(game, players)
    assert ended.state is not None and ended.state.round >= 3
    assert all(p.actions > 10 for p in players.values())
    # The channel keeps only the lobby, which now shows the result.
    [room] = [m for m in await table.alice.sees(table.general) if not m.ephemeral]
    assert room.buttons() == [] and "Result" in room.text
    await check_the_end(game, people, discord_api)
    # Each person was pinged when a decision became theirs.
    for person in people:
        assert any(person.mention in m.content for m in await person.notified())


@pytest.mark.parametrize(("humans", "computers", "seed"), [
    (1, ("random",), 21),
    (2, ("basic",), 22),
    # Games of 7 and 8 seats play to the end in the default run elsewhere (test_clean_channel,
    # test_game_leaks, test_history_commands); this mix of them, in the long run.
    pytest.param(3, ("random", "basic", "basic", "expert"), 23, marks=pytest.mark.long),
], ids=["2 players", "3 players", "7 players"])
async def test_people_and_computers_play_to_the_end(
        bot: GameBot, discord_api: Discord, table: Table,
        humans: int, computers: tuple[str, ...], seed: int):
    people = [table.alice, table.bruno, await discord_api.user("carla", guild=table.guild)]
    people = people[:humans]
    game = await start_game(bot, discord_api, table.guild, "mixed", people, computers, seed=seed)
    assert len(game.record.seats) == humans + len(computers)
    players = {seat: Player(person, random.Random(seed + i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}
    ended = await play_out(game, players)
    assert {s.ai for s in ended.seats if not s.human} == set(computers)
    entries = await bot.service.store.actions(game.id)
    assert {e.by for e in entries} == {"player", "computer"}
    await check_the_end(game, people, discord_api)
