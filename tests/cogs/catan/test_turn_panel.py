"""A turn's panel before any group is chosen (issue 44): beside the menu, a Build button for
each piece the seat may build (cogs/catan/builds.py: a button that opens its places, or plays a
type's one place at once), the selects of the turn's usual choices in their declared order
(cogs/catan/actions_ui.py EAGER) as many as Discord's five rows hold, End turn last; a Build
button opens its type's select alone, the candidates' picture naming only its places."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui import Focus, Panel
from cogs import panels
from cogs.catan import builds, places
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
        assert [UI.button_action(code) for code in codes(panel, "o.")] == [
            builds.clicked(SPEC.decode(SPEC.encode(o)) or {}) for o in opens(legal)]
        shown = panels.shown_types(panel.view, SPEC)
        assert not shown & set(builds.OPENED)  # no select of places before a button opens it
        present = [t for t in EAGER if t != builds.TYPE and any(a.type == t for a in legal)]
        assert [t for t in EAGER if t in shown and t != builds.TYPE] == present[:2], shown
        rows = {getattr(i, "row", None) for i in items(panel.view)}
        assert rows == {0, 1, 2, 3, 4}
        assert codes(panel, "")[-1] == "end" and items(panel.view)[-1].row == 4  # End last
        singles = {o.place for o in opens(legal) if o.place}
        assert set(places.candidates(legal, None, shown)) == singles


def test_a_build_button_opens_its_places_alone_with_their_picture() -> None:
    for seed in (1, 2, 3):
        rec = record(rich_turn(seed), 3)
        legal = GAME.legal_actions(rec.state, "p1")
        for opener in (o for o in opens(legal) if o.place is None):
            focus = UI.button_action(SPEC.encode(opener))
            assert focus == Focus(opener.opens)
            panel = UI.panel(rec, rec.seat("p1"), CATALOG, "en", [], focus.value)
            assert isinstance(panel, PicturePanel) and panel.view is not None
            check_components(panel.view)
            shown = panels.shown_types(panel.view, SPEC)
            assert shown & set(builds.OPENED) == {opener.opens}, shown
            wanted = sorted(str(getattr(a, builds.OPENED[opener.opens])) for a in legal
                            if a.type == opener.opens)
            ids = places.candidates(legal, focus.value, shown)
            assert panel.picture is not None and (ids == wanted or len(wanted) > 25), ids
            assert SPEC.encode(opener) not in codes(panel, "o.")  # the others' buttons stay
            assert len(codes(panel, "o.")) == len(opens(legal)) - 1


def opens(legal: list[Any]) -> list[builds.Open]:
    """The Build buttons a turn's legal actions make, in the panel's order."""
    return [a for a in builds.prepared(legal, None) if a.type == builds.TYPE]


def codes(panel: Panel, prefix: str) -> list[str]:
    """The codes of the panel's action buttons that start with `prefix`, in order."""
    out = [str(i.custom_id).split(":", 3)[-1] for i in items(panel.view)
           if isinstance(i, discord.ui.Button)]
    return [c for c in out if c.startswith(prefix)]


def test_the_builder_offers_every_type_held_of_a_hand_past_25_cards() -> None:
    rec = record(rich_turn(1), 3)  # 32 cards: 4 of each of the 8 types
    panel = UI.panel(rec, rec.seat("p1"), CATALOG, "en", [], "@offer")
    check_components(panel.view)
    adds = [i.custom_id for i in items(panel.view)
            if isinstance(i, discord.ui.Button) and (i.label or "").startswith("+ ")]
    assert len(adds) == 2 * len(CARDS), adds  # each type, on each side


def test_a_build_buttons_code_names_its_places_or_its_one_action_and_nothing_else() -> None:
    assert UI.button_action("o.build_road.") == Focus("build_road")
    assert UI.button_action("o.activate_knight.i32") == {"type": "activate_knight",
                                                         "node": "i32"}
    assert UI.button_action("o.build_road.p7") == {"type": "build_road", "edge": "p7"}
    for forged in ("o.roll.", "o.end_turn.", "o.build_road", "o..", "o.build_road.p7.x"):
        assert UI.button_action(forged) is None, forged
