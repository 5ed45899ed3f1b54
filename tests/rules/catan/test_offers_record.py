"""This turn's domestic offers are recorded (§5: offers are public): everyone's view lists them,
the offerer's with the hand each was made from; the record ends with the turn and is part of the
stored state."""

from __future__ import annotations

import random

from rules.catan import engine
from rules.catan.actions import AcceptTrade, DeclineTrade, EndTurn, OfferTrade
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.state import GameState

from .engine_helpers import table


def _offered() -> tuple[list[GameState], GameState]:
    """R offers B one wool for one ore twice: declined, then accepted."""
    s = table(cards={"R": {"wool": 2, "grain": 1}, "B": {"ore": 2}, "W": {"brick": 1}})
    states = [s]
    for answer in (DeclineTrade(), AcceptTrade()):
        s, _ = engine.apply(s, "R", OfferTrade(to="B", give={"wool": 1}, get={"ore": 1}))
        s, _ = engine.apply(s, "B", answer)
        states.append(s)
    return states, s


def test_the_offers_of_the_turn_are_in_every_view_and_the_hand_in_the_offerers() -> None:
    states, s = _offered()
    public = [{"to": "B", "give": {"wool": 1}, "get": {"ore": 1}}] * 2
    for seat in (None, "B", "W"):
        assert GAME.view(s, seat)["this_turn"]["offers"] == public
    mine = GAME.view(s, "R")["this_turn"]["offers"]
    assert [{k: v for k, v in o.items() if k != "hand"} for o in mine] == public
    first, second = (o["hand"] for o in mine)
    assert first == GAME.view(states[0], "R")["hand"]  # declined: the hand stayed
    assert second == first == GAME.view(states[1], "R")["hand"]
    assert GAME.view(s, "R")["hand"] != first  # accepted: the hand changed after
    assert GAME.view(states[0], "R")["this_turn"]["offers"] == []


def test_the_record_ends_with_the_turn_and_is_stored() -> None:
    _, s = _offered()
    assert GAME.load_state(GAME.dump_state(s)) == s
    assert GAME.view(GAME.load_state(GAME.dump_state(s)), "R") == GAME.view(s, "R")
    after, _ = engine.apply(s, "R", EndTurn())
    assert all(GAME.view(after, p)["this_turn"]["offers"] == [] for p in (None, "R", "B"))


def test_a_world_for_another_seat_does_not_keep_the_offerers_hands() -> None:
    _, s = _offered()
    mine = determinize(s, "R", random.Random(1))
    assert GAME.view(mine, "R") == GAME.view(s, "R")
    theirs = determinize(s, "B", random.Random(1))
    assert GAME.view(theirs, "B") == GAME.view(s, "B")
    assert all(o.hand == {} for o in theirs.offers) and all(o.hand for o in s.offers)
