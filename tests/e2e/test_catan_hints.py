"""Catan's Hint button through the real bot: the expert's move from the clicker's own view and
why, in the clicker's language, written above the same panel; nothing is played."""

from __future__ import annotations

import pytest

from bot.client import GameBot
from fakediscord import Discord
from rules.catan.actions import Roll
from rules.catan.game import GAME
from tests.cogs.catan.driver import after_setup, rolling, start_game
from tests.cogs.catan.helpers import CATALOG
from tests.e2e.test_hints import ask, hint_id
from tests.fakediscord_fixtures import Table


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_catan_hint_names_a_move_of_the_panel_and_why(
        bot: GameBot, discord_api: Discord, table: Table, language: str) -> None:
    locale = "es-ES" if language == "es" else "en-US"
    people = [await discord_api.user(f"{name}-{language}", guild=table.guild, locale=locale)
              for name in ("ana", "beto", "cris")]
    game = await start_game(bot, discord_api, table.guild, f"catan-hints-{language}", people)
    record = game.record
    assert record is not None
    state = rolling(after_setup(record), 2, 3)  # a 5: the first turn, rolled, to play
    state, _ = GAME.apply(state, state.seats[state.active], Roll())
    assert state.phase == "action" and not state.pending
    await game.commit(state=state)
    record = game.record
    assert record is not None and record.state is not None
    person = game.people[record.state.seats[record.state.active]]
    panel = await game.panel(person)
    assert hint_id(panel) is not None
    version = record.version
    hinted = await ask(person, panel, discord_api)
    await game.settle()
    assert game.record is not None and game.record.version == version  # nothing played
    assert hinted.content.startswith("💡 **") and "catan.hint" not in hinted.content
    named, reason = hinted.content.split("**")[1], hinted.content.split("**: ", 1)[1]
    labels = [b["label"] for b in panel.buttons()] + [
        o["label"] for s in panel.selects() for o in s["options"]]
    offer = CATALOG.text("catan.hint.offer.label", language, give="", get="", to="")
    assert named in labels or named.startswith(offer.split()[0]), (named, labels)
    assert reason.endswith(".") and "{" not in reason
    default = CATALOG.text("catan.hint.default", language)
    assert reason != default  # a reason of its own, not the fallback
