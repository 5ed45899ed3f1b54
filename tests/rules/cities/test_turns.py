"""docs/rules/cities.md §13, turns, rows and the star: T06-T12."""

from __future__ import annotations

import pytest

from rules.cities import board
from rules.cities.game import GAME
from rules.game import IllegalAction

from .helpers import SEATS, act, act_events, drafted, seed_starting, turn_of


def take(item: str) -> dict:
    return {"type": "take", "item": item}


def finish_turn(s, seat):
    """Lay or drop whatever the take gave, until the turn ends."""
    while GAME.to_act(s) == [seat] and s.phase != "take":
        s = act(s, seat, GAME.legal_actions(s, seat)[-1])
    return s


def test_t06_one_worker_per_row_with_3_or_4_players():
    for n in (3, 4):
        s = turn_of(drafted(n), "P1")
        s = finish_turn(act(s, "P1", take("B2")), "P1")
        s = turn_of(s, "P1")
        with pytest.raises(IllegalAction, match="row"):
            act(s, "P1", take("B1"))
        assert not GAME.is_legal(s, "P1", take("B1"))
        assert act(s, "P1", take("A1")).hoods[0].cards


def test_t07_two_workers_per_row_with_2_players():
    s = turn_of(drafted(2), "P1")
    s = turn_of(act(s, "P1", take("A1")), "P1")
    s = turn_of(act(s, "P1", take("A3")), "P1")
    assert len(s.hoods[0].cards) == 2
    with pytest.raises(IllegalAction):
        act(s, "P1", take("A2"))
    assert all(a.item[0] != "A" for a in GAME.legal_actions(s, "P1"))


def test_t08_face_down_items_are_hidden_until_taken():
    s = turn_of(drafted(4), "P2")
    hidden = s.rows.cards[3]
    public = GAME.view(s, None)
    assert public["rows"]["A"][3] is None and public["rows"]["B"][3] is None
    assert public["rows"]["C"][3][1] is None
    assert hidden not in str(public) and hidden not in str(GAME.view(s, "P2"))
    s, events = act_events(s, "P2", take("A4"))
    assert events[0].visible_to(None) == {"type": "took", "seat": "P2", "item": "A4",
                                          "card": hidden}
    for viewer in (None, *SEATS):
        assert GAME.view(s, viewer)["players"][1]["cards"] == [hidden]


def test_t09_the_star_goes_on_the_board_after_the_start_players_first_turn():
    s = drafted(4)
    assert not s.star_on_board
    starter = s.seats[s.start]
    s, events = act_events(s, starter, take("A1"))
    assert s.star_on_board and [e.type for e in events][-1] == "star"
    rounds = s.round
    while s.round == rounds:
        assert s.star_on_board
        seat = GAME.to_act(s)[0]
        s = act(s, seat, GAME.legal_actions(s, seat)[0])
    assert not s.star_on_board and s.seats[s.start] == GAME.view(s, None)["start_player"]


def play_round(s, items):
    """Every turn of the round: the active seat takes its item from `items` (seat -> list),
    else the first it may, and lays things down as the first listed action says."""
    plans = {seat: list(todo) for seat, todo in items.items()}
    rounds = s.round
    while s.round == rounds and not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        mine = plans.get(seat, [])
        legal = GAME.legal_actions(s, seat)
        action = take(mine.pop(0)) if mine and s.phase == "take" else legal[0]
        s = act(s, seat, action)
    return s


def test_t10_the_star_goes_to_the_rightmost_worker_of_row_d():
    s = drafted(4)
    s = play_round(s, {"P2": ["D4"]})
    assert s.seats[s.start] == "P2" and GAME.to_act(s) == ["P2"]
    s = drafted(3, seed_starting(3, 0))
    left = s.rows
    bag = dict(s.bag)
    s = play_round(s, {"P1": ["A1", "B1", "C1", "D1"], "P2": ["A2", "B2", "C2", "D2"],
                       "P3": ["A3", "B3", "C4", "D3"]})
    assert s.seats[s.start] == "P3"
    assert s.unseen.cards == (left.cards[3],) and s.unseen.tiles == (left.tiles[3],)
    assert s.removed.features == left.features[2] and s.removed.cards == ()
    drawn = s.rows.pieces  # round 2's ten, and nothing drawn for the untaken D4
    assert sum(bag.values()) - sum(s.bag.values()) == sum(len(g) for g in drawn)
    public = str([GAME.view(s, None)])
    assert left.cards[3] not in public and left.tiles[3] not in public


def test_t11_turns_go_clockwise_from_the_start_player():
    for n, turns in ((4, 16), (2, 16)):
        s = drafted(n, seed_starting(n, 1))
        order = []
        while s.round == 1:
            seat = GAME.to_act(s)[0]
            if s.phase == "take":
                order.append(seat)
            s = act(s, seat, GAME.legal_actions(s, seat)[0])
        assert len(order) == turns
        assert order == [SEATS[(1 + k) % n] for k in range(turns)]


def test_t12_taking_d4_draws_two_pieces_from_the_bag_in_everyones_sight():
    s = turn_of(drafted(4), "P1")
    before = sum(s.bag.values())
    s, events = act_events(s, "P1", take("D4"))
    drawn = events[0].visible_to(None)["pieces"]
    assert len(drawn) == 2 and s.pieces == drawn
    assert sum(s.bag.values()) == before - 2
    assert GAME.view(s, None)["pending"]["pieces"] == drawn
    assert "D4" not in [a.item for a in GAME.legal_actions(turn_of(s, "P2"), "P2")]
    assert board.present(drafted(4).rows, "D4")
