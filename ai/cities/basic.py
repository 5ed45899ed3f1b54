"""The basic player: docs/rules/cities.md §10.9's greedy player. It takes the item whose best
placement adds most to its provisional score right away, plus a little for a scoring card and
for a face-down item, and lays what it took where the score gains most (one feature tile or
piece at a time; thrown away only when laying it would lose points).

`move(view, legal, judge, take)` is the part the expert shares: the start tile and every
placement by a judge, the take by the given rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.heuristic import HeuristicPlayer
from rules.cities.actions import (
    Action,
    DiscardFeature,
    DiscardPiece,
    PlaceFeature,
    PlacePiece,
    PlaceTile,
    StartTile,
    Take,
)
from rules.cities.hood import Grid

from .items import Valuer
from .plan import Judge, Step, lay_features, lay_pieces, positions_of, tile_places, worth
from .seen import Seen, View, read
from .value import Scorer, with_tile

CARD = 1.0  # a little for a scoring card: it may count more later
FACE_DOWN = 0.5  # a little for the surprise

TakeRule = Callable[[Seen, Sequence[Take]], Take]


class BasicPlayer(HeuristicPlayer):
    name = "basic"

    def move(self, view: View, legal: Sequence[Action]) -> Action:
        return basic_move(view, legal)


def basic_move(view: View, legal: Sequence[Action]) -> Action:
    seen = read(view)
    return move(seen, legal, Scorer.of(seen, seen.me), basic_take)


def basic_take(seen: Seen, legal: Sequence[Take]) -> Take:
    valuer = Valuer(seen, seen.me, Scorer.of(seen, seen.me))
    return max(legal, key=lambda a: greedy(valuer, a.item))


def greedy(valuer: Valuer, item: str) -> float:
    """The basic worth of an item: its score right away, a little more for a card or a
    face-down item."""
    value = valuer.value(item)
    if item[0] == "A":
        value += CARD
    if hidden(valuer.seen, item):
        value += FACE_DOWN
    return value


def hidden(seen: Seen, item: str) -> bool:
    row, i = item[0], int(item[1]) - 1
    if row in "AB":
        return seen.rows[row][i] is None
    return row == "C" and None in seen.rows["C"][i]


def move(seen: Seen, legal: Sequence[Action], judge: Judge, take: TakeRule) -> Action:
    if not legal:
        raise ValueError("no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    if isinstance(first, Take):
        return take(seen, [a for a in legal if isinstance(a, Take)])
    if isinstance(first, StartTile):
        return start_tile(seen, legal, judge)
    if isinstance(first, PlaceTile):
        return place_tile(seen, legal, judge)
    g = seen.grid(seen.me)
    if isinstance(first, PlaceFeature | DiscardFeature):
        pending = [(ft, seen.kind(ft)) for ft in seen.view["pending"]["features"]]
        _, steps = lay_features(judge, g, pending)
        return _step(seen, legal, steps[0], feature=True)
    _, steps = lay_pieces(judge, g, seen.view["pending"]["pieces"])
    return _step(seen, legal, steps[0], feature=False)


def _step(seen: Seen, legal: Sequence[Action], step: Step, feature: bool) -> Action:
    wanted: Action
    if feature:
        wanted = (DiscardFeature(feature=step.what) if step.cell is None else
                  PlaceFeature(feature=step.what, space=seen.frame.label(step.cell)))
    else:
        wanted = (DiscardPiece(colour=step.what) if step.cell is None else
                  PlacePiece(colour=step.what, space=seen.frame.label(step.cell)))
    return wanted if wanted in legal else legal[0]


def start_tile(seen: Seen, legal: Sequence[Action], judge: Judge) -> Action:
    empty = Grid({}, {}, {}, [])

    def after(a: Action) -> float:
        assert isinstance(a, StartTile)
        return worth(judge, with_tile(empty, 0, 0, seen.parts.spaces(a.tile), a.rot))

    return max(legal, key=after)


def place_tile(seen: Seen, legal: Sequence[Action], judge: Judge) -> Action:
    tile = seen.view["pending"]["tile"]
    positions = positions_of([(p.x, p.y) for p in seen.hoods[seen.me].tiles], seen.long)
    _, (x, y), rot = tile_places(judge, seen.grid(seen.me), positions,
                                 seen.parts.spaces(tile))[0]
    wanted = PlaceTile(x=x, y=y, rot=rot)
    return wanted if wanted in legal else legal[0]
