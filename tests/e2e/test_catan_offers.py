"""An offer to several people through the real bot on the emulator: Alice offers two people a
brick for an ore; one accepts, the other counters (two grain for the brick) from a panel opened
before the first answered; Alice picks the counter. Across a restart mid-trade (after the
acceptance, the counter and the pick made from panels opened before it): nothing lost, nothing
doubled, every step a public line, and the hands change once, on the counter's terms."""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from bot.client import GameBot
from cogs.catan.ui import UI
from fakediscord import Discord, Emulator, run_client
from tests.cogs.catan.driver import CatanGame, after_setup, do, start_game, with_hands
from tests.e2e.test_catan_decisions import four_people, hand_of, make_offer
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings


@pytest.mark.parametrize("restart", [False, True])
async def test_an_offer_to_two_one_counters_one_accepts_the_counter_is_picked(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path,
        restart: bool) -> None:
    await discord_api.configure(rate_limits=False)
    people = await four_people(discord_api, table)
    database = tmp_path / "bot.sqlite3"
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    stack = AsyncExitStack()
    await stack.enter_async_context(run_client(bot, emulator))
    try:
        game = await start_game(bot, discord_api, table.guild, "offers", people[:3],
                                computers=("basic",), seed=9)
        record = game.record
        assert record is not None
        state = after_setup(record, seed=9)
        offerer, counterer, accepter = [seat for seat in state.seats if seat in game.people][:3]
        hands = {offerer: {"brick": 3, "wool": 1}, counterer: {"ore": 1, "grain": 2},
                 accepter: {"ore": 2, "lumber": 1}}
        state = with_hands(state, hands, phase="action", active=state.seats.index(offerer))
        await game.commit(state=state)
        me, them, other = (game.people[p] for p in (offerer, counterer, accepter))
        to = [p for p in state.seats if p in (counterer, accepter)]
        offer: dict[str, Any] = {"type": "offer_trade", "to": to, "give": {"brick": 1},
                                 "get": {"ore": 1}}
        sent = await make_offer(game, me, offer)
        assert "out of date" not in sent.text
        counter_panel = await game.panel(them)  # opened before anyone answered
        assert {str(b["custom_id"]).rsplit(":", 1)[-1] for b in counter_panel.buttons()} >= {
            "yes", "no"}  # Accept, Decline
        await do(game, other, {"type": "accept_trade"})
        assert hand_of(game, offerer) == hands[offerer]  # an acceptance trades nothing yet
        if restart:
            bot, game, stack = await _restarted(bot, game, stack, database, emulator)
        counter = {"type": "counter_trade", "give": {"grain": 2}, "get": {"brick": 1}}
        answer = await do(game, them, counter, panel=counter_panel)
        assert "out of date" not in answer.text
        pick_panel = await game.panel(me)
        picks = [b for b in pick_panel.buttons() if ":pick." in str(b["custom_id"])]
        assert len(picks) == 2, pick_panel.buttons()  # the acceptance and the counter
        if restart:
            bot, game, stack = await _restarted(bot, game, stack, database, emulator)
        answer = await do(game, me, {"type": "pick_trade", "seat": counterer}, panel=pick_panel)
        assert "out of date" not in answer.text
        assert hand_of(game, offerer) == {"brick": 2, "wool": 1, "grain": 2}
        assert hand_of(game, counterer) == {"ore": 1, "brick": 1}
        assert hand_of(game, accepter) == hands[accepter]
        entries = [e.action["type"] for e in await game.bot.store.actions(game.id)
                   if e.by == "player"]
        assert entries == ["offer_trade", "accept_trade", "counter_trade", "pick_trade"]
        await game.bot.publisher.idle()
        record = game.record
        assert record is not None and not record.state.pending
        public = "\n".join(UI.log_lines(record.log, record.seats, game.bot.catalog, "en"))
        for line in ("offers", "accepts", "counters", "trades with"):
            assert public.count(line) == 1, (line, public)
        shown = "\n".join(m.text for m in await table.alice.sees(game.channel, ephemeral=False))
        assert "trades with" in shown  # the table's recent events
        assert await discord_api.failed_interactions() == []
    finally:
        await stack.aclose()


async def _restarted(bot: GameBot, game: CatanGame, stack: AsyncExitStack, database: Path,
                     emulator: Emulator) -> tuple[GameBot, CatanGame, AsyncExitStack]:
    """The bot stopped once all is published, and a new one started on the same store."""
    await bot.publisher.idle()
    await stack.aclose()
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    stack = AsyncExitStack()
    await stack.enter_async_context(run_client(bot, emulator))
    return bot, CatanGame(bot, game.id, game.channel, game.people), stack
