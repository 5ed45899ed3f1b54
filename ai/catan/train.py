"""Fit the learned win chance (ai.catan.learned) on played games and write its weights.

    python -m ai.catan.train --games 2000 --seed 1 --out ai/catan/weights.py

Games of basic players (every other one with an expert seat, its heuristics alone), 4 and 3
players alternately, random boards, dealt from `seed`. Each seat's position is recorded
right after the set-up (the SETUP model's rows) and at the end of every `every`-th turn (the
PLAY model's), labelled 1 where that seat won. A logistic regression (Newton's method, a
small L2 penalty, standardized features) is fitted on the first games and judged on the last
`holdout` share of them: it prints the held-out log-loss against the base rate's, and how
often the seat it rates highest in a position is the winner. Deterministic from the seed.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from functools import partial
from multiprocessing import Pool
from operator import mul

from ai.arena import next_seat
from ai.player import Player
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

from . import features, make_player

Rows = list[tuple[list[float], int, int]]  # (features, won, position: deal * 1000 + turn)
TURN_CAP = 400


def seats_of(game: int) -> list[str]:
    """Game g's strengths: 4 players for even g, 3 for odd; an expert seat in every other
    pair of games."""
    n = 4 if game % 2 == 0 else 3
    strengths = ["basic"] * n
    if game % 4 >= 2:
        strengths[(game // 4) % n] = "expert"
    return strengths


def record(state: GameState, rows: Rows, position: int) -> None:
    for seat, x in enumerate(features.vectors(state)):
        rows.append((x, seat, position))


def play(game: int, seed: int, every: int) -> tuple[Rows, Rows]:
    """One game's (set-up rows, turn rows), each labelled with the winner (none if capped)."""
    players: dict[str, Player] = {"basic": make_player("basic"),
                                  "expert": make_player("expert", worlds=0)}
    strengths = seats_of(game)
    names = [f"p{i}" for i in range(len(strengths))]
    deal = seed * 100_000 + game
    state = GAME.new_game(names, Options(layout="random"), deal)
    rngs = [random.Random(deal * 1000 + 17 * i) for i in range(len(names))]
    setup: Rows = []
    turns: Rows = []
    turn = 0
    while not GAME.is_over(state) and state.turn <= TURN_CAP:
        if state.turn != turn:
            turn = int(state.turn)
            if turn == 1:
                record(state, setup, deal * 1000 + turn)
            elif turn % every == 0:
                record(state, turns, deal * 1000 + turn)
        name = next_seat(GAME, state)
        seat = names.index(name)
        action = players[strengths[seat]].choose(
            GAME.view(state, name), GAME.legal_actions(state, name), rngs[seat])
        state, _ = GAME.apply(state, name, action)
    winner = state.winner if GAME.is_over(state) else None
    if winner is None:
        return [], []
    return ([(x, int(s == winner), p) for x, s, p in setup],
            [(x, int(s == winner), p) for x, s, p in turns])


Fit = tuple[list[float], list[float], list[float], float]  # means, scales, weights, bias


def standardize(rows: Rows) -> tuple[list[float], list[float]]:
    n, k = len(rows), len(rows[0][0])
    means = [math.fsum(r[0][j] for r in rows) / n for j in range(k)]
    scales = []
    for j in range(k):
        var = math.fsum((r[0][j] - means[j]) ** 2 for r in rows) / n
        scales.append(math.sqrt(var) if var > 1e-12 else 1.0)
    return means, scales


def columns(rows: Rows, means: list[float], scales: list[float]) -> list[list[float]]:
    """The standardized features by column, a column of ones (the bias) last."""
    cols = [[(r[0][j] - m) / sc for r in rows] for j, (m, sc) in enumerate(zip(
        means, scales, strict=True))]
    return [*cols, [1.0] * len(rows)]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small and positive
    definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - math.fsum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def logits(cols: list[list[float]], w: list[float]) -> list[float]:
    z = [0.0] * len(cols[0])
    for wj, col in zip(w, cols, strict=True):
        if wj:
            z = [a + wj * v for a, v in zip(z, col, strict=True)]
    return z


def fit(rows: Rows, l2: float = 1.0, iterations: int = 12) -> Fit:
    """The logistic regression's weights on standardized features (Newton's method)."""
    means, scales = standardize(rows)
    cols = columns(rows, means, scales)
    y = [float(r[1]) for r in rows]
    k = len(cols)
    w = [0.0] * k
    for _ in range(iterations):
        p = [1 / (1 + math.exp(-max(-30.0, min(30.0, z)))) for z in logits(cols, w)]
        err = [a - b for a, b in zip(p, y, strict=True)]
        h = [a * (1 - a) for a in p]
        grad = [math.fsum(map(mul, err, col)) + (l2 * w[j] if j < k - 1 else 0.0)
                for j, col in enumerate(cols)]
        hess = [[0.0] * k for _ in range(k)]
        for i in range(k):
            hx = list(map(mul, h, cols[i]))
            for j in range(i + 1):
                hess[i][j] = hess[j][i] = math.fsum(map(mul, hx, cols[j]))
            if i < k - 1:
                hess[i][i] += l2
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return means, scales, w[:-1], w[-1]


def predict(f: Fit, x: list[float]) -> float:
    means, scales, w, bias = f
    z = bias + math.fsum(wj * (v - m) / sc for wj, v, m, sc in zip(
        w, x, means, scales, strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def judge(f: Fit, rows: Rows, base: float) -> dict[str, float]:
    """Held-out figures: log-loss (the model's, the base rate's), accuracy at 0.5, and how
    often the seat rated highest in a position is its winner."""
    eps = 1e-9
    ps = [predict(f, x) for x, _, _ in rows]
    loss = -math.fsum(math.log(max(eps, p if y else 1 - p))
                      for p, (_, y, _) in zip(ps, rows, strict=True)) / len(rows)
    base_loss = -math.fsum(math.log(base if y else 1 - base) for _, y, _ in rows) / len(rows)
    accuracy = sum((p > 0.5) == bool(y) for p, (_, y, _) in zip(ps, rows, strict=True))
    best: dict[int, tuple[float, int]] = {}
    for p, (_, y, pos) in zip(ps, rows, strict=True):
        if pos not in best or p > best[pos][0]:
            best[pos] = (p, y)
    picked = sum(y for _, y in best.values())
    out = {"log_loss": loss, "base_log_loss": base_loss, "accuracy": accuracy / len(rows),
           "winner_picked": picked / len(best), "rows": float(len(rows)),
           "positions": float(len(best))}
    for first, last in BANDS:  # the same by the turn the positions were recorded at
        band = [y for pos, (_, y) in best.items() if first <= pos % 1000 <= last]
        if band:
            out[f"winner_picked_turns_{first}_{last}"] = sum(band) / len(band)
    return out


BANDS = ((1, 24), (25, 48), (49, TURN_CAP))


def module_text(fits: dict[str, Fit], figures: dict[str, dict[str, float]],
                command: str) -> str:
    lines = [f'"""The learned win chance\'s weights (ai.catan.learned), written by\n'
             f'`{command}`:\nheld-out figures in FIGURES. Do not edit: run the script."""',
             "", "# name: (mean, scale, weight on the standardized feature)"]
    for label, (means, scales, w, bias) in fits.items():
        lines.append(f"{label}: dict[str, tuple[float, float, float]] = {{")
        for name, m, sc, wj in zip(features.NAMES, means, scales, w, strict=True):
            lines.append(f"    {name!r}: ({m:.6g}, {sc:.6g}, {wj:.6g}),")
        lines.append("}")
        lines.append(f"{label}_BIAS = {bias:.6g}")
    lines.append("FIGURES: dict[str, dict[str, float]] = {")
    for label, figs in figures.items():
        lines.append(f"    {label!r}: {{")
        lines.extend(f"        {k!r}: {v:.6g}," for k, v in figs.items())
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=4, help="record every n-th turn's end")
    ap.add_argument("--holdout", type=float, default=0.2, help="the last games' share judged")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--out", default=None, help="the weights module to write")
    ap.add_argument("--processes", type=int, default=1, help="games played at once")
    args = ap.parse_args(argv)
    split = int(args.games * (1 - args.holdout))
    data: dict[str, tuple[Rows, Rows]] = {"SETUP": ([], []), "PLAY": ([], [])}
    one = partial(play, seed=args.seed, every=args.every)
    if args.processes > 1:
        with Pool(args.processes) as pool:
            games = pool.map(one, range(args.games), chunksize=8)
    else:
        games = [one(g) for g in range(args.games)]
    for g, (setup, turns) in enumerate(games):
        part = 0 if g < split else 1
        data["SETUP"][part].extend(setup)
        data["PLAY"][part].extend(turns)
    fits: dict[str, Fit] = {}
    figures: dict[str, dict[str, float]] = {}
    for label, (train, held) in data.items():
        fits[label] = fit(train, args.l2)
        base = sum(r[1] for r in train) / len(train)
        figures[label] = judge(fits[label], held, base) if held else {}
        print(label, ", ".join(f"{k} {v:.4f}" for k, v in figures[label].items()))
        ranked = sorted(zip(features.NAMES, fits[label][2], strict=True),
                        key=lambda t: -abs(t[1]))
        print("  ", ", ".join(f"{n} {w:+.3f}" for n, w in ranked[:12]))
    if args.out:
        command = (f"python -m ai.catan.train --games {args.games} --seed {args.seed} "
                   f"--every {args.every} --holdout {args.holdout} --l2 {args.l2}")
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(module_text(fits, figures, command))


if __name__ == "__main__":
    main()
