"""Citadels' computer players (ai.citadels): legal moves in full games, determinism, fairness
(the same view gets the same choice), basic beats random."""

from __future__ import annotations

import random

import pytest

from ai import decide, strengths
from ai.citadels import make_player
from ai.citadels.arena import play_game
from ai.player import Player
from rules import citadels
from rules.citadels.game import GAME

SMALL_EXPERT = {"iterations": 6, "worlds": 3}


def small(strength: str) -> Player:
    return make_player(strength, **(SMALL_EXPERT if strength == "expert" else {}))


def play(n: int, strength: str, seed: int, options: citadels.Options | None = None
         ) -> list[citadels.Action]:
    """A whole game with every seat played by `strength`; checks each move is legal."""
    player = small(strength)
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed, options=options)
    rngs = {f"p{i}": random.Random(seed + i) for i in range(n)}
    moves = []
    while not state.finished:
        seat = citadels.to_act(state)[0]
        action = decide(state, seat, player, rngs[seat], game=GAME)
        assert action in citadels.legal_actions(state, seat), (strength, action)
        state, _ = citadels.apply(state, seat, action)
        moves.append(action)
        assert len(moves) < 3000
    assert state.winner is not None
    return moves


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("strength", ["random", "basic"])
def test_full_games_only_legal_moves(strength: str, n: int) -> None:
    play(n, strength, seed=100 + n)


DARK_CITY = citadels.Options(
    rank1="witch", rank2="tax_collector", rank3="wizard", rank4="emperor", rank5="abbot",
    rank6="alchemist", rank7="navigator", rank8="diplomat", rank9="queen")


@pytest.mark.parametrize(("strength", "n"), [("basic", 3), ("basic", 8), ("expert", 5)])
def test_dark_city_games_only_legal_moves(strength: str, n: int) -> None:
    """Every strength plays the whole Dark City cast (it raised KeyError on an unknown
    character before) and its districts."""
    options = DARK_CITY if n >= 5 else DARK_CITY.model_copy(update={"rank9": "artist"})
    moves = play(n, strength, seed=300 + n, options=options)
    assert {"bewitch"} <= {m.type for m in moves}


@pytest.mark.parametrize("n", [2, 4, 7])
def test_expert_full_games_only_legal_moves(n: int) -> None:
    strengths = ["expert"] + ["basic"] * (n - 1)
    players = {"expert": small("expert"), "basic": small("basic")}
    result = play_game(strengths, players, seed=200 + n)
    assert len(result.times["expert"]) > 10
    assert 0 <= result.winner_seat < n


@pytest.mark.parametrize("strength", strengths("citadels"))
def test_same_seed_and_budget_same_choices(strength: str) -> None:
    n = 3 if strength == "expert" else 4
    moves = [play(n, strength, seed=5) if strength != "expert" else _prefix(n, 30)
             for _ in range(2)]
    assert moves[0] == moves[1]
    assert len(moves[0]) > 10


def _prefix(n: int, steps: int) -> list[citadels.Action]:
    player = make_player("expert", iterations=10, worlds=4)
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=9)
    out = []
    for k in range(steps):
        seat = citadels.to_act(state)[0]
        action = decide(state, seat, player, random.Random(k), game=GAME)
        state, _ = citadels.apply(state, seat, action)
        out.append(action)
    return out


# --- fairness: two states that look the same from a seat get the same answer --------------

def positions(n: int, seed: int, every: int) -> list[tuple[citadels.GameState, str]]:
    """Positions along a basic game, with the seat to act."""
    player = make_player("basic")
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed)
    out = []
    k = 0
    while not state.finished:
        seat = citadels.to_act(state)[0]
        if k % every == 0:
            out.append((state, seat))
        action = decide(state, seat, player, random.Random(k), game=GAME)
        state, _ = citadels.apply(state, seat, action)
        k += 1
    return out


def reshuffled(state: citadels.GameState, seat: str, rng: random.Random) -> citadels.GameState:
    """Another true state: the other hands, the deck and face-down cards dealt differently."""
    s = state.model_copy(deep=True)
    others = [p for p in s.players if p.id != seat]
    hidden = [c for p in others for c in p.hand] + list(s.deck)
    rng.shuffle(hidden)
    for p in others:
        p.hand, hidden = hidden[:len(p.hand)], hidden[len(p.hand):]
    s.deck = hidden
    return s


@pytest.mark.parametrize("n", [2, 4, 7])
def test_fairness_same_view_same_choice(n: int) -> None:
    checked = differ = 0
    for i, (state, seat) in enumerate(positions(n, seed=40 + n, every=6 if n < 7 else 12)):
        twins = [reshuffled(state, seat, random.Random(i)),
                 citadels.determinize(state, seat, random.Random(i))]
        for twin in twins:
            assert citadels.view(twin, seat) == citadels.view(state, seat)
            differ += twin.deck != state.deck
            for strength in strengths("citadels"):
                player = small(strength)
                a = decide(state, seat, player, random.Random(99), game=GAME)
                b = decide(twin, seat, player, random.Random(99), game=GAME)
                assert a == b, (strength, i)
                checked += 1
    assert checked > 20
    assert differ > checked // (2 * len(strengths("citadels")))  # the twins really are other states


def test_basic_beats_random_clearly() -> None:
    players = {"basic": make_player("basic"), "random": make_player("random")}
    strengths = ["basic", "random", "random", "random"]
    wins = 0
    for g in range(8):
        result = play_game(strengths, players, seed=300 + g // 4, rotation=g % 4)
        wins += result.seats[result.winner_seat] == "basic"
    assert wins >= 6  # parity would be 2 of 8
