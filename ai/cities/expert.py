"""The expert player: the basic player's placements and takes, judged by what a neighbourhood
promises as well as what it scores, and with the round's takes planned.

The judge (`Outlook`): the provisional score, plus the pieces and feature tiles still to come
this game: a share of what one more storey on every space that takes one would add to its cards
and open objectives (the share: the pieces it can expect over the storeys there are), and what
the feature tiles it can expect would add to its areas, each put where a new kind pays most.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cities.actions import Action, Take
from rules.cities.board import D4_DRAW, FEATURE_GROUPS, PIECE_GROUPS
from rules.cities.counts import quota
from rules.cities.hood import Grid

from .basic import basic_move, greedy, move
from .items import Valuer
from .schedule import best_take
from .seen import Seen, View, read
from .value import Scorer, grown, open_spaces, zone_room

# what a take brings on average: pieces from row D (4, 3, 3 and D4's 2), feature tiles from
# row C (6 in 4 groups)
PIECES_PER_TAKE = (sum(PIECE_GROUPS) + D4_DRAW) / (len(PIECE_GROUPS) + 1)
FEATURES_PER_TAKE = sum(FEATURE_GROUPS) / len(FEATURE_GROUPS)
GROWTH = 0.6  # how much of the grown neighbourhood's extra worth counts
ROOM = 0.3  # how much of the areas' room counts


@dataclass
class Outlook:
    """A seat's provisional score and what the pieces and feature tiles still to come may
    add (a judge, plan.Judge)."""

    scorer: Scorer
    growth: float  # the share of one more storey everywhere that the seat can expect
    features: float  # park and water feature tiles still to come

    @classmethod
    def of(cls, seen: Seen, seat: int) -> Outlook:
        left = takes_left(seen, seat)
        g = seen.grid(seat)
        spaces = max(1, sum(1 for c in g.codes if g.building_space(c)))
        pieces = left["D"] * PIECES_PER_TAKE
        kinds = seen.parts.features.values()
        areas = sum(k.space != "building" for k in kinds) / max(1, len(kinds))
        return cls(Scorer.of(seen, seat), GROWTH * min(1.0, pieces / spaces),
                   left["C"] * FEATURES_PER_TAKE * areas)

    def terrain(self, g: Grid) -> float:
        return self.scorer.terrain(g) + ROOM * zone_room(self.scorer.parts, g, self.features)

    def built(self, g: Grid) -> float:
        now = self.scorer.built(g)
        if not self.growth or not open_spaces(g):
            return now
        return now + self.growth * (self.scorer.built(grown(g)) - now)

    def card(self, g: Grid, card: str) -> float:
        now = self.scorer.card(g, card)
        if not self.growth:
            return now
        return now + self.growth * (self.scorer.card(grown(g), card) - now)


def takes_left(seen: Seen, seat: int) -> dict[str, int]:
    """Row -> the takes the seat still has in it this game, this round's included."""
    later = (seen.rounds - seen.round) * quota(seen.players)
    return {row: n + later for row, n in seen.rows_left(seat).items()}


class ExpertPlayer:
    """Keeps nothing between decisions: one object may play any number of seats and games."""

    name = "expert"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               deadline: float | None = None) -> Action:
        return expert_move(view, legal, deadline)

    def fallback(self, view: View, legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def expert_move(view: View, legal: Sequence[Action], deadline: float | None = None) -> Action:
    seen = read(view)
    return move(seen, legal, Outlook.of(seen, seen.me),
                lambda seen, takes: expert_take(seen, takes, deadline))


def expert_take(seen: Seen, legal: Sequence[Take], deadline: float | None = None) -> Take:
    """The item whose round, played out, brings the seat most; past the deadline, the item
    worth most to it."""
    mine = Valuer(seen, seen.me, Outlook.of(seen, seen.me))
    items = [a.item for a in legal]
    later = set(seen.order()[1:])
    worths: list[dict[str, float]] = []
    for seat in range(seen.players):
        if deadline is not None and time.monotonic() > deadline:
            return max(legal, key=lambda a: mine.value(a.item))
        if seat == seen.me:
            worths.append(mine.values(items))
        elif seat in later:
            model = Valuer(seen, seat, Scorer.of(seen, seat), samples=0)
            worths.append({i: greedy(model, i) for i in seen.items(seat)})
        else:
            worths.append({})
    chosen = best_take(seen, items, worths)
    return next(a for a in legal if a.item == chosen)
