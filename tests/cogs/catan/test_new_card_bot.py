"""A progress card added to the engine that asks another seat a decision (the Envoy,
tests/rules/catan/envoy.py) is played through the real bot on the emulator with no Catan UI
file naming it: its texts are the catalog's (here, given by this test), the answer's action
type is declared by actions_ui's derive (its code its type, a select labelled
`catan.action.<type>`), its event told by its text (cogs/kit/lines' defaults by field).
The seat it names is mentioned, reads what is asked in its panel and answers from it."""

from __future__ import annotations

from pathlib import Path

from cogs.catan import events, texts
from cogs.catan.actions_ui import DECLARED, SPEC
from fakediscord import Discord, Emulator
from tests.e2e.test_catan_decisions import hand_of
from tests.e2e.test_catan_few_clicks import three_people
from tests.fakediscord_fixtures import Table
from tests.rules.catan.envoy import KIND, NAME, SendEnvoyGift, envoy

from .driver import do

ANSWER = SendEnvoyGift(card="ore").type
TEXTS = {
    "en": {f"catan.progress.{NAME}": "Envoy",
           f"catan.progress.{NAME}.text": "Name a seat holding a resource: it sends you one.",
           f"catan.event.progress_played.{NAME}": "a resource asked of an opponent",
           f"catan.ask.{KIND}": "🕊️ Envoy: send {other} one of your resources.",
           f"catan.ping.{KIND}": "{mention}, an Envoy asks you for a resource.",
           f"catan.panel.select.{ANSWER}": "The resource you send…",
           f"catan.action.{ANSWER}": "Send {card}",
           f"catan.event.{KIND}_sent": "🕊️ {name} sends {to} {card}.",
           f"catan.event.you.{KIND}_sent": "🕊️ You send {to} {card}.",
           f"catan.event.to_you.{KIND}_sent":
               "🕊️ {name} sends you {card}."},
    "es": {f"catan.progress.{NAME}": "Enviado",
           f"catan.progress.{NAME}.text": "Nombra a quien tenga un recurso: te envía uno.",
           f"catan.event.progress_played.{NAME}": "un recurso pedido a un rival",
           f"catan.ask.{KIND}": "🕊️ Enviado: envía a {other} uno de tus recursos.",
           f"catan.ping.{KIND}": "{mention}, un Enviado te pide un recurso.",
           f"catan.panel.select.{ANSWER}": "El recurso que envías…",
           f"catan.action.{ANSWER}": "Enviar {card}",
           f"catan.event.{KIND}_sent": "🕊️ {name} envía a {to} {card}.",
           f"catan.event.you.{KIND}_sent": "🕊️ Envías a {to} {card}.",
           f"catan.event.to_you.{KIND}_sent":
               "🕊️ {name} te envía {card}."}}


async def test_the_envoy_is_played_and_answered_from_the_named_seats_panel(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    assert all(d.type != ANSWER for d in DECLARED)  # no Catan UI file declares the answer
    with envoy():
        async with three_people(emulator, discord_api, table, tmp_path / "bot.sqlite3",
                                [{}, {"brick": 2, "ore": 1}, {"wool": 1}]) as game:
            for lang, own in TEXTS.items():
                game.bot.catalog.tables[lang].update(own)
            record = game.record
            assert record is not None
            player, named, _ = record.state.seats
            state = record.state.clone()
            state.players[0].progress = [NAME]
            await game.commit(state=state)
            await do(game, game.people[player],
                     {"type": "play_progress", "card": NAME, "seat": named})
            record = game.record
            assert record is not None and record.rules.must_decide(record.state) == [named]
            await game.bot.publisher.idle()
            person = game.people[named]
            assert any("an Envoy asks you for a resource" in m.text
                       for m in await person.notified())
            panel = await game.panel(person)
            asker = texts.seat(player, record.seats, game.bot.catalog, "en")
            assert f"Envoy: send {asker} one of your resources" in panel.text, panel.text
            [select] = [s for s in panel.selects()
                        if s["custom_id"].endswith(f":s.{ANSWER}")]
            assert [o["label"] for o in select["options"]] == ["Send 🧱 Brick", "Send ⛰️ Ore"]
            await do(game, person, {"type": ANSWER, "card": "ore"}, panel)
            assert hand_of(game, player) == {"ore": 1}
            assert hand_of(game, named) == {"brick": 2}
            record = game.record
            assert record is not None and not record.state.pending
            assert await discord_api.failed_interactions() == []
            sent = record.log[-1]
            assert sent["type"] == f"{KIND}_sent" and SPEC.decode(f"{ANSWER}.ore") == {
                "type": ANSWER, "card": "ore"}
            catalog = game.bot.catalog
            lines = {lang: events.line(sent, record.seats, catalog, lang, viewer=player)
                     for lang in ("en", "es")}
            giver = texts.seat(named, record.seats, catalog, "en")
            assert lines == {"en": f"🕊️ {giver} sends you ⛰️ Ore.",
                             "es": f"🕊️ {giver} te envía ⛰️ Mineral."}
