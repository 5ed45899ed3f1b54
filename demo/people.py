"""Scripted people playing Citadels through the bot's messages, as a user would: they read the
channel, press "Act" on the table, and click one of the buttons or selects their panel offers.
The tests (tests/game_driver.py adds what only they need) and the benchmarks drive the real
bot with them."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from bot.client import GameBot
from bot.records import GameRecord, GameSettings
from bot.service import awaiting
from fakediscord import Discord, Emulator, Person, Ref
from fakediscord.testing import InteractionResult, SeenMessage
from rules import citadels


def has_button(message: SeenMessage, suffix: str) -> bool:
    return any(str(b.get("custom_id", "")).endswith(suffix) for b in message.buttons())


async def table(person: Person, channel: Ref) -> SeenMessage | None:
    """The newest table message: the one with the "Act" button."""
    for message in reversed(await person.sees(channel, ephemeral=False)):
        if has_button(message, ":act") and message.embeds:
            return message
    return None


async def lobby(person: Person, channel: Ref) -> SeenMessage:
    for message in reversed(await person.sees(channel, ephemeral=False)):
        if has_button(message, ":lobby.join"):
            return message
    raise AssertionError("no lobby in the channel")


async def click_id(person: Person, message: SeenMessage, suffix: str) -> SeenMessage:
    button = next(b for b in message.buttons() if str(b["custom_id"]).endswith(suffix))
    result = await person.click(message, custom_id=button["custom_id"])
    assert not result.failed
    return await result.response()


async def open_panel(person: Person, channel: Ref, panels: list[SeenMessage]
                     ) -> SeenMessage | None:
    """The person's panel, opened with the table's Act button and kept in `panels`; None while
    there is no table."""
    message = await table(person, channel)
    if message is None:
        return None
    panel = await click_id(person, message, ":act")
    panels.append(panel)
    return panel


@dataclass
class Player:
    """A scripted person: picks uniformly among the components of their panel."""

    person: Person
    rng: random.Random
    actions: int = 0
    panels: list[SeenMessage] = field(default_factory=list)
    hasty: float = 1.0  # weight of "End turn" against any one other choice; lower ends games sooner

    async def open_panel(self, channel: Ref) -> SeenMessage | None:
        return await open_panel(self.person, channel, self.panels)

    async def play(self, panel: SeenMessage) -> SeenMessage:
        """One decision on `panel` (a hint is no decision: see test_hints); returns the updated
        panel."""
        choices: list[tuple[str, dict]] = [("button", b) for b in panel.buttons()
                                           if not str(b.get("custom_id", "")).endswith(":hint")]
        choices += [("select", s) for s in panel.selects()]
        assert choices, "a panel with nothing to do"
        weights = [self.hasty if str(c.get("custom_id", "")).endswith(":end") else 1.0
                   for _, c in choices]
        kind, component = self.rng.choices(choices, weights)[0]
        if kind == "button":
            result = await self.person.click(panel, custom_id=component["custom_id"])
        else:
            options = [o["value"] for o in component["options"]]
            count = self.rng.randint(component.get("min_values", 1),
                                     min(component.get("max_values", 1), len(options)))
            values = self.rng.sample(options, count)
            result = await self.person.choose(panel, values, custom_id=component["custom_id"])
        assert not result.failed
        self.actions += 1
        updated = await result.response()
        self.panels.append(updated)
        return updated


async def wait_for_turn(people: dict[str, Player], channel: Ref, over: Callable[[], bool],
                        timeout: float = 30.0) -> tuple[Player, SeenMessage] | None:
    """Someone whose panel has something to do, found by pressing "Act"; None once `over()`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        if over():
            return None
        for player in people.values():
            panel = await player.open_panel(channel)
            if panel is not None and (panel.buttons() or panel.selects()):
                return player, panel
        await asyncio.sleep(0.05)
    raise AssertionError("nobody got a decision in time")


def forge_click(emulator: Emulator, person: Person, message: SeenMessage | str, custom_id: str,
                values: list[str] | None = None) -> InteractionResult:
    """A click (or, with `values`, a choice) carrying any custom_id, as a modified client could
    send: the emulator's `forge` option skips its check that the message has the component."""
    message_id = message if isinstance(message, str) else message.id
    if values is None:
        interaction = emulator.interactions.click(int(person.id), int(message_id), custom_id,
                                                  forge=True)
    else:
        interaction = emulator.interactions.select(int(person.id), int(message_id), custom_id,
                                                   values, forge=True)
    return InteractionResult(person, emulator.interactions.status(interaction))


# -- games opened through the service, then played through the UI ---------------------------


@dataclass
class Game:
    """A running game of the bot, its channel, and who sits where."""

    bot: GameBot
    id: int
    channel: Ref
    people: dict[str, Person]  # seat -> person, for the human seats

    @property
    def record(self) -> GameRecord:
        record = self.bot.service.games.get(self.id)
        assert record is not None, "the game is over"
        return record

    @property
    def state(self) -> citadels.GameState:
        assert self.record.state is not None
        return self.record.state

    def seat(self, person: Person) -> str:
        return next(seat for seat, p in self.people.items() if p.id == person.id)

    def seats(self) -> list[str]:
        return [p.id for p in self.state.players]

    pid, pids = seat, seats  # their old names, still answered

    async def settle(self) -> None:
        """Wait until computer players have nothing to do and every change is on Discord."""
        await self.bot.service.idle(self.id)
        await self.bot.publisher.idle()

    async def rig(self, state: citadels.GameState) -> GameRecord:
        """Replace the running game's state, as one more saved version of the record (the
        service's own commit path: store, cache, publisher, computer players)."""
        service = self.bot.service
        async with service.lock(self.id):
            old = service.games[self.id]
            new = old.model_copy(update={"version": old.version + 1, "state": state})
            await service._commit(old, new, "action")
        await self.settle()
        return self.record

    async def stored(self) -> GameRecord:
        record = await self.bot.service.store.get(self.id)
        assert record is not None
        return record

    async def table(self, person: Person) -> SeenMessage:
        message = await table(person, self.channel)
        assert message is not None, "no table in the channel"
        return message

    async def panel(self, person: Person) -> SeenMessage:
        """The person's panel, opened with "Act" on the table."""
        return await click_id(person, await self.table(person), ":act")


async def start_game(bot: GameBot, discord_api: Discord, guild: Ref, name: str,
                     people: list[Person], computers: tuple[str, ...] = (), seed: int = 1,
                     language: str = "en", settings: GameSettings | None = None) -> Game:
    """A game opened and started through the service (the lobby UI is not the point), in a new
    channel, with its table posted; `settings` replaces the default ones (and `language`)."""
    game = await opened(bot, discord_api, guild, name, people, computers, seed, Game,
                        game="citadels", settings=settings or GameSettings(language=language))
    await game.settle()
    return game


G = TypeVar("G")


async def opened(bot: GameBot, discord_api: Discord, guild: Ref, name: str,
                 people: list[Person], computers: tuple[str, ...], seed: int,
                 make: Callable[[GameBot, int, Ref, dict[str, Person]], G], *, game: str,
                 settings: GameSettings) -> G:
    """`game` opened and started through the service in a new channel `name`: `people` (the
    host first) and `computers` seated; `make(bot, game id, channel, person by seat)`."""
    channel = await discord_api.channel(guild, name)
    service = bot.service
    host = people[0]
    record = await service.open_lobby(
        guild_id=int(guild.id), channel_id=int(channel.id), host_id=int(host.id),
        host_name=host.name, locale=host.locale, game=game, settings=settings)
    for person in people[1:]:
        await service.join(record.id, int(person.id), person.name, person.locale)
    for strength in computers:
        await service.add_computer(record.id, int(host.id), strength)
    change = await service.start(record.id, int(host.id), seed=seed)
    by_user = {int(p.id): p for p in people}
    return make(bot, record.id, channel,
                {s.id: by_user[s.user_id] for s in change.record.seats if s.user_id})


async def play_out(game: Game, players: dict[str, Player],
                   after: Callable[[], Awaitable[None]] | None = None,
                   limit: int = 3000) -> GameRecord:
    """Play the game to its end: whoever must decide opens their panel from the table and
    decides until it is someone else's turn. `after` runs after every decision; returns the
    stored record of the ended game."""
    service = game.bot.service
    for _ in range(limit):
        await game.settle()
        record = service.games.get(game.id)
        if record is None:
            return await game.stored()
        seat = awaiting(record)
        assert seat is not None and seat in players, f"nobody to play {seat}"
        player = players[seat]
        panel = await player.open_panel(game.channel)
        assert panel is not None and (panel.buttons() or panel.selects()), panel
        while panel.buttons() or panel.selects():
            panel = await player.play(panel)
            if after is not None:
                await after()
            record = service.games.get(game.id)
            if record is None or awaiting(record) != seat:
                break
    raise AssertionError(f"the game did not end in {limit} turns")


# -- a game opened through the lobby, as people do ---------------------------------------------


async def open_game(api: Discord, host: Person, guest: Person, channel: Ref) -> None:
    """Lobby, a second person and a computer, start; retried until the bot answers."""
    reply = await (await host.slash(channel, "citadels new", thread=False)).response()
    join = next(b["custom_id"] for b in reply.buttons() if b["custom_id"].endswith("join"))
    start = next(b["custom_id"] for b in reply.buttons() if b["custom_id"].endswith("start"))
    add = reply.selects()[0]["custom_id"]
    await (await guest.click(reply, custom_id=join)).response()
    reply = await host.message(reply.id)
    await (await host.choose(reply, ["random"], custom_id=add)).response()
    reply = await host.message(reply.id)
    await (await host.click(reply, custom_id=start)).response()
