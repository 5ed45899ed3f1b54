"""The computer players and offers to several seats: the addressees answer (the expert
counters what it would decline), the offerer picks the best acceptance or counter, or cancels a
counter worse for it than its own offer; random picks at random; the expert offers to every
seat it expects to accept."""

from __future__ import annotations

import random

from ai import catan
from ai.catan import basic
from ai.catan.basic import basic_move
from ai.catan.expert import EXPERT, NEAR_WIN, acceptance, answer, taker_model
from ai.catan.seen import read
from rules.catan import engine
from rules.catan.actions import (
    AcceptTrade,
    CancelTrade,
    CounterTrade,
    DeclineTrade,
    OfferTrade,
    PickTrade,
)
from rules.catan.game import GAME
from rules.catan.scoring import WIN
from rules.catan.state import CARDS, GameState
from tests.rules.catan.engine_helpers import table

from .test_players import positions

HANDS = {"R": {"wool": 3, "grain": 2}, "B": {"ore": 2, "brick": 1},
         "W": {"ore": 1, "lumber": 2}, "O": {"ore": 1}}


def offered(**hands: dict[str, int]) -> GameState:
    s = table(4, cards={**HANDS, **hands})
    return engine.apply(s, "R", OfferTrade(to=["B", "W", "O"], give={"wool": 1},
                                           get={"ore": 1}))[0]


def choose(strength: str, s: GameState, seat: str, seed: int = 1) -> object:
    return catan.make_player(strength).choose(GAME.view(s, seat), GAME.legal_actions(s, seat),
                                              random.Random(seed))


def test_the_offerer_picks_an_acceptance_over_a_worse_counter() -> None:
    s = offered()
    s, _ = engine.apply(s, "B", CounterTrade(give={"brick": 1}, get={"wool": 3}))
    s, _ = engine.apply(s, "W", AcceptTrade())
    s, _ = engine.apply(s, "O", DeclineTrade())
    for strength in ("basic", "expert"):
        assert choose(strength, s, "R") == PickTrade(seat="W")


def test_a_counter_worse_than_the_offer_alone_is_cancelled() -> None:
    s = offered()
    s, _ = engine.apply(s, "B", CounterTrade(give={"brick": 1}, get={"wool": 3}))
    for seat in ("W", "O"):
        s, _ = engine.apply(s, seat, DeclineTrade())
    assert engine.legal_actions(s, "R")[0] == PickTrade(seat="B")
    assert basic_move(GAME.view(s, "R"), GAME.legal_actions(s, "R")) == CancelTrade()


def test_among_acceptances_the_seat_with_fewer_points_is_picked() -> None:
    s = table(4, cards=HANDS, buildings={"I10": ("B", "city"), "I30": ("W", "settlement")})
    s, _ = engine.apply(s, "R", OfferTrade(to=["B", "W", "O"], give={"wool": 1},
                                           get={"ore": 1}))
    for seat in ("B", "W", "O"):
        s, _ = engine.apply(s, seat, AcceptTrade())
    points = {p["seat"]: p["points"] for p in GAME.view(s, "R")["players"]}
    assert points["B"] > points["W"] > points["O"]
    assert basic_move(GAME.view(s, "R"), GAME.legal_actions(s, "R")) == PickTrade(seat="O")


def test_every_strength_answers_an_offer_to_several_legally() -> None:
    s = offered()
    for strength in catan.STRENGTHS:
        for seat in ("B", "W", "O"):
            legal = GAME.legal_actions(s, seat)
            assert choose(strength, s, seat) in legal
            assert catan.make_player(strength).fallback(GAME.view(s, seat), legal) in legal


def test_random_picks_at_random() -> None:
    s = offered()
    for seat in ("B", "W", "O"):
        s, _ = engine.apply(s, seat, AcceptTrade())
    picked = {str(choose("random", s, "R", seed)) for seed in range(40)}
    assert len(picked) >= 3


def test_experts_offer_to_several_and_trade_in_play() -> None:
    """Two experts and two basic players: offers to several seats are made, answered,
    countered and picked, and every action is legal (over the first 60 turns of up to
    three games, until each has happened; seeds that counter since the set-up search)."""
    wanted = {"offer_to_several", "trade_accepted", "trade_countered", "trade_made"}
    seen: set[str] = set()
    for seed in (4, 5, 7):
        seen |= _experts_and_basics(seed)
        if wanted <= seen:
            break
    assert wanted <= seen


def _experts_and_basics(seed: int) -> set[str]:
    """What happened in a game's first 60 turns: its events' types, and offer_to_several."""
    ids = ["p0", "p1", "p2", "p3"]
    strengths = ["expert", "basic", "expert", "basic"]
    players = {name: catan.make_player(name) for name in set(strengths)}
    state = GAME.new_game(ids, GAME.options({"layout": "random"}, players=4), seed)
    rngs = [random.Random(i) for i in range(4)]
    seen: set[str] = set()
    while not GAME.is_over(state) and state.turn <= 60:
        name = GAME.must_decide(state)[0]
        seat = ids.index(name)
        action = players[strengths[seat]].choose(GAME.view(state, name),
                                                 GAME.legal_actions(state, name), rngs[seat])
        if isinstance(action, OfferTrade) and isinstance(action.to, list):
            seen.add("offer_to_several")
        state, events = GAME.apply(state, name, action)
        seen.update(e.type for e in events)
    return seen


def test_the_expert_accepts_only_trades_that_help_it_more_than_the_offerer() -> None:
    """Offers of one card for one, put to the expert along real positions: it accepts only
    what is worth more to it than what goes (the measure its own offers use) and more than
    the offerer gains by its model of the offerer (half that when the offerer trails it);
    some it would gain by, it declines."""
    accepted = declined = 0
    for state, seat in positions():
        if state.phase != "action" or state.seats[state.active] == seat:
            continue
        view = GAME.view(state, seat)
        for give in CARDS:
            for get in CARDS:
                if give == get or not view["hand"].get(get):
                    continue
                d = {"kind": "trade_offer", "seat": seat, "from": state.seats[state.active],
                     "give": {give: 1}, "get": {get: 1}}
                s = read(dict(view, pending=[d]), EXPERT)
                mine = basic.worth(s, {give: 1}, {get: 1})
                theirs = acceptance(taker_model(s, s.active), {get: 1}, {give: 1}) + 0.5
                says = answer(s, d, [AcceptTrade(), DeclineTrade()])
                near = s.points(s.active) >= WIN - NEAR_WIN  # never helps a seat near winning
                more = mine >= theirs * (1 if s.points(s.active) >= s.points(s.me) else 0.5)
                assert (says == AcceptTrade()) == (mine > 0.5 and more and not near)
                accepted += says == AcceptTrade()
                declined += mine > 0.5 and says == DeclineTrade()
    assert accepted > 0 and declined > 0
