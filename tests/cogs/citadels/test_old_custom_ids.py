"""Custom_ids of panels already on screen (those of the first release, of Dark City, and the
Warlord's player select before it) are still answered: each is recognised by the platform's
component and names the same action, or the same panel focus, as when it was posted. Codes
are read from the declarations now (cogs/citadels/actions_ui.py); they never change."""

from __future__ import annotations

from typing import Any

import pytest

from bot.components import ActionButton, ActionSelect
from bot.ui import Focus
from cogs.citadels.ui import UI
from rules import citadels

BUTTONS: dict[str, dict[str, Any]] = {
    "cz:12:34:pick.king": {"type": "pick_character", "character": "king"},
    "cz:12:34:disc.warlord": {"type": "discard_character", "character": "warlord"},
    "cz:12:34:gold": {"type": "take_gold"},
    "cz:12:34:draw": {"type": "draw_cards"},
    "cz:12:34:keep.manor": {"type": "keep_card", "district": "manor"},
    "cz:12:34:income": {"type": "collect_income"},
    "cz:12:34:smithy": {"type": "use_smithy"},
    "cz:12:34:gy.1": {"type": "graveyard", "accept": True},
    "cz:12:34:gy.0": {"type": "graveyard", "accept": False},
    "cz:12:34:end": {"type": "end_turn"},
    # Dark City
    "cz:7:3:greet": {"type": "greet"},
    "cz:7:3:tribute.gold": {"type": "tribute", "kind": "gold"},
    "cz:7:3:nav.cards": {"type": "navigator_bonus", "kind": "cards"},
    "cz:7:3:bell.1": {"type": "bell_tower", "announce": True},
    "cz:7:3:richest": {"type": "collect_from_richest"},
}
SELECTS: list[tuple[str, list[str], dict[str, Any] | Focus]] = [
    ("cz:12:34:s.build", ["build.manor"], {"type": "build", "district": "manor"}),
    ("cz:12:34:s.kill", ["kill.thief"], {"type": "assassinate", "character": "thief"}),
    ("cz:12:34:s.steal", ["steal.king"], {"type": "steal", "character": "king"}),
    ("cz:12:34:s.swap", ["swap.p2"], {"type": "swap_hands", "player": "p2"}),
    ("cz:12:34:s.dad", ["0.manor", "3.temple"],
     {"type": "discard_and_draw", "districts": ["manor", "temple"]}),
    ("cz:12:34:s.destroy", ["destroy.p2.manor"],
     {"type": "destroy", "player": "p2", "district": "manor"}),
    ("cz:12:34:s.lab", ["lab.manor"], {"type": "use_laboratory", "district": "manor"}),
    ("cz:12:34:s.target", ["p3"], Focus("p3")),  # the Warlord's player, before Dark City
    # Dark City
    ("cz:7:3:s.n_destroy", ["destroy:p3"], Focus("destroy:p3")),
    ("cz:7:3:s.n_exch", ["exchange:p3:manor"], Focus("exchange:p3:manor")),
    ("cz:7:3:s.witch", ["witch.king"], {"type": "bewitch", "character": "king"}),
    ("cz:7:3:s.look", ["look.p2"], {"type": "look_at_hand", "player": "p2"}),
    ("cz:7:3:s.take", ["take.castle.1"], {"type": "take_card", "district": "castle",
                                          "build": True}),
    ("cz:7:3:s.light", ["light.manor"], {"type": "lighthouse", "district": "manor"}),
    ("cz:7:3:s.crown", ["crown.p2"], {"type": "give_crown", "player": "p2"}),
    ("cz:7:3:s.exch", ["exch.manor.p2.temple"],
     {"type": "exchange", "give": "manor", "player": "p2", "take": "temple"}),
    ("cz:7:3:s.art", ["art.manor"], {"type": "beautify", "district": "manor"}),
    ("cz:7:3:s.armory", ["armory.p2.manor"],
     {"type": "use_armory", "player": "p2", "district": "manor"}),
    ("cz:7:3:s.museum", ["museum.manor"], {"type": "use_museum", "district": "manor"}),
]


@pytest.mark.parametrize(("custom_id", "action"), BUTTONS.items())
def test_an_old_button_plays_the_same_action(custom_id: str, action: dict[str, Any]) -> None:
    match = ActionButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    assert UI.button_action(match["code"]) == action
    citadels.Action.parse(action)  # and the engine reads it


@pytest.mark.parametrize(("custom_id", "values", "answer"), SELECTS,
                         ids=[c for c, _, _ in SELECTS])
def test_an_old_select_names_the_same_action(custom_id: str, values: list[str],
                                             answer: dict[str, Any] | Focus) -> None:
    match = ActionSelect.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None
    assert UI.select_action(match["kind"], values) == answer
    if not isinstance(answer, Focus):
        citadels.Action.parse(answer)

