"""Every Dark City character power and unique district, used through the bot's panels.

As tests/e2e/test_game_powers.py does for the Classic game: each scenario starts a game with
a Dark City cast, rigs its state with the service's own commit path, then plays the turns as
people would ("Act" on the table, then the panel's buttons and selects). The engine state and
the table are checked after the moves; the last test checks that every Dark City action type
was made through a click at least once.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import GameBot
from bot.records import GameSettings
from fakediscord import Discord, Person
from rules.citadels.actions import DARK_CITY_ACTION_TYPES
from tests.e2e.scenarios import Scenarios
from tests.fakediscord_fixtures import Table
from tests.game_driver import EXERCISED, Game, start_game
from tests.rules.citadels.dark_helpers import dstart

DARK: dict[str, Any] = {
    "rank1": "witch", "rank2": "tax_collector", "rank3": "wizard", "rank4": "emperor",
    "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat",
    "rank9": "artist", "dark_city_districts": True}
scenario = Scenarios()


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


async def dark_game(bot: GameBot, discord_api: Discord, table: Table, name: str,
                    **options: Any) -> tuple[Game, list[Person], list[str]]:
    """Four people at a game of `options` (Dark City's cast by default)."""
    people = [table.alice, table.bruno, await discord_api.user("carla", guild=table.guild),
              await discord_api.user("dario", guild=table.guild)]
    settings = GameSettings(options={**DARK, **options})
    game = await start_game(bot, discord_api, table.guild, name, people, settings=settings)
    return game, people, [game.seat(p) for p in people]


async def rig(game: Game, chars: dict[str, list[str]], options: dict[str, Any] | None = None,
              **given: Any) -> None:
    await game.rig(dstart(4, chars, ids=game.seats(), **{**DARK, **(options or {})}, **given))


async def end_turn(game: Game, person: Person, panel: Any = None) -> None:
    """End `person`'s turn if the panel still offers it (some powers end it themselves)."""
    panel = panel or await game.panel(person)
    if any(b["custom_id"].endswith(":end") for b in panel.buttons()):
        await game.do(person, {"type": "end_turn"}, panel)


async def table_text(game: Game, person: Person) -> str:
    return (await game.table(person)).text


@scenario
async def witch_wizard_and_emperor(bot: GameBot, discord_api: Discord, table: Table
                                   ) -> set[str]:
    game, (alice, bruno, carla, dario), (a, b, c, d) = await dark_game(
        bot, discord_api, table, "witch")
    await rig(game, {a: ["witch"], b: ["tax_collector"], c: ["wizard"], d: ["emperor"]},
              hands={d: ["castle", "tavern"]}, gold={b: 3}, crown=a)
    assert game.state.current == "witch"

    panel = await game.do(alice, {"type": "take_gold"})
    panel = await game.do(alice, {"type": "bewitch", "character": "abbot"}, panel)
    assert game.state.bewitched == "abbot"
    await end_turn(game, alice, panel)
    assert "bewitches the Abbot" in await table_text(game, alice)

    panel = await game.do(bruno, {"type": "take_gold"})
    await end_turn(game, bruno, panel)

    panel = await game.do(carla, {"type": "take_gold"})
    panel = await game.do(carla, {"type": "look_at_hand", "player": d}, panel)
    assert "Castle" in panel.text and "Tavern" in panel.text  # dario's hand, for her eyes
    panel = await game.do(carla, {"type": "take_card", "district": "castle"}, panel)
    assert "castle" in game.state.player(c).hand and game.state.player(d).hand == ["tavern"]
    await end_turn(game, carla, panel)
    shown = await table_text(game, alice)
    assert "carla looks at dario's hand" in shown and "Castle" not in shown

    panel = await game.do(dario, {"type": "give_crown", "player": b})
    assert game.state.crown == b
    panel = await game.do(bruno, {"type": "tribute", "kind": "gold"})
    assert (game.state.player(b).gold, game.state.player(d).gold) == (3 + 2 - 1, 2 + 1)
    shown = await table_text(game, alice)
    assert "dario gives the crown to bruno" in shown and "1 gold in tribute" in shown
    return await game.ui_types()


@scenario
async def abbot_alchemist_navigator_and_diplomat(bot: GameBot, discord_api: Discord,
                                                 table: Table) -> set[str]:
    game, (alice, bruno, carla, dario), (a, b, c, d) = await dark_game(
        bot, discord_api, table, "abbot")
    await rig(game, {a: ["abbot"], b: ["alchemist"], c: ["navigator"], d: ["diplomat"]},
              hands={b: ["tavern"]}, gold={a: 0, b: 9, c: 2, d: 6},
              cities={c: ["castle"], d: ["temple"]})
    assert game.state.current == "abbot"

    panel = await game.do(alice, {"type": "take_gold"})
    panel = await game.do(alice, {"type": "collect_from_richest"}, panel)
    assert (game.state.player(a).gold, game.state.player(b).gold) == (3, 8)
    await end_turn(game, alice, panel)

    panel = await game.do(bruno, {"type": "take_gold"})
    panel = await game.do(bruno, {"type": "build", "district": "tavern"}, panel)
    await end_turn(game, bruno, panel)
    assert game.state.player(b).gold == 8 + 2  # the Tavern's 1 gold came back
    assert "gets back 1 gold" in await table_text(game, alice)

    panel = await game.do(carla, {"type": "take_gold"})
    panel = await game.do(carla, {"type": "navigator_bonus", "kind": "gold"}, panel)
    assert game.state.player(c).gold == 2 + 2 + 4
    await end_turn(game, carla, panel)

    panel = await game.do(dario, {"type": "take_gold"})
    panel = await game.do(dario, {"type": "exchange", "give": "temple", "player": c,
                                  "take": "castle"}, panel)
    assert game.state.player(d).city == ["castle"] and game.state.player(c).city == ["temple"]
    assert game.state.player(d).gold == 6 + 2 - 3
    assert "exchanges their Temple for carla's Castle, paying 3 gold" in await table_text(
        game, alice)
    return await game.ui_types()


@scenario
async def artist_and_unique_districts(bot: GameBot, discord_api: Discord, table: Table
                                      ) -> set[str]:
    classic = {f"rank{r}": c for r, c in enumerate(
        ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
         "warlord"), start=1)}
    game, (alice, bruno, carla, dario), (a, b, c, d) = await dark_game(
        bot, discord_api, table, "artist", **classic)
    five = ["manor", "castle", "palace", "temple", "church"]
    await rig(game, {a: ["merchant"], b: ["architect"], c: ["artist"], d: ["warlord"]},
              {**classic}, crown=d,
              hands={a: ["lighthouse", "tavern"], b: ["bell_tower"]},
              gold={a: 9, b: 9, c: 3},
              cities={a: ["museum", "armory"], b: five, c: ["manor"], d: ["ball_room"]})
    assert game.state.current == "merchant" and game.state.pending == "greet"

    panel = await game.do(alice, {"type": "greet"})  # dario holds the crown and a Ball Room
    assert "alice greets dario: “Thanks, your Excellency”" in await table_text(game, alice)
    panel = await game.do(alice, {"type": "take_gold"}, panel)
    panel = await game.do(alice, {"type": "build", "district": "lighthouse"}, panel)
    wanted = game.state.deck[0]
    panel = await game.do(alice, {"type": "lighthouse", "district": wanted}, panel)
    assert wanted in game.state.player(a).hand
    panel = await game.do(alice, {"type": "use_museum", "district": "tavern"}, panel)
    assert game.state.player(a).museum == ["tavern"]
    panel = await game.do(alice, {"type": "use_armory", "player": b, "district": "church"},
                          panel)
    assert "church" not in game.state.player(b).city and "armory" not in game.state.player(
        a).city
    await end_turn(game, alice, panel)
    shown = await table_text(game, alice)
    assert "Under the Museum: 1" in shown and "blows up the Armory" in shown

    panel = await game.do(bruno, {"type": "greet"})
    panel = await game.do(bruno, {"type": "take_gold"}, panel)
    panel = await game.do(bruno, {"type": "build", "district": "bell_tower"}, panel)
    size = game.state.city_size
    panel = await game.do(bruno, {"type": "bell_tower", "announce": True}, panel)
    assert game.state.city_size == size - 1 and game.state.bell_tower
    await end_turn(game, bruno, panel)
    assert "rings the Bell Tower" in await table_text(game, alice)

    panel = await game.do(dario, {"type": "take_gold"})  # his own crown: no greeting
    await end_turn(game, dario, panel)

    panel = await game.do(carla, {"type": "greet"})
    panel = await game.do(carla, {"type": "take_gold"}, panel)
    panel = await game.do(carla, {"type": "beautify", "district": "manor"}, panel)
    assert game.state.player(c).beautified == ["manor"]
    assert "Manor 3✨" in await table_text(game, alice)
    return await game.ui_types()


@pytest.mark.parametrize("name", list(scenario.all))
async def test_a_dark_city_power_through_the_ui(name: str, bot: GameBot, discord_api: Discord,
                                                table: Table):
    await scenario.run(name, bot, discord_api, table)


async def test_every_dark_city_action_is_made_through_a_click(bot: GameBot,
                                                              discord_api: Discord,
                                                              table: Table):
    every = {kind.model_fields["type"].default for kind in DARK_CITY_ACTION_TYPES}
    made = await scenario.made(bot, discord_api, table)
    assert every <= made, sorted(every - made)
    assert every <= EXERCISED
