"""docs/rules/cities.md §13, areas and monuments, scoring cards, the end and ties: T34-T47."""

from __future__ import annotations

import re

from rules.cities import scoring
from rules.cities.game import GAME
from rules.cities.geometry import frame

from .helpers import F0, FA, SET, drafted, grid, hood, random_game, x_hood

LABEL = frame(False).labels


def labelled(zones) -> list[set[str]]:
    return [{LABEL[c] for c in zone} for zone in zones]


def area_points(h, terrain: str) -> int:
    here = grid(h)
    return sum(SET.area(len(here.zone_kinds(z))) for z in here.zones(terrain))


def scored(h, card: str) -> int:
    return SET.cards[card].points * SET.cards[card].rule.count(grid(h))


def x_state(board: str = "new_york"):
    """The worked example as P1's neighbourhood, first to ny1 and ny2 (docs/rules/cities.md
    §8.4)."""
    s = drafted(4, board=board)
    example = x_hood().model_copy(update={"cards": tuple(SET.cards)})
    return s.model_copy(update={"hoods": (example, *s.hoods[1:]),
                                "claims": {"ny1": (0,), "ny2": (0,)}})


# -- areas and monuments ------------------------------------------------------------------

def test_t34_zones_cross_tile_borders_and_score_by_kinds():
    h = hood(FA, features={"H5": "sailboat", "H6": "sailboat", "F6": "ferry"})
    here = grid(h)
    assert sorted(labelled(here.zones("W")), key=len) == [{"F6"}, {"H5", "H6"}]
    assert sorted(labelled(here.zones("P")), key=len) == [{"E6"}, {"G5", "G6"}]
    assert area_points(h, "W") == 2


def test_t35_zones_never_join_at_a_corner():
    here = grid(hood([*FA, ("ct31", 1, 1, 0)]))
    assert sorted(map(sorted, labelled(here.zones("W")))) == [["F6"], ["G8"],
                                                              ["H5", "H6", "H7"]]
    assert sorted(map(sorted, labelled(here.zones("P")))) == [["E6"], ["G5", "G6", "G7"],
                                                              ["H8"]]


def test_t36_a_zone_scores_its_kinds_once():
    four = {"E5": "tree", "E6": "fountain", "E7": "playground", "D5": "bandstand"}
    big = [("ct29", 0, 0, 0), ("ct29", 0, 1, 0), ("ct21", -1, 0, 0)]  # one park zone
    assert labelled(grid(hood(big)).zones("P")) == [{"C5", "D5", "E5", "E6", "E7", "E8"}]
    assert area_points(hood(big, features=four), "P") == 10
    assert area_points(hood(big, features={**four, "C5": "tree"}), "P") == 10
    assert area_points(hood(big), "P") == 0
    assert area_points(hood(FA, features={"E6": "tree", "G5": "tree"}), "P") == 2


def test_t37_the_example_scores_water_6_park_3_monuments_2():
    parts = scoring.breakdown(x_state(), 0)
    assert (parts["water"], parts["park"], parts["monuments"]) == (6, 3, 2)
    assert all((1, -1) not in z for zones in ("W", "P") for z in grid(x_hood()).zones(zones))


# -- scoring cards ------------------------------------------------------------------------

def test_t38_the_example_against_every_card():
    expected = dict(re.findall(r"(sc\d\d) (\d+)", """
        sc01 4 · sc02 3 · sc03 4 · sc04 1 · sc05 4 · sc06 4 · sc07 2 · sc08 4 · sc09 8 · sc10 2 ·
        sc11 0 · sc12 4 · sc13 6 · sc14 5 · sc15 3 · sc16 2 · sc17 10 · sc18 5 · sc19 3 ·
        sc20 3 · sc21 0 · sc22 6 · sc23 3 · sc24 6 · sc25 5 · sc26 2 · sc27 1 · sc28 2 ·
        sc29 2 · sc30 2 · sc31 9 · sc32 3"""))
    assert len(expected) == 32
    assert {card: scored(x_hood(), card) for card in SET.cards} == {
        card: int(points) for card, points in expected.items()}
    assert scoring.card_points(x_state(), 0) == {card: int(p) for card, p in expected.items()}


def test_t39_pairs_count_each_orthogonal_pair_once():
    line = [("ct03", 0, 0, 0), ("ct01", 1, 0, 0)]  # row 5: R B R R
    assert scored(hood(line, {"E5": "R", "F5": "B", "G5": "R"}), "sc17") == 2
    assert scored(hood(line, {"E5": "R", "F5": "R", "G5": "R"}), "sc16") == 4
    block = hood([("ct01", 0, 0, 0)], {"E5": "R", "F5": "R", "E6": "R", "F6": "R"})
    assert SET.cards["sc16"].rule.count(grid(block)) == 4  # no diagonals


def test_t40_colour_sets_are_the_rarest_colours_count():
    tiles = [("ct01", 0, 0, 0), ("ct05", 1, 0, 0), ("ct03", 0, 1, 0), ("ct07", 1, 1, 0)]
    here = grid(hood(tiles))
    full = hood(tiles, {LABEL[c]: code for c, code in here.codes.items() if code in "RBGY"})
    colours = sorted(colour for colour, _ in grid(full).buildings.values())
    assert "".join(colours) == "BBGGGRRRRRYYYY"
    assert scored(full, "sc31") == 6


def test_t41_a_wild_building_has_its_pieces_colour_and_a_bare_grey_tile_builds_nothing():
    here = grid(x_hood())
    assert here.buildings[(-2, 3)] == ("G", 1)  # C8, printed blue
    assert here.codes[(-2, 3)] == "B"
    assert SET.cards["sc09"].rule.count(here) == 4  # D5, F5, G7, F8: not C8
    full = hood(F0, {"E5": "R", "F5": "B"})
    assert scored(full, "sc29") == 2
    for grey in ("wild", "monument"):
        spoilt = hood(F0, {"E5": "R"}, {"F5": grey})
        assert scored(spoilt, "sc29") == 0, grey
        assert len(grid(spoilt).buildings) == 1


def test_t42_the_largest_zone_counts_one_zone_only():
    two = hood([("ct29", 0, 0, 0), ("ct29", 0, 1, 0), ("ct29", 2, 0, 0), ("ct29", 2, 1, 0)])
    assert sorted(len(z) for z in grid(two).zones("W")) == [4, 4]
    assert scored(two, "sc22") == 4
    assert scored(hood([("ct01", 0, 0, 0)]), "sc22") == 0


# -- the end and ties ---------------------------------------------------------------------

def test_t43_the_example_scores_57():
    parts = scoring.breakdown(x_state().model_copy(update={"hoods": (
        x_hood().model_copy(update={"cards": ("sc01", "sc09", "sc13", "sc22", "sc31", "sc04",
                                              "sc26", "sc11")}), *drafted(4).hoods[1:])}), 0)
    assert parts == {"achievements": 10, "water": 6, "park": 3, "monuments": 2, "cards": 36}
    assert sum(parts.values()) == 57


def test_t44_achievements_break_a_tie_and_then_the_win_is_shared():
    assert scoring.ranks({"P1": (60, 8), "P2": (60, 6)}) == {"P1": 1, "P2": 2}
    assert scoring.ranks({"P1": (60, 6), "P2": (60, 6)}) == {"P1": 1, "P2": 1}
    assert scoring.ranks({"P1": (60, 6), "P2": (60, 6), "P3": (70, 0)}) == {
        "P1": 2, "P2": 2, "P3": 1}


def test_t45_four_players_use_every_card_tile_and_feature_in_8_rounds():
    s, events = random_game(4, 11)
    assert (s.card_deck, s.tile_stack, s.feature_stack) == ((), (), ())
    assert sum(s.bag.values()) >= 4 and s.round == 8
    assert [e.data["round"] for e in events if e.type == "round"] == list(range(1, 9))
    result = GAME.result(s)
    assert result is not None and set(result.breakdown["P1"]) == set(scoring.PARTS)


def test_t46_three_players_remove_a_card_and_a_tile_a_round_unseen_when_face_down():
    # a game where a face-down card and a face-down tile were among the leftovers
    s, events = next(game for game in (random_game(3, seed) for seed in range(12, 40))
                     if game[0].unseen.cards and game[0].unseen.tiles)
    assert sum(len(h.cards) for h in s.hoods) == 24
    assert sum(len(h.tiles) for h in s.hoods) == 24 + 3
    assert len(s.removed.cards) + len(s.unseen.cards) == 8
    assert len(s.removed.tiles) + len(s.unseen.tiles) == 8
    shown = str([e.visible_to(None) for e in events]) + str(GAME.view(s, None))
    assert not [x for x in (*s.unseen.cards, *s.unseen.tiles, *s.unseen.features)
                if f"'{x}'" in shown]


def test_t47_two_players_fill_3_by_3_in_4_rounds():
    s, _ = random_game(2, 13)
    for h in s.hoods:
        xs, ys = {p.x for p in h.tiles}, {p.y for p in h.tiles}
        assert len(h.tiles) == 9 and len(xs) == len(ys) == 3
    dealt = {"cards": 32 - len(s.card_deck), "tiles": 32 - len(s.tile_stack),
             "features": 48 - len(s.feature_stack)}
    assert dealt == {"cards": 16, "tiles": 16, "features": 24}
