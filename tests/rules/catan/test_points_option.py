"""§11 with the table's own target: `Options.points` (10-20, the rules' 13 by default) is what
the victory check reads; a default game's dumps are as they were before the option existed."""

from __future__ import annotations

import pytest

from rules.catan import engine, scoring
from rules.catan.game import GAME
from rules.catan.state import Options
from rules.game import InvalidOptions

from .engine_helpers import table

SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}


def nine_points_and_a_settlement(points: int | None) -> object:
    """R at 9 points (four cities and a settlement) holding a settlement's cards."""
    cities = {f"I{n}": ("R", "city") for n in (1, 3, 21, 44)}
    options = {} if points is None else {"options": Options(points=points)}
    s = table(buildings={**cities, "I23": ("R", "settlement")},
              roads={"P35": "R", "P42": "R"}, cards={"R": SETTLEMENT}, **options)
    assert scoring.points(s, 0) == 9
    return s


def test_ten_points_win_a_game_played_to_ten() -> None:
    s = nine_points_and_a_settlement(10)
    done, events = engine.apply(s, "R", {"type": "build_settlement", "node": "I35"})
    assert done.phase == "over" and done.winner == 0
    assert events[-1].type == "game_over" and events[-1].data["points"] == 10


def test_ten_points_do_not_win_the_rules_game() -> None:
    s = nine_points_and_a_settlement(None)
    done, _ = engine.apply(s, "R", {"type": "build_settlement", "node": "I35"})
    assert done.phase == "action" and done.winner is None


def test_the_option_is_checked_and_the_default_dumps_as_before() -> None:
    assert GAME.options({}).points == 13  # type: ignore[attr-defined]
    assert GAME.options({"points": 20}).points == 20  # type: ignore[attr-defined]
    for wrong in (9, 21):
        with pytest.raises(InvalidOptions) as refused:
            GAME.options({"points": wrong})
        assert refused.value.field == "points"
    assert Options().model_dump() == {"layout": "beginner", "tokens": "spiral",
                                      "keep_harbours": False}
    assert Options(points=15).model_dump()["points"] == 15
    state = GAME.new_game(["a", "b", "c"], Options(points=15), 1)
    assert GAME.load_state(GAME.dump_state(state)).options.points == 15
    assert GAME.view(state, None)["options"]["points"] == 15
