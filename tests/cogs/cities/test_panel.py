"""Cities' panels at every decision of seeded random games: within Discord's limits, every
legal action reachable from the components (the tile's place through its staging selects and
Confirm), every component naming a legal action, the custom_ids those the platform answers,
and forged or stale focuses falling back to a panel."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.components import ActionButton, ActionSelect, TableButton
from cogs.cities import actions_ui
from cogs.cities.ui import UI
from cogs.game import PicturePanel
from rules.cities import GAME, GameState
from tests.cogs.cities.helpers import catalog, moments, record

BUTTON = re.compile(ActionButton.__discord_ui_compiled_template__.pattern)  # type: ignore
SELECT = re.compile(ActionSelect.__discord_ui_compiled_template__.pattern)  # type: ignore
HINT = re.compile(TableButton.__discord_ui_compiled_template__.pattern)  # type: ignore


def items(panel: PicturePanel) -> list[Any]:
    assert panel.view is not None
    return [getattr(c, "item", c) for c in panel.view.children]


def check_limits(panel: PicturePanel) -> None:
    found = items(panel)
    rows = [c.row or 0 for c in found]
    assert max(rows) < 5
    for row in set(rows):
        in_row = [c for c in found if (c.row or 0) == row]
        assert len(in_row) <= 5
        assert not any(isinstance(c, discord.ui.Select) for c in in_row) or len(in_row) == 1
    for c in found:
        assert len(c.custom_id) <= 100
        if isinstance(c, discord.ui.Select):
            assert 1 <= len(c.options) <= 25 and len(c.placeholder or "") <= 150
            assert all(len(o.label) <= 100 and len(o.value) <= 100
                       and len(o.description or "") <= 100 for o in c.options)
            assert SELECT.fullmatch(c.custom_id), c.custom_id
        else:
            assert len(c.label or "") <= 80
            assert BUTTON.fullmatch(c.custom_id) or HINT.fullmatch(c.custom_id), c.custom_id


def reachable(rec: Any, seat: str, focus: str | None = None, depth: int = 0
              ) -> list[dict[str, Any]]:
    """Every action the panel offers, following its narrowing selects."""
    panel = UI.panel(rec, rec.seat(seat), catalog(), "en", [], focus)
    assert isinstance(panel, PicturePanel)
    check_limits(panel)
    found = []
    for c in items(panel):
        if isinstance(c, discord.ui.Button):
            code = c.custom_id.split(":", 3)[3]
            if c.custom_id.endswith(":hint"):
                continue
            action = UI.button_action(code)
            assert action is not None, code
            found.append(action)
            continue
        kind = c.custom_id.rsplit(":s.", 1)[1]
        for option in c.options:
            chosen = UI.select_action(kind, [option.value])
            if isinstance(chosen, dict):
                found.append(chosen)
            elif kind.startswith("n_") and kind not in actions_ui.FOCUS_KINDS and depth < 3:
                assert chosen is not None
                found += reachable(rec, seat, chosen.value, depth + 1)
    return found


def key(action: Any) -> str:
    return repr(sorted(GAME.dump_action(GAME.parse_action(action)).items()))


@pytest.mark.parametrize(("players", "seed", "long"), [(2, 1, False), (3, 2, False),
                                                        (4, 3, False), (2, 4, True)])
def test_every_legal_action_is_offered_and_nothing_else(players: int, seed: int,
                                                        long: bool) -> None:
    for k, state in enumerate(moments(players, seed, every=3, long=long)):
        if GAME.is_over(state):
            continue
        rec = record(state, version=k + 2)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        wanted = {key(a) for a in legal}
        if legal[0].type in ("start_tile", "place_tile"):
            offered = staged(rec, seat, legal)
        else:
            offered = {key(a) for a in reachable(rec, seat)}
        assert offered == wanted, (state.phase, offered ^ wanted)


def staged(rec: Any, seat: str, legal: list[Any]) -> set[str]:
    """A tile's places: each legal one, focused, offers itself on Confirm; its select and the
    rotations' select offer every legal place and turn."""
    out = set()
    for action in legal:
        focus = (f"s:{action.tile}:{action.rot}" if action.type == "start_tile"
                 else f"t:{action.x}:{action.y}:{action.rot}")
        panel = UI.panel(rec, rec.seat(seat), catalog(), "es", [], focus)
        assert isinstance(panel, PicturePanel) and panel.picture is not None
        check_limits(panel)
        [confirm] = [c for c in items(panel) if isinstance(c, discord.ui.Button)]
        chosen = UI.button_action(confirm.custom_id.split(":", 3)[3])
        assert chosen is not None and key(chosen) == key(action)
        for select in (c for c in items(panel) if isinstance(c, discord.ui.Select)):
            assert [o.value for o in select.options if o.default]
            for option in select.options:
                focus = UI.select_action(select.custom_id.rsplit(":s.", 1)[1], [option.value])
                assert focus is not None and not isinstance(focus, dict)
        out.add(key(chosen))
    return out


@pytest.mark.parametrize("focus", [None, "t:9:9:0", "t:0:0:45", "t:a:b:c", "s:st9:0", "x",
                                   "t:1:0", "tk:a1", "place_piece:r"])
def test_a_forged_focus_shows_the_first_legal_placement(focus: str | None) -> None:
    state = next(s for s in moments(2, 7) if s.phase == "place_tile")
    rec = record(state)
    seat = GAME.to_act(state)[0]
    panel = UI.panel(rec, rec.seat(seat), catalog(), "en", [], focus)
    check_limits(panel)
    first = GAME.legal_actions(state, seat)[0]
    [confirm] = [c for c in items(panel) if isinstance(c, discord.ui.Button)]
    assert confirm.custom_id.endswith(actions_ui.encode(first))


def test_codes_round_trip_and_read_capitals_back() -> None:
    for state in moments(4, 5, every=2):
        if GAME.is_over(state):
            continue
        seat = GAME.to_act(state)[0]
        for action in GAME.legal_actions(state, seat):
            code = actions_ui.encode(action)
            assert re.fullmatch(r"[a-z0-9_.,]{1,80}", code), code
            assert key(actions_ui.action(code)) == key(action)
    assert actions_ui.action("pt.m2.m1.270") == {"type": "place_tile", "x": -2, "y": -1,
                                                 "rot": 270}
    assert actions_ui.action("pp.r.e5") == {"type": "place_piece", "colour": "R",
                                            "space": "E5"}
    for forged in ("pt.1.1.45", "pt.x.0.0", "st..0", "tk", "tk.a1.b2", "zz.a1", "pt.-1.0.0"):
        assert actions_ui.action(forged) is None, forged


def test_a_seat_waiting_sees_its_neighbourhood_and_no_component() -> None:
    state: GameState = next(s for s in moments(3, 9) if s.phase == "take" and s.round == 2)
    rec = record(state)
    waiting = next(p for p in state.seats if p not in GAME.to_act(state))
    panel = UI.panel(rec, rec.seat(waiting), catalog(), "es", [])
    assert isinstance(panel, PicturePanel)
    assert panel.view is None and panel.picture is not None
    assert "Esperando" in (panel.embed.description or "")


@pytest.mark.parametrize("update", [{"phase": "place_pieces", "pieces": "RBGY"},
                                    {"phase": "place_features", "features": ("ft37", "ft45")}])
def test_more_than_25_places_are_narrowed_first(update: dict[str, Any]) -> None:
    """A neighbourhood with many free building spaces: the spaces of four colours, or of two
    grey feature tiles, are more than a select holds; the panel asks for the colour or the
    tile first, and every legal action is still offered."""
    def placed(late: GameState) -> tuple[int, GameState]:
        state = late.model_copy(update=update)
        legal = GAME.legal_actions(state, state.seats[state.active])
        return sum(a.type in ("place_piece", "place_feature") for a in legal), state

    found = [placed(s) for seed in (12, 13) for s in moments(2, seed) if s.phase == "take"]
    most, state = max(found, key=lambda f: f[0])
    assert most > 25
    seat = state.seats[state.active]
    legal = GAME.legal_actions(state, seat)
    rec = record(state)
    panel = UI.panel(rec, rec.seat(seat), catalog(), "en", [])
    kinds = [c.custom_id.rsplit(":s.", 1)[1] for c in items(panel)
             if isinstance(c, discord.ui.Select)]
    assert kinds and kinds[0].startswith("n_")
    assert {key(a) for a in reachable(rec, seat)} == {key(a) for a in legal}
