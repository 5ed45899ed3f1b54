"""A turn in few clicks through the real bot on the emulator (issue 44), counted from a panel
already open: a 1-for-1 offer to everyone in 3 (the offer group, the card given, the card
asked for from everyone), a road in 2 (its Build button, then its place), a Counter
that starts from the offer turned round, and the bank's rate beside cards the bank would
take. The clicks are those a person makes (demo.catan.reach)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.client import GameBot
from bot.records import GameSettings
from cogs.catan.trades import encode
from demo.catan import reach
from fakediscord import Discord, Emulator, Person, run_client
from fakediscord.models import COMPONENTS_V2
from fakediscord.testing import SeenMessage
from rules.catan.actions import OfferTrade
from rules.catan.game import GAME
from tests.cogs.catan.driver import CatanGame, after_setup, do, start_game, with_hands
from tests.e2e.test_catan_decisions import four_people, hand_of
from tests.e2e.test_catan_through_the_bot import holding, plays
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings


@asynccontextmanager
async def three_people(emulator: Emulator, discord_api: Discord, table: Table, path: Path,
                       hands: list[dict[str, int]], spanish: bool = False,
                       settings: GameSettings | None = None) -> AsyncIterator[CatanGame]:
    """A game of three people after the set-up, the first seat in its turn's actions (dani,
    who reads Spanish, when `spanish`), each seat holding its hand of `hands`."""
    await discord_api.configure(rate_limits=False)
    alice, bruno, carla, dani = await four_people(discord_api, table)
    people = [dani, alice, bruno] if spanish else [alice, bruno, carla]
    bot = GameBot(bot_settings(path, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "clicks", people, seed=9,
                                settings=settings)
        record = game.record
        assert record is not None
        state = after_setup(record, seed=9)
        state = with_hands(state, dict(zip(state.seats, hands, strict=True)), phase="action",
                           active=0)
        await game.commit(state=state)
        yield game


async def clicked(game: CatanGame, person: Person, action: Any) -> list[SeenMessage]:
    """The panels a person's clicks answered on the way to `action`, from an open panel."""
    panel = await game.panel(person)
    seen: list[SeenMessage] = []

    async def reopen() -> SeenMessage:
        return await game.panel(person)

    assert await reach(person, panel, action, reopen, seen=seen) is not None
    await game.settle()
    return seen


async def test_a_one_for_one_offer_to_everyone_takes_three_clicks(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    hands = [{"brick": 2, "wool": 1}, {"ore": 1}, {"ore": 2}]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            hands) as game:
        record = game.record
        assert record is not None
        offerer, *others = record.state.seats
        offer = OfferTrade(to=others, give={"brick": 1}, get={"ore": 1})
        seen = await clicked(game, game.people[offerer], offer)
        assert len(seen) <= 3, [p.text for p in seen]
        [entry] = [e for e in await game.bot.store.actions(game.id) if e.by == "player"]
        assert GAME.parse_action(entry.action) == offer
        assert await discord_api.failed_interactions() == []


async def test_counter_opens_the_builder_with_the_offer_turned_round(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    hands = [{"brick": 2, "wool": 1}, {"ore": 1, "grain": 2}, {"ore": 2}]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            hands) as game:
        record = game.record
        assert record is not None
        offerer, counterer, _ = record.state.seats
        offer = OfferTrade(to=record.state.seats[1:], give={"brick": 1}, get={"ore": 1})
        await clicked(game, game.people[offerer], offer)
        them = game.people[counterer]
        panel = await game.panel(them)
        assert {b["label"] for b in panel.buttons()} >= {"Accept", "Decline", "🔁 Counter…"}
        opened = await (await them.click(panel, label="🔁 Counter…")).response()
        assert opened.flags & COMPONENTS_V2 and not opened.embeds and not opened.content
        assert "**You give:** 1 ⛰️ Ore" in opened.text, opened.text  # what the offer asks
        assert "**You ask for:** 1 🧱 Brick" in opened.text  # what it gives
        assert "To counter, change the cards below" in opened.text
        counter = {"type": "counter_trade", "give": {"grain": 2}, "get": {"brick": 1}}
        await do(game, them, counter, panel=opened)
        entries = [e.action["type"] for e in await game.bot.store.actions(game.id)
                   if e.by == "player"]
        assert entries == ["offer_trade", "counter_trade"]
        assert hand_of(game, counterer) == hands[1]  # nothing traded until the pick
        assert await discord_api.failed_interactions() == []


async def test_a_road_takes_two_clicks_its_build_button_and_its_place(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    hands = [{"lumber": 1, "brick": 1}, {}, {}]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            hands) as game:
        record = game.record
        assert record is not None
        seat = record.state.seats[0]
        roads = [a for a in GAME.legal_actions(record.state, seat) if a.type == "build_road"]
        assert roads
        seen = await clicked(game, game.people[seat], roads[-1])
        assert 1 < len(roads) <= 25  # the button opens them, one more click for the hex past 25
        assert len(seen) == 2, [p.text for p in seen]
        [entry] = [e for e in await game.bot.store.actions(game.id) if e.by == "player"]
        assert GAME.parse_action(entry.action) == roads[-1]


async def test_the_bank_rate_is_shown_beside_cards_the_bank_would_take(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    hands = [{"wool": 4, "brick": 1}, {"ore": 1}, {"ore": 1}]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            hands) as game:
        record = game.record
        assert record is not None
        person = game.people[record.state.seats[0]]
        rate = record.rules.view(record.state, record.state.seats[0])["rates"]["wool"]
        panel = await game.panel(person)
        menu = next(s for s in panel.selects() if s["custom_id"].endswith(":s.n_menu"))
        panel = await (await person.choose(panel, ["@offer"], custom_id=menu["custom_id"])
                       ).response()
        for count in range(1, rate + 1):
            panel = await (await person.click(panel, label="+ 🐑 Wool")).response()
            assert ("The bank takes" in panel.text) == (count == rate), panel.text
        assert f"The bank takes {rate} 🐑 Wool" in panel.text, panel.text
        asked = f"ob.{encode({'wool': rate})}.{encode({'brick': 1})}"  # brick on the get side
        panel = await (await person.click(panel, custom_id=next(
            b["custom_id"] for b in panel.buttons() if b["custom_id"].endswith(asked)))
                       ).response()
        bank = f"{rate} 🐑 Wool → 1 🧱 Brick"
        await (await person.click(panel, label=bank)).response()
        await game.settle()
        assert hand_of(game, record.state.seats[0]) == {"wool": 4 - rate, "brick": 2}
        assert await discord_api.failed_interactions() == []


async def test_a_commercial_harbors_choice_opens_as_soon_as_it_is_played(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    """The panel that answers the play offers the harbour's exchanges at once (not behind
    the menu's "Trade with the bank"), with the rest of the turn's usual choices."""
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            [{}, {}, {}]) as game:
        record = game.record
        assert record is not None
        base = record.state
        state = next(s for seat in range(3)
                     if plays(s := holding(base, "commercial_harbor", seat),
                              "commercial_harbor"))
        await game.commit(state=state)
        seat = state.seats[state.active]
        [play] = plays(state, "commercial_harbor")
        answer = await do(game, game.people[seat], play.model_dump())
        kinds = {str(s["custom_id"]).rsplit(".", 1)[-1] for s in answer.selects()}
        assert "he" in kinds, answer.text
        assert await discord_api.failed_interactions() == []
