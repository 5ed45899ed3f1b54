"""Cities' computer players: legal choices in every phase of 2-, 3- and 4-player games (and the
long one), choices from the seat's view alone, the same choice for the same seed, nothing kept
from one game to the next, instant fallbacks; what they read off the view agrees with the
engine."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from ai import cities
from ai.cities.seen import read
from ai.cities.value import Scorer
from rules.cities.determinize import face_down
from rules.cities.game import GAME
from rules.cities.state import GameState

Position = tuple[GameState, str]
PHASES = ("start_tile", "take", "place_tile", "place_features", "place_pieces")
GAMES = ((2, False, 1), (2, True, 2), (3, False, 3), (4, False, 4))  # players, long, seed


def _playout(players: int, long: bool, seed: int) -> Iterator[Position]:
    """Every (state, seat to act) along a game of basic players (so that neighbourhoods grow
    as in real play), with a random move now and then."""
    state = GAME.new_game([f"p{i}" for i in range(players)],
                          GAME.options({"long": long}, players=players), seed)
    rng = random.Random(seed)
    basic = cities.make_player("basic")
    while seats := GAME.to_act(state):
        yield state, seats[0]
        legal = GAME.legal_actions(state, seats[0])
        action = (legal[rng.randrange(len(legal))] if rng.random() < 0.2 else
                  basic.choose(GAME.view(state, seats[0]), legal, rng))
        state, _ = GAME.apply(state, seats[0], action)


@cache
def positions() -> tuple[Position, ...]:
    """About 6 positions of each phase from each game (fewer where a phase is rarer), the
    start-tile draft and the last round included."""
    found: list[Position] = []
    for players, long, seed in GAMES:
        along = list(_playout(players, long, seed))
        for phase in PHASES:
            these = [p for p in along if p[0].phase == phase]
            found += these[::max(1, len(these) // 6)]
    return tuple(found)


def test_positions_cover_every_phase_and_round() -> None:
    assert {s.phase for s, _ in positions()} == set(PHASES)
    assert {s.round for s, _ in positions() if s.players == 4} == set(range(9))


@pytest.mark.parametrize("strength", cities.STRENGTHS)
def test_every_strength_chooses_a_legal_action(strength: str) -> None:
    player = cities.make_player(strength)
    rng = random.Random(7)
    for state, seat in positions():
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        chosen = player.choose(view, legal, rng)
        assert chosen in legal, (strength, state.phase, chosen)
        assert player.fallback(view, legal) in legal
        GAME.apply(state, seat, chosen)  # the engine takes it


@pytest.mark.parametrize("strength", cities.STRENGTHS)
def test_choices_depend_on_the_view_alone(strength: str) -> None:
    """The leak test: a twin state whose hidden parts (the face-down items, the stacks' order,
    the face-down leftovers, what the bag gives next) are dealt anew by `determinize` shows
    the same view and gets the same choice with the same seed (from a fresh player)."""
    differ = 0
    for k, (state, seat) in enumerate(positions()):
        twin = GAME.determinize(state, seat, random.Random(k))
        differ += twin.rows != state.rows or twin.tile_stack != state.tile_stack
        view = GAME.view(state, seat)
        assert GAME.view(twin, seat) == view
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(twin, seat) == legal
        first = cities.make_player(strength).choose(view, legal, random.Random(k))
        again = cities.make_player(strength).choose(GAME.view(twin, seat), legal,
                                                    random.Random(k))
        assert first == again, (strength, state.phase)
    assert differ > len(positions()) // 2  # the twins do hide something different


def test_hidden_items_are_blank_in_what_the_players_read() -> None:
    """What the players are handed has the face-down items blank, while the state has them."""
    hidden = 0
    for state, seat in positions():
        if state.phase != "take" or state.rows.workers.get("B4") is not None:
            continue
        view = GAME.view(state, seat)
        assert state.rows.tiles[3] is not None and view["rows"]["B"][3] is None
        assert state.rows.tiles[3] in read(view).unseen_tiles
        hidden += 1
    assert hidden


@pytest.mark.parametrize("strength", cities.STRENGTHS)
def test_the_same_seed_gives_the_same_choice(strength: str) -> None:
    for k, (state, seat) in enumerate(positions()[::3]):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        choices = {cities.make_player(strength).choose(view, legal, random.Random(k))
                   for _ in range(2)}
        assert len(choices) == 1, (strength, state.phase)


STEPS = 50  # decisions of each game played in the test of many games at once


def _play(players: dict[str, Any], names: list[str], seed: int) -> list[Any]:
    """The first STEPS actions of a game in which seat p0 is played by players['p0'] and so
    on."""
    state = GAME.new_game(names, GAME.options({}, players=len(names)), seed)
    rng = random.Random(seed)
    actions: list[Any] = []
    while (seats := GAME.to_act(state)) and len(actions) < STEPS:
        action = players[seats[0]].choose(GAME.view(state, seats[0]),
                                          GAME.legal_actions(state, seats[0]), rng)
        actions.append(action)
        state, _ = GAME.apply(state, seats[0], action)
    return actions


@pytest.mark.parametrize("strength", ["basic", "expert"])
def test_one_player_object_serves_many_games(strength: str) -> None:
    """One object playing every seat of two games taken in turns, decision by decision,
    plays each as fresh objects would (over their first rounds): it keeps nothing between
    decisions."""
    names = ["p0", "p1"]
    alone = [_play({n: cities.make_player(strength) for n in names}, names, seed)
             for seed in (11, 12)]
    shared = cities.make_player(strength)
    states = [GAME.new_game(names, GAME.options({}, players=2), seed) for seed in (11, 12)]
    rngs = [random.Random(seed) for seed in (11, 12)]
    played: list[list[Any]] = [[], []]
    while any(GAME.to_act(s) and len(p) < STEPS for s, p in zip(states, played, strict=True)):
        for g, state in enumerate(states):
            if (seats := GAME.to_act(state)) and len(played[g]) < STEPS:
                action = shared.choose(GAME.view(state, seats[0]),
                                       GAME.legal_actions(state, seats[0]), rngs[g])
                played[g].append(action)
                states[g], _ = GAME.apply(state, seats[0], action)
    assert played == alone


@pytest.mark.parametrize("strength", cities.STRENGTHS)
def test_fallbacks_are_instant(strength: str) -> None:
    """The fallback answers in a few milliseconds of CPU (the expert's is the basic move)."""
    player = cities.make_player(strength)
    worst = 0.0
    for state, seat in positions():
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        start = time.thread_time()
        player.fallback(view, legal)
        worst = max(worst, time.thread_time() - start)
    assert worst < 0.25, worst


def test_the_expert_stops_at_its_deadline() -> None:
    """Past its deadline the expert plays its own judgement of the items without modelling
    the others' takes: a legal move, soon."""
    expert = cities.make_player("expert")
    for state, seat in positions():
        if state.phase != "take":
            continue
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        start = time.thread_time()
        assert expert.choose(view, legal, random.Random(1), deadline=time.monotonic()) in legal
        assert time.thread_time() - start < 0.25


def test_the_view_reads_as_the_state() -> None:
    """Neighbourhoods rebuilt from the view are the state's; at the start of a turn every
    seat's provisional score as the players count it is the engine's, and the unseen pools
    hold everything the view hides."""
    for state, seat in positions():
        seen = read(GAME.view(state, seat))
        assert seen.hoods == state.hoods
        assert set(state.tile_stack) <= set(seen.unseen_tiles)
        assert set(state.card_deck) <= set(seen.unseen_cards)
        down = face_down(state.rows)
        for kind, pool in (("cards", seen.unseen_cards), ("tiles", seen.unseen_tiles)):
            stack = state.card_deck if kind == "cards" else state.tile_stack
            assert len(pool) == len(stack) + len(getattr(state.unseen, kind)) + len(down[kind])
        assert sum(seen.unseen_features.values()) == len(state.feature_stack) + len(
            state.unseen.features) + len(down["features"])
        if state.phase == "take":
            for i in range(state.players):
                assert Scorer.of(seen, i).points(seen.grid(i)) == seen.score(i), (i, state.round)
