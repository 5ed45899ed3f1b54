"""The key to Catan's table through the real bot on the emulator: the table carries a "Key"
button that answers anyone privately (a seated player, a watcher who sits nowhere) in their
own language, on the same message after a restart; `/catan help` shows the same key."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from bot.client import GameBot
from bot.components import recognized
from bot.records import GameSettings
from fakediscord import Discord, Emulator, Person, run_client
from fakediscord.testing import SeenMessage
from tests.cogs.catan.driver import start_game
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import table as table_message

TITLES = {"en": "🗝️ Key to the table", "es": "🗝️ Leyenda de la mesa"}
MARKS = ("▶️", "⚔️", "🛣️", "🟨", "🟦", "🟩", "🛡️", "🎲", "🚢")


async def _key(person: Person, message: SeenMessage, lang: str) -> None:
    """`person` presses the table's Key: the key, to them alone, in their language."""
    [button] = [b for b in message.buttons() if str(b["custom_id"]).endswith(":key")]
    assert button["label"] == "Key" and recognized(str(button["custom_id"]))
    result = await person.click(message, custom_id=button["custom_id"])
    assert not result.failed
    answer = await result.response()
    assert answer.ephemeral and answer.embeds[0]["title"] == TITLES[lang]
    assert all(mark in answer.text for mark in MARKS), answer.text


async def _started(stack: AsyncExitStack, database: Path, emulator: Emulator) -> GameBot:
    bot = GameBot(bot_settings(database), computer_pause=0, **FAST_READY)
    await stack.enter_async_context(run_client(bot, emulator))
    return bot


async def test_the_table_key_answers_anyone_privately_across_a_restart(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    database = tmp_path / "bot.sqlite3"
    watcher = await discord_api.user("carla", locale="es-ES", guild=table.guild)
    stack = AsyncExitStack()
    try:
        bot = await _started(stack, database, emulator)
        game = await start_game(bot, discord_api, table.guild, "key", [table.alice],
                                computers=("basic", "basic"),
                                settings=GameSettings(pictures=False, language="en"))
        shown = await table_message(table.alice, game.channel)
        assert shown is not None
        public = len(await watcher.sees(game.channel, ephemeral=False))
        await _key(table.alice, shown, "en")
        await _key(watcher, shown, "es")  # sits nowhere
        assert len(await watcher.sees(game.channel, ephemeral=False)) == public
        await bot.publisher.idle()
        await stack.aclose()
        stack = AsyncExitStack()
        await _started(stack, database, emulator)
        await _key(watcher, shown, "es")  # the same message, answered by the new bot
    finally:
        await stack.aclose()
    assert await discord_api.failed_interactions() == []


async def test_catan_help_shows_the_key(fast_bot: GameBot, table: Table) -> None:
    for person, command, lang in ((table.alice, "catan help", "en"),
                                  (table.bruno, "catan ayuda", "es")):
        reply = await (await person.slash(table.general, command)).response()
        assert reply.ephemeral and [e["title"] for e in reply.embeds][1:] == [TITLES[lang]]
        assert all(mark in reply.text for mark in MARKS)
