"""The Citadels players on Dark City games: every move legal, whole games to the end (the
heuristics know Classic decisions; the others are taken at random)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import decide
from ai.citadels import make_player
from rules import citadels

DARK: dict[str, Any] = {
    "rank1": "witch", "rank2": "tax_collector", "rank3": "wizard", "rank4": "emperor",
    "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat"}


def play(strengths: list[str], options: dict[str, Any], seed: int) -> citadels.GameState:
    players = {s: make_player(s, **({"iterations": 6, "worlds": 3} if s == "expert" else {}))
               for s in set(strengths)}
    seats = [f"p{i}" for i in range(len(strengths))]
    state = citadels.new_game(seats, seed=seed, options=citadels.Options(**options))
    rng = random.Random(seed)
    moves: set[str] = set()
    for _ in range(4000):
        if state.finished:
            break
        pid = citadels.to_act(state)[0]
        action = decide(state, pid, players[strengths[seats.index(pid)]], rng)
        assert action in citadels.legal_actions(state, pid), action
        moves.add(action.type)
        state, _ = citadels.apply(state, pid, action)
    assert state.finished and state.winner is not None
    assert "bewitch" in moves or "give_crown" in moves  # the expansion was really played
    return state


@pytest.mark.parametrize(("n", "rank9"), [(4, "artist"), (8, "queen")])
def test_basic_players_play_a_whole_dark_city_game(n: int, rank9: str) -> None:
    play(["basic"] * n, {**DARK, "rank9": rank9}, seed=n)


def test_expert_plays_a_whole_dark_city_game_legally() -> None:
    play(["expert", "basic", "basic", "basic", "basic"], {**DARK, "rank9": "queen"}, seed=11)
