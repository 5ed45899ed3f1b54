"""No secret on anyone's screen over whole Catan games through the real bot: after every
decision people make (and at the end, once the computers have finished), every message each
person can see (the channel with their own panels, their mentions) is searched for the names
of progress cards, in English and Spanish. A public message may name only a card played or a
victory point card shown; a person's panel also the cards that seat held and those its Spy
looked at. That hands, commodities and progress cards are read from the reader's own view
only is proved card by card in tests/cogs/catan/test_secrets.py; the board picture's inputs
are the public view's (cogs/catan/render/picture.drawn refuses any other)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from bot.client import GameBot
from bot.service import Change
from fakediscord import Discord, Person
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from rules.catan.state import DECKS
from tests.cogs.catan.driver import CatanGame, Clicker, finish, play_turns, start_game
from tests.fakediscord_fixtures import Table

from .test_game_leaks import _segments

CARDS = [card for cards in DECKS.values() for card in cards if card != "merchant"]  # the
# merchant card is named as the merchant piece and its point are, openly


def _names(catalog: dict[str, str]) -> dict[str, str]:
    return {catalog[f"catan.progress.{c}"]: c for c in CARDS}


@dataclass
class Watch:
    game: CatanGame
    people: dict[str, Person]  # seat -> person
    public: set[str] = field(default_factory=set)
    known: dict[str, set[str]] = field(default_factory=dict)
    checked: int = 0

    def changed(self, change: Change) -> None:
        record = change.record
        if record.id != self.game.id or record.state is None:
            return
        state = record.state
        for event in change.events:
            if event.visible_to(None)["type"] in ("progress_played", "vp_card_revealed"):
                self.public.add(event.visible_to(None)["card"])
        for seat in self.people:
            mine = self.known.setdefault(seat, set())
            mine.update(state.players[state.seats.index(seat)].progress)
            view = GAME.view(state, seat)
            mine.update((view.get("inspected") or {}).get("progress", []))

    async def check(self, extra: dict[str, list[SeenMessage]] | None = None) -> None:
        await self.game.bot.publisher.idle()
        for seat, person in self.people.items():
            messages = await person.sees(self.game.channel) + await person.notified()
            messages += (extra or {}).get(seat, [])
            for message in messages:
                allowed = self.public | (self.known.get(seat, set()) if message.ephemeral
                                         else set())
                for text, _ in _segments(message):
                    leaked = found(text) - allowed
                    assert not leaked, (f"{person.name} reads {sorted(leaked)} in "
                                        f"{'a panel' if message.ephemeral else 'public'}:\n"
                                        f"{text}")
                self.checked += 1


NAMES: dict[str, str] = {}
PATTERN: re.Pattern[str] | None = None


def found(text: str) -> set[str]:
    """The progress cards a text names (the longest names first: Master Merchant)."""
    assert PATTERN is not None
    return {NAMES[m.group(0)] for m in PATTERN.finditer(text)}


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    global PATTERN
    for lang in ("en", "es"):
        NAMES.update(_names(fast_bot.catalog.tables[lang]))
    words = sorted(NAMES, key=len, reverse=True)
    PATTERN = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, words)) + r")(?!\w)")
    fast_bot.service.computer_cap = 0.2
    return fast_bot


@pytest.mark.parametrize(("humans", "computers", "seed", "turns"), [
    (2, ("basic", "random"), 41, 16),
    pytest.param(3, ("expert",), 42, 40, marks=pytest.mark.long),
])
async def test_no_progress_card_shows_where_its_reader_may_not_know_it(
        bot: GameBot, discord_api: Discord, table: Table, humans: int,
        computers: tuple[str, ...], seed: int, turns: int) -> None:
    carla = await discord_api.user("carla", locale="es-ES", guild=table.guild)
    people = [table.alice, table.bruno, carla][:humans]
    listener = bot.service.listener
    assert listener is not None
    changes: list[Change] = []

    class Tap:
        """Sees every committed change before the publisher does."""

        watch: Watch | None = None

        def changed(self, change: Change) -> None:
            if self.watch is None:
                changes.append(change)
            else:
                self.watch.changed(change)
            listener.changed(change)  # type: ignore[union-attr]

    tap = Tap()
    bot.service.listener = tap
    game = await start_game(bot, discord_api, table.guild, f"leaks-{seed}", people, computers,
                            seed=seed)
    watch = Watch(game, {game.seat(p): p for p in people})
    for change in changes:
        watch.changed(change)
    tap.watch = watch
    players = {game.seat(p): Clicker(p, random.Random(seed + i), hasty=0.3, offers=0.4)
               for i, p in enumerate(people)}
    seen = 0

    async def after() -> None:
        nonlocal seen
        panels = {seat: p.panels[seen and -1:] for seat, p in players.items()}
        await watch.check(panels)
        seen = 1

    await play_turns(game, players, turns=turns, after=after)
    await game.hand_over()
    await finish(game)
    await watch.check({seat: p.panels for seat, p in players.items()})
    assert watch.checked > 100
    assert watch.public  # cards were played: names were there to find
