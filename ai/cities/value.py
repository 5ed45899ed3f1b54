"""What a neighbourhood is worth to a seat, as it would stand after a placement: its
provisional score (docs/rules/cities.md §8, with the objectives it would meet taken at their
next free value, §7), counted by the engine's own templates on the engine's `Grid`, and, for the
expert, what it promises for the rest of the game.

A score splits in two: what depends on the terrain and the feature tiles only (areas,
monuments, zone and line-of-terrain cards and objectives) and the rest, which pieces change;
laying pieces, the first part is counted once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cities.components import FeatureKind
from rules.cities.data import ComponentSet, Goal
from rules.cities.geometry import COLOURS, Cell, tile_spaces
from rules.cities.hood import MAX_HEIGHT, SPACE_OF, Grid
from rules.cities.objectives import AtLeast, KindsTotal, Objective, StraightBuildingSpaces
from rules.cities.templates import LargestZone, LineTerrain, Template, Zone

from .seen import Seen

TERRAIN_TEMPLATES = (Zone, LargestZone, LineTerrain)  # blind to pieces
TERRAIN_OBJECTIVES = (KindsTotal, StraightBuildingSpaces)


def terrain_only(rule: Template | Objective) -> bool:
    """Whether pieces never change what the rule counts (an unknown template: they may)."""
    if isinstance(rule, AtLeast):
        return terrain_only(rule.of)
    return isinstance(rule, TERRAIN_TEMPLATES + TERRAIN_OBJECTIVES)


# -- grids after a placement ----------------------------------------------------------------

def with_piece(g: Grid, cell: Cell, colour: str) -> Grid:
    return Grid(g.codes, g.features, {**g.stacks, cell: g.stacks.get(cell, "") + colour},
                g.tiles)


def with_feature(g: Grid, cell: Cell, kind: FeatureKind) -> Grid:
    return Grid(g.codes, {**g.features, cell: kind}, g.stacks, g.tiles)


def with_tile(g: Grid, x: int, y: int, spaces: str, rot: int) -> Grid:
    laid = tile_spaces(x, y, spaces, rot)
    return Grid({**g.codes, **dict(laid)}, g.features, g.stacks,
                [*g.tiles, tuple(cell for cell, _ in laid)])


# -- the provisional score --------------------------------------------------------------------

Rule = tuple[float, Template | Objective]  # what a card pays each time, or a goal's value


@dataclass
class Scorer:
    """A seat's provisional score on any grid: its rings, the open objectives the grid meets
    (at their next free value), areas, monuments and its scoring cards."""

    parts: ComponentSet
    rings: int
    goals: list[tuple[Goal, int]]  # (objective, the value it would bring)
    cards: list[tuple[int, Template]]  # (points, what the card counts)

    def __post_init__(self) -> None:
        rules: list[Rule] = [(value, goal.rule) for goal, value in self.goals]
        rules += [(points, rule) for points, rule in self.cards]
        self._terrain = [r for r in rules if terrain_only(r[1])]
        self._built = [r for r in rules if not terrain_only(r[1])]

    @classmethod
    def of(cls, seen: Seen, seat: int) -> Scorer:
        parts = seen.parts
        return cls(parts, seen.rings(seat), seen.open_goals(seat),
                   [(parts.cards[c].points, parts.cards[c].rule) for c in seen.hoods[seat].cards])

    def terrain(self, g: Grid) -> float:
        """The part pieces cannot change: areas, monuments, terrain cards and objectives."""
        total = float(sum(kind.points for kind in g.features.values()))
        for code in SPACE_OF:
            total += sum(self.parts.area(len(g.zone_kinds(zone))) for zone in g.zones(code))
        return total + _rules(self._terrain, g)

    def built(self, g: Grid) -> float:
        return _rules(self._built, g)

    def points(self, g: Grid) -> float:
        return self.rings + self.terrain(g) + self.built(g)

    def card(self, g: Grid, card: str) -> float:
        found = self.parts.cards[card]
        return float(found.points * found.rule.count(g))


def _rules(rules: list[Rule], g: Grid) -> float:
    """What cards (points × count) and objectives (value if met) bring on the grid."""
    total = 0.0
    for points, rule in rules:
        if isinstance(rule, Template):
            total += points * rule.count(g)
        elif rule.met(g):
            total += points
    return total


# -- what the rest of the game may add (the expert's) -------------------------------------------

def grown(g: Grid) -> Grid:
    """The grid with one more piece on every space that takes one: an empty building space
    gets a piece of its printed colour, a building one more storey."""
    stacks = dict(g.stacks)
    for cell, code in g.codes.items():
        if code not in COLOURS:
            continue
        kind = g.features.get(cell)
        if kind is not None and kind.monument:
            continue
        stack = stacks.get(cell, "")
        if len(stack) < MAX_HEIGHT:
            stacks[cell] = stack + (stack[:1] or code)
    return Grid(g.codes, g.features, stacks, g.tiles)


def open_spaces(g: Grid) -> int:
    """Storeys still free: how many pieces the neighbourhood could take."""
    total = 0
    for cell, code in g.codes.items():
        kind = g.features.get(cell)
        if code in COLOURS and not (kind is not None and kind.monument):
            total += MAX_HEIGHT - len(g.stacks.get(cell, ""))
    return total


def zone_room(parts: ComponentSet, g: Grid, features: float) -> float:
    """What `features` more park and water feature tiles may add to the areas: each goes to
    the zone where a new kind pays most (a zone with a free space)."""
    gains: list[float] = []
    for code in SPACE_OF:
        for zone in g.zones(code):
            kinds = len(g.zone_kinds(zone))
            free = sum(1 for cell in zone if cell not in g.features)
            gains += [parts.area(kinds + k + 1) - parts.area(kinds + k) for k in range(free)]
    gains.sort(reverse=True)
    whole = int(features)
    total = float(sum(gains[:whole]))
    if whole < len(gains):
        total += (features - whole) * gains[whole]
    return total
