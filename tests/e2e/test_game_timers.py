"""Turn timers on Discord: a reminder mention at half time, the table saying the computer played
for an absent person, and the "I'm back" button after three timeouts in a row."""

from __future__ import annotations

import asyncio

from bot.client import GameBot
from bot.records import GameSettings
from fakediscord import Discord
from tests.fakediscord_fixtures import Table
from tests.game_driver import click_id
from tests.game_driver import table as table_message

MINUTE = 0.3  # seconds per turn-limit minute in this test


async def test_timeouts_reminders_and_im_back(fast_bot: GameBot, table: Table,
                                              discord_api: Discord):
    bot, t = fast_bot, table
    bot.service.minute = MINUTE
    record = await bot.service.open_lobby(
        guild_id=int(t.guild.id), channel_id=int(t.general.id), host_id=int(t.alice.id),
        host_name="alice", locale="en-US", game="citadels", settings=GameSettings(turn_limit=1))
    await bot.service.add_computer(record.id, int(t.alice.id), "random")
    bot.service.computer_pause = 0.2  # slow enough that the game outlives the test
    await bot.service.start(record.id, int(t.alice.id), seed=4)
    seat_id = bot.service.games[record.id].seat_of_user(int(t.alice.id)).id  # type: ignore[union-attr]

    for _ in range(200):
        if bot.service.games[record.id].seat(seat_id).away:
            break
        await asyncio.sleep(0.05)
    await bot.publisher.idle()
    assert bot.service.games[record.id].seat(seat_id).away
    mentions = [m.content for m in await t.alice.notified()]
    assert sum("your time for this decision runs out <t:" in m for m in mentions) >= 3
    message = await table_message(t.alice, t.general)
    assert message is not None
    assert "played for" in message.text or "timed out" in message.text.lower()
    back = next(b for b in message.buttons() if b["custom_id"].endswith(":back"))
    assert back["label"] == "I'm back"

    panel = await click_id(t.alice, message, ":back")
    assert panel.ephemeral
    seat = bot.service.games[record.id].seat(seat_id)
    assert not seat.away and seat.timeouts == 0
    # Someone else pressing "I'm back" gets a clear answer and changes nothing.
    version = bot.service.games[record.id].version
    refused = await (await t.bruno.click(message, custom_id=back["custom_id"])).response()
    assert refused.ephemeral and "No juegas" in refused.content
    assert bot.service.games[record.id].version >= version
