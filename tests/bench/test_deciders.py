"""bench.deciders' positions: seats that must decide together, or one seat a game acting in
its own turn past the set-up (where the Catan expert runs its lookahead)."""

from __future__ import annotations

from bench.deciders import simultaneous_states, turn_states
from rules import registry


def test_turn_states_are_own_turns_of_distinct_games() -> None:
    game = registry.game("catan")
    found = turn_states(game, 4, 3)
    assert len(found) == 3 and len({seed for _, seed in found}) == 3
    for state, _ in found:
        seat = game.to_act(state)[0]
        assert state.phase == "action" and state.seats[state.active] == seat
        assert game.must_decide(state) == [seat] and len(game.legal_actions(state, seat)) > 1


def test_simultaneous_states_hold_the_seats_wanted() -> None:
    game = registry.game("catan")
    found = simultaneous_states(game, 4, 4)
    assert sum(len(game.must_decide(s)) for s, _ in found) >= 4
    assert all(len(game.must_decide(s)) >= 2 for s, _ in found)


def test_setup_states_are_set_up_placements_of_distinct_games() -> None:
    from bench.deciders import setup_states
    game = registry.game("catan")
    found = setup_states(game, 4, 4)
    assert len(found) == 4 and len({seed for _, seed in found}) == 4
    for state, _ in found:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert state.phase == "setup" and len(legal) > 1
        assert all(a.type == "place_building" for a in legal)


def test_ending_states_are_turn_ends_the_expert_searches_to_the_games_end() -> None:
    from bench.deciders import ending_decision, ending_states
    game = registry.game("catan")
    found = ending_states(game, 4, 2)
    assert len(found) == 2 and len({seed for _, seed in found}) == 2
    for state, _ in found:
        seat = game.to_act(state)[0]
        assert state.phase == "action" and state.seats[state.active] == seat
        assert ending_decision(game.view(state, seat), game.legal_actions(state, seat))
