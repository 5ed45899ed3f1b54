"""Random games through rules.game.Game with a cap on actions: whoever must decide can, every
listed action applies, states survive JSON, replays agree, views are JSON and hide hands.
(The conformance suite's checks, on playouts that stop at a cap: random play rarely reaches
13 points.)"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules.catan.game import GAME
from rules.catan.state import GameState
from tests.conformance.checks import (
    GHOST,
    Playout,
    canonical,
    check_events,
    check_options,
    check_refusals,
    check_replay,
    check_serialization,
    check_spectator_worlds,
    check_views,
    dumped,
)

CAP = 250  # actions per playout


def capped_playout(players: int, options: dict[str, Any], seed: int) -> Playout:
    seats = [f"p{i}" for i in range(1, players + 1)]
    chosen = GAME.options(options, players=players)
    run = Playout(seats, chosen, seed)
    state = GAME.new_game(seats, chosen, seed)
    run.states.append(state)
    rng = random.Random(seed)
    for _ in range(CAP):
        acting = GAME.to_act(state)
        if not acting:
            break
        for seat in seats:
            legal = GAME.legal_actions(state, seat)
            assert bool(legal) == (seat in acting), (seat, acting, state.phase)
        assert GAME.legal_actions(state, GHOST) == []
        seat = acting[int(rng.random() * len(acting))]
        legal = GAME.legal_actions(state, seat)
        action = legal[int(rng.random() * len(legal))] if rng.random() < 0.3 else (
            GAME.random_action(state, seat, rng))
        assert action in legal
        if len(run.moves) % 3 == 0 or state.pending:
            default = GAME.default_action(state, seat)
            assert default is not None
            GAME.apply(state, seat, default)  # the timer's choice is always playable
        before = dumped(GAME, state)
        move = GAME.dump_action(action)
        state, events = GAME.apply(state, seat, action)
        assert dumped(GAME, run.states[-1]) == before, "apply changed its input"
        run.moves.append((seat, move))
        run.states.append(state)
        run.events.append(list(events))
    return run


@pytest.mark.parametrize(("players", "options", "seed"), [
    (3, {}, 1), (4, {}, 2), (3, {"layout": "random"}, 3),
    (4, {"layout": "random", "tokens": "random", "keep_harbours": True}, 4)])
def test_capped_random_playouts_keep_the_contract(players: int, options: dict[str, Any],
                                                  seed: int) -> None:
    run = capped_playout(players, options, seed)
    assert len(run.moves) == CAP and run.states[-1].turn > 3
    check_serialization(GAME, run)
    check_replay(GAME, run)
    check_events(run)
    check_refusals(GAME, run, every=37)
    assert check_views(GAME, run, every=60, worlds=1), "no world ever differed"
    assert check_spectator_worlds(GAME, run, every=60, worlds=1)
    for state in run.states[::25]:
        views_hide_hands(state)
        worlds_can_be_played(state)


def worlds_can_be_played(state: GameState) -> None:
    """In every seat's redrawn world, each seat asked to act has something to do (a searching
    player plays on in such worlds)."""
    for i, seat in enumerate([None, *state.seats]):
        world = GAME.determinize(state, seat, random.Random(i))
        for acting in GAME.to_act(world):
            assert GAME.legal_actions(world, acting), (seat, acting)


def views_hide_hands(state: GameState) -> None:
    """Another seat's view and the public view do not change when a hand's cards change
    type (the count stays: it is public), nor when progress cards of a colour change."""
    swapped = state.clone()
    victim = swapped.players[0]
    if victim.hand_size():
        held = next(c for c, n in victim.cards.items() if n)
        other = next(c for c in victim.cards if c != held)
        victim.cards[held] -= 1
        victim.cards[other] += 1
    victim.progress = ["crane" if c == "alchemist" else "alchemist" for c in victim.progress
                       if c in ("crane", "alchemist")] + [c for c in victim.progress
                                                         if c not in ("crane", "alchemist")]
    inspecting = {state.seats[d.seat] for d in state.pending if d.target == 0
                  and d.kind in ("spy_pick", "merchant_pick")}  # they may see seat 0's cards
    for seat in [None, *state.seats[1:]]:
        if seat not in inspecting:
            assert canonical(GAME.view(swapped, seat)) == canonical(GAME.view(state, seat))
    mine = GAME.view(state, state.seats[0])
    assert mine["hand"] == state.players[0].cards
    assert "hand" not in GAME.view(state, None)
    text = json.dumps(GAME.view(state, None))
    assert '"progress": [' not in text


def test_options_and_player_counts() -> None:
    check_options(GAME)
