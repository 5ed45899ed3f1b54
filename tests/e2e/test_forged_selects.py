"""A forged or outdated value in every kind of select the panels have: "that is not possible
now" with a fresh panel (never an empty select, never an unanswered click), nothing moves."""

from __future__ import annotations

from typing import Any

import pytest

from fakediscord import Emulator
from fakediscord.testing import SeenMessage
from rules import citadels
from tests.e2e.test_game_refusals import ILLEGAL, TEXT, Unchanged, answer, bot, game
from tests.game_driver import Game, forge_click, rigged_state

__all__ = ["bot", "game"]  # the fixtures, shared with the other refusal tests

CASES: dict[str, tuple[dict[str, list[str]], dict[str, Any], list[str]]] = {
    # select kind: (characters of a / b, hands and cities, a forged value ({a}, {b}: seats))
    "kill": ({"a": ["assassin", "king"], "b": ["thief", "bishop"]}, {}, ["kill.assassin"]),
    "steal": ({"a": ["thief", "king"], "b": ["bishop", "merchant"]}, {}, ["steal.assassin"]),
    "swap": ({"a": ["magician", "king"], "b": ["bishop", "merchant"]},
             {"hands": {"a": ["temple"], "b": ["manor"]}}, ["swap.{a}"]),
    "dad": ({"a": ["magician", "king"], "b": ["bishop", "merchant"]},
            {"hands": {"a": ["temple", "tavern"], "b": ["manor"]}}, ["dad.palace"]),
    "lab": ({"a": ["king", "merchant"], "b": ["bishop", "architect"]},
            {"hands": {"a": ["temple"], "b": []}, "cities": {"a": ["laboratory"], "b": []}},
            ["lab.palace"]),
    "destroy": ({"a": ["king", "warlord"], "b": ["merchant", "architect"]},
                {"cities": {"a": [], "b": ["manor", "temple"]}}, ["destroy.{b}.palace"]),
}


def select_of(panel: SeenMessage, kind: str) -> dict[str, Any]:
    found = [s for s in panel.selects() if str(s["custom_id"]).endswith(f":s.{kind}")]
    assert found, f"no {kind} select on the panel:\n{panel.text}"
    return found[0]


def offered(panel: SeenMessage) -> None:
    """A panel Discord would accept: something to click, no select without options."""
    assert panel.buttons() or panel.selects()
    assert all(s.get("options") for s in panel.selects())


async def rigged(game: Game, chars: dict[str, list[str]], extra: dict[str, Any]
                 ) -> tuple[SeenMessage, dict[str, str]]:
    """The game at the first turn with these characters; its player's panel after taking gold
    (the powers come after resources)."""
    a, b = game.seats()
    seats = {"a": a, "b": b}
    mapped = {key: {seats[k]: v for k, v in value.items()} for key, value in extra.items()}
    mapped.setdefault("gold", {a: 9, b: 9})
    await game.rig(rigged_state(game.seats(), {seats[k]: v for k, v in chars.items()},
                                **mapped))
    while "warlord" in chars["a"] and game.state.current != "warlord":
        player = game.people[citadels.to_act(game.state)[0]]  # the others' turns, briefly
        await game.do(player, {"type": "take_gold"})
        await game.do(player, {"type": "end_turn"})
    player = game.people[citadels.to_act(game.state)[0]]
    assert game.seat(player) == a
    return await game.do(player, {"type": "take_gold"}), seats


@pytest.mark.parametrize("kind", list(CASES))
async def test_a_forged_value_is_not_possible_now(game: Game, emulator: Emulator, kind: str):
    chars, extra, values = CASES[kind]
    panel, seats = await rigged(game, chars, extra)
    player = game.people[seats["a"]]
    select = select_of(panel, kind)
    before = Unchanged(game)
    forged = [v.format(**seats) for v in values]
    reply = await answer(forge_click(emulator, player, panel, select["custom_id"],
                                     values=forged))
    es = player.locale.startswith("es")
    assert reply.content == ILLEGAL[es] and reply.id == panel.id
    offered(reply)
    await before.check()


async def test_a_forged_player_select_is_answered_and_changes_nothing(game: Game,
                                                                    emulator: Emulator):
    """The Warlord's player select appears only for more than 25 districts (its forged values
    are tested on the panel itself, tests/cogs/citadels/test_panel.py); sent to a panel
    without it, a player select is not recognised."""
    chars, extra, _ = CASES["destroy"]
    panel, seats = await rigged(game, chars, extra)
    player = game.people[seats["a"]]
    before = Unchanged(game)
    custom_id = select_of(panel, "destroy")["custom_id"].replace(":s.destroy", ":s.n_destroy")
    for forged in (["p9"], [seats["a"]], [seats["b"]], ["<@1>"]):
        reply = await answer(forge_click(emulator, player, panel, custom_id, values=forged))
        assert reply.content == TEXT["unknown"][player.locale.startswith("es")]
        assert reply.embeds and (reply.buttons() or reply.selects())  # a fresh panel
    await before.check()
