"""rules/citadels/extend.py: a character added after the data files were read is in every
table the engine reads while it is there (options, draft, turns, the action parser), and
gone, leaving them as they were, once removed."""

from __future__ import annotations

import copy
import random

import pytest

from rules import citadels
from rules.citadels import actions, cards, districts, engine, extend, powers, turns
from rules.citadels.errors import IllegalAction
from tests.cogs.citadels.herald import POWER, ROW, Proclaim
from tests.rules.citadels.dark_helpers import dstart, until


def tables() -> list[object]:
    return [dict(cards.CHARACTERS), list(cards.CHARACTERS), dict(cards.RANK),
            dict(cards.RANK_CHOICES), dict(districts.INCOME), dict(actions.PICK),
            dict(actions.STEAL), dict(powers.POWERS), dict(turns.HANDLERS),
            dict(engine.TURN_HANDLERS), dict(actions.EXTRA)]


def test_a_character_is_in_every_table_while_added_and_gone_after() -> None:
    before = copy.copy(tables())
    with pytest.raises(IllegalAction):
        citadels.Action.parse({"type": "proclaim", "player": "bo"})
    with pytest.raises(ValueError):
        citadels.Options(rank6="herald")
    with extend.added(ROW, POWER) as herald:
        assert herald.rank == 6 and cards.RANK_CHOICES[6] == ("merchant", "alchemist", "herald")
        assert list(cards.CHARACTERS).index("herald") < list(cards.CHARACTERS).index("architect")
        assert citadels.Action.parse({"type": "proclaim", "player": "bo"}) == Proclaim(
            player="bo")
        schema = citadels.Options.model_json_schema()["properties"]["rank6"]
        assert schema["enum"] == ["merchant", "alchemist", "herald"]
        state = until(dstart(4, {"ana": ["herald"], "bo": ["king"]}, rank6="herald"), "herald")
        state, _ = citadels.apply(state, "ana", {"type": "take_gold"})
        legal = citadels.legal_actions(state, "ana")
        assert [a for a in legal if a.type == "proclaim"] == [
            Proclaim(player=p) for p in ("bo", "cy", "di")]
        gold = state.player("bo").gold
        state, events = citadels.apply(state, "ana", {"type": "proclaim", "player": "bo"})
        assert state.player("bo").gold == gold + 1 and events[-1].type == "proclaimed"
        with pytest.raises(IllegalAction):  # once a turn
            citadels.apply(state, "ana", {"type": "proclaim", "player": "cy"})
        with pytest.raises(ValueError):
            extend.add_character(ROW, POWER)  # the id is taken
    assert tables() == before
    with pytest.raises(ValueError):  # another's action
        extend.add_character({**ROW, "id": "herald2"}, powers.Power(
            handlers={actions.Steal: powers.steal}))
    assert tables() == before


def test_random_games_with_an_added_character_end() -> None:
    with extend.added(ROW, POWER):
        for seed in range(6):
            state = citadels.new_game(["a", "b", "c", "d", "e"], seed,
                                      citadels.Options(rank6="herald"))
            rng = random.Random(seed)
            while not state.finished:
                seat = citadels.to_act(state)[0]
                action = citadels.random_action(state, seat, rng)
                assert action is not None
                state, _ = citadels.apply(state, seat, action)
