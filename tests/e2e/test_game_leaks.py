"""No secret on anyone's screen: whole games where, after every decision, every message each
person can see (the channel with their own ephemeral panels, their mentions, their DMs) is read
and searched for the names of cards and characters, in English and Spanish.

What a person may know comes from the engine, as the game went:
- districts: anything they were ever legitimately shown (their hands, draws and draft options
  through the game, every city, face-up discards), since old panels keep showing old hands;
  any other district name (another hand, the deck, what others drew) is a leak;
- characters: only what they may know *now*: the public reveals, murder and theft of this
  round, their own characters and draft options, the targets their panel offers, and what the
  events of these moves told them (the table's "Recent" field may also name what the public
  log says). Anyone else's unrevealed character of this round is a leak.
A message is checked once per version, when it first appears or changes, against the states
the game went through since shortly before (computer players move between checks).
"""

from __future__ import annotations

import ast
import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from bot.service import Change
from cogs.citadels import ui as citadels_ui
from cogs.citadels.table import table_embed
from cogs.citadels.texts import character, district
from fakediscord import Discord, Person
from fakediscord.testing import SeenMessage
from rules import citadels
from rules.citadels.cards import CHARACTERS, DISTRICTS
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, Player, play_out, start_game
from tests.render_helpers import event_names, named, private_names, public_names

LOG_FIELDS = {"Recent", "Últimas jugadas"}
DARK_CITY_QUEEN = GameSettings(options={
    "rank1": "witch", "rank2": "tax_collector", "rank3": "wizard", "rank4": "emperor",
    "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat",
    "rank9": "queen"})


@dataclass
class Moment:
    """What one committed change let each viewer know (None: the public)."""

    public: set[str]
    private: dict[str, set[str]]
    log: set[str]


@dataclass
class Watch:
    """Records every change of the game and checks what people see against it."""

    game: Game
    viewers: dict[str, Person | None]  # name -> person; their seat in `seats`
    seats: dict[str, str]               # name -> seat (spectators have none)
    moments: list[Moment] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    known: dict[str, set[str]] = field(default_factory=dict)  # name -> districts ever shown
    seen: set[tuple[str, str, str]] = field(default_factory=set)  # viewer, message, digest
    absorbed: int = 0  # moments already added to `known`
    checked: int = 0

    def changed(self, change: Change) -> None:
        record = change.record
        if record.id != self.game.id or record.state is None:
            return
        s = record.state
        public = public_names(citadels.view(s, None))
        for event in change.events:
            public |= event_names(event.visible_to(None))
        private = {}
        for seat in self.seats.values():
            legal = citadels.legal_actions(s, seat) if not s.finished else []
            mine = private_names(citadels.view(s, seat), legal)
            for event in change.events:
                mine |= event_names(event.visible_to(seat))
            private[seat] = mine
        log = set().union(*(event_names(e) for e in record.log)) if record.log else set()
        self.moments.append(Moment(public, private, log))

    def window(self) -> list[Moment]:
        start = max(0, self.ends[-2] - 1) if len(self.ends) >= 2 else 0
        return self.moments[start:]

    async def check(self) -> None:
        await self.game.bot.publisher.idle()
        seen = {name: await self._messages(person) for name, person in self.viewers.items()}
        self.ends.append(len(self.moments))
        window = self.window()
        public_now = set().union(*(m.public for m in window))
        log_now = set().union(*(m.log for m in window))
        for m in self.moments[self.absorbed: self.ends[-1]]:
            for name, seat in self.seats.items():
                self.known.setdefault(name, set()).update(m.private[seat] | m.public)
            self.known.setdefault("*public*", set()).update(m.public)
        self.absorbed = self.ends[-1]
        for name, messages in seen.items():
            seat = self.seats.get(name)
            mine_now = set().union(*(m.private[seat] for m in window)) if seat else set()
            districts = self.known[name if seat else "*public*"]
            characters = public_now | mine_now
            for message in messages:
                key = (name, message.id, _digest(message))
                if key in self.seen:
                    continue
                self.seen.add(key)
                self.checked += 1
                for text, is_log in _segments(message):
                    allowed = districts | characters | (log_now if is_log else set())
                    found = named(text, "en") | named(text, "es")
                    leaked = {n for n in found if n in DISTRICTS and n not in districts}
                    leaked |= {n for n in found if n in CHARACTERS and n not in allowed}
                    assert not leaked, (
                        f"{name} can read {sorted(leaked)}, which they may not know, in "
                        f"{'an ephemeral' if message.ephemeral else 'a public'} message:"
                        f"\n{text}")

    async def _messages(self, person: Person | None) -> list[SeenMessage]:
        assert person is not None
        messages = await person.sees(self.game.channel)
        messages += await person.notified()
        messages += await person.dms()
        return messages


def _digest(message: SeenMessage) -> str:
    return hashlib.sha1(json.dumps([message.text, message.components()], sort_keys=True,
                                   default=str).encode()).hexdigest()


def _segments(message: SeenMessage) -> list[tuple[str, bool]]:
    """The message's readable texts; True for the table's public log field."""
    out: list[tuple[str, bool]] = [(message.content, False)]
    for embed in message.embeds:
        out.append(("\n".join([embed.get("title") or "", embed.get("description") or "",
                               (embed.get("footer") or {}).get("text") or ""]), False))
        for f in embed.get("fields") or []:
            out.append((f"{f.get('name') or ''}\n{f.get('value') or ''}",
                        f.get("name") in LOG_FIELDS))
    for component in message.components():
        words = [component.get("label"), component.get("placeholder")]
        for option in component.get("options") or []:
            words += [option.get("label"), option.get("description")]
        out.append(("\n".join(w for w in words if w), False))
    return [(text, is_log) for text, is_log in out if text]


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    fast_bot.service.computer_cap = 0.3  # the expert thinks less, not differently
    return fast_bot


async def watched_game(bot: GameBot, discord_api: Discord, table: Table, humans: int,
                       computers: tuple[str, ...], seed: int,
                       settings: GameSettings | None = None
                       ) -> tuple[Watch, dict[str, Player]]:
    carla = await discord_api.user("carla", guild=table.guild)
    diego = await discord_api.user("diego", locale="es-ES", guild=table.guild)  # watches
    people = [table.alice, table.bruno, carla][:humans]
    listener = bot.service.listener
    assert listener is not None
    changes: list[Change] = []

    class Tap:
        """Sees every committed change before the publisher does."""

        def changed(self, change: Change) -> None:
            changes.append(change)
            listener.changed(change)  # type: ignore[union-attr]

    bot.service.listener = Tap()
    game = await start_game(bot, discord_api, table.guild, f"leaks-{seed}", people, computers,
                            seed=seed, settings=settings)
    seats = {p.name: game.seat(p) for p in people}
    watch = Watch(game, {**{p.name: p for p in people}, "diego": diego}, seats)
    for change in changes:
        watch.changed(change)
    changes.clear()
    Tap.changed = lambda _, change: (watch.changed(change),  # type: ignore[method-assign]
                                     listener.changed(change))
    players = {game.seat(p): Player(p, random.Random(seed * 10 + i), hasty=0.3)
               for i, p in enumerate(people)}
    return watch, players


@pytest.mark.parametrize(("humans", "computers", "seed", "settings"), [
    (2, ("random", "basic"), 1, None),
    pytest.param(3, ("basic", "random", "basic", "random"), 2, None,
                 marks=pytest.mark.long),  # 8 seats in the default run: the Dark City game
    pytest.param(2, ("basic", "random", "expert", "random", "basic", "random"), 5,
                 DARK_CITY_QUEEN, marks=pytest.mark.heavy),
], ids=["4 players", "7 players", "8 players, Dark City"])
async def test_nobody_sees_what_they_may_not_know(bot: GameBot, discord_api: Discord,
                                                 table: Table, humans: int,
                                                 computers: tuple[str, ...], seed: int,
                                                 settings: GameSettings | None):
    watch, players = await watched_game(bot, discord_api, table, humans, computers, seed,
                                        settings)
    await watch.check()
    ended = await play_out(watch.game, players, after=watch.check)
    await watch.check()
    assert ended.status == "finished"
    assert watch.checked > 100
    # The game did hide things: each person never saw some district names.
    for name in watch.seats:
        assert len(watch.known[name] & set(DISTRICTS)) < len(DISTRICTS)


@pytest.mark.parametrize("secret", ["hands", "characters"])
async def test_the_leak_check_catches_a_table_showing_secrets(
        bot: GameBot, discord_api: Discord, table: Table, monkeypatch: pytest.MonkeyPatch,
        secret: str):
    """The check itself: a table that also lists everyone's hand, or everyone's characters of
    the round, must fail it within a few decisions."""
    def leaky(view: dict[str, Any], seats: list, log: list, catalog: Any, lang: str) -> Any:
        embed = table_embed(view, seats, log, catalog, lang)
        record = next(iter(bot.service.games.values()))
        assert record.state is not None
        players = record.state.players
        names = ([district(d, lang) for p in players for d in p.hand] if secret == "hands"
                 else [character(c, lang) for c in record.state.holders])
        embed.add_field(name="Secrets", value=", ".join(names)[:1000] or "-")
        return embed

    monkeypatch.setattr(citadels_ui, "table_embed", leaky)
    watch, players = await watched_game(bot, discord_api, table, 2, ("random", "basic"), 4)
    with pytest.raises(AssertionError, match="which they may not know") as caught:
        await watch.check()
        await play_out(watch.game, players, after=watch.check, limit=12)
    leaked = re.search(r"can read (\[.*?\])", str(caught.value))
    assert leaked is not None
    kinds = DISTRICTS if secret == "hands" else CHARACTERS
    assert set(ast.literal_eval(leaked.group(1))) <= set(kinds)
