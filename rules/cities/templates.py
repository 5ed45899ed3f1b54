"""The scoring-card vocabulary (docs/rules/cities.md §10.5): each template is a pydantic model
of its parameters (so a data file's parameters are checked at load) that counts its occurrences
in a neighbourhood. A card scores its points times `count` (R22: every occurrence counts, and one
space may count for several cards)."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from .components import Colour, Terrain
from .geometry import COLOURS
from .hood import MAX_HEIGHT, Grid
from .phrases import NOTHING, Phrase, height, size

Height = Annotated[int, Field(ge=1, le=MAX_HEIGHT)]


class Template(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: ClassVar[str]

    def count(self, grid: Grid) -> int:
        raise NotImplementedError

    def phrase(self) -> Phrase:
        """One occurrence, as a phrase ("red building of height 2 or more next to water")."""
        return (f"rule.{self.name}", {})


class Building(Template):
    """Buildings of a colour (any if unset) and height range, next to each terrain in `adj`."""

    name = "building"
    colour: Colour | None = None
    hmin: Height = 1
    hmax: Height = MAX_HEIGHT
    adj: tuple[Terrain, ...] = ()

    def phrase(self) -> Phrase:
        adj = "".join(sorted(self.adj))
        return ("rule.building", {
            "colour": (f"rule.colour.{self.colour}", {}) if self.colour else NOTHING,
            "height": height(self.hmin, self.hmax),
            "adj": (f"rule.adj.{adj}", {}) if adj else NOTHING})

    def count(self, grid: Grid) -> int:
        return sum(1 for cell, (colour, height) in grid.buildings.items()
                   if self.colour in (None, colour) and self.hmin <= height <= self.hmax
                   and all(grid.touches(cell, code) for code in self.adj))



class Isolated(Template):
    """Buildings no higher than `hmax` with no building next to them."""

    name = "isolated"
    hmax: Height

    def phrase(self) -> Phrase:
        return ("rule.isolated", {"hmax": self.hmax})

    def count(self, grid: Grid) -> int:
        return sum(1 for cell, (_, height) in grid.buildings.items()
                   if height <= self.hmax and not grid.built_neighbours(cell))


class Twin(Template):
    """Buildings at least `hmin` high next to a building of the same height."""

    name = "twin"
    hmin: Height

    def phrase(self) -> Phrase:
        return ("rule.twin", {"hmin": self.hmin})

    def count(self, grid: Grid) -> int:
        built = grid.buildings
        return sum(1 for cell, (_, height) in built.items() if height >= self.hmin
                   and any(built[n][1] == height for n in grid.built_neighbours(cell)))


class Pair(Template):
    """Unordered pairs of adjacent buildings of the same, or of different, colours."""

    name = "pair"
    rel: Literal["same_colour", "diff_colour"]

    def phrase(self) -> Phrase:
        return (f"rule.pair.{self.rel}", {})

    def count(self, grid: Grid) -> int:
        built, same = grid.buildings, self.rel == "same_colour"
        return sum(1 for a, b in grid.pairs if (built[a][0] == built[b][0]) == same)


class PairDiff(Template):
    """Unordered pairs of adjacent buildings whose heights differ by exactly `d`."""

    name = "pair_diff"
    d: int = Field(ge=0, le=MAX_HEIGHT - 1)

    def phrase(self) -> Phrase:
        return ("rule.pair_diff", {"d": self.d})

    def count(self, grid: Grid) -> int:
        built = grid.buildings
        return sum(1 for a, b in grid.pairs if abs(built[a][1] - built[b][1]) == self.d)


class Zone(Template):
    """Zones of a terrain within a size range holding enough features of enough kinds."""

    name = "zone"
    terrain: Terrain
    smin: int = Field(default=1, ge=1)
    smax: int | None = Field(default=None, ge=1)  # None: no upper bound
    fmin: int = Field(default=0, ge=0)
    kmin: int = Field(default=0, ge=0)

    def phrase(self) -> Phrase:
        more: Phrase = (("rule.with_kinds", {"k": self.kmin}) if self.kmin else
                ("rule.with_features", {"n": self.fmin}) if self.fmin else NOTHING)
        return (f"rule.zone.{self.terrain}", {"size": size(self.smin, self.smax),
                                              "more": more})

    def count(self, grid: Grid) -> int:
        return sum(1 for zone in grid.zones(self.terrain)
                   if self.smin <= len(zone) <= (self.smax or len(zone))
                   and grid.zone_features(zone) >= self.fmin
                   and len(grid.zone_kinds(zone)) >= self.kmin)


class LargestZone(Template):
    """The spaces of the largest zone of a terrain (0 without one)."""

    name = "largest_zone"
    terrain: Terrain

    def phrase(self) -> Phrase:
        return (f"rule.largest_zone.{self.terrain}", {})

    def count(self, grid: Grid) -> int:
        return max((len(zone) for zone in grid.zones(self.terrain)), default=0)


class LineColours(Template):
    """Lines holding buildings of at least `k` colours."""

    name = "line_colours"
    k: int = Field(ge=1, le=len(COLOURS))

    def phrase(self) -> Phrase:
        return ("rule.line_colours", {"k": self.k})

    def count(self, grid: Grid) -> int:
        built = grid.buildings
        return sum(1 for line in grid.lines
                   if len({built[c][0] for c in line if c in built}) >= self.k)


class LineBuildings(Template):
    """Lines holding at least `k` buildings at least `hmin` high."""

    name = "line_buildings"
    k: int = Field(ge=1)
    hmin: Height = 1

    def phrase(self) -> Phrase:
        return ("rule.line_buildings", {
            "k": self.k, "height": height(self.hmin, MAX_HEIGHT) if self.hmin > 1 else NOTHING})

    def count(self, grid: Grid) -> int:
        built = grid.buildings
        return sum(1 for line in grid.lines
                   if sum(c in built and built[c][1] >= self.hmin for c in line) >= self.k)


class LineTerrain(Template):
    """Lines holding at least `k` spaces of a terrain."""

    name = "line_terrain"
    terrain: Terrain
    k: int = Field(ge=1)

    def phrase(self) -> Phrase:
        return (f"rule.line_terrain.{self.terrain}", {"k": self.k})

    def count(self, grid: Grid) -> int:
        return sum(1 for line in grid.lines
                   if sum(grid.codes[c] == self.terrain for c in line) >= self.k)


class Tile(Template):
    """`full`: tiles whose building spaces (at least 2) all hold buildings; `mixed`: tiles
    holding a building, a park feature and a water feature."""

    name = "tile"
    cond: Literal["full", "mixed"]

    def phrase(self) -> Phrase:
        return (f"rule.tile.{self.cond}", {})

    def count(self, grid: Grid) -> int:
        test = self._full if self.cond == "full" else self._mixed
        return sum(1 for spaces in grid.tiles if test(grid, spaces))

    @staticmethod
    def _full(grid: Grid, spaces: tuple[tuple[int, int], ...]) -> bool:
        lots = [c for c in spaces if grid.building_space(c)]
        return len(lots) >= 2 and all(c in grid.buildings for c in lots)

    @staticmethod
    def _mixed(grid: Grid, spaces: tuple[tuple[int, int], ...]) -> bool:
        laid = {grid.features[c].space for c in spaces if c in grid.features}
        return any(c in grid.buildings for c in spaces) and {"park", "water"} <= laid


class ColourSets(Template):
    """Sets of one building of each colour, no building in two sets: the rarest colour's count."""

    name = "colour_sets"

    def count(self, grid: Grid) -> int:
        colours = [colour for colour, _ in grid.buildings.values()]
        return min(colours.count(colour) for colour in COLOURS)


class Monument(Template):
    """Monuments next to at least `kmin` buildings."""

    name = "monument"
    kmin: int = Field(default=0, ge=0, le=4)

    def phrase(self) -> Phrase:
        return ("rule.monument.near", {"k": self.kmin}) if self.kmin else ("rule.monument", {})

    def count(self, grid: Grid) -> int:
        return sum(1 for cell in grid.monuments if len(grid.built_neighbours(cell)) >= self.kmin)


TEMPLATES: dict[str, type[Template]] = {t.name: t for t in (
    Building, Isolated, Twin, Pair, PairDiff, Zone, LargestZone, LineColours, LineBuildings,
    LineTerrain, Tile, ColourSets, Monument)}
