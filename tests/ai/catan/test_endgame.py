"""The expert near winning: no seat trades with it, so it trades with the bank toward the
build that brings the points, and makes no offer the table would refuse."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from ai.catan import expert, plan, search
from ai.catan.arena import next_seat
from ai.catan.expert import EXPERT, ExpertPlayer, goal_points
from ai.catan.seen import read
from rules.catan import scoring
from rules.catan.actions import Action
from rules.catan.determinize import determinize
from rules.catan.game import GAME
from rules.catan.state import GameState, Options
from tests.rules.catan.engine_helpers import table

# Three cities and three settlements: 9 points, one short of a 10-point game.
NEAR = {"I1": ("R", "city"), "I20": ("R", "city"), "I40": ("R", "city"),
        "I50": ("R", "settlement"), "I10": ("R", "settlement"), "I30": ("R", "settlement")}


def near_win(hand: dict[str, int]) -> GameState:
    return table(4, buildings=NEAR, cards={"R": hand, "B": {"ore": 2, "wool": 1}},
                 options=Options(points=10), ship=4)


def play_turn(s: GameState) -> GameState:
    player, rng = ExpertPlayer(), random.Random(1)
    for _ in range(30):
        if s.phase == "over" or s.seats[s.active] != "R":
            break
        who = next_seat(s)
        s, _ = GAME.apply(s, who, player.choose(GAME.view(s, who),
                                                GAME.legal_actions(s, who), rng))
    return s


def test_one_point_short_it_trades_its_whole_hand_with_the_bank_into_the_winning_city() -> None:
    s = near_win({"wool": 9, "grain": 2})
    assert scoring.points(s, 0) == 9
    s = play_turn(s)
    assert s.phase == "over" and s.winner == 0


@pytest.mark.parametrize("finish", [3, 0])
def test_with_or_without_the_finish_the_bank_trades_go_to_the_winning_city(
        monkeypatch: pytest.MonkeyPatch, finish: int) -> None:
    """The city is the first goal (the goals' order by kind), so even without the finish the
    bank trades toward it, not toward an improvement level."""
    monkeypatch.setattr(expert, "FINISH", finish)
    s = play_turn(near_win({"wool": 9, "grain": 2}))
    assert s.winner == 0
    assert plan.goals(read(GAME.view(near_win({}), "R"), EXPERT))[0].name == "city"


def test_a_city_or_settlement_brings_a_point_a_metropolis_level_two() -> None:
    s = read(GAME.view(near_win({}), "R"), EXPERT)
    goals = {g.name: goal_points(s, g) for g in plan.goals(s)}
    assert goals.get("city") == 1
    assert all(v in (0, 1, 2) for v in goals.values())


def test_near_winning_it_makes_no_offer() -> None:
    """No seat trades with a seat 3 points from winning (the basic player refuses): the hand
    that makes an offer 4 points from winning makes none 1 point from it."""
    for points, offers in ((13, True), (10, False)):
        s = near_win({"wool": 1, "grain": 2, "ore": 2}).model_copy(
            update={"options": Options(points=points)})
        view, legal = GAME.view(s, "R"), GAME.legal_actions(s, "R")
        move = expert.expert_move(view, legal, [])
        assert (move.type == "offer_trade") == offers


def _searched_at_turn_end(s: GameState) -> tuple[dict[str, Any], list[Action]]:
    view, legal = GAME.view(s, "R"), GAME.legal_actions(s, "R")
    assert expert.searched(view, legal) and expert.heuristic(view, legal).type == "end_turn"
    return view, legal


@pytest.mark.parametrize(("points", "ending"), [(10, True), (13, True), (14, False)])
def test_from_four_points_short_the_turn_end_is_searched_to_the_games_end(
        monkeypatch: pytest.MonkeyPatch, points: int, ending: bool) -> None:
    """The leader 4 points from winning or nearer: each candidate is played to the game's
    end (search.best_ending); further off, the turn's lookahead (search.best_move)."""
    called: list[str] = []
    monkeypatch.setattr(search, "best_ending", lambda *a, **k: called.append("ending") or a[3])
    monkeypatch.setattr(search, "best_move", lambda *a, **k: called.append("turn") or a[3])
    s = table(4, buildings=NEAR, cards={"R": {"wool": 1}}, options=Options(points=points))
    view, legal = _searched_at_turn_end(s)
    ExpertPlayer().choose(view, legal, random.Random(1))
    assert called == ["ending" if ending else "turn"]


def test_the_end_game_search_plays_to_the_end_blind_and_by_its_counted_budget() -> None:
    """Each candidate's world is played to the game's end; the same view, seed and budget
    give the same move, a world dealt differently behind the view too; no budget or a past
    deadline leave the heuristic move."""
    s = near_win({"brick": 1, "lumber": 1})
    over, moves = search.play_out(s, "R", expert.heuristic, search.PLAY_OUT)
    assert over.phase == "over" and 0 < moves < search.PLAY_OUT
    view, legal = GAME.view(s, "R"), GAME.legal_actions(s, "R")
    seen, first = read(view, EXPERT), expert.heuristic(view, legal)
    options = search.candidates(seen, legal, first)
    assert len(options) > 1  # a comparison to make

    def ending(v: dict[str, Any], **budget: Any) -> Action:
        return search.best_ending(v, legal, seen, first, expert.heuristic, random.Random(3),
                                  **budget)
    chosen = ending(view, deadline=None)
    assert chosen in options
    assert ending(view, deadline=None) == chosen
    assert ending(GAME.view(determinize(s, "R", random.Random(5)), "R"), deadline=None) == chosen
    assert ending(view, deadline=None, nodes=-1) == first
    assert ending(view, deadline=time.monotonic() - 1) == first
