"""Fit the expert's value weights: basic players play games against each other, and a least
squares line maps each seat's features at the start of each turn (value.features) to the
points it ends the game with.

    python -m ai.catan.fit_value --games 60 --seed 1000
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from rules.catan import scoring
from rules.catan.game import GAME
from rules.catan.state import Options

from . import make_player, value
from .arena import next_seat

Row = tuple[list[float], float]


def rows_of_game(seed: int, players: int = 4) -> list[Row]:
    player = make_player("basic")
    state = GAME.new_game([f"p{i}" for i in range(players)], Options(layout="random"), seed)
    rng = random.Random(seed)
    seen: list[tuple[int, list[float]]] = []
    last_turn = -1
    while not GAME.is_over(state) and state.turn <= 400:
        if state.phase == "roll" and state.turn != last_turn:
            last_turn = state.turn
            seen += [(seat, value.features(state, seat)) for seat in range(players)]
        name = next_seat(state)
        action = player.choose(GAME.view(state, name), GAME.legal_actions(state, name), rng)
        state, _ = GAME.apply(state, name, action)
    final = [scoring.points(state, seat) for seat in range(players)]
    return [(f, float(final[seat])) for seat, f in seen]


def least_squares(rows: Sequence[Row], ridge: float = 1.0) -> list[float]:
    """Weights w (the last one the intercept) minimising |Xw - y|^2 + ridge |w|^2."""
    xs = [[*f, 1.0] for f, _ in rows]
    k = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(k)]
         for i in range(k)]
    b = [sum(x[i] * y for x, (_, y) in zip(xs, rows, strict=True)) for i in range(k)]
    return solve(a, b)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    rows = [r for g in range(args.games) for r in rows_of_game(args.seed + g)]
    weights = least_squares(rows)
    print(f"{len(rows)} rows from {args.games} games")
    for name, w in zip((*value.FEATURES, "intercept"), weights, strict=True):
        print(f"    {name!r}: {w:.4f},")


if __name__ == "__main__":
    main()
