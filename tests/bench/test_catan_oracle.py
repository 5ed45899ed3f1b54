"""bench.catan_oracle: its worlds are what each way says (the true hands, the true dice to
come, both, or the view's), and its report pairs each way against the fair one."""

from __future__ import annotations

import random

from bench.catan_oracle import report, sampler, searched_move
from rules.catan.game import GAME
from tests.ai.catan.test_expert import _turns


def test_each_way_deals_its_worlds_from_what_it_says_it_knows() -> None:
    state, seat = _turns()[0]
    view = GAME.view(state, seat)
    hidden = [p for p in state.players if p.id != seat]
    both = sampler("both", state)(view, random.Random(1))
    assert both.model_dump() == state.model_dump()
    hands = sampler("hands", state)(view, random.Random(1))
    assert [p.cards for p in hands.players] == [p.cards for p in state.players]
    assert hands.rng != state.rng
    dice = sampler("dice", state)(view, random.Random(1))
    assert dice.rng == state.rng
    fair = sampler("view", state)(view, random.Random(1))
    assert fair.rng != state.rng
    assert sum(p.hand_size() for p in hidden) == sum(
        p.hand_size() for p in fair.players if p.id != seat)


def test_the_searched_move_is_legal_and_the_report_pairs_the_games() -> None:
    for state, seat in _turns()[:3]:
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        move = searched_move(view, legal, random.Random(2), sampler("both", state), 1, 1)
        GAME.apply(state, seat, move)  # legal: the engine takes it
    lines: list[str] = []
    won = report([("view", 0, True), ("view", 1, False), ("dice", 0, False), ("dice", 1, True)],
                 ["view", "dice"], lines.append)
    assert won == {"view": {0: True, 1: False}, "dice": {0: False, 1: True}}
    assert lines[1].endswith("against view: won 1, lost 1") and "1/2 = 50.0%" in lines[0]
