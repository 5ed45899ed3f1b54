"""The learned win chance (ai.catan.features, learned, train): the feature vector reads the
position, the fitted model rates an obviously better position higher, and the training
script fits weights on a tiny run, prints its held-out figures and writes a module that
loads."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from ai.catan import basic, features, learned, train
from rules.catan import scoring
from rules.catan.game import GAME
from rules.catan.state import RESOURCES, Building, GameState, Options


def _after_setup(players: int, seed: int) -> GameState:
    """A random board's position right after a set-up played by the basic player."""
    names = [f"p{i}" for i in range(players)]
    state = GAME.new_game(names, Options(layout="random"), seed)
    while state.turn == 0:
        who = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, who)
        state, _ = GAME.apply(state, who, basic.basic_move(GAME.view(state, who), legal))
    return state


def _cities(state: GameState, seat: int) -> GameState:
    """The same position with every settlement of `seat` a city."""
    better = state.clone()
    better.buildings = {n: Building(owner=b.owner, city=True) if b.owner == seat else b
                        for n, b in state.buildings.items()}
    return better


def test_the_feature_vector_reads_points_leads_and_the_table() -> None:
    for players in (3, 4):
        state = _after_setup(players, 7)
        rows = features.vectors(state)
        assert len(rows) == players
        at = {name: i for i, name in enumerate(features.NAMES)}
        for seat, x in enumerate(rows):
            assert len(x) == len(features.NAMES) == 2 * len(features.SEAT) + 3
            assert x == features.vector(state, seat)
            assert x[at["points"]] == scoring.points(state, seat)
            best = max(scoring.points(state, o) for o in range(players) if o != seat)
            assert x[at["lead_points"]] == x[at["points"]] - best
            assert x[at["three_players"]] == (players == 3)
            assert sum(x[at[f"income_{r}"]] for r in RESOURCES) > 0
        upgraded = features.vector(_cities(state, 0), 0)
        assert upgraded[at["cities"]] == 2 and upgraded[at["points"]] == 4
        assert upgraded[at["income_commodities"]] > rows[0][at["income_commodities"]]


def test_the_model_rates_an_obviously_better_position_higher() -> None:
    for seed in (3, 4, 5):
        state = _after_setup(4, seed)
        for fit in (learned.PLAY, learned.SETUP):
            chances = [learned.win_chance(state, seat, fit) for seat in range(4)]
            assert all(0.0 < c < 1.0 for c in chances)
            for seat in range(4):
                assert learned.win_chance(_cities(state, seat), seat, fit) > chances[seat]
        # two cities against a settlement and a city each: that seat is the favourite
        ahead = _cities(state, 1)
        chances = [learned.win_chance(ahead, seat) for seat in range(4)]
        assert max(range(4), key=chances.__getitem__) == 1


def test_a_finished_game_is_won_or_lost() -> None:
    state = _after_setup(3, 2).clone()
    state.phase, state.winner = "over", 2
    assert [learned.win_chance(state, seat) for seat in range(3)] == [0.0, 0.0, 1.0]


def test_the_fit_finds_a_planted_rule() -> None:
    rng = random.Random(1)
    rows: train.Rows = []
    for i in range(400):
        x = [rng.gauss(0, 1) for _ in range(3)]
        won = int(rng.random() < learned.chance(2 * x[0] - x[1]))
        rows.append((x, won, i))
    means, scales, w, _ = train.fit(rows, l2=0.1)
    raw = [wj / sc for wj, sc in zip(w, scales, strict=True)]
    assert 1.4 < raw[0] < 2.8 and -1.5 < raw[1] < -0.5 and abs(raw[2]) < 0.4


def test_the_training_script_writes_weights_and_prints_its_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "weights.py"
    train.main(["--games", "10", "--seed", "3", "--every", "8", "--out", str(out)])
    printed = capsys.readouterr().out
    for label in ("SETUP", "PLAY"):
        assert f"{label} log_loss" in printed and "winner_picked" in printed
    spec = importlib.util.spec_from_file_location("written_weights", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert list(module.PLAY) == list(features.NAMES) == list(module.SETUP)
    assert module.FIGURES["PLAY"]["rows"] > 0 and module.FIGURES["PLAY"]["log_loss"] > 0
    fitted = learned.model(module.PLAY, module.PLAY_BIAS)
    assert len(fitted.weights) == len(features.NAMES)
