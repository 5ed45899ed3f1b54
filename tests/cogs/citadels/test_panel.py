"""The panel's components stay within Discord's rules whatever the click asked for."""

from __future__ import annotations

import discord
import pytest

from bot.records import GameRecord, GameSettings
from cogs.citadels.panel import MAX_OPTIONS, player_panel
from rules import citadels
from rules.citadels.actions import Destroy
from tests.render_helpers import catalog, play, seat_ids, seats
from tests.rules.citadels.helpers import act, start

CITY = ["manor", "temple", "tavern", "market", "docks", "harbor"]


def warlord_record() -> GameRecord:
    """Seven players, six districts each: the Warlord has far more than 25 targets."""
    ids = seat_ids(7)
    chars = dict(zip(ids, [["warlord"], ["king"], ["merchant"], ["thief"], ["magician"],
                           ["assassin"], ["architect"]], strict=True))
    state = start(7, chars, ids=ids, cities={p: CITY for p in ids}, gold={ids[0]: 30})
    while citadels.to_act(state) != [ids[0]]:
        state, _ = act(state, {"type": "take_gold"}, {"type": "end_turn"})
    state, _ = act(state, {"type": "take_gold"})
    destroys = [a for a in citadels.legal_actions(state, ids[0]) if isinstance(a, Destroy)]
    assert len(destroys) > MAX_OPTIONS
    return GameRecord(game="citadels", id=1, channel_id=1, host_id=1, status="running",
                      version=3, settings=GameSettings(), seats=seats(7), state=state)


@pytest.mark.parametrize("focus", [None, "destroy:p3", "destroy:nobody", "destroy:p1", "p3",
                                   "use_armory:p3", "destroy:p3:extra"])
def test_the_warlord_names_a_player_then_a_district(focus: str | None) -> None:
    record = warlord_record()
    panel = player_panel(record, "p1", catalog(), "en", [], focus)
    assert panel.view is not None
    items = [getattr(c, "item", c) for c in panel.view.children]  # dynamic items wrap theirs
    selects = [c for c in items if isinstance(c, discord.ui.Select)]
    assert all(0 < len(s.options) <= MAX_OPTIONS for s in selects)  # never empty, never over
    kinds = {str(s.custom_id).rsplit(":", 1)[1] for s in selects}
    if focus in ("destroy:p3", "destroy:p1", "destroy:p3:extra"):  # that player's districts
        assert "s.destroy" in kinds and "s.n_destroy" not in kinds
        [destroy] = [s for s in selects if str(s.custom_id).endswith(":s.destroy")]
        assert all(o.value.startswith(f"destroy.{focus.split(':')[1]}.")
                   for o in destroy.options)
    else:  # no focus, or one naming nobody or another kind: choose the player first
        assert "s.n_destroy" in kinds and "s.destroy" not in kinds


@pytest.mark.parametrize(("n", "options"), [
    (4, None), (7, None),
    (6, citadels.Options(rank1="witch", rank3="wizard", rank4="emperor", rank8="diplomat",
                         rank9="artist", dark_city_districts=True)),
])
def test_end_turn_is_alone_on_the_last_row(n: int, options: citadels.Options | None) -> None:
    """On every panel of whole random games: the main actions first, "End turn" by itself on
    the last row, never above a select; at most five rows, each select within Discord's
    limits."""
    ends = 0
    for version, (state, _) in enumerate(play(n, 5, options)):
        record = GameRecord(game="citadels", id=1, channel_id=1, host_id=1, status="running",
                            version=version, settings=GameSettings(), seats=seats(n),
                            state=state)
        for seat in citadels.to_act(state):
            view = player_panel(record, seat, catalog(), "en").view
            assert view is not None
            items = [getattr(c, "item", c) for c in view.children]
            rows = [c.row or 0 for c in items]
            assert max(rows) < 5 and all(
                0 < len(c.options) <= MAX_OPTIONS for c in items
                if isinstance(c, discord.ui.Select))
            end = [c for c in items if str(c.custom_id).endswith(":end")]
            if end:
                ends += 1
                assert end[0].row == max(rows) and rows.count(end[0].row) == 1
    assert ends > 20
