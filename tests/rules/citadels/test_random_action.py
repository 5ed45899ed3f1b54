"""random_action counts the actions it does not build (the Diplomat's exchanges, the
Magician's discards): every draw must still be the action legal_actions lists at that place."""

from __future__ import annotations

import random

import pytest

from rules import citadels
from rules.citadels.actions import DiscardAndDraw

from .dark_helpers import DARK


class Fixed(random.Random):
    """A generator whose next draw is `r`."""

    r = 0.0

    def random(self) -> float:
        return self.r


def order(state: citadels.GameState, seat: str) -> list[citadels.Action]:
    """legal_actions in random_action's order: the Magician's discards last."""
    legal = citadels.legal_actions(state, seat)
    return ([a for a in legal if not isinstance(a, DiscardAndDraw)]
            + [a for a in legal if isinstance(a, DiscardAndDraw)])


@pytest.mark.parametrize("players, options", [
    (4, {}), (8, {**DARK, "rank9": "artist"}), (6, {**DARK, "rank9": "queen"})])
def test_every_draw_is_the_listed_action_at_its_place(players: int, options: dict[str, str]
                                                      ) -> None:
    fixed, seen = Fixed(), set()
    for seed in range(3):
        state = citadels.new_game([f"p{i}" for i in range(players)], seed=seed,
                                  options=citadels.Options(**options))
        rng = random.Random(seed)
        while actors := citadels.to_act(state):
            seat = actors[0]
            listed = order(state, seat)
            for i, action in enumerate(listed):
                fixed.r = (i + 0.5) / len(listed)
                assert citadels.random_action(state, seat, fixed) == action
            seen.update(type(a).__name__ for a in listed)
            state, _ = citadels.apply(state, seat, listed[int(rng.random() * len(listed))])
    assert seen >= ({"Exchange", "EndTurn"} if options else {"DiscardAndDraw", "SwapHands"})
