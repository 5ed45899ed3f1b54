"""A seat's chance of winning from its position: a logistic regression over
ai.catan.features, fitted on played games by `python -m ai.catan.train` (its weights, means
and scales in ai.catan.weights, written by that script). Two models: SETUP for the position
right after the set-up, PLAY for positions at the end of a turn."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from rules.catan.state import GameState

from . import features, weights


@dataclass(frozen=True)
class Model:
    """Weights on the raw features (the standardization folded in) and a bias."""

    weights: tuple[float, ...]
    bias: float

    def logit(self, x: list[float]) -> float:
        return self.bias + math.fsum(w * v for w, v in zip(self.weights, x, strict=True))


def model(fitted: Mapping[str, tuple[float, float, float]], bias: float) -> Model:
    """The Model of a fitted {name: (mean, scale, standardized weight)}; a feature the fit
    did not know weighs nothing."""
    raw = [0.0] * len(features.NAMES)
    for i, name in enumerate(features.NAMES):
        mean, scale, w = fitted.get(name, (0.0, 1.0, 0.0))
        raw[i] = w / scale
        bias -= w * mean / scale
    return Model(tuple(raw), bias)


PLAY = model(weights.PLAY, weights.PLAY_BIAS)
SETUP = model(weights.SETUP, weights.SETUP_BIAS)


def chance(logit: float) -> float:
    if logit < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-logit))


def win_chance(state: GameState, seat: int, fit: Model = PLAY) -> float:
    """seat's chance of winning (0..1); a finished game's is 1 or 0."""
    if state.phase == "over":
        return 1.0 if state.winner == seat else 0.0
    return chance(fit.logit(features.vector(state, seat)))
