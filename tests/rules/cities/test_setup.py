"""docs/rules/cities.md §13, set-up and data: T01-T05."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources

import pytest

from rules.cities import counts, data
from rules.cities.game import GAME
from rules.cities.geometry import turned
from rules.cities.placement import free_start_tiles
from rules.cities.state import Placed
from rules.game import IllegalAction

from .helpers import SEATS, SET, act, drafted, hood, laying, new, random_game, seed_starting


def open_1() -> dict:
    text = resources.files("rules.cities").joinpath("data/open-1.json").read_text("utf-8")
    return json.loads(text)


def test_t01_open_1_loads_with_the_published_counts_and_a_card_short_is_refused():
    assert (len(SET.start_tiles), len(SET.city_tiles)) == (4, 32)
    codes = Counter(code for spaces in [*SET.start_tiles.values(), *SET.city_tiles.values()]
                    for code in spaces.replace("/", ""))
    assert sum(codes.values()) == 144
    assert {c: codes[c] for c in "RBGY"} == dict.fromkeys("RBGY", 18)
    assert (codes["P"], codes["W"]) == (36, 36)
    kinds = Counter(kind.space if not kind.wild else "wild" for kind in SET.features.values())
    monuments = sum(kind.monument for kind in SET.features.values())
    assert len(SET.features) == 48 and monuments == 8
    assert (kinds["park"], kinds["water"], kinds["wild"]) == (18, 18, 4)
    assert len(SET.cards) == 32
    assert len(SET.boards) == 8 and all(len(b.objectives) == 3 for b in SET.boards.values())
    assert sum(SET.pieces.values()) == 100
    short = open_1()
    short["scoring_cards"].pop()
    with pytest.raises(data.SetError) as refused:
        data.parse(short, "open-1.json")
    assert refused.value.field == "scoring_cards" and "32" in str(refused.value)


def test_t02_start_tiles_are_chosen_in_reverse_turn_order():
    s = new(4, seed_starting(4, SEATS.index("P3")))
    assert [s.seats[d] for d in s.drafters] == ["P2", "P1", "P4", "P3"]
    s = new(3, seed_starting(3, 0))
    assert [s.seats[d] for d in s.drafters] == ["P3", "P2", "P1"]
    for seat in ("P3", "P2", "P1"):
        assert GAME.to_act(s) == [seat]
        s = act(s, seat, {"type": "start_tile", "tile": free_start_tiles(s)[0], "rot": 90})
        assert s.hoods[SEATS.index(seat)].tiles[0].x == 0
    assert len(free_start_tiles(s)) == 1 and s.phase == "take"  # one back to the box
    assert len(free_start_tiles(drafted(2))) == 2


def test_t03_a_round_is_dealt_with_its_face_down_items():
    s = drafted(4)
    rows = GAME.view(s, None)["rows"]
    assert rows["A"][:3] == list(s.rows.cards[:3]) and None not in rows["A"][:3]
    assert rows["A"][3] is None and s.rows.cards[3] is not None  # A4 face down
    assert rows["B"][3] is None and None not in rows["B"][:3]
    assert [len(g) for g in rows["C"]] == [2, 1, 1, 2]
    assert [ft for g in rows["C"] for ft in g].count(None) == 1 and rows["C"][3][1] is None
    assert [len(g) for g in s.rows.pieces] == [4, 3, 3] and "D4" not in rows["taken"]
    assert sum(s.bag.values()) == 90
    assert sum(new(4).bag.values()) == 100


def test_t04_two_players_cover_the_middle_values_have_8_workers_and_play_4_rounds():
    s = drafted(2, board="new_york")
    objectives = GAME.view(s, None)["achievements"]["objectives"]
    assert [o["printed"] for o in objectives] == [[4, 3, 2], [6, 4, 2], [8, 5, 3]]
    assert [o["values"] for o in objectives] == [[4, 2], [6, 2], [8, 3]]  # 3, 4, 5 covered
    assert [p["workers"] for p in GAME.view(s, None)["players"]] == [8, 8]
    assert counts.rounds(2, False) == 4
    end, _ = random_game(2, 4, board="new_york")
    assert end.round == 4 and GAME.is_over(end)


def test_t05_the_long_two_player_game_is_3_by_5_and_lasts_7_rounds():
    def lay(s, x, y):
        s = s.model_copy(update={"active": 0, "phase": "place_tile", "tile": "ct01", "turn": 5})
        return act(s, "P1", {"type": "place_tile", "x": x, "y": y, "rot": 0})

    s = laying([("st1", 0, 0, 0)], pieces="R", n=2, long=True)
    for x in range(1, 5):
        s = lay(s, x, 0)
    with pytest.raises(IllegalAction, match="size limit"):
        lay(s, 5, 0)
    s = lay(lay(s, 0, 1), 0, 2)
    with pytest.raises(IllegalAction, match="size limit"):
        lay(s, 0, 3)  # 5 wide and 4 tall
    end, _ = random_game(2, 5, long=True)
    assert end.round == 7 and [len(h.tiles) for h in end.hoods] == [15, 15]
    assert hood([("st1", 0, 0, 0)]).tiles[0] == Placed(tile="st1", x=0, y=0, rot=0)


def test_every_start_tile_and_city_tile_is_four_spaces_and_turns_as_written():
    assert turned("RR/PW", 90) == "PR/WR" and turned("RR/PW", 180) == "WP/RR"
    assert turned("RR/PW", 270) == "RW/RP" and turned("RR/PW", 360) == "RR/PW"
    edited = copy.deepcopy(open_1())
    edited["city_tiles"][0]["spaces"] = "RRX/YY"
    with pytest.raises(data.SetError, match=r"city_tiles\.0\.spaces"):
        data.parse(edited, "open-1.json")
