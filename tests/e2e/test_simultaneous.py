"""Several people deciding at once, through the real bot on the emulator: the test-only sealed
bids (tests/games/bids), whose rounds open with every seat bidding at once. Four people and a
computer: each person is mentioned and timed on their own, bids from panels opened before the
others' bids in a random order, one lets the timer run out (the rules' default, a bid of 0, is
played for them alone), a restart with two of four decided keeps both and the other panels
still play, a forged value and an old panel's click are refused with a fresh panel, and the
game ends with its result."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.client import GameBot
from bot.records import GameRecord
from fakediscord import Discord, Emulator, Person, run_client
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import click_id, forge_click, lobby
from tests.game_driver import table as table_message
from tests.games.bids import registered

MINUTE = 3.0  # seconds per turn-limit minute while the first round is timed


@pytest.fixture
def bids() -> Iterator[None]:
    with registered():
        yield


def seat_of(record: GameRecord, person: Person) -> str:
    seat = record.seat_of_user(int(person.id))
    assert seat is not None
    return seat.id


async def panel_of(person: Person, channel: Person | object) -> SeenMessage:
    message = await table_message(person, channel)  # type: ignore[arg-type]
    assert message is not None
    return await click_id(person, message, ":act")


async def bid(person: Person, panel: SeenMessage, coins: int) -> SeenMessage:
    button = next(b for b in panel.buttons() if str(b["custom_id"]).endswith(f":b.{coins}"))
    result = await person.click(panel, custom_id=button["custom_id"])
    assert not result.failed
    return await result.response()


async def pings(person: Person) -> list[SeenMessage]:
    """The mentions of this person still standing in the channel."""
    return [m for m in await person.notified() if not m.data.get("deleted")]


async def until(check: object, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():  # type: ignore[operator]
        assert loop.time() < end, "waited in vain"
        await asyncio.sleep(0.05)


async def test_four_people_and_a_computer_decide_at_once(
        bids: None, emulator: Emulator, discord_api: Discord, table: Table,
        tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    carla = await discord_api.user("carla", guild=table.guild)
    dani = await discord_api.user("dani", locale="es-ES", guild=table.guild)
    people = [table.alice, table.bruno, carla, dani]
    general = table.general
    database = tmp_path / "bot.sqlite3"
    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        bot.service.minute = MINUTE
        # `new` is generated from the game's Options (cogs/kit/new.py), the lobby's select of
        # rounds too (cogs/kit/lobby.py): 3 rounds by default, the host picks 2.
        opened = await (await table.alice.slash(general, "bids new", players=5, turn_limit=1,
                                                thread=False)).response()
        assert "Rounds: 3" in opened.text
        for person in people[1:]:
            await click_id(person, await lobby(person, general), ":lobby.join")
        room = await lobby(table.alice, general)
        add, rounds = (s["custom_id"] for s in room.selects())
        await table.alice.choose(room, ["2"], custom_id=rounds)
        room = await lobby(table.alice, general)
        assert "Rounds: 2" in room.text
        await table.alice.choose(room, ["steady"], custom_id=add)
        await click_id(table.alice, await lobby(table.alice, general), ":lobby.start")
        [record] = bot.service.games.values()
        game = record.id
        await bot.service.idle(game)  # the computer has bid, beside the people
        await bot.publisher.idle()
        record = bot.service.games[game]
        computer = next(s.id for s in record.seats if s.computer)
        assert computer in record.state.bids and len(record.state.bids) == 1

        # The table names everyone it waits for; each person is mentioned on their own.
        shown = await table_message(table.alice, general)
        assert shown is not None
        assert "Round 1 of 2" in shown.text and "✅" in shown.text  # the computer's bid
        footer = next(line for line in shown.text.splitlines() if line.startswith("Waiting"))
        assert all(name in footer for name in ("alice", "bruno", "carla", "dani"))
        for person in people:
            assert len(await pings(person)) == 1

        # Everyone opens their panel before anybody bids; three bid in a random order, each on
        # the panel opened before the others' bids, and each one's mention goes alone.
        panels = {person.id: await panel_of(person, general) for person in people}
        order = people[:]
        random.Random(11).shuffle(order)
        late = order.pop()
        for n, person in enumerate(order):
            answer = await bid(person, panels[person.id], n + 1)
            assert f"bid {n + 1}" in answer.text.lower() or f"pujado {n + 1}" in answer.text
            assert "still bidding" in answer.text or "siguen pujando" in answer.text
            await bot.publisher.idle()
            assert await pings(person) == []
            assert await pings(late)  # its mention (and a reminder, on a slow machine) stand
        bot.service.minute = 60.0  # the next decisions are not timed in this test
        # late lets the time run out: the default bid (0) is played for them alone.
        late_seat = seat_of(record, late)
        await until(lambda: bot.service.games.get(game) is None
                    or bot.service.games[game].state.round == 2
                    or bot.service.games[game].state.winner is not None)
        entries = await bot.store.actions(game)
        timed = [(e.seat, e.action) for e in entries if e.by == "timer"]
        assert timed == [(late_seat, {"type": "bid", "coins": 0})]
        reminded = [m for m in await late.notified() if "runs out" in m.text
                    or "se acaba" in m.text]
        assert len(reminded) == 1

        # The winner picks (a person from their panel, or the computer by itself); the others'
        # mentions of the bids are gone.
        record = bot.service.games[game]
        winner = record.state.winner
        assert winner is not None
        await bot.publisher.idle()
        for person in order:
            if seat_of(record, person) != winner:
                assert await pings(person) == []
        if winner != computer:
            person = next(p for p in people if seat_of(record, p) == winner)
            panel = await panel_of(person, general)
            await click_id(person, panel, ":p.0")
        await until(lambda: bot.service.games[game].state.round == 2)
        await bot.service.idle(game)

        # Round two: all open their panels, two bid, then the bot restarts.
        record = bot.service.games[game]
        panels_before = panels
        panels = {person.id: await panel_of(person, general) for person in people}
        for person in people[:2]:
            await bid(person, panels[person.id], 0)
        before = bot.service.games[game]
        assert len(before.state.bids) == 3  # the computer's and two people's
        await bot.publisher.idle()

    bot = GameBot(bot_settings(database, ping_after=0), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        await bot.publisher.idle()
        record = bot.service.games[game]
        assert record.state.bids == before.state.bids and record.version == before.version
        # A forged value (a button the panel never had) is refused; a first-round
        # panel's click is refused with the current panel. Neither changes anything.
        third = people[2]
        forged = forge_click(emulator, third, panels[third.id],
                             f"cz:{game}:{record.version}:b.99")
        refused = await forged.response()
        assert refused.ephemeral and "don't recognise that button" in refused.text
        # ...with their panel redrawn as it stands now (issue 42: a fresh panel on a refusal)
        assert refused.id == panels[third.id].id and refused.buttons()
        panels[third.id] = refused
        old = await bid(late, panels_before[late.id], 1)  # late never used their first panel
        assert "out of date" in old.text or "desfasado" in old.text
        if late in people[2:]:  # still to bid: the fresh panel offers the bids of this round
            assert any(str(b["custom_id"]).endswith(f":{record.version}:b.1")
                       for b in old.buttons())
        assert bot.service.games[game].version == record.version
        # The two panels opened before the restart still play.
        for person in people[2:]:
            await bid(person, panels[person.id], 1)
        record = bot.service.games[game]
        assert record.state.winner is not None or record.status == "finished"
        winner = record.state.winner
        if winner != computer:
            person = next(p for p in people if seat_of(record, p) == winner)
            await click_id(person, await panel_of(person, general), ":p.1")
        await until(lambda: game not in bot.service.games)
        await bot.publisher.idle()
        ended = await bot.service.get(game)
        assert ended is not None and ended.status == "finished"
        entries = await bot.store.actions(game)
        assert len([e for e in entries if e.action["type"] == "bid"]) == 10
        public = [m for m in await table.alice.sees(general) if not m.ephemeral]
        assert any("Game over" in m.text for m in public)
        for person in people:
            assert await pings(person) == []
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []
