"""The Hint button of private panels: the expert's suggestion from the clicker's own view,
written above the same panel; only for the one deciding, only where the server allows it."""

from __future__ import annotations

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from fakediscord import Discord, Emulator, Person, Ref
from fakediscord.testing import SeenMessage
from rules import citadels
from tests.e2e.test_game_refusals import Unchanged, answer, deciding
from tests.fakediscord_fixtures import Table
from tests.game_driver import forge_click, start_game


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


def hint_id(panel: SeenMessage) -> str | None:
    return next((b["custom_id"] for b in panel.buttons() if b["custom_id"].endswith(":hint")),
                None)


async def ask(person: Person, panel: SeenMessage, discord_api: Discord) -> SeenMessage:
    """Click Hint; the panel once its content carries the hint (the search is deferred)."""
    custom_id = hint_id(panel)
    assert custom_id is not None
    result = await person.click(panel, custom_id=custom_id)
    assert not result.failed

    async def hinted() -> SeenMessage | None:
        seen = await person.message(panel.id)
        return seen if seen.content else None

    await result.acknowledged()
    return await discord_api.wait_for(hinted, 10.0, "the hint")


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_hint_names_a_legal_move_and_why(bot: GameBot, discord_api: Discord,
                                                 table: Table, language: str):
    locale = "es-ES" if language == "es" else "en-US"
    people = [await discord_api.user(f"{name}-{language}", guild=table.guild, locale=locale)
              for name in ("ana", "beto")]
    game = await start_game(bot, discord_api, table.guild, f"hints-{language}", people,
                            seed=5, language=language)
    person, _ = deciding(game)
    panel = await game.panel(person)
    [button] = [b for b in panel.buttons() if b["custom_id"].endswith(":hint")]
    assert button["label"] == ("💡 Pista" if language == "es" else "💡 Hint")
    unchanged = Unchanged(game)
    hinted = await ask(person, panel, discord_api)
    assert hinted.content.startswith("💡 **") and ": " in hinted.content
    await unchanged.check()  # a hint plays nothing
    # The move it names is one the panel offers, and the panel is still there to play it.
    labels = [b["label"] for b in panel.buttons()] + [
        o["label"] for s in panel.selects() for o in s["options"]]
    named = hinted.content.split("**")[1]
    assert named in labels, (named, labels)
    assert [b["custom_id"] for b in hinted.buttons()] == [b["custom_id"] for b in panel.buttons()]


async def test_only_the_one_deciding_gets_a_hint(bot: GameBot, discord_api: Discord,
                                                 table: Table, emulator: Emulator):
    game = await start_game(bot, discord_api, table.guild, "hints-who",
                            [table.alice, table.bruno], seed=5)
    person, other = deciding(game)
    old = await game.panel(person)  # a panel with its Hint button, kept open
    assert hint_id(old) is not None
    pick = next(b for b in old.buttons() if not b["custom_id"].endswith(":hint"))
    await game.do(person, citadels.Action.parse(  # the decision passes to the other player
        {"type": "pick_character", "character": pick["custom_id"].rsplit(".", 1)[1]}
    ).model_dump())
    assert deciding(game)[0] == other
    unchanged = Unchanged(game)
    late = await answer(await person.click(old, custom_id=hint_id(old)))
    assert late.content == "It's not your decision right now."
    stranger = await discord_api.user("stranger", guild=table.guild)
    outsider = await answer(forge_click(emulator, stranger, await game.table(stranger),
                                        str(hint_id(old))))
    assert outsider.content  # told, in words, and nothing changes
    await unchanged.check()


async def test_a_server_can_turn_hints_off(bot: GameBot, discord_api: Discord, table: Table,
                                           emulator: Emulator):
    owner = await discord_api.user("owner")
    data = await discord_api.backend.call("create_guild", name="NoHints", owner_id=owner.id)
    guild = Ref(data["id"], data["name"])
    channel = await discord_api.channel(guild, "games")
    saved = await (await owner.slash(channel, "citadels defaults", hints=False)).response()
    assert "Hints: off." in saved.content
    await (await owner.slash(channel, "citadels new")).response()
    [record] = [g for g in bot.service.games.values() if g.guild_id == int(guild.id)]
    assert record.settings.hints is False
    shown = await (await owner.slash(channel, "citadels defaults")).response()
    assert "Hints: off." in shown.content

    game = await start_game(bot, discord_api, table.guild, "hints-off",
                            [table.alice, table.bruno], seed=5,
                            settings=GameSettings(hints=False))
    person, _ = deciding(game)
    panel = await game.panel(person)
    assert hint_id(panel) is None and panel.buttons()


async def test_a_hint_button_of_a_game_without_hints_is_refused(bot: GameBot,
                                                               discord_api: Discord,
                                                               table: Table):
    game = await start_game(bot, discord_api, table.guild, "hints-gone",
                            [table.alice, table.bruno], seed=5)
    person, _ = deciding(game)
    panel = await game.panel(person)
    custom_id = hint_id(panel)
    assert custom_id is not None
    game.record.settings.hints = False  # as if the panel were older than the setting
    unchanged = Unchanged(game)
    refused = await answer(await person.click(panel, custom_id=custom_id))
    assert refused.content in ("Hints are turned off on this server.",
                               "Las pistas están desactivadas en este servidor.")
    await unchanged.check()


async def test_a_hint_asked_while_another_is_worked_out_is_told_to_wait(
        bot: GameBot, discord_api: Discord, table: Table):
    """One search at a time per process: several at once starved the event loop."""
    game = await start_game(bot, discord_api, table.guild, "hints-busy",
                            [table.alice, table.bruno], seed=5)
    person, _ = deciding(game)
    panel = await game.panel(person)
    cog = bot.get_cog("CitadelsCog") or next(c for c in bot.cogs.values()
                                             if hasattr(c, "hinting"))
    unchanged = Unchanged(game)
    async with cog.hinting:  # someone else's hint is being worked out
        busy = await answer(await person.click(panel, custom_id=str(hint_id(panel))))
    assert busy.content == bot.catalog.text("hint.busy", "en-US")
    await unchanged.check()
    hinted = await ask(person, await game.panel(person), discord_api)  # free again
    assert hinted.content.startswith("💡 **")
