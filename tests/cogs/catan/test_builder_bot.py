"""Catan's trade builder through the real bot on the emulator (issue 44): a click adds a card
to a side and a click takes one back, on one message that is a layout (components v2: no
content, no embed, the emulator holding it to Discord's rules), in English and Spanish; the
message stays a layout when it shows a classic panel again (Back, an offer sent, a stale
click's refusal); an older panel's offer select still answers; the bank (at a Merchant's
2:1) and a Commercial Harbor's exchange are made from the builder."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.records import GameSettings
from cogs.catan.trades import Draft
from demo.catan import navigating, step, use
from fakediscord import Discord, Emulator, Person
from fakediscord.models import COMPONENTS_V2
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from tests.e2e.test_catan_decisions import hand_of
from tests.e2e.test_catan_few_clicks import three_people
from tests.e2e.test_catan_through_the_bot import holding, plays
from tests.fakediscord_fixtures import BotRest, Table

from .driver import CatanGame, do

TEXTS = {"en": {"give": "**You give:**", "offer": "🤝 Offer a trade to a player",
                "brick": "🧱 Brick", "back": "↩️ Back", "everyone": "Send it to everyone",
                "stale": "out of date"},
         "es": {"give": "**Das:**", "offer": "🤝 Ofrecer un trato a un jugador",
                "brick": "🧱 Arcilla", "back": "↩️ Volver", "everyone": "Enviarla a todos",
                "stale": "desactualizado"}}


def first(game: CatanGame) -> tuple[str, Person]:
    record = game.record
    assert record is not None
    seat = record.state.seats[0]
    return seat, game.people[seat]


async def builder(game: CatanGame, person: Person) -> SeenMessage:
    """The person's panel, the offer group chosen in its menu (or, the panel's only group, its
    button that opens the builder): the builder."""
    return await opened(person, await game.panel(person))


async def opened(person: Person, panel: SeenMessage) -> SeenMessage:
    """The builder opened from `panel`: its menu's offer group, or the group's button."""
    menu = next((s for s in panel.selects() if s["custom_id"].endswith(":s.n_menu")), None)
    if menu is None:
        opener = next(b for b in panel.buttons() if ":ob." in b["custom_id"])
        return await (await person.click(panel, custom_id=opener["custom_id"])).response()
    return await (await person.choose(panel, ["@offer"], custom_id=menu["custom_id"])
                  ).response()


async def played(game: CatanGame, card: str) -> tuple[str, Person]:
    """The game with a seat holding `card` in its turn (tests' `holding`), and the card
    played from that seat's panel: the seat and its person."""
    record = game.record
    assert record is not None
    base = record.state
    state = next(s for seat in range(3) if plays(s := holding(base, card, seat), card))
    await game.commit(state=state)
    seat = state.seats[state.active]
    person = game.people[seat]
    await do(game, person, plays(state, card)[0].model_dump())
    return seat, person


async def press(person: Person, panel: SeenMessage, label: str, nth: int = 0) -> SeenMessage:
    """Click the panel's `nth` button labelled `label`; the panel as it answered."""
    found = [b for b in panel.buttons() if b.get("label") == label]
    return await (await person.click(panel, custom_id=found[nth]["custom_id"])).response()


async def drafted(person: Person, panel: SeenMessage, draft: Draft) -> SeenMessage:
    """Click the builder's button leading to `draft` ("ob.<give>.<get>")."""
    code = "ob." + draft.focus.split(":", 1)[1].replace(":", ".")
    button = next(b for b in panel.buttons() if b["custom_id"].endswith(code))
    return await (await person.click(panel, custom_id=button["custom_id"])).response()


def layout(message: SeenMessage) -> bool:
    """A components v2 message: the flag, and nothing outside its components."""
    return bool(message.flags & COMPONENTS_V2) and not message.content and not message.embeds


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_click_adds_a_card_and_a_click_takes_it_back(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path,
        lang: str) -> None:
    said = TEXTS[lang]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{"brick": 2, "wool": 1}, {"ore": 1}, {"ore": 2}], lang == "es"
                       ) as game:
        _, person = first(game)
        panel = await builder(game, person)
        assert layout(panel) and f"{said['give']} " in panel.text, panel.text
        add, back = f"+ {said['brick']}", f"− {said['brick']}"
        one = await press(person, panel, add)  # the give side's comes first
        assert one.id == panel.id and layout(one)
        assert f"{said['give']} 1 {said['brick']}" in one.text, one.text
        two = await press(person, one, add)
        assert f"{said['give']} 2 {said['brick']}" in two.text
        give_add = next(b for b in two.buttons() if b.get("label") == add)
        assert give_add.get("disabled")  # both bricks held are in
        again = await press(person, two, back)
        assert f"{said['give']} 1 {said['brick']}" in again.text, again.text
        assert len(again.components()) <= 40
        assert [e for e in await game.bot.store.actions(game.id) if e.by == "player"] == []
        assert await discord_api.failed_interactions() == []


async def test_the_message_stays_a_layout_back_on_the_panel_and_after_the_offer(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    said = TEXTS["en"]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{"brick": 2, "wool": 1}, {"ore": 1}, {"ore": 2}]) as game:
        seat, person = first(game)
        panel = await builder(game, person)
        whole = await press(person, panel, said["back"])
        assert layout(whole) and "Resources" in whole.text, whole.text
        panel = await opened(person, whole)
        assert layout(panel) and "**You give:**" in panel.text
        panel = await press(person, panel, f"+ {said['brick']}")
        panel = await drafted(person, panel, Draft({"brick": 1}, {"ore": 1}))
        sent = await press(person, panel, said["everyone"])
        await game.settle()
        assert layout(sent) and "waiting" in sent.text.lower(), sent.text
        [entry] = [e for e in await game.bot.store.actions(game.id) if e.by == "player"]
        record = game.record
        assert record is not None
        assert GAME.parse_action(entry.action).model_dump() == {
            "type": "offer_trade", "to": record.state.seats[1:], "give": {"brick": 1},
            "get": {"ore": 1}}
        assert hand_of(game, seat) == {"brick": 2, "wool": 1}
        assert await discord_api.failed_interactions() == []


async def test_a_panels_picture_shows_in_the_layout_it_is_drawn_into(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    """Back from the builder, then on the way to a road: the panel showing the places a road
    may take is drawn into the layout, its picture the layout's gallery of the attachment
    sent with it."""
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                            [{"lumber": 2, "brick": 2}, {"ore": 1}, {"ore": 2}],
                            settings=GameSettings(pictures=True)) as game:
        seat, person = first(game)
        record = game.record
        assert record is not None
        road = next(a for a in GAME.legal_actions(record.state, seat) if a.type == "build_road")
        panel = await opened(person, await game.panel(person))
        assert layout(panel) and not panel.attachments
        whole = await press(person, panel, TEXTS["en"]["back"])
        found = step(whole, road)
        assert found is not None and navigating(found[0]), found  # the road's places
        whole = await use(person, whole, *found)
        for _ in range(40):  # a picture drawn late follows in an edit of the answer
            if whole.attachments:
                break
            await asyncio.sleep(0.05)
            whole = await person.message(whole.id)
        [attachment] = whole.attachments
        galleries = [c for c in whole.components() if c["type"] == 12]
        assert layout(whole) and galleries, whole.components()
        assert galleries[0]["items"][0]["media"]["url"] == f"attachment://{attachment['filename']}"
        assert await discord_api.failed_interactions() == []


async def test_a_stale_click_on_the_builder_is_answered_inside_the_layout(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    said = TEXTS["en"]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{"brick": 2, "wool": 4}, {"ore": 1}, {"ore": 2}]) as game:
        seat, person = first(game)
        old = await builder(game, person)
        await do(game, person, {"type": "maritime_trade", "give": "wool", "get": "ore"})
        answer = await press(person, old, f"+ {said['brick']}")
        assert layout(answer) and said["stale"] in answer.text, answer.text
        assert "Resources" in answer.text  # the whole panel as it stands
        hand = hand_of(game, seat)
        assert hand["brick"] == 2 and hand["ore"] == 1, hand  # the bank trade alone made
        assert await discord_api.failed_interactions() == []


async def test_an_older_panels_offer_select_still_answers(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path,
        bot_rest: BotRest) -> None:
    """A select of the cards given from before the builder (its custom_id "s.og", values
    "<position>.<card>_<asked>") answers with the builder on the cards it names."""
    said = TEXTS["en"]
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{"brick": 2, "wool": 1}, {"ore": 1}, {"ore": 2}]) as game:
        _, person = first(game)
        record = game.record
        assert record is not None
        old: dict[str, Any] = {"type": 3, "custom_id": f"cz:{game.id}:{record.version}:s.og",
                               "min_values": 1, "max_values": 2, "options": [
                                   {"label": "🧱", "value": f"{i}.brick_00001000"}
                                   for i in range(2)]}
        status, sent = await bot_rest.send(game.channel.id, {
            "content": "an older panel", "components": [{"type": 1, "components": [old]}]})
        assert status == 200, sent
        message = await person.message(sent["id"])
        answer = await (await person.choose(message, ["0.brick_00001000"],
                                            custom_id=old["custom_id"])).response()
        assert layout(answer) and answer.ephemeral, answer.text
        assert f"{said['give']} 1 {said['brick']}" in answer.text, answer.text
        assert "**You ask for:** 1 ⛰️ Ore" in answer.text
        assert await discord_api.failed_interactions() == []


async def test_the_bank_at_a_merchants_rate_from_the_builder(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{}, {}, {}]) as game:
        seat, person = await played(game, "merchant")
        record = game.record
        assert record is not None
        rates = record.rules.view(record.state, seat)["rates"]
        card = next(c for c, n in rates.items() if n == 2)  # the Merchant's (or a harbour's)
        other = next(c for c in rates if c != card)
        panel = await builder(game, person)
        for step in (Draft({card: 1}, {}), Draft({card: 2}, {}), Draft({card: 2}, {other: 1})):
            panel = await drafted(person, panel, step)
        assert "(2:1)" in panel.text, panel.text
        bank = next(b for b in panel.buttons() if b["custom_id"].endswith(f"mt.{card}.{other}"))
        before = hand_of(game, seat)
        await (await person.click(panel, custom_id=bank["custom_id"])).response()
        await game.settle()
        after = hand_of(game, seat)
        assert after.get(card, 0) == before.get(card, 0) - 2
        assert after.get(other, 0) == before.get(other, 0) + 1
        assert await discord_api.failed_interactions() == []


async def test_a_commercial_harbors_exchange_from_the_builder(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                       [{}, {}, {}]) as game:
        _, person = await played(game, "commercial_harbor")
        panel = await builder(game, person)
        panel = await drafted(person, panel, Draft({"grain": 1}, {}))
        exchanges = [b for b in panel.buttons() if ":he." in b["custom_id"]]
        assert exchanges and all(b["custom_id"].endswith(".grain") for b in exchanges)
        await (await person.click(panel, custom_id=exchanges[0]["custom_id"])).response()
        await game.settle()
        entries = [e.action["type"] for e in await game.bot.store.actions(game.id)
                   if e.by == "player"]
        assert entries == ["play_progress", "harbor_exchange"]
        assert await discord_api.failed_interactions() == []
