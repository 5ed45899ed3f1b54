"""A character added with its record for the computer players (the Herald's,
tests/cogs/citadels/herald/) is valued in the draft and uses its own action in its turn, by
that record alone; without it the players would not know the action."""

from __future__ import annotations

import random

from ai.citadels import evaluate
from ai.citadels.basic import BasicPlayer, basic_move, known
from rules import citadels
from tests.cogs.citadels.herald import Proclaim, herald
from tests.rules.citadels.dark_helpers import dstart, until


def test_the_herald_is_valued_and_proclaims_the_player_furthest_behind() -> None:
    with herald():
        state = until(dstart(4, {"ana": ["herald"], "bo": ["king"]}, rank6="herald",
                             gold={"ana": 0, "bo": 9, "cy": 1, "di": 4},
                             cities={"bo": ["manor", "castle"], "di": ["temple"]}), "herald")
        me = evaluate.seat_entry(citadels.view(state, "ana"), "ana")
        assert evaluate.character_values(me, [], 8, None)["herald"] == 1.5
        state, _ = citadels.apply(state, "ana", {"type": "take_gold"})
        view, legal = citadels.view(state, "ana"), citadels.legal_actions(state, "ana")
        assert known(legal) and Proclaim(player="cy") in legal
        assert basic_move(view, legal) == Proclaim(player="cy")  # no city, 3 gold
    assert "herald" not in evaluate.POLICIES
    assert not known(legal)  # without his record the action is nobody's


def test_basic_players_draft_the_herald_and_proclaim() -> None:
    proclaimed = picked = turns = 0
    with herald():
        for seed in range(4):
            state = citadels.new_game(["a", "b", "c", "d"], seed,
                                      citadels.Options(rank6="herald"))
            player, rng = BasicPlayer(), random.Random(seed)
            while not state.finished:
                seat = citadels.to_act(state)[0]
                action = player.choose(citadels.view(state, seat),
                                       citadels.legal_actions(state, seat), rng)
                picked += action == citadels.Action.parse(
                    {"type": "pick_character", "character": "herald"})
                turns += state.current == "herald" and action.type == "end_turn"
                state, events = citadels.apply(state, seat, action)
                proclaimed += sum(e.type == "proclaimed" for e in events)
    assert picked >= turns > 0  # drafted (a murdered one has no turn)
    assert proclaimed == turns  # once in each of his turns
