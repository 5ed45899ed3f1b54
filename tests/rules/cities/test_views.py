"""What seats may know (docs/rules/cities.md §9): one public table, face-down things hidden
until taken, and worlds redrawn from what nobody has seen."""

from __future__ import annotations

import json
import random
from collections import Counter

from rules.cities import scoring
from rules.cities.determinize import face_down
from rules.cities.game import GAME

from .helpers import SEATS, act, drafted, random_game, turn_of


def hidden_pool(s) -> Counter:
    down = face_down(s.rows)
    return Counter([*s.card_deck, *s.tile_stack, *s.feature_stack, *s.unseen.cards,
                    *s.unseen.tiles, *s.unseen.features, *(x for v in down.values() for x in v)])


def test_every_seat_sees_the_public_table():
    s = drafted(4)
    public = GAME.view(s, None)
    assert public["you"] is None and public["component_set"] == {
        "id": "open-1", "printed": False, "version": 1}
    for seat in SEATS:
        assert GAME.view(s, seat) == {**public, "you": seat}
    json.dumps(public)


def test_the_running_scores_are_public():
    s, _ = random_game(3, 21)
    players = GAME.view(s, None)["players"]
    for seat, player in enumerate(players):
        parts = scoring.breakdown(s, seat)
        assert player["score"] == {**parts, "total": sum(parts.values())}
    assert GAME.view(s, None)["standings"] == GAME.result(s).ranks


def test_determinize_redraws_only_what_nobody_has_seen():
    s = drafted(3)
    s = act(turn_of(s, "P1"), "P1", {"type": "take", "item": "A1"})
    differed = set()
    for i in range(20):
        world = GAME.determinize(s, "P2", random.Random(i))
        assert GAME.view(world, "P2") == GAME.view(s, "P2")
        assert hidden_pool(world) == hidden_pool(s)
        assert world.rows.cards[:3] == s.rows.cards[:3] and world.bag == s.bag
        if world.rows.cards[3] != s.rows.cards[3]:
            differed.add("A4")
        if world.rows.features[3][1] != s.rows.features[3][1]:
            differed.add("C4")
    assert differed == {"A4", "C4"}


def test_determinize_redraws_the_face_down_leftovers_too():
    s, _ = random_game(3, 14)
    assert sum(len(x) for x in (s.unseen.cards, s.unseen.tiles, s.unseen.features))
    worlds = [GAME.determinize(s, None, random.Random(i)) for i in range(10)]
    assert any(w.unseen != s.unseen for w in worlds)
    assert all(GAME.view(w, None) == GAME.view(s, None) for w in worlds)


def test_one_seat_decides_at_a_time_and_the_rules_name_no_default():
    s = drafted(2)
    assert GAME.must_decide(s) == GAME.to_act(s) == [s.seats[s.active]]
    assert GAME.default_action(s, s.seats[s.active]) is None
    assert GAME.decision_key(s, "P1") is None
