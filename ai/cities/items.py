"""What each item on the central board is worth to a seat, by the best placement a judge
finds for it (plan.py): a card by what it would count, a city tile by its best place and turn,
a feature group or a piece group laid greedily. Face-down items are worth what the unseen pool
is worth on average: the cards nobody has seen, a few of the unseen tiles, the unseen feature
kinds by their numbers, and D4's two pieces by the bag's colours.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from rules.cities.board import D4_DRAW
from rules.cities.hood import Grid
from rules.cities.placement import feature_spaces

from .plan import Judge, lay_features, lay_pieces, piece_gain, positions_of, tile_places, worth
from .seen import Seen
from .value import with_feature

TILE_SAMPLE = 3  # unseen tiles judged for a face-down B4


@dataclass
class Valuer:
    """Item -> worth added, for one seat and one judge; what it computes for one item it
    keeps for the others (one decision at a time)."""

    seen: Seen
    seat: int
    judge: Judge
    samples: int = TILE_SAMPLE  # unseen tiles judged for B4 (0: the face-up tiles' mean)
    _memo: dict[str, float] = field(default_factory=dict)

    @cached_property
    def grid(self) -> Grid:
        return self.seen.grid(self.seat)

    @cached_property
    def base(self) -> float:
        return worth(self.judge, self.grid)

    @cached_property
    def positions(self) -> list[tuple[int, int]]:
        return positions_of([(p.x, p.y) for p in self.seen.hoods[self.seat].tiles],
                            self.seen.long)

    def values(self, items: Iterable[str]) -> dict[str, float]:
        return {item: self.value(item) for item in items}

    def value(self, item: str) -> float:
        if item not in self._memo:
            self._memo[item] = self._value(item)
        return self._memo[item]

    def _value(self, item: str) -> float:
        row, i = item[0], int(item[1]) - 1
        rows = self.seen.rows
        if row == "A":
            card = rows["A"][i]
            return self.card(card) if card else self.hidden_card()
        if row == "B":
            tile = rows["B"][i]
            return self.tile(tile) if tile else self.hidden_tile()
        if row == "C":
            return self.features([ft for ft in rows["C"][i] if ft],
                                 hidden=sum(ft is None for ft in rows["C"][i]))
        return self.pieces(rows["D"][i]) if i < len(rows["D"]) else self.drawn()

    def card(self, card: str) -> float:
        return self.judge.card(self.grid, card)

    def hidden_card(self) -> float:
        pool = self.seen.unseen_cards
        return sum(self.card(c) for c in pool) / len(pool) if pool else 0.0

    def tile(self, tile: str) -> float:
        key = f"tile {tile}"
        if key not in self._memo:
            spaces = self.seen.parts.spaces(tile)
            self._memo[key] = tile_places(self.judge, self.grid, self.positions,
                                          spaces)[0][0] - self.base
        return self._memo[key]

    def hidden_tile(self) -> float:
        pool = self.seen.unseen_tiles
        if not self.samples:
            up = [self.tile(t) for t in self.seen.rows["B"] if t]
            if up:
                return sum(up) / len(up)
        if not pool:
            return 0.0
        step = max(1, len(pool) // max(1, self.samples))
        sample = pool[::step][:max(1, self.samples)]
        return sum(self.tile(t) for t in sample) / len(sample)

    def features(self, features: list[str], hidden: int = 0) -> float:
        kinds = [(ft, self.seen.kind(ft)) for ft in features]
        after, _ = lay_features(self.judge, self.grid, kinds)
        return after - self.base + hidden * self.hidden_feature()

    @cached_property
    def _feature_gains(self) -> dict[str, float]:
        """Feature kind -> what one tile of it adds at best (0: thrown away)."""
        g, out = self.grid, {}
        for kind in self.seen.parts.kinds.values():
            out[kind.id] = max([0.0, *(worth(self.judge, with_feature(g, c, kind)) - self.base
                                       for c in feature_spaces(g, kind))])
        return out

    def hidden_feature(self) -> float:
        pool = self.seen.unseen_features
        total = sum(pool.values())
        if not total:
            return 0.0
        return sum(n * self._feature_gains[kind] for kind, n in pool.items()) / total

    def pieces(self, pieces: str) -> float:
        after, _ = lay_pieces(self.judge, self.grid, pieces)
        return after - self.base

    def drawn(self) -> float:
        """D4: two pieces from the bag, each judged alone, by the bag's colours."""
        bag: dict[str, int] = self.seen.view["bag"]
        total = sum(bag.values())
        if not total:
            return 0.0
        each = sum(n * piece_gain(self.judge, self.grid, c) for c, n in bag.items() if n)
        return min(D4_DRAW, total) * each / total
