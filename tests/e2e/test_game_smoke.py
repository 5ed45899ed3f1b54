"""A whole game through the real bot on the emulator: one person against a computer player."""

from __future__ import annotations

import random
from pathlib import Path

from bot.client import GameBot
from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import Player, click_id, lobby, wait_for_turn


async def test_one_person_and_a_computer_play_to_the_end(emulator: Emulator, table: Table,
                                                        discord_api: Discord, tmp_path: Path):
    # A bot whose default is a mention at every hand-over (the real default waits 20 s).
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    await discord_api.configure(rate_limits=False)  # machine-speed play; limits: bench.bot_load
    async with run_client(bot, emulator):
        reply = await (await table.alice.slash(table.general, "citadels new", thread=False)
                       ).response()
        assert not reply.ephemeral
        room = await lobby(table.alice, table.general)
        add = room.select(custom_id=next(s["custom_id"] for s in room.selects()))
        await table.alice.choose(room, ["basic"], custom_id=add["custom_id"])
        room = await lobby(table.alice, table.general)
        await click_id(table.alice, room, ":lobby.start")
        alice = Player(table.alice, random.Random(1))
        [game] = bot.service.games.values()
        while game.id in bot.service.games:
            await bot.publisher.idle()  # a person reads the channel (and the ping) first
            turn = await wait_for_turn({"alice": alice}, table.general,
                                       lambda: game.id not in bot.service.games)
            if turn is None:
                break
            player, panel = turn
            # The computer may have moved after the first idle(): its hand-over is published
            # (with alice's mention) before she clicks, as a person sees the ping first.
            await bot.publisher.idle()
            while panel.buttons() or panel.selects():
                panel = await player.play(panel)
                if game.id not in bot.service.games:
                    break
        await bot.publisher.idle()
        record = await bot.service.get(game.id)
        assert record is not None and record.status == "finished"
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []
        # Every time the decision came back to alice, she was mentioned once: computers moving
        # at once (one publish batch) must not swallow the hand-over.
        mine = record.seat_of_user(int(table.alice.id))
        assert mine is not None
        actors = [e.seat for e in await bot.store.actions(game.id)]
        streaks = sum(1 for i, seat in enumerate(actors)
                      if seat == mine.id and (i == 0 or actors[i - 1] != mine.id))
        assert len(await table.alice.notified()) == streaks
