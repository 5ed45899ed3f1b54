"""Where to lay what a seat took, and what each item on the board is worth to a seat: the best
placement found by a judge of neighbourhoods (value.Scorer for the basic player, the expert's
own for it), one feature tile or piece at a time, greedily.

Judges split a neighbourhood's worth in a part pieces cannot change (`terrain`) and the rest
(`built`): laying pieces, the first is counted once per decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rules.cities.components import FeatureKind
from rules.cities.geometry import ROTATIONS, Cell, open_positions
from rules.cities.hood import Grid
from rules.cities.placement import feature_spaces, piece_spaces

from .value import with_feature, with_piece, with_tile

LAID = 0.01  # a tie-break: a piece or feature laid rather than thrown away


class Judge(Protocol):
    """What a neighbourhood is worth to one seat (its cards and open objectives included)."""

    def terrain(self, g: Grid) -> float: ...

    def built(self, g: Grid) -> float: ...

    def card(self, g: Grid, card: str) -> float:
        """What one more scoring card would add."""
        ...


def worth(judge: Judge, g: Grid) -> float:
    return judge.terrain(g) + judge.built(g)


@dataclass(frozen=True)
class Step:
    """One feature tile or piece: where it goes (None: thrown away)."""

    what: str  # a feature tile id or a colour
    cell: Cell | None


# -- city tiles -----------------------------------------------------------------------------

def tile_places(judge: Judge, g: Grid, positions: Sequence[Cell], spaces: str
                ) -> list[tuple[float, Cell, int]]:
    """(worth after, position, rotation) of every place and turn of the tile, best first
    (ties: reading order of the positions, then rotation)."""
    out = []
    for k, (x, y) in enumerate(positions):
        seen: set[str] = set()
        for rot in ROTATIONS:
            laid = with_tile(g, x, y, spaces, rot)
            face = "".join(laid.codes[c] for c in laid.tiles[-1])
            if face in seen:  # a symmetric tile: the same spaces as a turn already judged
                continue
            seen.add(face)
            out.append((worth(judge, laid), -k, -rot, (x, y), rot))
    out.sort(reverse=True)
    return [(value, at, rot) for value, _, _, at, rot in out]


def positions_of(tiles: Sequence[tuple[int, int]], long: bool) -> list[Cell]:
    return open_positions(tiles, long)


# -- feature tiles ----------------------------------------------------------------------------

def lay_features(judge: Judge, g: Grid, features: Sequence[tuple[str, FeatureKind]]
                 ) -> tuple[float, list[Step]]:
    """(worth after, the steps): each step lays the feature tile and space (or throws away
    the tile) that leaves the best neighbourhood, until none is left."""
    left = list(features)
    steps: list[Step] = []
    current = worth(judge, g)
    while left:
        best: tuple[float, int, Cell | None, Grid] | None = None
        tried: set[str] = set()
        for i, (_, kind) in enumerate(left):
            if kind.id in tried:
                continue
            tried.add(kind.id)
            if best is None or current > best[0]:
                best = (current, i, None, g)
            for space in feature_spaces(g, kind):
                laid = with_feature(g, space, kind)
                value = worth(judge, laid) + LAID
                if value > best[0]:
                    best = (value, i, space, laid)
        assert best is not None
        value, i, cell, g = best
        current = value if cell is None else value - LAID
        steps.append(Step(left[i][0], cell))
        del left[i]
    return current, steps


# -- building pieces ---------------------------------------------------------------------------

def lay_pieces(judge: Judge, g: Grid, pieces: str) -> tuple[float, list[Step]]:
    """(worth after, the steps): each step lays the piece and space (or throws away the piece)
    that leaves the best neighbourhood, until none is left."""
    base = judge.terrain(g)
    current = judge.built(g)
    left = pieces
    steps: list[Step] = []
    while left:
        best: tuple[float, str, Cell | None, Grid] = (current, left[0], None, g)
        for colour in dict.fromkeys(left):
            for space in piece_spaces(g, colour):
                laid = with_piece(g, space, colour)
                value = judge.built(laid) + LAID
                if value > best[0]:
                    best = (value, colour, space, laid)
        value, colour, cell, g = best
        current = value if cell is None else value - LAID
        steps.append(Step(colour, cell))
        left = left.replace(colour, "", 1)
    return base + current, steps


def piece_gain(judge: Judge, g: Grid, colour: str) -> float:
    """What one piece of `colour` adds at best (0: it is thrown away)."""
    now = judge.built(g)
    return max([0.0, *(judge.built(with_piece(g, cell, colour)) - now
                       for cell in piece_spaces(g, colour))])
