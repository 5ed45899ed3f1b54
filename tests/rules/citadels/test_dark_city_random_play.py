"""Random Dark City games of 2-8 players, checked after every action: a few per option set by
default, many more with `pytest -m long`."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules import citadels
from rules.citadels import cast
from rules.citadels.game import GAME
from rules.game import InvalidOptions

from .dark_helpers import DARK

SETS: list[dict[str, Any]] = [
    {**DARK, "rank9": "artist", "nine_with_two": True},
    {**DARK, "rank4": "king", "rank9": "queen"},
    {"rank1": "witch", "rank3": "wizard", "rank6": "alchemist", "rank9": "artist"},
    {**DARK},
]


def check(state: citadels.GameState, options: citadels.Options) -> None:
    cards = Counter(state.deck + state.drawn + ([state.graveyard_card] if state.graveyard_card
                                                else []))
    for p in state.players:
        cards.update(p.hand + p.city + p.museum)
        assert p.gold >= 0
    assert cards == Counter(cast.deck(options)), "every card is somewhere"
    if state.finished:
        assert citadels.to_act(state) == [] and state.winner is not None
        return
    (seat,) = citadels.to_act(state)
    assert citadels.legal_actions(state, seat)
    assert all(citadels.legal_actions(state, p.id) == [] for p in state.players if p.id != seat)
    assert citadels.GameState.model_validate_json(state.model_dump_json()) == state


def play(options: dict[str, Any], n: int, seed: int) -> None:
    try:
        chosen = GAME.options(options, players=n)
    except InvalidOptions:
        return
    assert isinstance(chosen, citadels.Options)
    state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed, options=chosen)
    rng = random.Random(seed)
    for _ in range(6000):
        check(state, chosen)
        if state.finished:
            return
        seat = citadels.to_act(state)[0]
        action = citadels.random_action(state, seat, rng)
        assert action is not None and action in citadels.legal_actions(state, seat)
        assert citadels.Action.parse(action.model_dump()) == action
        state, _ = citadels.apply(state, seat, action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("which", range(len(SETS)))
def test_random_dark_city_games(which: int, n: int) -> None:
    play(SETS[which], n, seed=1000 * which + n)


@pytest.mark.long
@pytest.mark.parametrize("n", range(2, 9))
def test_many_random_dark_city_games(n: int) -> None:
    for seed in range(20):
        for options in SETS:
            play(options, n, seed)


def test_the_diplomats_exchanges_are_exactly_the_pairs_no_refusal_stops() -> None:
    """`_exchanges` skips whole owners and uses sets for speed; it must list what asking
    `_exchange_refusal` of every pair lists, in the same order, in every state of real games."""
    from rules.citadels import powers

    checked = 0
    for options, n, seed in [({**DARK, "rank9": "queen"}, 8, 3), ({**DARK}, 5, 4),
                             ({"rank8": "diplomat", "rank9": "artist"}, 7, 5)]:
        chosen = GAME.options(options, players=n)
        assert isinstance(chosen, citadels.Options)
        state = citadels.new_game([f"p{i}" for i in range(n)], seed=seed, options=chosen)
        rng = random.Random(seed)
        while not state.finished:
            for me in state.players:
                slow = [citadels.actions.exchange(g, o.id, t) for g in dict.fromkeys(me.city)
                        for o in state.players for t in dict.fromkeys(o.city)
                        if powers._exchange_refusal(state, me, g, o, t) is None]
                assert powers._exchanges(state, me) == slow
                checked += len(slow)
            seat = citadels.to_act(state)[0]
            action = citadels.random_action(state, seat, rng)
            assert action is not None
            state, _ = citadels.apply(state, seat, action)
    assert checked > 1000, "the games reached states with many possible exchanges"
