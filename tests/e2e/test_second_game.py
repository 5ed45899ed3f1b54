"""The platform is game-agnostic: Nim, a game that exists only under tests/, played end to end
through the real bot on the emulator — lobby, turns, private views, a restart, the end — with
no line of bot/ knowing it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.client import GameBot
from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import Player, click_id, lobby, wait_for_turn
from tests.games.nim import registered


@pytest.fixture
def nim() -> Iterator[None]:
    with registered():
        yield


SECRET = ("secret bonus", "bonificación secreta")


def bonus_line(text: str) -> str:
    lines = [line for line in text.splitlines() if any(word in line for word in SECRET)]
    assert len(lines) == 1, text
    return lines[0]


async def play_turns(bot: GameBot, people: dict[str, Player], table: Table, game_id: int,
                     turns: int) -> None:
    """Whoever must decide opens their panel from the table and plays, `turns` times."""
    for _ in range(turns):
        if game_id not in bot.service.games:
            return
        await bot.publisher.idle()
        turn = await wait_for_turn(people, table.general,
                                   lambda: game_id not in bot.service.games)
        if turn is None:
            return
        player, panel = turn
        record = bot.service.games[game_id]
        seat = record.seat_of_user(int(player.person.id))
        assert seat is not None
        # The panel shows this seat's own secret, and only its own.
        assert bonus_line(panel.text).endswith(str(record.state.bonus[seat.id]))
        while panel.buttons():
            panel = await player.play(panel)
            if game_id not in bot.service.games:
                return


async def test_nim_is_played_through_the_real_bot_and_survives_a_restart(
        nim: None, emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path):
    await discord_api.configure(rate_limits=False)
    database = tmp_path / "bot.sqlite3"
    people = {"alice": Player(table.alice, random.Random(1)),
              "bruno": Player(table.bruno, random.Random(2))}
    bot = GameBot(bot_settings(database), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        reply = await (await table.alice.slash(table.general, "nim new", players=3,
                                               heaps=3, size=9)).response()
        assert "Nim" in reply.text and "Heaps: 3 of 9" in reply.text
        await click_id(table.bruno, await lobby(table.bruno, table.general), ":lobby.join")
        room = await lobby(table.alice, table.general)
        add = room.select(custom_id=next(s["custom_id"] for s in room.selects()))
        assert [o["value"] for o in add["options"]] == ["random", "perfect"]
        await table.alice.choose(room, ["perfect"], custom_id=add["custom_id"])
        room = await lobby(table.alice, table.general)
        await click_id(table.alice, room, ":lobby.start")
        [record] = bot.service.games.values()
        assert record.game == "nim" and record.status == "running"
        await play_turns(bot, people, table, record.id, 2)
        await bot.service.idle(record.id)  # the computer has moved: a person must decide
        before = bot.service.games[record.id]
        assert before.version > record.version
    # A restart: a new bot on the same database resumes the game, and its buttons work.
    bot = GameBot(bot_settings(database), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        resumed = bot.service.games[record.id]
        assert resumed.state == before.state and resumed.version == before.version
        await play_turns(bot, people, table, record.id, 40)
        await bot.publisher.idle()
        ended = await bot.service.get(record.id)
        assert ended is not None and ended.status == "finished"
        result = ended.rules.result(ended.state)
        assert result is not None and sorted(result.ranks.values()) == [1, 2, 3]
        public = [m for m in await table.alice.sees(table.general) if not m.ephemeral]
        assert any("Game over" in m.text for m in public)
        # Secrets never reach a public message.
        assert not any(word in m.text for m in public for word in SECRET)
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []
