"""Every character power and unique district, used through the bot's panels.

Each scenario starts a game, rigs its state (characters, hands, cities, gold, the top of the
deck) with the service's own commit path, then plays the turns as people would: "Act" on the
table, then the button or select of the private panel. The engine state, the table and the
panels are checked after the moves; the last test checks that every engine action type was
made through a click at least once.
"""

from __future__ import annotations

import pytest

from bot.client import GameBot
from fakediscord import Discord, Person
from rules import citadels
from rules.citadels.actions import CLASSIC_ACTION_TYPES
from tests.e2e.scenarios import Scenarios
from tests.fakediscord_fixtures import Table
from tests.game_driver import EXERCISED, Game, has_button, rigged_state, start_game

scenario = Scenarios()


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


async def four(discord_api: Discord, table: Table) -> list[Person]:
    carla = await discord_api.user("carla", guild=table.guild)
    dario = await discord_api.user("dario", guild=table.guild)
    return [table.alice, table.bruno, carla, dario]


async def four_humans(bot: GameBot, discord_api: Discord, table: Table, name: str
                      ) -> tuple[Game, list[Person], list[str]]:
    people = await four(discord_api, table)
    game = await start_game(bot, discord_api, table.guild, name, people)
    return game, people, [game.seat(p) for p in people]


def gold(game: Game, seat: str) -> int:
    return game.state.player(seat).gold


def hand(game: Game, seat: str) -> list[str]:
    return list(game.state.player(seat).hand)


def city(game: Game, seat: str) -> list[str]:
    return list(game.state.player(seat).city)


def options(panel_select: dict) -> list[str]:
    return [o["value"] for o in panel_select["options"]]


@scenario
async def murder_theft_and_swap(bot: GameBot, discord_api: Discord, table: Table
                                ) -> set[str]:
    game, (alice, bruno, carla, _), (a, b, c, d) = await four_humans(
        bot, discord_api, table, "murder")
    await game.rig(rigged_state(
        game.seats(), {a: ["assassin"], b: ["thief"], c: ["magician"], d: ["king"]},
        hands={a: ["manor"], b: ["tavern"], c: ["castle", "palace", "market"], d: []},
        gold={a: 2, b: 2, c: 5, d: 2}, cities={d: ["manor"]}))
    assert game.state.current == "assassin"

    panel = await game.do(alice, {"type": "take_gold"})
    kill = next(s for s in panel.selects() if s["custom_id"].endswith(":s.kill"))
    assert "kill.assassin" not in options(kill) and len(options(kill)) == 7
    panel = await game.do(alice, {"type": "assassinate", "character": "king"}, panel)
    assert game.state.murdered == "king"
    assert "Murdered: King" in (await game.table(alice)).text
    await game.do(alice, {"type": "end_turn"}, panel)

    panel = await game.do(bruno, {"type": "take_gold"})
    assert "Ladrón" in panel.text  # his panel speaks Spanish
    steal = next(s for s in panel.selects() if s["custom_id"].endswith(":s.steal"))
    assert "steal.king" not in options(steal)  # never the murdered character
    panel = await game.do(bruno, {"type": "steal", "character": "magician"}, panel)
    assert game.state.robbed == "magician"
    await game.do(bruno, {"type": "end_turn"}, panel)
    assert (gold(game, b), gold(game, c)) == (4 + 5, 0)  # the Magician's gold went to the Thief
    assert "steals 5 gold from carla, the Magician" in (await game.table(alice)).text

    panel = await game.do(carla, {"type": "take_gold"})
    panel = await game.do(carla, {"type": "swap_hands", "player": b}, panel)
    assert hand(game, c) == ["tavern"] and sorted(hand(game, b)) == ["castle", "market", "palace"]
    assert "swaps hands with bruno" in (await game.table(alice)).text
    assert "Tavern" in panel.text  # carla's panel shows her new hand
    await game.do(carla, {"type": "end_turn"}, panel)

    # The murdered King's turn is skipped; his heir takes the crown for round 2.
    assert game.state.round == 2 and game.state.phase == "draft" and game.state.crown == d
    return await game.ui_types()


@scenario
async def magician_discards_and_incomes(bot: GameBot, discord_api: Discord, table: Table
                                        ) -> set[str]:
    game, (alice, bruno, carla, dario), (a, b, c, d) = await four_humans(
        bot, discord_api, table, "income")
    await game.rig(rigged_state(
        game.seats(), {a: ["magician"], b: ["king"], c: ["bishop"], d: ["merchant"]},
        hands={a: ["manor", "manor", "temple"]}, gold={a: 2, b: 2, c: 2, d: 2},
        cities={b: ["manor", "castle", "school_of_magic"], c: ["temple", "church"],
                d: ["tavern", "market", "harbor"]},
        deck=["watchtower", "prison"]))

    panel = await game.do(alice, {"type": "take_gold"})
    dad = next(s for s in panel.selects() if s["custom_id"].endswith(":s.dad"))
    assert dad["max_values"] == 3
    panel = await game.do(alice, {"type": "discard_and_draw", "districts": ["manor", "temple"]},
                          panel)
    assert sorted(hand(game, a)) == ["manor", "prison", "watchtower"]
    assert "discards 2 cards and draws as many" in (await game.table(alice)).text
    await game.do(alice, {"type": "end_turn"}, panel)

    # The School of Magic counts as a noble district for the King.
    for person, seat, income, kind in ((bruno, b, 3, "noble"), (carla, c, 2, "religious"),
                                      (dario, d, 3, "trade")):
        panel = await game.do(person, {"type": "take_gold"})
        bonus = 1 if seat == d else 0  # the Merchant's gold after gathering
        assert gold(game, seat) == 2 + 2 + bonus
        panel = await game.do(person, {"type": "collect_income"}, panel)
        assert gold(game, seat) == 2 + 2 + bonus + income
        line = f"{person.name} collects {income} gold for {kind} districts"
        assert line in (await game.table(alice)).text
        await game.do(person, {"type": "end_turn"}, panel)
    assert game.state.round == 2 and game.state.crown == b
    return await game.ui_types()


@scenario
async def architect_warlord_and_graveyard(bot: GameBot, discord_api: Discord, table: Table
                                          ) -> set[str]:
    game, (alice, bruno, carla, dario), (a, b, c, d) = await four_humans(
        bot, discord_api, table, "warlord")
    await game.rig(rigged_state(
        game.seats(), {a: ["architect"], b: ["warlord"], c: ["bishop"], d: ["king"]},
        hands={a: ["tavern", "temple", "watchtower"], d: []},
        gold={a: 8, b: 3, c: 2, d: 2},
        cities={a: ["keep", "great_wall", "manor"], b: ["prison", "watchtower"],
                c: ["temple"], d: ["graveyard"]},
        deck=["market", "docks"]))
    for person in (dario, carla):
        panel = await game.do(person, {"type": "take_gold"})
        await game.do(person, {"type": "end_turn"}, panel)

    panel = await game.do(alice, {"type": "take_gold"})
    assert sorted(hand(game, a)) == ["docks", "market", "tavern", "temple", "watchtower"]
    for district in ("tavern", "temple", "watchtower"):
        panel = await game.do(alice, {"type": "build", "district": district}, panel)
    assert city(game, a)[-3:] == ["tavern", "temple", "watchtower"] and gold(game, a) == 7
    assert game.state.builds_left == 0
    await game.do(alice, {"type": "end_turn"}, panel)

    panel = await game.do(bruno, {"type": "take_gold"})
    panel = await game.do(bruno, {"type": "collect_income"}, panel)
    assert gold(game, b) == 3 + 2 + 2
    destroy = next(s for s in panel.selects() if s["custom_id"].endswith(":s.destroy"))
    targets = options(destroy)
    assert f"destroy.{a}.keep" not in targets  # the Keep cannot be destroyed
    assert not any(t.startswith(f"destroy.{c}.") for t in targets)  # the Bishop's city
    assert f"destroy.{a}.tavern" in targets and f"destroy.{d}.graveyard" in targets
    panel = await game.do(bruno, {"type": "destroy", "player": a, "district": "tavern"}, panel)
    assert gold(game, b) == 7 - 1  # cost 1 - 1, plus 1 for the Great Wall
    assert "tavern" not in city(game, a) and game.state.graveyard_card == "tavern"
    text = (await game.table(alice)).text
    assert "destroys alice's Tavern for 1 gold" in text
    assert "dario decides whether to keep the Tavern (Graveyard)" in text

    panel = await game.do(dario, {"type": "graveyard", "accept": True})
    assert hand(game, d) == ["tavern"] and gold(game, d) == 2 + 2 - 1
    assert "pays 1 gold and takes the Tavern from the Graveyard" in (await game.table(alice)).text
    assert not panel.buttons() and not panel.selects()  # back to the Warlord's turn
    panel = await game.do(bruno, {"type": "end_turn"})
    assert game.state.round == 2
    return await game.ui_types()


@scenario
async def laboratory_smithy_and_graveyard_declined(bot: GameBot, discord_api: Discord,
                                                   table: Table) -> set[str]:
    game, (alice, bruno, carla, dario), (a, b, c, d) = await four_humans(
        bot, discord_api, table, "laboratory")
    await game.rig(rigged_state(
        game.seats(), {a: ["merchant"], b: ["warlord"], c: ["king"], d: ["bishop"]},
        hands={a: ["manor", "temple"], d: []}, gold={a: 4, b: 5, c: 2, d: 3},
        cities={a: ["laboratory", "smithy"], c: ["manor", "tavern"], d: ["graveyard"]},
        deck=["castle", "palace", "cathedral"]))
    for person in (carla, dario):
        panel = await game.do(person, {"type": "take_gold"})
        await game.do(person, {"type": "end_turn"}, panel)

    panel = await game.do(alice, {"type": "take_gold"})
    assert gold(game, a) == 4 + 2 + 1
    panel = await game.do(alice, {"type": "use_laboratory", "district": "manor"}, panel)
    assert hand(game, a) == ["temple"] and gold(game, a) == 9
    assert "discards a card at the Laboratory for 2 gold" in (await game.table(alice)).text
    panel = await game.do(alice, {"type": "use_smithy"}, panel)
    assert hand(game, a) == ["temple", "castle", "palace", "cathedral"] and gold(game, a) == 7
    assert "pays 2 gold at the Smithy and draws 3 cards" in (await game.table(alice)).text
    await game.do(alice, {"type": "end_turn"}, panel)

    panel = await game.do(bruno, {"type": "take_gold"})
    panel = await game.do(bruno, {"type": "destroy", "player": c, "district": "manor"}, panel)
    assert game.state.graveyard_card == "manor" and gold(game, b) == 5 + 2 - 2
    dario_panel = await game.panel(dario)
    assert {b["custom_id"].rsplit(":", 1)[1] for b in dario_panel.buttons()} == {"gy.1", "gy.0",
                                                                                "hint"}
    assert ("⚰️ bruno destroyed the Manor. With your Graveyard you may pay 1 gold to take it "
            "into your hand.") in dario_panel.text
    await game.do(dario, {"type": "graveyard", "accept": False}, dario_panel)
    assert hand(game, d) == [] and gold(game, d) == 5 and game.state.graveyard_card is None
    assert "dario lets the Manor go" in (await game.table(alice)).text
    return await game.ui_types()


@scenario
async def observatory_and_library(bot: GameBot, discord_api: Discord, table: Table
                                  ) -> set[str]:
    game, (alice, bruno, _, _), (a, b, c, d) = await four_humans(
        bot, discord_api, table, "observatory")
    await game.rig(rigged_state(
        game.seats(), {a: ["king"], b: ["bishop"], c: ["architect"], d: ["merchant"]},
        hands={a: [], b: []}, cities={a: ["observatory", "library"], b: ["observatory"]},
        deck=["manor", "temple", "tavern", "castle", "market", "docks"]))
    # Observatory: three cards; Library: keep them all, no choice to make.
    panel = await game.do(alice, {"type": "draw_cards"})
    assert hand(game, a) == ["manor", "temple", "tavern"]
    assert not any(has_button(panel, ":keep." + x) for x in ("manor", "temple", "tavern"))
    await game.do(alice, {"type": "end_turn"}, panel)
    # Observatory alone: choose one of three (the panel in Spanish).
    panel = await game.do(bruno, {"type": "draw_cards"})
    keeps = [x["custom_id"].rsplit(":", 1)[1] for x in panel.buttons()
             if ":keep." in x["custom_id"]]
    assert keeps == ["keep.castle", "keep.market", "keep.docks"]
    assert "Castillo" in panel.text and "Mercado" in panel.text and "Almacenes" in panel.text
    await game.do(bruno, {"type": "keep_card", "district": "market"}, panel)
    assert hand(game, b) == ["market"] and game.state.deck[-2:] == ["castle", "docks"]
    return await game.ui_types()


@scenario
async def draft_of_two(bot: GameBot, discord_api: Discord, table: Table) -> set[str]:
    """Two players: each picks twice and discards face down in the draft."""
    game = await start_game(bot, discord_api, table.guild, "draft", [table.alice, table.bruno],
                            seed=3)
    while game.state.phase == "draft":
        seat = citadels.to_act(game.state)[0]
        person = game.people[seat]
        panel = await game.panel(person)
        first = panel.buttons()[0]["custom_id"].split(":", 3)[3]
        kind, _, character = first.partition(".")
        action = {"type": {"pick": "pick_character", "disc": "discard_character"}[kind],
                  "character": character}
        version = game.record.version
        await game.do(person, action, panel)
        assert game.record.version == version + 1
        assert character in game.state.characters_of(seat) or kind == "disc"
    assert all(len(game.state.characters_of(p.id)) == 2 for p in game.state.players)
    types = await game.ui_types()
    assert {"pick_character", "discard_character"} <= types
    return types


@scenario
async def final_scores_with_unique_districts(bot: GameBot, discord_api: Discord,
                                             table: Table) -> set[str]:
    """Haunted Quarter, Dragon Gate, University, Map Room and Imperial Treasury in the final
    breakdown; computer players play the rest of the last round."""
    game = await start_game(bot, discord_api, table.guild, "final", [table.alice],
                            computers=("basic", "random", "basic"))
    a = game.seat(table.alice)
    others = [p for p in game.seats() if p != a]
    chars = {a: ["architect"], **{p: [c] for p, c in zip(others, ["king", "bishop", "merchant"],
                                                          strict=True)}}
    await game.rig(rigged_state(
        game.seats(), chars, gold={a: 30},
        hands={a: ["map_room", "imperial_treasury", "university"]},
        cities={a: ["manor", "temple", "tavern", "haunted_quarter", "dragon_gate"],
                **{p: [] for p in others}}))
    assert citadels.to_act(game.state) == [a]  # the computers played their turns
    panel = await game.do(table.alice, {"type": "take_gold"})
    for district in ("map_room", "imperial_treasury", "university"):
        panel = await game.do(table.alice, {"type": "build", "district": district}, panel)
    spare = gold(game, a)
    assert spare == 30 + 2 - 16 and len(hand(game, a)) == 2  # the Architect's two cards
    await game.do(table.alice, {"type": "end_turn"}, panel)

    record = await game.stored()
    assert record.status == "finished" and record.state is not None
    assert record.state.winner == a
    final = [m for m in await table.alice.sees(game.channel)
             if m.embeds and m.embeds[0].get("title") == "🏆 Final scores"]
    assert len(final) == 1 and not final[0].ephemeral
    text = final[0].text
    assert "**alice** wins with 58 points!" in text
    for line in ("Districts: 29", "All five types: +3 (Haunted Quarter as military)",
                 "First complete city: +4", "Map Room: +2", f"Imperial Treasury: +{spare}",
                 "University: +2", "Dragon Gate: +2"):
        assert line in text, line
    return await game.ui_types()


@pytest.mark.parametrize("name", list(scenario.all))
async def test_a_power_through_the_ui(name: str, bot: GameBot, discord_api: Discord,
                                      table: Table):
    await scenario.run(name, bot, discord_api, table)


async def test_every_action_type_is_made_through_a_click(bot: GameBot, discord_api: Discord,
                                                         table: Table):
    """Over the scenarios (run here if this test runs alone), the store logged a click for
    every action type the engine has."""
    every = {kind.model_fields["type"].default for kind in CLASSIC_ACTION_TYPES}
    made = await scenario.made(bot, discord_api, table)
    assert made == every, sorted(every - made)
    assert made <= EXERCISED
