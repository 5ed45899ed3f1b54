"""A character with an action of a new kind is its data row, its Power and its texts: the
Herald (tests/cogs/citadels/herald/, nothing else) is chosen for a game, drafted, and plays
his action through the real bot's panels on the emulator, its select, its labels and its
event lines all coming from the declarations' defaults and his texts."""

from __future__ import annotations

from pathlib import Path

from bot.client import GameBot
from bot.records import GameSettings
from cogs.citadels.actions_ui import SPEC
from cogs.citadels.events import event_line
from fakediscord import Discord
from rules import citadels
from tests.fakediscord_fixtures import Table
from tests.game_driver import start_game
from tests.rules.citadels.dark_helpers import dstart

from .herald import HERE, herald

ROOT = Path(__file__).resolve().parents[3]


async def test_the_herald_proclaims_a_player_through_his_panel(fast_bot: GameBot,
                                                             discord_api: Discord,
                                                             table: Table) -> None:
    carla = await discord_api.user("carla", guild=table.guild)
    people = [table.alice, table.bruno, carla]
    with herald(fast_bot.catalog):
        assert citadels.Options(rank6="herald").rank6 == "herald"
        game = await start_game(fast_bot, discord_api, table.guild, "herald", people,
                                settings=GameSettings(options={"rank6": "herald"}))
        a, b, c = (game.seat(p) for p in people)
        await game.rig(dstart(3, {a: ["herald"], b: ["king"], c: ["assassin"]},
                              ids=game.seats(), gold={a: 0, b: 0, c: 0}, rank6="herald"))
        assert "herald" in game.state.cast
        while game.state.current != "herald":  # the turns before his
            person = game.people[citadels.to_act(game.state)[0]]
            await game.do(person, {"type": "take_gold"})
            await game.do(person, {"type": "end_turn"})
        alice = table.alice
        gold = {p: game.state.player(p).gold for p in (a, b, c)}

        panel = await game.do(alice, {"type": "take_gold"})
        assert "6 📯 Herald" in panel.text  # his emoji is his data row's
        assert "• Proclaim bruno" in panel.text and "• Proclaim carla" in panel.text
        [select] = [s for s in panel.selects() if s["custom_id"].endswith(":s.proclaim")]
        assert select["placeholder"] == "Proclaim a player…"
        assert {o["label"]: o["value"] for o in select["options"]} == {
            "Proclaim bruno": f"proclaim.{b}", "Proclaim carla": f"proclaim.{c}"}
        result = await alice.choose(panel, [f"proclaim.{b}"], custom_id=select["custom_id"])
        assert not result.failed
        panel = await result.response()
        await game.settle()

        assert game.state.power_used
        assert (game.state.player(a).gold, game.state.player(b).gold,
                game.state.player(c).gold) == (gold[a] + 3, gold[b] + 1, gold[c])
        assert "You proclaim bruno: each of you takes 1 gold." in panel.text
        assert not any(s["custom_id"].endswith(":s.proclaim") for s in panel.selects())
        assert "alice proclaims bruno: each takes 1 gold." in (await game.table(alice)).text
        [logged] = [e for e in await fast_bot.service.store.actions(game.id)
                    if e.action["type"] == "proclaim"]
        assert logged.by == "player" and logged.action == {"type": "proclaim", "player": b}
        event = {"type": "proclaimed", "player": a, "to": b, "amount": 1}
        assert event_line(event, game.record.seats, fast_bot.catalog, "es", viewer=b) \
            == "alice te proclama: los dos tomáis 1 moneda de oro."
        await game.do(alice, {"type": "end_turn"}, panel)
        assert game.state.current != "herald"
    assert "proclaim" not in {d.type for d in SPEC.declared}  # nothing declared him


def test_the_herald_is_four_files_and_no_other_names_his_action() -> None:
    """The files the character needed: his package's, the only ones of the project that name
    his action (tests of him aside)."""
    his = sorted(str(p.relative_to(ROOT)) for p in HERE.rglob("*")
                 if p.is_file() and "__pycache__" not in p.parts)
    assert his == [f"tests/cogs/citadels/herald/{name}" for name in (
        "__init__.py", "data.json", "locales/en/citadels.json", "locales/es/citadels.json")]
    sources = [p for d in ("rules", "ai", "cogs", "bot", "demo", "bench", "tests")
               for p in (ROOT / d).rglob("*") if p.suffix in (".py", ".json", ".md")]
    naming = sorted(str(p.relative_to(ROOT)) for p in sources if not p.name.startswith("test_")
                    and "proclaim" in p.read_text("utf-8").lower())
    assert naming == his and len(sources) > 300
