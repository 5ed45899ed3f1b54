"""A Catan hint in words (cogs.catan.hints): the expert's move and its reason read in both
languages with every fact filled in, and the private panels offer the Hint button."""

from __future__ import annotations

import random

from ai.player import suggest
from bot.records import GameSettings
from cogs.catan.ui import UI
from rules.catan.game import GAME

from .helpers import CATALOG, playout, seats


def test_every_hint_along_a_game_reads_in_both_languages() -> None:
    reasons = set()
    for k, (rec, _) in enumerate(playout(4, seed=21)):
        if k % 9 or rec.state is None or GAME.is_over(rec.state):
            continue
        seat = GAME.to_act(rec.state)[0]
        view, legal = GAME.view(rec.state, seat), GAME.legal_actions(rec.state, seat)
        if len(legal) < 2:
            continue
        hint = suggest("catan", view, legal, random.Random(k))
        assert hint is not None
        for lang in ("en", "es"):
            line = UI.hint_line(rec, seat, hint, CATALOG, lang)
            assert line.startswith("💡") and "{" not in line and "catan.hint" not in line, line
        reasons.add(hint.reason)
    assert len(reasons) >= 5, reasons


def test_the_panels_offer_a_hint_when_the_table_allows_it() -> None:
    rec = next(r for r, _ in playout(3, seed=22) if r.state is not None
               and r.state.phase == "action")
    seat = GAME.to_act(rec.state)[0]
    asked = {}
    for hints in (True, False):
        shown = rec.model_copy(update={"settings": GameSettings(hints=hints)})
        panel = UI.panel(shown, next(s for s in seats(3) if s.id == seat), CATALOG, "en", [])
        items = [] if panel.view is None else panel.view.children
        asked[hints] = any(str(getattr(i, "custom_id", "")).endswith(":hint") for i in items)
    assert asked == {True: True, False: False}
