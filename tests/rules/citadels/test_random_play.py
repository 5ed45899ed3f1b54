"""Invariants over seeded random games of 2-7 players, checked after every action: 4 games per
player count by default, the full 504 with `pytest -m long`."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules import citadels
from rules.citadels.cards import CHARACTER_ORDER, DECK, DISTRICTS

from .helpers import IDS

GAMES_PER_COUNT = 4    # x 6 player counts, in the default run
SLOW_GAMES_PER_COUNT = 84  # x 6 player counts = 504 games, with `pytest -m long`
TYPES = [t.model_fields["type"].default for t in citadels.ACTION_TYPES]


def all_cards(state: citadels.GameState) -> Counter:
    cards = list(state.deck) + list(state.drawn)
    if state.graveyard_card:
        cards.append(state.graveyard_card)
    for p in state.players:
        cards += p.hand + p.city
    return Counter(cards)


def check_invariants(state: citadels.GameState) -> None:
    assert all_cards(state) == Counter(DECK), "the 68 cards are all somewhere"
    for p in state.players:
        assert p.gold >= 0
        assert len(set(p.city)) == len(p.city), "no city has two districts of one name"
    if state.finished:
        assert citadels.to_act(state) == [] and state.winner is not None
    else:
        (seat,) = citadels.to_act(state)
        assert citadels.legal_actions(state, seat), "whoever must act has something to do"
        for other in state.players:
            if other.id != seat:
                assert citadels.legal_actions(state, other.id) == []
    assert citadels.GameState.model_validate_json(state.model_dump_json()) == state


def candidate(rng: random.Random, state: citadels.GameState) -> dict[str, Any]:
    """A random action dict, well-formed or not, legal or (mostly) not."""
    kind = rng.choice(TYPES + ["fly"])
    players = [p.id for p in state.players] + ["zed"]
    cards = list(DISTRICTS) + ["moon"]
    out: dict[str, Any] = {"type": kind}
    if kind in ("pick_character", "discard_character", "assassinate", "steal"):
        out["character"] = rng.choice(list(CHARACTER_ORDER) + ["queen"])
    elif kind in ("keep_card", "build", "use_laboratory"):
        out["district"] = rng.choice(cards)
    elif kind == "swap_hands":
        out["player"] = rng.choice(players)
    elif kind == "destroy":
        out["player"], out["district"] = rng.choice(players), rng.choice(cards)
    elif kind == "discard_and_draw":
        out["districts"] = rng.sample(cards, rng.randint(0, 3))
    elif kind == "graveyard":
        out["accept"] = rng.random() < 0.5
    if rng.random() < 0.05:
        out.pop(next(iter(set(out) - {"type"}), "type"))  # malformed
    return out


def check_illegal(state: citadels.GameState, rng: random.Random, legal: list) -> None:
    before = state.model_dump_json()
    seat = citadels.to_act(state)[0]
    for _ in range(3):
        data = candidate(rng, state)
        try:
            action = citadels.Action.parse(data)
        except citadels.IllegalAction:
            action = None
        if action is not None and action in legal:
            continue
        with pytest.raises(citadels.IllegalAction):
            citadels.apply(state, seat, data)
    wrong = rng.choice([p.id for p in state.players if p.id != seat] + ["zed"])
    with pytest.raises(citadels.IllegalAction):
        citadels.apply(state, wrong, rng.choice(legal))
    assert state.model_dump_json() == before, "a refused action changes nothing"


def disturb(state: citadels.GameState, keep: str | None, rng: random.Random) -> citadels.GameState:
    """Another true state: other players' hands swapped with deck cards, the deck reshuffled."""
    deck = list(state.deck)
    players = []
    for p in state.players:
        if p.id != keep and p.hand and deck:
            k = min(len(p.hand), len(deck))
            hand, deck = deck[:k] + p.hand[k:], deck[k:] + p.hand[:k]
            p = p.model_copy(update={"hand": hand})
        players.append(p)
    rng.shuffle(deck)
    return state.model_copy(update={"players": players, "deck": deck})


def check_views(state: citadels.GameState, rng: random.Random, step: int) -> None:
    viewer = rng.choice([p.id for p in state.players] + [None])
    other = disturb(state, viewer, rng)
    assert citadels.view(other, viewer) == citadels.view(state, viewer), "views don't interfere"
    if viewer is None or state.drawn:
        return
    world = citadels.determinize(state, viewer, random.Random(step))
    assert citadels.view(world, viewer) == citadels.view(state, viewer)
    assert all_cards(world) == Counter(DECK)
    assert world == citadels.determinize(other, viewer, random.Random(step))
    used = world.faceup + world.facedown + world.draft_pool
    used += list(world.holders)
    assert sorted(used) == sorted(CHARACTER_ORDER)


def play_checked(n: int, seed: int) -> tuple[list[dict], list[citadels.GameState]]:
    rng = random.Random(seed)
    state = citadels.new_game(IDS[:n], seed=seed)
    moves: list[dict] = []
    states = [state]
    while not state.finished:
        check_invariants(state)
        seat = citadels.to_act(state)[0]
        legal = citadels.legal_actions(state, seat)
        snapshot = state.model_dump_json()
        for action in rng.sample(legal, min(len(legal), 6)):
            citadels.apply(state, seat, action)  # every legal action applies
        assert state.model_dump_json() == snapshot, "apply never mutates its input"
        check_illegal(state, rng, legal)
        if len(moves) % 8 == 0:
            check_views(state, rng, len(moves))
        action = rng.choice(legal)
        moves.append(action.model_dump())
        state, events = citadels.apply(state, seat, action)
        assert all(isinstance(e, citadels.Event) for e in events)
        states.append(state)
    check_invariants(state)
    return moves, states


def play_many(n: int, games: int) -> None:
    rounds = []
    for g in range(games):
        seed = 1000 * n + g
        moves, states = play_checked(n, seed)
        rounds.append(states[-1].round)
        replay = citadels.new_game(IDS[:n], seed=seed)
        assert replay == states[0]
        for move, expected in zip(moves, states[1:], strict=True):
            replay, _ = citadels.apply(replay, citadels.to_act(replay)[0], move)
            assert replay == expected, "replaying the seed and the actions gives the same states"
    assert min(rounds) >= 2


@pytest.mark.parametrize("n", range(2, 8))
def test_random_games_keep_every_invariant(n):
    play_many(n, GAMES_PER_COUNT)


@pytest.mark.long
@pytest.mark.parametrize("n", range(2, 8))
def test_many_random_games_keep_every_invariant(n):
    play_many(n, SLOW_GAMES_PER_COUNT)


def test_global_random_is_never_used():
    def game(perturb: int) -> citadels.GameState:
        random.seed(perturb)
        state = citadels.new_game(IDS[:5], seed=11)
        rng = random.Random(5)
        while not state.finished:
            seat = citadels.to_act(state)[0]
            random.random()
            state, _ = citadels.apply(state, seat, rng.choice(citadels.legal_actions(state, seat)))
        return state

    random.seed(123)
    before = random.getstate()
    citadels.new_game(IDS[:4], seed=1)
    assert random.getstate() == before
    assert game(1) == game(2)
