"""Scripted people playing Citadels through the bot's messages, as a user would: they read the
channel, press "Act" on the table, and click one of the buttons or selects their panel offers.

The people and the game they play are demo.people's (the benchmarks and the demo use them too);
here are what only the tests need: games rigged to a chosen state, `Game.do` making a given
action through the panel, and the action types clicks exercised over the session."""

from __future__ import annotations

from typing import Any

from cogs.citadels.actions_ui import SPEC
from cogs.citadels.panel import NARROW, SELECT_KINDS, narrows_to
from demo import people
from demo.people import (
    Player,
    click_id,
    forge_click,
    has_button,
    lobby,
    play_out,
    table,
    wait_for_turn,
)
from fakediscord import Person
from fakediscord.testing import InteractionResult, SeenMessage
from rules import citadels
from tests.rules.citadels import helpers as rules_helpers

__all__ = ["EXERCISED", "EXERCISED_BY_GAME", "Game", "Player", "choose_action", "click_id",
           "clicked_types", "forge_click", "has_button", "lobby", "play_out", "rigged_state",
           "start_game", "table", "wait_for_turn"]

EXERCISED: set[str] = set()  # action types the service accepted from clicks, over the session
# Every game's action types the service accepted from clicks over the session, by game id
# (Citadels': EXERCISED itself; Catan's: tests/e2e/test_catan_every_action.py).
EXERCISED_BY_GAME: dict[str, set[str]] = {"citadels": EXERCISED}


async def clicked_types(store: Any, game_id: int) -> set[str]:
    """Action types `store` logged as made by a person (a click) in game `game_id`, any
    game's, added to the session's record of that game (EXERCISED_BY_GAME)."""
    record = await store.get(game_id)
    assert record is not None, f"no game {game_id} in the store"
    types = {e.action["type"] for e in await store.actions(game_id) if e.by == "player"}
    EXERCISED_BY_GAME.setdefault(record.game, set()).update(types)
    return types


def rigged_state(seats: list[str] | None = None, chars: dict[str, list[str]] | None = None, *,
                 seed: int = 0,
                 hands: dict[str, list[str]] | None = None,
                 gold: dict[str, int] | None = None,
                 cities: dict[str, list[str]] | None = None,
                 deck: list[str] | None = None, pids: list[str] | None = None,
                 **options: Any) -> citadels.GameState:
    """A fresh game of `seats` (seating order) at the first turn of round 1, each player holding
    `chars`, with the given hands, gold, cities and top of the deck
    (tests/rules/citadels/helpers.py). `pids` is `seats`' old name, still taken."""
    seats = seats if seats is not None else pids
    if seats is None or chars is None:
        raise TypeError("rigged_state() needs the seats and their characters")
    return rules_helpers.start(len(seats), chars, seed=seed, hands=hands, gold=gold,
                               cities=cities, ids=seats, deck_top=deck, **options)


class Game(people.Game):
    """demo.people's running game, and the actions a test makes through its panels."""

    async def do(self, person: Person, action: dict[str, Any],
                 panel: SeenMessage | None = None) -> SeenMessage:
        """Make `action` with the panel's button or select (opening a panel if none is given);
        returns the updated panel. Fails if the panel offers no component for it."""
        panel = panel or await self.panel(person)
        result = await choose_action(person, panel, action)
        assert not result.failed
        updated = await result.response()
        assert updated.ephemeral
        await self.settle()
        EXERCISED.update(await self.ui_types())
        return updated

    async def ui_types(self) -> set[str]:
        """Action types the store logged as made by a person (a click), in this game."""
        return {e.action["type"] for e in await self.bot.service.store.actions(self.id)
                if e.by == "player"}


async def start_game(*args: Any, **kwargs: Any) -> Game:
    """demo.people.start_game (same arguments), as the tests' Game."""
    game = await people.start_game(*args, **kwargs)
    return Game(game.bot, game.id, game.channel, game.people)


async def choose_action(person: Person, panel: SeenMessage, action: dict[str, Any]
                        ) -> InteractionResult:
    """Click the button, or choose the select option, that makes `action` on `panel`; where
    the choices are too many for one select, narrow them first (a player, a kind...)."""
    parsed = citadels.Action.parse(action)
    for _ in range(len(NARROW.get(parsed.type, ()))):
        narrowing = next((s for s in panel.selects()
                          if str(s["custom_id"]).endswith(f":s.n_{SELECT_KINDS[parsed.type]}")),
                         None)
        value = next((o["value"] for o in narrowing["options"]
                      if narrows_to(o["value"], parsed)), None) if narrowing else None
        if value is None:
            break
        result = await person.choose(panel, [value], custom_id=narrowing["custom_id"])
        assert not result.failed
        panel = await result.response()
    code = SPEC.encode(parsed)
    for button in panel.buttons():
        if str(button.get("custom_id", "")).endswith(":" + code):
            return await person.click(panel, custom_id=button["custom_id"])
    kind = SELECT_KINDS.get(parsed.type)
    for select in panel.selects():
        if not str(select["custom_id"]).endswith(f":s.{kind}"):
            continue
        if kind == "dad":
            wanted = list(action["districts"])
            values = []
            for option in select["options"]:
                card = option["value"].partition(".")[2]
                if card in wanted:
                    wanted.remove(card)
                    values.append(option["value"])
            assert not wanted, f"{action} not all in {select['options']}"
            return await person.choose(panel, values, custom_id=select["custom_id"])
        if any(o["value"] == code for o in select["options"]):
            return await person.choose(panel, [code], custom_id=select["custom_id"])
    raise AssertionError(f"{person.name}'s panel offers no {code}:\n{panel.text}\n"
                         f"{[b.get('custom_id') for b in panel.buttons()]}")
