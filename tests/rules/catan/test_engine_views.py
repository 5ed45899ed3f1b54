"""§13 what each seat may know: views and determinized worlds."""

from __future__ import annotations

import random
from collections import Counter

from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.production import VP_CARDS

from .engine_helpers import act, table


def test_views_show_counts_not_contents() -> None:
    s = table(cards={"R": {"ore": 2}, "B": {"wool": 3}})
    s.players[1].progress = ["spy", "crane"]
    public = GAME.view(s, None)
    assert "hand" not in public and "progress" not in public
    b = next(p for p in public["players"] if p["seat"] == "B")
    assert b["cards"] == 3 and b["progress"] == {"science": 1, "politics": 1, "trade": 0}
    mine = GAME.view(s, "B")
    assert mine["hand"]["wool"] == 3 and mine["progress"] == ["spy", "crane"]
    assert "wool" not in str(GAME.view(s, "R")["players"])


def test_worlds_keep_what_the_seat_knows_and_redraw_the_rest() -> None:
    s = table(cards={"R": {"ore": 2}, "B": {"wool": 3}, "W": {"brick": 1, "coin": 1}})
    s.players[1].progress = ["spy", "crane"]
    s.players[2].progress = ["bishop"]
    worlds = [determinize(s, "R", random.Random(i)) for i in range(20)]
    assert any(w.players[1].cards != s.players[1].cards for w in worlds)
    for w in worlds:
        assert w.players[0] == s.players[0]
        assert [p.hand_size() for p in w.players] == [p.hand_size() for p in s.players]
        hidden = Counter()  # the hidden hands' types together are known from the bank
        for p in w.players[1:]:
            hidden.update(p.cards)
        assert +hidden == Counter({"wool": 3, "brick": 1, "coin": 1})
        assert {c for p in w.players for c in p.progress} & VP_CARDS == set()
        assert {k: len(v) for k, v in w.decks.items()} == {k: len(v) for k, v in s.decks.items()}
        assert GAME.view(w, "R") == GAME.view(s, "R")


def test_a_spy_keeps_seeing_the_hand_it_looks_at() -> None:
    s = table(cards={"B": {"wool": 1}})
    s.players[0].progress = ["spy"]
    s.players[1].progress = ["crane", "bishop"]
    s = act(s, "R", type="play_progress", card="spy", seat="B")
    for i in range(5):
        w = determinize(s, "R", random.Random(i))
        assert w.players[1].progress == ["crane", "bishop"]
        assert GAME.view(w, "R") == GAME.view(s, "R")


def test_pending_decisions_are_public_but_not_the_cards_behind_them() -> None:
    s = table(cards={"R": {"wool": 2}, "B": {"ore": 1}})
    s = act(s, "R", type="offer_trade", to="B", give={"wool": 2}, get={"ore": 1})
    public = GAME.view(s, None)
    assert public["to_act"] == ["R", "B"]
    assert public["pending"] == [{"kind": "trade_offer", "seat": "B", "from": "R",
                                  "give": {"wool": 2}, "get": {"ore": 1}}]
    w = table(cards={"B": {"ore": 2}})
    w.players[1].defenders = 3
    w.players[0].progress = ["wedding"]
    w = act(w, "R", type="play_progress", card="wedding")
    assert GAME.view(w, "W")["pending"] == [{"kind": "gift", "seat": "B", "count": 2,
                                            "target": "R"}]


def test_every_world_leaves_each_waiting_seat_a_choice() -> None:
    s = table(cards={"R": {"wool": 1}, "B": {"coin": 1}, "W": {"ore": 3}})
    s.players[0].progress = ["commercial_harbor"]
    s = act(act(s, "R", type="play_progress", card="commercial_harbor"), "R",
            type="harbor_exchange", to="B", card="wool")
    for i in range(10):
        w = determinize(s, "W", random.Random(i))
        assert GAME.legal_actions(w, "B"), "B must return a commodity in every world"
