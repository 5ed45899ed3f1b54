"""`python -m demo catan`: a whole game through the real bot on the emulator, the host
clicking their own decisions through the panels as a person does, printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import GameBot
from bot.i18n import Catalog
from demo.__main__ import main as demo_main
from demo.catan import parse_args, reach, run_demo, step
from fakediscord import Discord, Emulator, run_client
from fakediscord.models import COMPONENTS_V2
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from tests.cogs.catan.driver import after_setup, do, start_game
from tests.e2e.test_catan_through_the_bot import holding, plays
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings


@pytest.mark.parametrize(("lang", "players"), [
    ("es", 3), pytest.param("en", 4, marks=pytest.mark.long)])
async def test_the_demo_prints_a_whole_game_and_its_winner(lang: str, players: int) -> None:
    result = await run_demo(players=players, language=lang, seed=4,
                            strengths=["basic", "random"])
    catalog = Catalog.load()
    assert result.status == "finished" and result.winner is not None
    assert catalog.text("catan.result.title", lang) in result.text
    assert result.winner in result.text.rsplit("──", 1)[-1]
    # A clean channel at the end: no table or mention keeps a button.
    assert f"[{catalog.text('table.act', lang)}]" not in result.text
    assert result.messages <= 1 + result.rounds + 2  # the lobby, a table a round, the result


def test_the_demo_takes_its_options_from_the_command_line() -> None:
    args = parse_args(["--players", "3", "--language", "es", "--strengths", "basic,expert"])
    assert (args.players, args.language, args.strengths) == (3, "es", ["basic", "expert"])
    with pytest.raises(SystemExit):
        parse_args(["--players", "5"])
    assert demo_main(["chess"]) == 2


async def test_the_demos_clicks_take_a_master_merchants_cards_in_the_trade_builder(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    """The Master Merchant's 36 takes are chosen in the trade builder, opened at once: a
    click a card of the target's hand, then Take; the demo's clicks reach any of them in
    three, without a page to look through (demo.catan.reach)."""
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "pages",
                                [table.alice, table.bruno], ("basic",), seed=2)
        record = game.record
        assert record is not None
        base = after_setup(record, seed=2)
        state = next(s for seat in range(len(base.seats))
                     if base.seats[seat] in game.people
                     and plays(s := holding(base, "master_merchant", seat), "master_merchant"))
        seat = state.seats[state.active]
        target = next(p.seat for p in plays(state, "master_merchant")
                      if p.seat in game.people)
        await game.commit(state=state)
        person = game.people[seat]
        play = {"type": "play_progress", "card": "master_merchant", "seat": target}
        await do(game, person, play)
        record = game.record
        assert record is not None
        takes = GAME.legal_actions(record.state, seat)
        assert len(takes) == 36 and {a.type for a in takes} == {"take_cards"}
        wanted = takes[-1]  # on the second page
        panel = await game.panel(person)
        assert panel.flags & COMPONENTS_V2 and "(0 de 2)" in panel.text  # Spanish, panel.text
        assert step(panel, wanted) is not None  # a card: not the take itself
        opened = 0
        seen: list[SeenMessage] = []

        async def reopen() -> SeenMessage:
            nonlocal opened
            opened += 1
            return await game.panel(person)

        assert await reach(person, panel, wanted, reopen, seen=seen) is not None
        await game.settle()
        assert opened == 0 and len(seen) == 3, [m.text for m in seen]
        [entry] = [e for e in await bot.service.store.actions(game.id)
                   if e.action["type"] == "take_cards"]
        assert entry.by == "player" and GAME.parse_action(entry.action) == wanted
        assert await discord_api.failed_interactions() == []
