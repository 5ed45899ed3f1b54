"""The bot on PostgreSQL: DATABASE_URL alone moves its games to the server, where a restarted
bot (another process, in a real deployment) finds and resumes them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.client import GameBot
from bot.storage import PostgresStore, open_store
from fakediscord import Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import click_id, lobby


async def test_a_game_lives_on_the_postgres_server_across_a_restart(
        emulator: Emulator, table: Table, tmp_path: Path,
        postgres_schemas: Callable[[], str]):
    url = postgres_schemas()
    settings = bot_settings(tmp_path / "unused.sqlite3", database_url=url)
    bot = GameBot(settings, computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        assert isinstance(bot.store, PostgresStore)
        await (await table.alice.slash(table.general, "citadels new", thread=False)).response()
        room = await lobby(table.alice, table.general)
        await click_id(table.bruno, room, ":lobby.join")
        [game] = bot.service.games.values()
    assert not (tmp_path / "unused.sqlite3").exists()  # no game went to the SQLite file

    store = await open_store(url)
    try:
        stored = await store.get(game.id)
        assert stored is not None and stored.status == "lobby"
        assert [s.user_id for s in stored.seats] == [int(table.alice.id), int(table.bruno.id)]
    finally:
        await store.close()

    again = GameBot(settings, computer_pause=0, **FAST_READY)
    async with run_client(again, emulator):
        assert list(again.service.games) == [game.id]
        room = await lobby(table.alice, table.general)
        await click_id(table.alice, room, ":lobby.start")  # the resumed lobby answers
        resumed = await again.service.get(game.id)
        assert resumed is not None and resumed.status == "running"
        assert resumed.version > stored.version
