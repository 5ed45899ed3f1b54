"""Catan's computer players: legal choices in every kind of position, choices from the view
alone, basic beats random, the arena runs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any, get_args

import pytest

from ai import catan
from ai.catan import arena
from ai.stats import wilson
from rules.catan import placement
from rules.catan.actions import CounterTrade, OfferTrade
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.legal import decision_of
from rules.catan.state import CARDS, Decision, GameState, Knight, Options

KINDS: tuple[str, ...] = get_args(Decision.model_fields["kind"].annotation)
Position = tuple[GameState, str]


def _playout(players: int, seed: int) -> Iterator[Position]:
    """Every (state, seat asked) along a game of random moves (the engine's kind-first draw)."""
    state = GAME.new_game([f"p{i}" for i in range(players)], Options(layout="random"), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        acting = GAME.to_act(state)
        for seat in acting:
            yield state, seat
        seat = acting[rng.randrange(len(acting))]
        action = GAME.random_action(state, seat, rng)
        assert action is not None
        state, _ = GAME.apply(state, seat, action)


def _kind(state: GameState, seat: str) -> str:
    d = decision_of(state, state.seats.index(seat))
    return d.kind if d is not None else state.phase


@cache
def positions() -> tuple[Position, ...]:
    """Up to 3 positions of every decision kind and 12 of each phase, over 3- and 4-player
    games (seeds that reach nearly every kind); the kinds random play rarely reaches are made
    by hand on a late position."""
    found: dict[str, list[Position]] = {}
    late = None
    for players, seed in ((4, 1), (4, 3), (3, 10)):
        for k, (state, seat) in enumerate(_playout(players, seed)):
            late = state
            kind = _kind(state, seat)
            wanted = 12 if kind in ("setup", "roll", "action") else 3
            if len(found.setdefault(kind, [])) < wanted and (kind not in ("action", "roll")
                                                             or k % 23 == 0):
                found[kind].append((state, seat))
    assert late is not None
    for kind in set(CRAFTED) - set(found):
        found[kind] = [crafted(late, kind)]
    for kind, made in offered_to_several(found["action"]).items():
        found.setdefault(kind, made)
    return tuple(p for kind in sorted(found) for p in found[kind])


def offered_to_several(turns: list[Position]) -> dict[str, list[Position]]:
    """An offer to every opponent (random play offers to one seat only) from the first of
    `turns` it can be made in: each addressee asked, then (each answering with its first
    counter, else its first listed answer) the offerer picking."""
    for state, seat in turns:
        me = state.seats.index(seat)
        held = [c for c, n in state.players[me].cards.items() if n]
        if state.pending or state.active != me or not held:
            continue
        others = [p for p in state.seats if p != seat]
        want = next(c for c in CARDS if c != held[0])
        state, _ = GAME.apply(state, seat, OfferTrade(to=others, give={held[0]: 1},
                                                      get={want: 1}))
        asked = [(state, p) for p in others]
        for p in others:
            legal = GAME.legal_actions(state, p)
            state, _ = GAME.apply(state, p, next(
                (a for a in legal if isinstance(a, CounterTrade)), legal[0]))
        if decision_of(state, me) is not None:
            return {"trade_ask": asked, "trade_reply": [(state, seat)]}
    return {}


CRAFTED = ("aqueduct", "city_loss", "knight_retreat", "road_place")


def crafted(late: GameState, kind: str) -> Position:
    """A decision of `kind` for the seat with the most cities, queued on a copy of `late`."""
    state = late.clone()
    seat = max(range(len(state.seats)), key=lambda p: len(placement.cities(state, p)))
    fields: dict[str, Any] = {}
    if kind == "city_loss":
        fields["nodes"] = placement.cities(state, seat)
    if kind == "knight_retreat":
        fields["nodes"] = [n for n in range(54) if placement.empty(state, n)][:3]
        fields["knight"] = Knight(owner=seat, level=2)
    if kind == "road_place":
        fields["edges"] = [e for e in range(72) if placement.road_ok(state, seat, e)]
    state.pending = [Decision(kind=kind, seat=seat, stage=state.stages, **fields)]
    return state, state.seats[seat]


def test_positions_cover_every_decision_kind_and_phase() -> None:
    kinds = {_kind(state, seat) for state, seat in positions()}
    assert set(KINDS) | {"setup", "roll", "action"} <= kinds


@pytest.mark.parametrize("strength", catan.STRENGTHS)
def test_every_strength_chooses_a_legal_action(strength: str) -> None:
    player = catan.make_player(strength)
    rng = random.Random(7)
    for state, seat in positions():
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        assert legal, (_kind(state, seat), seat)
        chosen = player.choose(view, legal, rng)
        assert chosen in legal or (  # an offer to several seats: a listed one's terms
            isinstance(chosen, OfferTrade) and GAME.is_legal(state, seat, chosen)), (
            strength, _kind(state, seat), chosen)
        assert player.fallback(view, legal) in legal
        GAME.apply(state, seat, chosen)  # the engine takes it


@pytest.mark.parametrize("strength", catan.STRENGTHS)
def test_choices_depend_on_the_view_alone(strength: str) -> None:
    """A twin state with the hidden cards (other hands, progress cards, decks, dice) dealt
    anew looks the same from the seat, and gets the same choice with the same seed."""
    differ = 0
    for k, (state, seat) in enumerate(positions()):
        twin = determinize(state, seat, random.Random(k))
        differ += twin.players != state.players or twin.decks != state.decks
        view = GAME.view(state, seat)
        assert GAME.view(twin, seat) == view
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(twin, seat) == legal
        first = catan.make_player(strength).choose(view, legal, random.Random(k))
        again = catan.make_player(strength).choose(GAME.view(twin, seat), legal,
                                                   random.Random(k))
        assert first == again, (strength, _kind(state, seat))
    assert differ > len(positions()) // 2  # the twins do hide something different


def test_make_player_names_the_strengths() -> None:
    assert catan.STAND_IN in catan.STRENGTHS
    assert [catan.make_player(s).name for s in catan.STRENGTHS] == list(catan.STRENGTHS)
    with pytest.raises(ValueError):
        catan.make_player("grandmaster")


def test_basic_beats_random() -> None:
    """Basic in every seat of 3-player deals against two random players: it wins nearly all
    (all 200 4-player and 60 3-player arena games), so 5 of 6 leaves a wide margin."""
    players: dict[str, Any] = {s: catan.make_player(s) for s in ("basic", "random")}
    results = [arena.play_game(["basic", "random", "random"], players, seed=10 + g // 3,
                               rotation=g % 3) for g in range(6)]
    wins = sum(1 for r in results if r.winner_seat is not None
               and r.seats[r.winner_seat] == "basic")
    assert wins >= 5, [(r.seats, r.winner_seat, r.scores) for r in results]


def test_arena_reports_capped_games(capsys: pytest.CaptureFixture[str]) -> None:
    arena.main(["--players", "basic,random,expert", "--games", "3", "--turn-cap", "4"])
    out = capsys.readouterr().out
    assert "3 games" in out and "3 hit the turn cap" in out
    assert all(name in out for name in ("basic:", "random:", "expert:"))
    lo, hi = wilson(5, 10)
    assert lo < 0.5 < hi
