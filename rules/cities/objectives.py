"""The objective vocabulary of the achievement boards (docs/rules/cities.md §10.5): true or
false on a neighbourhood as it stands. `at_least` wraps any card template ("3 buildings of
height 3 or more"); five more are objectives only. Each is a pydantic model of its parameters,
checked when a component set loads."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from .components import Terrain
from .geometry import COLOURS, Cell, neighbours
from .hood import SPACE_OF, Grid
from .phrases import Phrase
from .templates import Template


class Objective(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: ClassVar[str]

    def met(self, grid: Grid) -> bool:
        raise NotImplementedError

    def phrase(self) -> Phrase:
        """What it asks, as a phrase ("3 × building of height 3 or more")."""
        return (f"objective.{self.name}", {})


class AtLeast(Objective):
    """Card template `of` counts at least `n` occurrences. `of` arrives as {"template",
    "params"} and is compiled by data.py, which knows where in the file it stands."""

    name = "at_least"
    n: int = Field(ge=1)
    of: Template

    def phrase(self) -> Phrase:
        return ("objective.at_least", {"n": self.n, "what": self.of.phrase()})

    def met(self, grid: Grid) -> bool:
        return self.of.count(grid) >= self.n


class KindsTotal(Objective):
    """At least `k` kinds of feature of a terrain anywhere in the neighbourhood."""

    name = "kinds_total"
    terrain: Terrain
    k: int = Field(ge=1)

    def phrase(self) -> Phrase:
        return (f"objective.kinds_total.{self.terrain}", {"k": self.k})

    def met(self, grid: Grid) -> bool:
        space = SPACE_OF[self.terrain]
        return len({kind.id for kind in grid.features.values() if kind.space == space}) >= self.k


class EachColourAdj(Objective):
    """A building of every colour next to the terrain."""

    name = "each_colour_adj"
    terrain: Terrain

    def phrase(self) -> Phrase:
        return (f"objective.each_colour_adj.{self.terrain}", {})

    def met(self, grid: Grid) -> bool:
        found = {colour for cell, (colour, _) in grid.buildings.items()
                 if grid.touches(cell, self.terrain)}
        return found >= set(COLOURS)


class StraightBuildingSpaces(Objective):
    """`n` building spaces one after the other along a line, built or not, covered or not."""

    name = "straight_bspaces"
    n: int = Field(ge=2)

    def phrase(self) -> Phrase:
        return ("objective.straight_bspaces", {"n": self.n})

    def met(self, grid: Grid) -> bool:
        for line in grid.lines:
            run, last = 0, None
            for cell in line:
                joined = last is not None and abs(cell[0] - last[0]) + abs(cell[1] - last[1]) == 1
                run = (run + 1 if joined else 1) if grid.building_space(cell) else 0
                last = cell
                if run >= self.n:
                    return True
        return False


class ColourGroup(Objective):
    """`n` connected building spaces of one colour: a built space has its pieces' colour, a
    space under a feature tile without pieces any colour (R17), any other its printed one."""

    name = "colour_group"
    n: int = Field(ge=2)

    def phrase(self) -> Phrase:
        return ("objective.colour_group", {"n": self.n})

    def met(self, grid: Grid) -> bool:
        return any(self._largest(grid, colour) >= self.n for colour in COLOURS)

    @staticmethod
    def _largest(grid: Grid, colour: str) -> int:
        def fits(cell: Cell) -> bool:
            if not grid.building_space(cell):
                return False
            if cell in grid.buildings:
                return grid.buildings[cell][0] == colour
            return cell in grid.features or grid.codes[cell] == colour

        members = {cell for cell in grid.codes if fits(cell)}
        best = 0
        while members:
            todo = [members.pop()]
            size = 0
            while todo:
                here = todo.pop()
                size += 1
                for n in neighbours(here):
                    if n in members:
                        members.remove(n)
                        todo.append(n)
            best = max(best, size)
        return best


class Square(Objective):
    """Four buildings in a 2×2 block, across tile borders too."""

    name = "square"

    def met(self, grid: Grid) -> bool:
        built = grid.buildings
        return any((x + 1, y) in built and (x, y + 1) in built and (x + 1, y + 1) in built
                   for x, y in built)


OBJECTIVES: dict[str, type[Objective]] = {o.name: o for o in (
    AtLeast, KindsTotal, EachColourAdj, StraightBuildingSpaces, ColourGroup, Square)}
