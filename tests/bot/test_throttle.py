"""One person's flood of clicks on a busy bot (bot/throttle.py): the bucket itself, then
through the bot, where the flood is answered in one line and changes nothing."""

from __future__ import annotations

import pytest

from bot import throttle as throttle_module
from bot.client import GameBot
from bot.throttle import Throttle
from fakediscord import Discord
from tests.fakediscord_fixtures import Table
from tests.game_driver import has_button, start_game


def test_a_burst_passes_then_the_rate_holds_per_person() -> None:
    bucket = Throttle(rate=2.0, burst=3.0)
    assert [bucket.allow(1, 0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.allow(2, 0.0)  # someone else is not slowed
    assert not bucket.allow(1, 0.2)  # 0.4 of a click refilled: not yet
    assert bucket.allow(1, 0.6) and not bucket.allow(1, 0.6)  # one more after half a second
    assert [bucket.allow(1, 10.0) for _ in range(4)] == [True, True, True, False]  # full again


def test_it_remembers_a_bounded_number_of_people(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(throttle_module, "KEPT", 5)
    bucket = Throttle(rate=1.0, burst=1.0)
    for user in range(20):
        assert bucket.allow(user, 0.0)
    assert len(bucket._buckets) == 5
    assert not bucket.allow(19, 0.0)  # the newest are the ones kept


async def test_a_flood_on_a_busy_bot_is_answered_in_one_line_and_changes_nothing(
        fast_bot: GameBot, discord_api: Discord, table: Table,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = await start_game(fast_bot, discord_api, table.guild, "flood",
                            [table.alice, table.bruno], seed=5)
    message = await game.table(table.alice)
    hand = next(b["custom_id"] for b in message.buttons() if str(b["custom_id"]).endswith(":hand"))

    async def clicks(count: int) -> list[str]:
        texts = []
        for _ in range(count):
            reply = await (await table.alice.click(message, custom_id=hand)).response()
            assert reply.ephemeral
            texts.append(reply.text)
        return texts

    fast_bot.throttle = Throttle(rate=0.01, burst=3.0)
    quiet = await clicks(6)  # a quiet bot throttles nobody
    assert not any("faster than the bot" in t for t in quiet)
    monkeypatch.setattr(fast_bot.publisher, "busy", lambda: True)
    version = fast_bot.service.games[game.id].version
    busy = await clicks(6)
    assert [("faster than the bot" in t) for t in busy] == [False] * 3 + [True] * 3
    assert fast_bot.service.games[game.id].version == version
    assert has_button(await game.table(table.alice), ":act")  # the table is untouched
    reply = await (await table.bruno.click(message, custom_id=hand)).response()
    assert "faster than the bot" not in reply.text  # bruno is not slowed by alice
    assert await discord_api.failed_interactions() == []
