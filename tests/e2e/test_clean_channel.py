"""A clean channel: mentions follow the decision (late, at once or never) and are deleted once
their turn has passed; an older table loses its buttons; a finished game leaves one table per
round and its result, with no live component and no mention."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.client import GameBot
from bot.pace import Pace
from bot.publisher import PUBLIC_RATE
from bot.records import GameSettings
from bot.service import awaiting
from fakediscord import Discord, Person
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, Player, has_button, play_out, start_game

SECOND = 0.1  # seconds per `ping_after` second in these tests (the service's minute is 6 s)


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    fast_bot.service.minute = 60 * SECOND
    return fast_bot


async def two_people(bot: GameBot, t: Table, ping_after: int | None) -> Game:
    record = await bot.service.open_lobby(
        guild_id=int(t.guild.id), channel_id=int(t.general.id), host_id=int(t.alice.id),
        host_name="alice", locale="en-US", game="citadels",
        settings=GameSettings(ping_after=ping_after))
    await bot.service.join(record.id, int(t.bruno.id), "bruno", "es-ES")
    change = await bot.service.start(record.id, int(t.alice.id), seed=5)
    people = {int(t.alice.id): t.alice, int(t.bruno.id): t.bruno}
    game = Game(bot, record.id, t.general,
                {s.id: people[s.user_id] for s in change.record.seats if s.user_id})
    await game.settle()
    return game


def deciding(game: Game) -> Person:
    seat = awaiting(game.bot.service.games[game.id])
    assert seat is not None
    return game.people[seat]


async def finish_turn(game: Game, person: Person) -> None:
    """`person` decides at once, click after click, until the decision is someone else's."""
    player = Player(person, random.Random(3), hasty=0.2)
    panel = await player.open_panel(game.channel)
    assert panel is not None
    while deciding(game) is person and (panel.buttons() or panel.selects()):
        panel = await player.play(panel)
    await game.settle()


def mentions_in(messages: list[SeenMessage]) -> list[str]:
    return [m.content for m in messages if not m.ephemeral and "<@" in m.content]


async def test_a_late_ping_waits_for_silence_and_is_deleted_once_the_turn_passes(
        bot: GameBot, table: Table):
    game = await two_people(bot, table, ping_after=10)  # 1 s here
    first = deciding(game)
    assert await first.notified() == []  # nobody is mentioned at once
    await asyncio.sleep(14 * SECOND)
    await game.settle()
    [ping] = await first.notified()
    assert first.mention in ping.content and not ping.data["deleted"]
    await finish_turn(game, first)
    second = deciding(game)
    assert second is not first
    [ping] = await first.notified()
    assert ping.data["deleted"]  # its turn passed: the mention is gone from the channel
    assert mentions_in(await first.sees(game.channel)) == []
    # Clicking at once, the next person is never mentioned.
    await finish_turn(game, second)
    assert await second.notified() == []


async def test_pings_at_once_or_never(bot: GameBot, table: Table, discord_api: Discord):
    game = await two_people(bot, table, ping_after=0)
    first = deciding(game)
    [ping] = await first.notified()
    assert first.mention in ping.content
    await finish_turn(game, first)
    assert [m.data["deleted"] for m in await first.notified()] == [True]
    assert len(await deciding(game).notified()) == 1

    other = await discord_api.channel(table.guild, "quiet")
    record = await bot.service.open_lobby(
        guild_id=int(table.guild.id), channel_id=int(other.id), host_id=int(table.alice.id),
        host_name="alice", locale="en-US", game="citadels", settings=GameSettings(ping_after=None))
    await bot.service.add_computer(record.id, int(table.alice.id), "random")
    await bot.service.start(record.id, int(table.alice.id), seed=2)
    await asyncio.sleep(20 * SECOND)
    await bot.publisher.idle()
    assert mentions_in(await table.alice.sees(other)) == []


async def test_an_older_table_keeps_no_buttons(bot: GameBot, table: Table):
    game = await two_people(bot, table, ping_after=0)
    first_round = game.record.table_round
    while (record := game.bot.service.games[game.id]).table_round == first_round:
        first_table = record.table_message_id  # the first round's (it moves to fresh tokens)
        await finish_turn(game, deciding(game))
    await game.settle()
    old = await table.alice.message(str(first_table))
    assert old.embeds and old.buttons() == [] and old.selects() == []
    tables = [m for m in await table.alice.sees(game.channel) if m.embeds and m.buttons()]
    assert [m.id for m in tables] == [str(game.bot.service.games[game.id].table_message_id)]


@pytest.mark.parametrize(("humans", "computers", "seed", "longest"), [
    (3, 1, 31, False), pytest.param(3, 4, 32, True, marks=pytest.mark.heavy)],
    ids=["4 players", "7 players, longest names"])
async def test_a_finished_game_leaves_a_table_per_round_and_its_result(
        bot: GameBot, discord_api: Discord, table: Table, humans: int, computers: int,
        seed: int, longest: bool):
    """The emulator refuses any message over Discord's limits (the fixture fails the test on
    any Discord error): 7 seats with 32-character names must fit too."""
    if longest:
        names = [f"{c * 29}{i:03d}" for i, c in enumerate("ŴМ𝕎")]  # 32 characters each
        people = [await discord_api.user(name, guild=table.guild) for name in names]
    else:
        people = [table.alice, table.bruno, await discord_api.user("carla", guild=table.guild)]
    game = await start_game(bot, discord_api, table.guild, f"clean-{humans + computers}",
                            people[:humans], ("basic",) * computers, seed=seed,
                            settings=GameSettings(ping_after=0))
    channel, host = game.channel, people[0]
    players = {seat: Player(person, random.Random(seed + i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}
    ended = await play_out(game, players)
    await bot.publisher.idle()
    assert ended.status == "finished" and ended.state is not None
    seen = [m for m in await host.sees(channel) if not m.ephemeral]
    assert len(seen) <= ended.state.round + 1  # a table per round, the result
    # No live component left but the result's Rematch button.
    assert [m.id for m in seen[:-1] if m.buttons() or m.selects()] == []
    assert [b["custom_id"] for b in seen[-1].buttons()] == [f"cz:{game.id}:rematch"]
    assert mentions_in(seen) == []
    assert seen[-1].id == str(ended.result_message_id)
    if longest:
        assert all(person.name in seen[-1].text for person in people)  # the result names all
    # Everyone was mentioned along the way (each turn, at once, in this game).
    for person in game.people.values():
        assert await person.notified()


@pytest.mark.heavy
async def test_a_slow_table_edit_never_gives_an_old_table_its_buttons_back(
        bot: GameBot, discord_api: Discord, table: Table, monkeypatch: pytest.MonkeyPatch):
    """An edit of this round's table still on its way (its picture being drawn, the rate
    limit) when the round ends: the new table is posted and the old one retired after it, so
    the old table ends without buttons; and with one call at a time, nothing stalls."""
    publisher = bot.publisher
    table_now = publisher._table_now

    async def slow(record, message_id=None, **kw):  # type: ignore[no-untyped-def]
        outgoing = await table_now(record, message_id, **kw)
        if message_id is not None:  # an edit: its call goes out late
            await asyncio.sleep(0.15)
        return outgoing

    monkeypatch.setattr(publisher, "_table_now", slow)
    # One public call at a time: a table call that waited for the game's table lock while it
    # held the only slot would stall the game (the lock is taken before a slot).
    monkeypatch.setattr(publisher, "_pace", Pace(PUBLIC_RATE, width=1))
    people = [table.alice, table.bruno]
    game = await start_game(bot, discord_api, table.guild, "slow-edits", people,
                            ("basic", "basic"), seed=41, settings=GameSettings(ping_after=0))
    players = {seat: Player(person, random.Random(41 + i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}
    ended = await asyncio.wait_for(play_out(game, players), 90)  # a stall fails, not hangs
    await asyncio.wait_for(bot.publisher.idle(), 30)
    assert ended.status == "finished" and ended.state is not None
    seen = [m for m in await table.alice.sees(game.channel) if not m.ephemeral]
    assert len(seen) >= 3  # tables of several rounds, the result
    assert [m.id for m in seen[:-1] if m.buttons() or m.selects()] == []


async def test_a_reposted_table_leaves_the_old_one_without_buttons(
        bot: GameBot, discord_api: Discord, table: Table):
    """`/citadels table` posts the table again at the bottom: one table carries buttons."""
    game = await start_game(bot, discord_api, table.guild, "repost", [table.alice, table.bruno])
    before = await game.table(table.alice)
    assert before.buttons()
    reposted = await (await table.bruno.slash(game.channel, "citadels table")).response()
    assert reposted.buttons() and reposted.id != before.id

    async def retired() -> bool:  # the command retires the old table after it answers
        return (await table.alice.message(before.id)).buttons() == []

    await discord_api.wait_for(retired, 5, "the old table to lose its buttons")
    old = await table.alice.message(before.id)
    assert old.embeds and old.selects() == []
    tables = [m.id for m in await table.alice.sees(game.channel)
              if m.embeds and has_button(m, ":act")]  # tables (a mention has Act, no embed)
    assert tables == [reposted.id]
