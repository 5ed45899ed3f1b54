"""A turn's panel before any group is chosen (issue 44): beside the menu, the selects of the
turn's usual choices in their declared order (cogs/catan/actions_ui.py EAGER), as many as
Discord's five rows hold, the Hint beside End turn, End turn last; the candidates' picture
names only the places of the selects shown."""

from __future__ import annotations

import discord

from cogs import panels
from cogs.catan import places
from cogs.catan.actions_ui import EAGER, SPEC
from cogs.catan.ui import UI
from cogs.game import PicturePanel
from rules.catan.game import GAME
from rules.catan.state import CARDS, GameState

from .driver import after_setup
from .helpers import CATALOG, check_components, items, record


def rich_turn(seed: int) -> GameState:
    """A 3-seat game after a random set-up, the first seat in its turn's actions holding
    four of every card."""
    s = after_setup(record(GAME.new_game(["p1", "p2", "p3"], None, seed), 3), seed).clone()
    for card in CARDS:
        s.bank[card] -= 4 - s.players[0].cards[card]
        s.players[0].cards[card] = 4
    return s.model_copy(update={"phase": "action", "active": 0, "pending": []})


def test_the_turns_usual_choices_are_one_click_away() -> None:
    for seed in (1, 2, 3):
        rec = record(rich_turn(seed), 3)
        legal = GAME.legal_actions(rec.state, "p1")
        panel = UI.panel(rec, rec.seat("p1"), CATALOG, "en", [])
        assert isinstance(panel, PicturePanel) and panel.view is not None
        check_components(panel.view)
        present = [t for t in EAGER if any(a.type == t for a in legal)]
        shown = panels.shown_types(panel.view, SPEC)
        eager = [t for t in EAGER if t in shown]
        assert len(present) > 3 and eager == present[:3], (present, shown)
        rows = {getattr(i, "row", None) for i in items(panel.view)}
        assert rows == {0, 1, 2, 3, 4}
        last = [getattr(i, "label", None) for i in items(panel.view) if i.row == 4]
        assert last == ["💡 Hint", "End turn"]  # End turn last
        ids = places.candidates(legal, None, shown)
        assert ids == places.candidates([a for a in legal if a.type in shown], None)


def test_the_builder_offers_every_type_held_of_a_hand_past_25_cards() -> None:
    rec = record(rich_turn(1), 3)  # 32 cards: 4 of each of the 8 types
    panel = UI.panel(rec, rec.seat("p1"), CATALOG, "en", [], "@offer")
    check_components(panel.view)
    adds = [i.custom_id for i in items(panel.view)
            if isinstance(i, discord.ui.Button) and (i.label or "").startswith("+ ")]
    assert len(adds) == 2 * len(CARDS), adds  # each type, on each side
