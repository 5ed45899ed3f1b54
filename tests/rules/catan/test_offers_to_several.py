"""An offer to several seats (§5, as a table plays it): each addressee accepts, declines or
counters at once and on its own; the offerer picks one acceptance or counter, cancels, or ends
the turn (the offer expires); every answer is public, and no hand the rules hide is shown."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.catan import engine
from rules.catan.actions import (
    AcceptTrade,
    Action,
    CancelTrade,
    CounterTrade,
    DeclineTrade,
    EndTurn,
    OfferTrade,
    PickTrade,
)
from rules.catan.determinize import determinize
from rules.catan.errors import IllegalAction
from rules.catan.game import GAME, Catan
from rules.catan.state import GameState
from rules.kernel.events import Event
from tests.conformance import checks

from .engine_helpers import hand, table

HANDS = {"R": {"wool": 2, "grain": 1}, "B": {"ore": 2, "brick": 1}, "W": {"ore": 1, "lumber": 2}}


def offered(to: list[str] | None = None, **hands: dict[str, int]) -> GameState:
    s = table(cards={**HANDS, **hands})
    s, events = engine.apply(s, "R", OfferTrade(to=to or ["B", "W"], give={"wool": 1},
                                                get={"ore": 1}))
    assert [e.type for e in events] == ["trade_offered"]
    assert events[0].visible_to(None)["to"] == (to or ["B", "W"])
    return s


def seen(e: Event) -> dict[str, Any]:
    """What everyone sees of an event, but its type and seat."""
    return {k: v for k, v in e.visible_to(None).items() if k not in ("type", "seat")}


def play(s: GameState, *moves: tuple[str, Action]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for seat, action in moves:
        s, new = engine.apply(s, seat, action)
        events += new
    return s, events


def test_the_old_form_parses_and_trades_at_once() -> None:
    act = GAME.parse_action({"type": "offer_trade", "to": "B", "give": {"wool": 1},
                             "get": {"ore": 1}})
    assert isinstance(act, OfferTrade) and act.to == "B"
    assert GAME.dump_action(act)["to"] == "B"
    s = table(cards=HANDS)
    s, _ = play(s, ("R", act))
    assert engine.legal_actions(s, "B") == [AcceptTrade(), DeclineTrade()]
    s, events = play(s, ("B", AcceptTrade()))
    assert hand(s, "R")["ore"] == 1 and not s.pending
    assert [e.type for e in events] == ["trade_answered"]


def test_every_addressee_decides_at_once_and_the_offerer_may_act() -> None:
    s = offered()
    assert engine.must_decide(s) == ["B", "W"]
    assert engine.to_act(s) == ["R", "B", "W"]
    assert engine.legal_actions(s, "R") == [CancelTrade(), EndTurn()]
    b = engine.legal_actions(s, "B")
    assert b[:2] == [AcceptTrade(), DeclineTrade()]
    assert all(isinstance(a, CounterTrade) for a in b[2:]) and len(b) > 2
    assert CounterTrade(give={"ore": 1}, get={"wool": 1}) not in b  # the offer's own terms
    assert engine.legal_actions(s, "W")[0] == AcceptTrade()
    assert engine.default_action(s, "B") == DeclineTrade()
    assert engine.default_action(s, "R") == CancelTrade()
    again = GAME.parse_action(GAME.dump_action(OfferTrade(to=["B", "W"], give={"wool": 1},
                                                          get={"ore": 1})))
    assert isinstance(again, OfferTrade) and again.to == ["B", "W"]


def test_accept_and_counter_then_the_offerer_picks_the_counter() -> None:
    s = offered()
    key = GAME.decision_key(s, "W")
    s, events = play(s, ("B", AcceptTrade()))
    assert GAME.decision_key(s, "W") == key  # B's answer leaves W's decision as it was
    assert engine.must_decide(s) == ["W"]
    assert engine.legal_actions(s, "R")[0] == PickTrade(seat="B")  # as answers arrive
    assert GAME.view(s, None)["this_turn"]["replies"] == [
        {"seat": "B", "give": {"wool": 1}, "get": {"ore": 1}, "accepted": True}]
    s, more = play(s, ("W", CounterTrade(give={"lumber": 2}, get={"wool": 1})))
    events += more
    assert [e.type for e in events] == ["trade_accepted", "trade_countered"]
    assert [seen(e) for e in events] == [
        {"to": "R", "give": {"wool": 1}, "get": {"ore": 1}},  # the offerer's side of it
        {"to": "R", "give": {"wool": 1}, "get": {"lumber": 2}}]
    assert engine.must_decide(s) == ["R"] and engine.to_act(s) == ["R"]
    assert [r["accepted"] for r in GAME.view(s, "B")["this_turn"]["replies"]] == [True, False]
    assert engine.legal_actions(s, "R") == [PickTrade(seat="B"), PickTrade(seat="W"),
                                            CancelTrade(), EndTurn()]
    assert engine.default_action(s, "R") == CancelTrade()
    before = {p: hand(s, p) for p in "RBW"}
    s, events = play(s, ("R", PickTrade(seat="W")))
    assert [e.type for e in events] == ["trade_made"]
    assert seen(events[0]) == {"to": "W", "give": {"wool": 1}, "get": {"lumber": 2}}
    assert not s.pending and engine.to_act(s) == ["R"]
    assert hand(s, "R") == {"wool": 1, "grain": 1, "lumber": 2}
    assert hand(s, "W") == {"ore": 1, "wool": 1}
    assert hand(s, "B") == before["B"]
    assert [o.to for o in s.offers] == [1, 2]  # one record per addressee


def test_picking_while_others_still_decide_closes_the_offer() -> None:
    s = offered()
    s, _ = play(s, ("W", AcceptTrade()), ("R", PickTrade(seat="W")))
    assert not s.pending and engine.must_decide(s) == ["R"]
    assert engine.legal_actions(s, "B") == []
    assert hand(s, "W") == {"wool": 1, "lumber": 2} and hand(s, "R")["ore"] == 1


def test_all_decline_ends_the_offer() -> None:
    s = offered()
    s, events = play(s, ("B", DeclineTrade()), ("W", DeclineTrade()))
    assert [e.type for e in events] == ["trade_answered"] * 2
    assert not s.pending and EndTurn() in engine.legal_actions(s, "R")


def test_cancel_and_end_of_turn_close_the_offer() -> None:
    s = offered()
    cancelled, events = play(s, ("B", AcceptTrade()), ("R", CancelTrade()))
    assert not cancelled.pending and [e.type for e in events][-1] == "trade_cancelled"
    assert events[-1].visible_to(None)["to"] == ["W", "B"]
    assert hand(cancelled, "R") == hand(s, "R")
    ended, events = play(s, ("R", EndTurn()))
    assert [e.type for e in events][:2] == ["trade_cancelled", "turn_ended"]
    assert not ended.pending and ended.active == 1 and ended.offers == []


@pytest.mark.parametrize("answer, why", [
    (CounterTrade(give={"ore": 1}, get={"wool": 1}), "accept"),
    (CounterTrade(give={"ore": 3}, get={"wool": 1}), "hold"),
    (CounterTrade(give={"ore": 1}, get={"ore": 1}), "like-for-like"),
    (CounterTrade(give={"ore": 1}, get={}), "gifts"),
    (PickTrade(seat="W"), "does not answer"),
])
def test_refused_answers(answer: Action, why: str) -> None:
    with pytest.raises(IllegalAction, match=why):
        engine.apply(offered(), "B", answer)


def test_refused_offers_and_picks() -> None:
    s = table(cards=HANDS)
    for to in (["R"], ["B", "X"], []):
        with pytest.raises(IllegalAction):
            engine.apply(s, "R", OfferTrade(to=to, give={"wool": 1}, get={"ore": 1}))
    s = offered()
    with pytest.raises(IllegalAction, match="accepted or countered"):
        engine.apply(s, "R", PickTrade(seat="B"))
    s, _ = play(s, ("B", CounterTrade(give={"brick": 1}, get={"grain": 2})))
    assert PickTrade(seat="B") not in engine.legal_actions(s, "R")  # R holds one grain
    with pytest.raises(IllegalAction, match="you do not hold"):
        engine.apply(s, "R", PickTrade(seat="B"))


def test_no_hidden_hand_in_a_view_and_worlds_keep_the_repliers_hand() -> None:
    s = offered()
    s, _ = play(s, ("B", CounterTrade(give={"brick": 1}, get={"wool": 1})))
    public = GAME.view(s, None)
    text = repr(public)
    assert "'hand'" not in text
    for seat in ("B", "W"):
        assert GAME.view(s, seat)["this_turn"]["offers"] == public["this_turn"]["offers"]
    for reader in (None, "R", "B", "W"):
        for i in range(3):
            world = determinize(s, reader, random.Random(i))
            assert GAME.view(world, reader) == GAME.view(s, reader)
            assert GAME.view(world, None) == public
            if reader is not None:
                assert GAME.legal_actions(world, reader) == GAME.legal_actions(s, reader)
    world = determinize(s, "R", random.Random(1))
    assert hand(world, "B") == hand(s, "B")  # it said in public what it gives: R may pick it
    assert engine.apply(world, "R", PickTrade(seat="B"))


class SeveralOffers(Catan):
    """Catan whose random play makes every other offer to several seats (random_action
    lists one-seat offers only: the golden playouts stay as they were)."""

    def random_action(self, state: GameState, seat: str, rng: random.Random) -> Any:
        action = super().random_action(state, seat, rng)
        if isinstance(action, OfferTrade) and isinstance(action.to, str) and rng.random() < .7:
            others = [p for p in state.seats if p != seat]
            to = others if rng.random() < .5 else [action.to, rng.choice(others)]
            return OfferTrade(to=to, give=action.give, get=action.get)
        return action


@pytest.mark.parametrize("seed", [3, pytest.param(11, marks=pytest.mark.long)])
def test_conformance_with_offers_to_several(seed: int) -> None:
    game = SeveralOffers()
    run = checks.playout(game, 4, {"layout": "random"}, seed)
    kinds = {e.type for events in run.events for e in events}
    assert {"trade_accepted", "trade_countered", "trade_made"} <= kinds, kinds
    assert checks.check_decision_keys(game, run, every=1)
    checks.check_views(game, run, every=5)
    checks.check_serialization(game, run)
    checks.check_replay(game, run)
    checks.check_events(run)
