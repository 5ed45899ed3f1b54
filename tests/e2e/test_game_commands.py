"""The `/citadels` commands around a running game: score, hand, table and rules, in English
(alice) and Spanish (bruno, who types the Spanish command names)."""

from __future__ import annotations

import asyncio

import pytest

from bot.client import GameBot
from fakediscord import Discord
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, has_button, rigged_state, start_game


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


@pytest.fixture
async def game(bot: GameBot, discord_api: Discord, table: Table) -> Game:
    """alice and bruno at the first turn, with cities, hands and gold of their own."""
    game = await start_game(bot, discord_api, table.guild, "commands",
                            [table.alice, table.bruno], seed=8)
    a, b = game.seat(table.alice), game.seat(table.bruno)
    await game.rig(rigged_state(
        game.seats(), {a: ["king", "warlord"], b: ["thief", "bishop"]},
        hands={a: ["palace", "temple"], b: ["harbor"]}, gold={a: 4, b: 7},
        cities={a: ["manor", "castle"], b: ["tavern", "market", "watchtower"]}))
    return game


async def reply(result) -> SeenMessage:  # noqa: ANN001 (an InteractionResult)
    assert not result.failed
    message = await result.response()
    assert message.ephemeral
    return message


async def test_score_shows_the_public_standings(game: Game, table: Table):
    mine = await reply(await table.alice.slash(game.channel, "citadels score"))
    assert mine.embeds[0]["title"] == "Standings — round 1"
    assert "**bruno** — 4 (districts 4)" in mine.text and "**alice** — 7 (districts 7)" in mine.text
    assert mine.text.index("alice") < mine.text.index("bruno")  # by points
    assert "Palace" not in mine.text and "Harbor" not in mine.text  # no hands
    his = await reply(await table.bruno.slash(game.channel, "ciudadelas puntos"))
    assert his.embeds[0]["title"] == "Clasificación — ronda 1"
    assert "**bruno** — 4 (distritos 4)" in his.text
    assert "Puntos si la partida acabara ahora." in his.text


async def test_hand_is_the_private_panel(game: Game, table: Table, discord_api: Discord):
    mine = await reply(await table.alice.slash(game.channel, "citadels hand"))
    assert "Palace" in mine.text and "Temple" in mine.text and "Harbor" not in mine.text
    assert "4 🤴 King — secret" in mine.text and "8 ⚔️ Warlord — secret" in mine.text
    assert "Bishop" not in mine.text  # bruno's other character, not revealed
    his = await reply(await table.bruno.slash(game.channel, "ciudadelas mano"))
    assert "Puerto" in his.text and "Palacio" not in his.text
    assert "Ladrón" in his.text and "Obispo" in his.text
    assert "Rey" not in his.text and "Condotiero" not in his.text
    # Whoever must decide gets the moves; the other only the panel.
    acting = game.people[game.record.state.awaiting or ""]  # type: ignore[union-attr]
    panels = {table.alice.id: mine, table.bruno.id: his}
    for person_id, panel in panels.items():
        assert bool(panel.buttons()) == (person_id == acting.id)
    carla = await discord_api.user("carla", guild=table.guild)
    no = await reply(await carla.slash(game.channel, "citadels hand"))
    assert no.text == "You are not playing in this game."
    elsewhere = await reply(await table.bruno.slash(table.general, "ciudadelas mano"))
    assert elsewhere.text == ("No hay ninguna partida en este canal. "
                              "Empieza una con `/ciudadelas nueva`.")


async def test_table_is_posted_again_at_the_bottom(game: Game, table: Table):
    old = await game.table(table.alice)
    for _ in range(3):  # bury the table under chatter-like messages
        await reply(await table.alice.slash(game.channel, "citadels score"))
    result = await table.bruno.slash(game.channel, "ciudadelas mesa")
    new = await result.response()
    assert not new.ephemeral and new.id != old.id
    assert has_button(new, ":act") and new.embeds[0]["title"] == old.embeds[0]["title"]
    seen = await table.alice.sees(game.channel)
    assert [m for m in seen if not m.ephemeral][-1].id == new.id
    for _ in range(100):  # the command saves the new message id just after answering
        if game.record.table_message_id == int(new.id):
            break
        await asyncio.sleep(0.01)
    assert game.record.table_message_id == int(new.id)
    # The next move edits the reposted table, in the game's language.
    acting = game.people[game.record.state.awaiting or ""]  # type: ignore[union-attr]
    await game.do(acting, {"type": "take_gold"})
    fresh = await acting.message(new.id)
    gold = game.record.state.player(game.seat(acting)).gold  # type: ignore[union-attr]
    assert fresh.edited and f"{gold} 💰" in fresh.text and fresh.text != new.text


@pytest.mark.parametrize(("who", "command", "option", "typed", "label", "key", "title"), [
    ("alice", "citadels rules", "card", "arch", "7 · Architect", "architect", "Architect"),
    ("bruno", "ciudadelas reglas", "carta", "arqui", "7 · Arquitecto", "architect",
     "Arquitecto"),
    ("alice", "citadels rules", "card", "battle", "Barracks (military, 3)", "barracks",
     "Barracks"),
    ("bruno", "ciudadelas reglas", "carta", "senor", "Señorío (noble, 3)", "manor", "Señorío"),
])
async def test_rules_with_autocomplete(bot: GameBot, table: Table, who: str, command: str,
                                       option: str, typed: str, label: str, key: str,
                                       title: str):
    person = getattr(table, who)
    choices = await person.autocomplete(table.general, command, option, **{option: typed})
    assert choices and choices[0]["value"] == key, choices
    assert choices[0]["name"] == label
    assert len(choices) <= 25
    card = await reply(await person.slash(table.general, command, **{option: key}))
    assert title in card.embeds[0]["title"]
    # A name typed without choosing works too; an unknown one is refused, translated.
    typed_card = await reply(await person.slash(table.general, command, **{option: title}))
    assert typed_card.embeds[0]["title"] == card.embeds[0]["title"]
    unknown = await reply(await person.slash(table.general, command, **{option: "Zeppelin"}))
    assert unknown.text == ("I don't know a character or district called “Zeppelin”.",
                            "No conozco ningún personaje ni distrito llamado «Zeppelin».",
                            )[who == "bruno"]
