"""Scripted people playing Catan through the bot's messages, as a user would: they read the
channel, press "Act" on the table, and click among what their panel offers: the menu's groups,
the narrowing selects, a multi-select of the hand for a discard, the offer builder, End turn.

`start_game` opens a game through the service (the lobby is not the point of most tests),
`play_turns` lets the people whose seats the game waits for play until a number of turns has
passed, and `hand_over` gives every person's seat to the computer to finish the game.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from bot.changes import waiting
from bot.client import GameBot
from bot.records import GameRecord, GameSettings
from cogs.catan.actions_ui import SPEC
from demo.catan import after_setup as demo_after_setup
from demo.catan import navigating, step, use
from demo.people import open_panel, opened
from fakediscord import Discord, Person, Ref
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from rules.catan.state import CARDS, GameState
from tests.game_driver import click_id, table
from tests.rules.catan.engine_helpers import rig

NAVIGATION = ("s.n_",)  # menus and narrowing: a panel redrawn, nothing played


@dataclass
class Clicker:
    """A person who picks among their panel's components: an action more often than a
    menu, End turn with weight `hasty` against any one other choice; offers now and then."""

    person: Person
    rng: random.Random
    hasty: float = 1.0
    offers: float = 0.2  # weight of the offer builder's group
    clicks: int = 0
    panels: list[SeenMessage] = field(default_factory=list)

    async def open_panel(self, channel: Ref) -> SeenMessage | None:
        return await open_panel(self.person, channel, self.panels)

    def _weight(self, component: dict[str, Any]) -> float:
        custom_id = str(component.get("custom_id", ""))
        if custom_id.endswith(":end"):
            return self.hasty
        if any(custom_id.rsplit(":", 1)[-1].startswith(n) for n in NAVIGATION):
            return 0.5
        if custom_id.endswith((":s.og", ":s.oa", ":s.ot")) or ":ob." in custom_id:
            return self.offers  # the trade builder's cards and sends
        return 1.0

    def _values(self, select: dict[str, Any]) -> list[str]:
        options = select["options"]
        kind = str(select["custom_id"]).rsplit(".", 1)[-1]
        if kind == "n_menu":  # a group, weighted as its actions are
            groups = [o for o in options if o["value"] != "@offer" or self.rng.random()
                      < self.offers]
            return [self.rng.choice(groups or options)["value"]]
        most = min(select.get("max_values", 1), len(options))
        if kind in ("dc", "gc"):  # all that is owed at once, mostly
            count = most if self.rng.random() < 0.8 else self.rng.randint(1, most)
        elif kind in ("og", "oa"):
            count = self.rng.randint(1, min(2, most))
        else:
            count = self.rng.randint(select.get("min_values", 1) or 1, most)
        return [o["value"] for o in self.rng.sample(options, count)]

    async def play(self, panel: SeenMessage) -> SeenMessage:
        """One click on `panel`; returns the panel as it answered."""
        choices: list[tuple[str, dict[str, Any]]] = [
            ("button", b) for b in panel.buttons()
            if not str(b.get("custom_id", "")).endswith(":hint") and not b.get("disabled")]
        choices += [("select", s) for s in panel.selects()]
        assert choices, "a panel with nothing to do"
        kind, component = self.rng.choices(choices, [self._weight(c) for _, c in choices])[0]
        if kind == "button":
            result = await self.person.click(panel, custom_id=component["custom_id"])
        else:
            result = await self.person.choose(panel, self._values(component),
                                              custom_id=component["custom_id"])
        assert not result.failed
        self.clicks += 1
        updated = await result.response()
        self.panels.append(updated)
        return updated


@dataclass
class CatanGame:
    """A running Catan game of the bot, its channel and who sits where."""

    bot: GameBot
    id: int
    channel: Ref
    people: dict[str, Person]  # seat -> person, for the human seats

    @property
    def record(self) -> GameRecord | None:
        return self.bot.service.games.get(self.id)

    async def settle(self) -> None:
        await self.bot.service.idle(self.id)
        await self.bot.publisher.idle()

    async def stored(self) -> GameRecord:
        record = await self.bot.service.store.get(self.id)
        assert record is not None
        return record

    def seat(self, person: Person) -> str:
        return next(seat for seat, p in self.people.items() if p.id == person.id)

    pid = seat  # its old name, still answered

    async def panel(self, person: Person) -> SeenMessage:
        message = await table(person, self.channel)
        assert message is not None, "no table in the channel"
        return await click_id(person, message, ":act")

    async def commit(self, **update: Any) -> GameRecord:
        """The record with `update` as one more saved version, through the service's own
        commit path (store, cache, publisher, computer players)."""
        service = self.bot.service
        async with service.lock(self.id):
            old = service.games[self.id]
            new = old.model_copy(update={"version": old.version + 1, **update})
            await service._commit(old, new, "action")
        await self.settle()
        return await self.stored() if self.record is None else self.record

    async def hand_over(self) -> None:
        """Every person's seat to the computer (away), to play the game to its end."""
        record = self.record
        assert record is not None
        await self.commit(seats=[s.model_copy(update={"away": True}) if s.user_id else s
                                 for s in record.seats])


async def start_game(bot: GameBot, discord_api: Discord, guild: Ref, name: str,
                     people: list[Person], computers: tuple[str, ...] = (), seed: int = 1,
                     settings: GameSettings | None = None) -> CatanGame:
    """A Catan game opened and started through the service in a new channel, table posted;
    pictures off unless `settings` say otherwise (drawing is not what most tests are about)."""
    game = await opened(bot, discord_api, guild, name, people, computers, seed, CatanGame,
                        game="catan", settings=settings or GameSettings(pictures=False))
    await game.settle()
    return game


async def play_turns(game: CatanGame, players: dict[str, Clicker], turns: int,
                     limit: int = 3000, after: Any = None) -> None:
    """Whoever the game waits for plays from their panel, until turn `turns` has begun (or
    the game ended). Several waiting at once play in a random order, one decision each."""
    rng = random.Random(game.id)
    for _ in range(limit):
        await game.settle()
        record = game.record
        if record is None or record.state is None or record.state.turn >= turns:
            return
        seats = [seat for seat in waiting(record) if seat in players]
        if not seats:
            await asyncio.sleep(0.01)
            continue
        seat = rng.choice(seats)
        player = players[seat]
        panel = await player.open_panel(game.channel)
        assert panel is not None
        while panel.buttons() or panel.selects():
            panel = await player.play(panel)
            if after is not None:
                await after()
            now = game.record
            if now is None or seat not in waiting(now) or now.version != record.version:
                break
    raise AssertionError(f"turn {turns} not reached in {limit} decisions")


async def finish(game: CatanGame, timeout: float = 300.0) -> GameRecord:
    """The computers play the game to its end; the stored record of the ended game."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while game.record is not None:
        assert loop.time() < end, "the game did not end in time"
        await asyncio.sleep(0.05)
    await game.bot.publisher.idle()
    return await game.stored()


# -- states rigged for a test, and actions made through the panels ----------------------------

def after_setup(record: GameRecord, seed: int = 1) -> GameState:
    """A state of the record's seats with the set-up placed at random, at the first roll."""
    return demo_after_setup([s.id for s in record.seats], record.state.options, seed)


def with_hands(state: GameState, hands: dict[str, dict[str, int]], **update: Any) -> GameState:
    """The state with these seats holding exactly these cards (the bank pays or takes the
    difference) and the other fields updated."""
    s = state.clone()
    for seat, cards in hands.items():
        player = s.players[s.seats.index(seat)]
        for card in CARDS:
            s.bank[card] += player.cards[card] - cards.get(card, 0)
            player.cards[card] = cards.get(card, 0)
    return s.model_copy(update=update)


def rolling(state: GameState, red: int, yellow: int, event: str = "gate_trade") -> GameState:
    """The active seat's roll phase, its next roll (red, yellow, event)."""
    return rig(state.model_copy(update={"phase": "roll", "pending": []}), red, yellow, event)


async def do(game: CatanGame, person: Person, action: dict[str, Any],
             panel: SeenMessage | None = None) -> SeenMessage:
    """Make `action` through the person's panel, choosing the menu's group, the narrowing and
    the offer's cards as a person would (demo.catan.step); returns the answer. Fails if the
    panel offers no way to it."""
    parsed = GAME.parse_action(action)
    panel = panel or await game.panel(person)
    for _ in range(6):
        found = step(panel, parsed)
        assert found is not None, f"no way to {SPEC.encode(parsed)} on:\n{panel.text}"
        component, values = found
        answer = await use(person, panel, component, values)
        if navigating(component):
            panel = answer
            continue
        await game.settle()
        return answer
    raise AssertionError(f"{SPEC.encode(parsed)}: still narrowing after 6 choices")
