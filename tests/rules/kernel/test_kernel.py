"""The kernel every engine shares (rules/kernel/): the generator's draws, events, actions and
their adapter, the game interface over an engine."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Literal

import pytest

from rules import citadels
from rules.catan import errors as catan_errors
from rules.catan.game import GAME as CATAN
from rules.citadels.game import GAME as CITADELS
from rules.game import IllegalAction as PlatformIllegalAction
from rules.kernel import rng
from rules.kernel.actions import Action, Actions, tag_of
from rules.kernel.errors import IllegalAction
from rules.kernel.events import NO_SECRETS, Event, blank

MASK = (1 << 64) - 1


def test_the_errors_are_the_platforms_own_classes():
    assert IllegalAction is PlatformIllegalAction
    assert citadels.IllegalAction is IllegalAction and catan_errors.IllegalAction is IllegalAction


# --- rng -----------------------------------------------------------------------------------

def test_below_is_the_high_word_of_a_draw_times_n_unless_lemire_rejects_it():
    for seed in range(500):
        n = 1 + seed * 7919
        state, z = rng.next_u64(seed)
        low = (z * n) & MASK
        if low >= n or low >= ((1 << 64) - n) % n:
            assert rng.below(seed, n) == (state, (z * n) >> 64)


def test_below_is_uniform_and_stays_in_range():
    state, counts = rng.seed_state(42), Counter[int]()
    for _ in range(6000):
        state, k = rng.below(state, 6)
        counts[k] += 1
    assert set(counts) == set(range(6)) and min(counts.values()) > 850


def test_fisher_yates_draws_one_number_per_swap_from_the_last_place_down():
    items, state = list(range(20)), 99
    expected, s = list(items), 99
    for i in range(len(expected) - 1, 0, -1):
        s, j = rng.below(s, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.fisher_yates(state, items) == s and items == expected


def test_every_permutation_of_three_is_as_likely_from_either_shuffle():
    for shuffle in (rng.shuffle, rng.fisher_yates):
        state, seen = 7, Counter[tuple[int, ...]]()
        for _ in range(6000):
            items = [0, 1, 2]
            state = shuffle(state, items)
            seen[tuple(items)] += 1
        assert len(seen) == 6 and min(seen.values()) > 850, shuffle


def test_choice_picks_each_item():
    state, seen = 3, set()
    for _ in range(200):
        state, item = rng.choice(state, "abcd")
        seen.add(item)
    assert seen == set("abcd")


# --- events --------------------------------------------------------------------------------

def test_an_event_shows_its_secrets_to_their_seat_only():
    secret = {"card": "ore"}
    event = Event("stolen", "ana", {"victim": "bo"}, {"ana": secret, "bo": secret})
    assert event.visible_to("ana") == {"type": "stolen", "seat": "ana", "victim": "bo",
                                       "card": "ore"}
    assert event.visible_to("cy") == event.visible_to(None) == {
        "type": "stolen", "seat": "ana", "victim": "bo"}
    assert Event("x").private is NO_SECRETS and Event("x").data == {}


def test_citadels_events_name_the_seat_player():
    event = citadels.Event("gold_taken", "ana", {"amount": 2})
    assert event.player == event.seat == "ana"
    assert event.visible_to(None) == {"type": "gold_taken", "player": "ana", "amount": 2}
    event.player = "bo"
    assert event.seat == "bo"


def test_a_blank_event_is_its_class_once_its_fields_are_set():
    made = blank(citadels.Event)()
    made.type, made.player, made.data, made.private = "x", "ana", {"a": 1}, NO_SECRETS
    assert made == citadels.Event("x", "ana", {"a": 1})
    assert isinstance(made, citadels.Event) and made.visible_to(None)["player"] == "ana"
    again = pickle.loads(pickle.dumps(made))
    assert type(again) is citadels.Event and again == made and copy.copy(made) == made
    assert made != citadels.Event("x", "bo", {"a": 1})


# --- actions -------------------------------------------------------------------------------

class Move(Action):
    pass


class EndTurn(Move):
    pass


class BuildRoad(Move):
    edge: str
    note: str | None = None


class Special(Move):
    type: Literal["special_move"] = "special_move"


ACTIONS = Actions(Move, [EndTurn, BuildRoad, Special], exclude_none=True)


def test_an_action_type_is_its_class_name_in_snake_case():
    assert tag_of("DiscardAndDraw") == "discard_and_draw" and tag_of("Build") == "build"
    assert EndTurn().type == "end_turn" and BuildRoad(edge="P1").type == "build_road"
    assert Special().type == "special_move"  # written in the class: kept
    assert set(ACTIONS.by_type) == {"end_turn", "build_road", "special_move"}
    assert [cls.model_fields["type"].default for cls in citadels.ACTION_TYPES][:3] == [
        "pick_character", "discard_character", "take_gold"]


def test_the_adapter_parses_dumps_and_refuses():
    road = ACTIONS.parse({"type": "build_road", "edge": "P1"})
    assert road == BuildRoad(edge="P1") and ACTIONS.parse(road) is road
    assert ACTIONS.dump(road) == {"type": "build_road", "edge": "P1"}  # None left out
    for bad, words in [({"type": "fly"}, "malformed action"), ({}, "malformed action"),
                       ({"type": "build_road"}, "build_road.edge"),
                       ("end_turn", "a JSON object, not str"), (None, "not NoneType")]:
        with pytest.raises(IllegalAction, match=words):
            ACTIONS.parse(bad)


def test_classes_added_later_are_parsed_too():
    class Fly(Move):
        to: str

    ACTIONS.extra["fly"] = Fly
    try:
        assert ACTIONS.parse({"type": "fly", "to": "H1"}) == Fly(to="H1")
        assert ACTIONS.of("fly") is Fly and ACTIONS.of("end_turn") is EndTurn
        with pytest.raises(IllegalAction, match="to"):
            ACTIONS.parse({"type": "fly"})
    finally:
        del ACTIONS.extra["fly"]
    assert ACTIONS.of("fly") is None


# --- the game interface over an engine -------------------------------------------------------

@pytest.mark.parametrize("game,seats", [(CITADELS, ["ana", "bo", "cy"]),
                                        (CATAN, ["ana", "bo", "cy"])])
def test_both_games_hand_over_to_their_engines(game, seats):
    state = game.new_game(seats, game.options({}), seed=4)
    seat = game.to_act(state)[0]
    action = game.random_action(state, seat, random.Random(1))
    assert action is not None and action in game.legal_actions(state, seat)
    new, events = game.apply(state, seat, game.dump_action(action))
    assert (new, events) == game.engine.apply(state, seat, action)
    assert game.load_state(game.dump_state(new)) == new
    assert game.view(new, seat) == game.engine.view(new, seat)
