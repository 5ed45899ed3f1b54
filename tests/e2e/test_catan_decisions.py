"""Catan's decisions through the real bot on the emulator, with people: a 7 that three must
discard on, clicked in a random order from panels opened before anyone discarded, one of
them in two parts across a restart (nothing lost, nothing doubled), then the robber; forged
and outdated clicks refused with a fresh panel; trades between people offered, declined,
withdrawn and accepted, one answered after a restart."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from cogs.catan.ui import UI
from fakediscord import Discord, Emulator, Person, run_client
from fakediscord.testing import SeenMessage
from tests.cogs.catan.driver import CatanGame, after_setup, do, rolling, start_game, with_hands
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import forge_click

FOUR = ("carla", "dani")


async def four_people(discord_api: Discord, table: Table) -> list[Person]:
    carla = await discord_api.user("carla", guild=table.guild)
    dani = await discord_api.user("dani", locale="es-ES", guild=table.guild)
    return [table.alice, table.bruno, carla, dani]


def multi_values(panel: SeenMessage, kind: str, cards: dict[str, int]) -> tuple[str, list[str]]:
    """The custom_id of the panel's multi-select `kind` and the values choosing `cards`."""
    select = next(s for s in panel.selects() if str(s["custom_id"]).endswith(f":s.{kind}"))
    wanted = [c for c, n in cards.items() for _ in range(n)]
    values = []
    for option in select["options"]:
        card = option["value"].partition(".")[2].partition("_")[0]
        if card in wanted:
            wanted.remove(card)
            values.append(option["value"])
    assert not wanted, (cards, select["options"])
    return select["custom_id"], values


async def discard(person: Person, panel: SeenMessage, cards: dict[str, int]) -> SeenMessage:
    custom_id, values = multi_values(panel, "dc", cards)
    result = await person.choose(panel, values, custom_id=custom_id)
    assert not result.failed
    return await result.response()


async def pings(person: Person) -> list[SeenMessage]:
    """The mentions of this person still standing."""
    return [m for m in await person.notified() if not m.data.get("deleted")]


async def test_a_seven_three_discarders_in_any_order_and_a_restart(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    people = await four_people(discord_api, table)
    database = tmp_path / "bot.sqlite3"
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "seven", people, seed=5)
        record = game.record
        assert record is not None
        state = after_setup(record, seed=5)
        roller, *others = state.seats
        hands = {roller: {"ore": 1},
                 others[0]: {"brick": 4, "lumber": 4, "wool": 1},    # 9: discards 4
                 others[1]: {"grain": 6, "ore": 4},                  # 10: discards 5
                 others[2]: {"wool": 5, "paper": 3}}                 # 8: discards 4
        state = rolling(with_hands(state, hands, attacks=1), 3, 4)
        await game.commit(state=state)
        person = {seat: game.people[seat] for seat in state.seats}
        before_roll = await game.panel(person[roller])  # a second panel, left as it is
        rolled = await do(game, person[roller], {"type": "roll"})
        assert "7" in rolled.text
        record = game.record
        assert record is not None
        assert sorted(record.rules.must_decide(record.state)) == sorted(others)
        # Each discarder is mentioned once; all open their panels before anyone discards.
        await bot.publisher.idle()
        for seat in others:
            assert len(await pings(person[seat])) == 1, seat
        panels = {seat: await game.panel(person[seat]) for seat in others}
        for seat in others:
            text = panels[seat].text
            assert ("Discard" in text or "Descarta" in text), text
        order = others[:]
        random.Random(7).shuffle(order)
        first, second, third = order
        owed = {others[0]: {"brick": 2, "lumber": 2}, others[1]: {"grain": 3, "ore": 2},
                others[2]: {"wool": 3, "paper": 1}}
        answer = await discard(person[first], panels[first], owed[first])
        assert "out of date" not in answer.text and "desfasado" not in answer.text
        await bot.publisher.idle()
        assert await pings(person[first]) == [] and len(await pings(person[second])) == 1
        # The second gives part of what is owed: the decision stays, its panel asks the rest.
        part = dict(list(owed[second].items())[:1])
        answer = await discard(person[second], panels[second], part)
        assert "out of date" not in answer.text and "desfasado" not in answer.text
        rest = {c: n for c, n in owed[second].items() if c not in part}
        panels[second] = answer
        before = game.record
        assert before is not None
        assert set(before.rules.must_decide(before.state)) == {second, third}
        await bot.publisher.idle()

    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        await bot.publisher.idle()
        game = CatanGame(bot, game.id, game.channel, game.people)
        record = game.record
        assert record is not None and record.version == before.version
        assert record.rules.dump_state(record.state) == before.rules.dump_state(before.state)
        # A forged discard (cards the third does not hold) is refused with a fresh panel; an
        # unknown code plainly; the roller's old panel (from before the roll) is out of date.
        select, _ = multi_values(panels[third], "dc", {})
        forged = await forge_click(emulator, person[third], panels[third], select,
                                   values=["0.coin", "1.coin"]).response()
        assert "isn't possible" in forged.text or "no es posible" in forged.text, forged.text
        assert forged.selects() and forged.id == panels[third].id
        panels[third] = forged  # the refusal redrew the panel it was clicked on
        unknown = await forge_click(emulator, person[third], panels[third],
                                    f"cz:{game.id}:{record.version}:zz.1").response()
        assert "recognise" in unknown.text or "reconozco" in unknown.text, unknown.text
        assert game.record is not None and game.record.version == record.version
        # The fresh panel and the one opened before the restart play, in any order.
        await discard(person[third], panels[third], owed[third])
        await discard(person[second], panels[second], rest)
        await game.settle()
        record = game.record
        assert record is not None
        assert record.rules.must_decide(record.state) == [roller]
        entries = [e for e in await bot.store.actions(game.id) if e.action["type"] == "discard"]
        given = sorted((e.seat, sum(e.action["cards"].values())) for e in entries)
        assert given == sorted([(first, sum(owed[first].values())),
                                (second, sum(part.values())), (second, sum(rest.values())),
                                (third, sum(owed[third].values()))])
        for seat in others:
            held = sum(record.state.players[record.state.seats.index(seat)].cards.values())
            assert held == sum(hands[seat].values()) - sum(owed[seat].values())
        # The roller then moves the robber, robbing the first discarder if they are there.
        legal = record.rules.legal_actions(record.state, roller)
        move = next((a for a in legal if a.victim == first), legal[0])
        moved = await do(game, person[roller], move.model_dump(mode="json"))
        assert "robber" in moved.text.lower() or "ladrón" in moved.text.lower()
        stale = await do_stale(game, person[roller], before_roll)
        assert "out of date" in stale.text or "desfasado" in stale.text or \
            "isn't possible" in stale.text
        assert await discord_api.failed_interactions() == []


async def do_stale(game: CatanGame, person: Person, panel: SeenMessage) -> SeenMessage:
    """A click on any action of an old panel."""
    component = next(b for b in panel.buttons() if not b["custom_id"].endswith(":hint"))
    result = await person.click(panel, custom_id=component["custom_id"])
    assert not result.failed
    return await result.response()


def hand_of(game: CatanGame, seat: str) -> dict[str, int]:
    record = game.record
    assert record is not None
    cards = record.state.players[record.state.seats.index(seat)].cards
    return {c: n for c, n in cards.items() if n}


@pytest.mark.parametrize("restart", [False, True])
async def test_trades_between_people(emulator: Emulator, discord_api: Discord, table: Table,
                                     tmp_path: Path, restart: bool) -> None:
    """Alice offers Bruno two bricks for an ore: declined; then a brick for a grain,
    withdrawn; then again, accepted (after a restart, from the panel opened before it). Every
    offer and answer is a public line; hands change only on the accepted one."""
    await discord_api.configure(rate_limits=False)
    people = await four_people(discord_api, table)
    database = tmp_path / "bot.sqlite3"
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = await start_game(bot, discord_api, table.guild, "trades", people[:3],
                                computers=("basic",), seed=9)
        record = game.record
        assert record is not None
        state = after_setup(record, seed=9)
        offerer, addressee = [seat for seat in state.seats if seat in game.people][:2]
        hands = {offerer: {"brick": 3, "wool": 1}, addressee: {"ore": 1, "grain": 2}}
        state = with_hands(state, hands, phase="action", active=state.seats.index(offerer))
        await game.commit(state=state)
        me, them = game.people[offerer], game.people[addressee]
        offer: dict[str, Any] = {"type": "offer_trade", "to": addressee, "give": {"brick": 2},
                                 "get": {"ore": 1}}
        sent = await make_offer(game, me, offer)
        assert "offer" in sent.text.lower() or "ofreces" in sent.text.lower()
        await do(game, them, {"type": "decline_trade"})
        assert hand_of(game, offerer) == hands[offerer]
        offer2: dict[str, Any] = {"type": "offer_trade", "to": addressee, "give": {"brick": 1},
                  "get": {"grain": 1}}
        await make_offer(game, me, offer2)
        await do(game, me, {"type": "cancel_trade"})
        await make_offer(game, me, offer2)
        panel = await game.panel(them)
        assert {b.get("label") for b in panel.buttons()} & {"Accept", "Aceptar"}
        if not restart:
            await accepted(game, them, panel, offerer, addressee, table, discord_api)
            return
        await bot.publisher.idle()
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = CatanGame(bot, game.id, game.channel, game.people)
        await accepted(game, them, panel, offerer, addressee, table, discord_api)


async def accepted(game: CatanGame, them: Person, panel: SeenMessage, offerer: str,
                   addressee: str, table: Table, discord_api: Discord) -> None:
    """The addressee accepts from `panel`: the cards change hands, once."""
    answer = await do(game, them, {"type": "accept_trade"}, panel=panel)
    assert "out of date" not in answer.text and "desfasado" not in answer.text
    assert hand_of(game, offerer) == {"brick": 2, "wool": 1, "grain": 1}
    assert hand_of(game, addressee) == {"ore": 1, "grain": 1, "brick": 1}
    entries = [e.action["type"] for e in await game.bot.store.actions(game.id)
               if e.by == "player"]
    assert entries == ["offer_trade", "decline_trade", "offer_trade", "cancel_trade",
                       "offer_trade", "accept_trade"]
    await game.bot.publisher.idle()
    record = game.record
    assert record is not None
    public = "\n".join(UI.log_lines(record.log, record.seats, game.bot.catalog, "en"))
    for line in ("offers", "declines", "withdraws", "accepts"):
        assert public.count(line) == (3 if line == "offers" else 1), (line, public)
    shown = "\n".join(m.text for m in await table.alice.sees(game.channel, ephemeral=False))
    assert "accepts" in shown  # the table's recent events
    assert await discord_api.failed_interactions() == []


async def make_offer(game: CatanGame, person: Person, offer: dict[str, Any]
                     ) -> SeenMessage:
    """Build `offer` in the panel as a person does: the offer group opens the trade builder,
    a click adds each card given and each card asked, then the seat it goes to."""
    return await do(game, person, offer)


async def test_a_discarder_who_lets_the_time_run_out(emulator: Emulator, discord_api: Discord,
                                                      table: Table, tmp_path: Path) -> None:
    """Two must discard; one does, the other's time runs out: the rules' default (a random
    discard of what is owed, docs/rules/catan-cities-knights.md §3.5) is played for that seat
    alone, and the roller goes on."""
    await discord_api.configure(rate_limits=False)
    people = (await four_people(discord_api, table))[:3]
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3", ping_after=0), computer_pause=0,
                  **FAST_READY)
    async with run_client(bot, emulator):
        bot.service.minute = 60.0
        game = await start_game(bot, discord_api, table.guild, "timer", people, seed=8,
                                settings=GameSettings(pictures=False, turn_limit=1))
        record = game.record
        assert record is not None
        state = after_setup(record, seed=8)
        roller, quick, slow = state.seats
        hands = {roller: {}, quick: {"brick": 8}, slow: {"ore": 5, "wool": 5}}
        state = rolling(with_hands(state, hands), 2, 5)
        bot.service.minute = 3.0  # timed from here: a minute is three seconds
        await game.commit(state=state)
        await do(game, game.people[roller], {"type": "roll"})
        await discard(game.people[quick], await game.panel(game.people[quick]), {"brick": 4})
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while (now := game.record) is not None and slow in now.rules.must_decide(now.state):
            assert loop.time() < end, "the timer did not play"
            await asyncio.sleep(0.1)
        entries = [(e.seat, e.by, e.action["type"]) for e in await bot.store.actions(game.id)
                   if e.action["type"] == "discard"]
        assert entries == [(quick, "player", "discard"), (slow, "timer", "discard")]
        record = game.record
        assert record is not None
        assert sum(record.state.players[record.state.seats.index(slow)].cards.values()) == 5
        assert record.rules.must_decide(record.state) == [roller]
        await bot.publisher.idle()
