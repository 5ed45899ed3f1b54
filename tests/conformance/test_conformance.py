"""Every registered game, and the test game Nim, against the same checks (checks.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from tests.games.nim.rules import GAME as NIM

from .checks import (
    AnyGame,
    check_end,
    check_events,
    check_options,
    check_refusals,
    check_replay,
    check_serialization,
    check_views,
    option_sets,
    playout,
)

GAMES: list[AnyGame] = [registry.game(g) for g in registry.games()] + [NIM]


def cases() -> list[Any]:
    """Every player count with default options, and every option set at the most players."""
    out = []
    for game in GAMES:
        for players in range(game.min_players, game.max_players + 1):
            out.append(pytest.param(game, players, {}, id=f"{game.id}-{players}p"))
        for options in option_sets(game)[1:]:
            (name, value), = options.items()
            out.append(pytest.param(game, game.max_players, options,
                                    id=f"{game.id}-{game.max_players}p-{name}={value}"))
    return out


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_declared_options_and_player_counts(game: AnyGame) -> None:
    check_options(game)


@pytest.mark.parametrize(("game", "players", "options"), cases())
def test_random_playouts_keep_the_contract(game: AnyGame, players: int,
                                           options: dict[str, Any]) -> None:
    run = playout(game, players, options, seed=players * 101 + len(options))
    check_end(game, run)
    check_serialization(game, run)
    check_replay(game, run)
    check_events(run)
    check_refusals(game, run)
    # Every seat has a secret in both games, so redrawn worlds must differ somewhere.
    assert check_views(game, run, every=max(1, len(run.states) // 6))
