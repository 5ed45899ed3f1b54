"""The candidates' picture of a panel that asks for a place: the places its components offer
now (the chosen group's, past a narrowing only the narrowed ones; the hexes or knights a
narrowing asks for first), drawn from the public view with only those highlighted."""

from __future__ import annotations

import re

from bot.records import GameRecord, GameSettings
from cogs import panels
from cogs.catan import places
from cogs.catan.actions_ui import SPEC
from cogs.catan.render import picture
from cogs.catan.ui import UI
from cogs.game import PicturePanel
from rules.catan.game import GAME

from .helpers import CATALOG, items, opens, playout, walk

ID = re.compile(r"\b[HIP][0-9]{1,2}\b")


def test_the_picture_names_what_the_panel_offers() -> None:
    checked = 0
    for i, (rec, _) in enumerate(playout(4, 12, steps=600)):
        if i % 7:
            continue
        for seat in GAME.to_act(rec.state):
            legal = GAME.legal_actions(rec.state, seat)
            for focus in (None, *walk_focuses(rec, seat)):
                panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [], focus)
                assert isinstance(panel, PicturePanel) and panel.view is not None
                ids = places.candidates(legal, focus, panels.shown_types(panel.view, SPEC))
                assert (panel.picture is None) == (not ids)
                if not ids:
                    continue
                checked += 1
                shown = items(panel.view)
                labels = " ".join(o.label for item in shown for o in getattr(item, "options", []))
                labels += " ".join(getattr(item, "label", "") or "" for item in shown)
                assert set(ids) <= set(ID.findall(labels)), (focus, ids, labels[:300])
    assert checked > 20


def walk_focuses(rec: GameRecord, seat: str) -> list[str]:
    """The focuses the panel's menu and narrowing selects and its Build buttons lead to (one
    level)."""
    panel = UI.panel(rec, rec.seat(seat), CATALOG, "en", [], None)
    out: list[str] = []
    for item in items(panel.view):
        if str(item.custom_id).split(".")[-1].startswith("n_"):
            out += [o.value for o in item.options][:4]
        elif (opened := opens(str(item.custom_id))) is not None and opened.value is not None:
            out.append(opened.value)
    return out


def test_setup_shows_the_hexes_then_the_intersections_around_the_one_chosen() -> None:
    rec, _ = next(playout(3, 2))
    seat = GAME.to_act(rec.state)[0]
    legal = GAME.legal_actions(rec.state, seat)
    hexes = places.candidates(legal, None)
    assert hexes and all(h.startswith("H") for h in hexes)
    around = places.candidates(legal, f"place_building:{hexes[0]}")
    assert around and all(n.startswith("I") for n in around) and len(around) <= 6
    assert picture.places(rec, [], CATALOG, "en") is None
    off = rec.model_copy(update={"settings": GameSettings(pictures=False)})
    panel = UI.panel(off, off.seat(seat), CATALOG, "en", [], None)
    assert isinstance(panel, PicturePanel) and panel.picture is None
    found = picture.places(rec, hexes, CATALOG, "en")
    assert found is not None and found.filename == "places.png"
    assert found.draw().startswith(b"\x89PNG")
    assert walk(rec, seat).actions  # the panel still offers every placement
