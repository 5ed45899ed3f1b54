"""One neighbourhood as the rules read it (docs/rules/cities.md §2.6): every space's printed
code, the feature tile on it and the pieces built on it, with what cards and objectives ask of
them: buildings, adjacency, zones, lines and tiles. Built from the state, never stored."""

from __future__ import annotations

from functools import cached_property

from .components import FeatureKind
from .geometry import COLOURS, Cell, neighbours

MAX_HEIGHT = 4  # docs/rules/cities.md §6.3
SPACE_OF = {"P": "park", "W": "water"}  # a terrain code and the features that lie on it


class Grid:
    def __init__(self, codes: dict[Cell, str], features: dict[Cell, FeatureKind],
                 stacks: dict[Cell, str], tiles: list[tuple[Cell, ...]]) -> None:
        self.codes = codes  # printed: R B G Y building, P park, W water
        self.features = features  # the kind of the feature tile lying on a space
        self.stacks = stacks  # pieces bottom first: "RR" is a red building of height 2
        self.tiles = tiles  # each laid tile's four spaces

    # -- buildings ------------------------------------------------------------------------

    @cached_property
    def buildings(self) -> dict[Cell, tuple[str, int]]:
        """Every building: its colour and height (a built wild space has its pieces' colour)."""
        return {cell: (stack[0], len(stack)) for cell, stack in self.stacks.items() if stack}

    def building_space(self, cell: Cell) -> bool:
        return self.codes.get(cell, "") in COLOURS

    def touches(self, cell: Cell, code: str) -> bool:
        """Whether a space next to `cell` is printed `code` (features leave terrain as it is)."""
        return any(self.codes.get(n) == code for n in neighbours(cell))

    def built_neighbours(self, cell: Cell) -> list[Cell]:
        return [n for n in neighbours(cell) if n in self.buildings]

    @cached_property
    def pairs(self) -> list[tuple[Cell, Cell]]:
        """Each unordered pair of adjacent buildings once (looking east and south only)."""
        built = self.buildings
        return [(cell, other) for cell in built
                for other in ((cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)) if other in built]

    @cached_property
    def monuments(self) -> list[Cell]:
        return [cell for cell, kind in self.features.items() if kind.monument]

    # -- zones and lines ------------------------------------------------------------------

    def zones(self, terrain: str) -> list[list[Cell]]:
        """The zones of one terrain: largest orthogonally connected groups of it
        (docs/rules/cities.md §2.6)."""
        return self._zones[terrain]

    @cached_property
    def _zones(self) -> dict[str, list[list[Cell]]]:
        out: dict[str, list[list[Cell]]] = {code: [] for code in SPACE_OF}
        seen: set[Cell] = set()
        for cell, code in sorted(self.codes.items()):
            if code not in SPACE_OF or cell in seen:
                continue
            zone, todo = [], [cell]
            seen.add(cell)
            while todo:
                here = todo.pop()
                zone.append(here)
                for n in neighbours(here):
                    if n not in seen and self.codes.get(n) == code:
                        seen.add(n)
                        todo.append(n)
            out[code].append(sorted(zone))
        return out

    def zone_kinds(self, zone: list[Cell]) -> set[str]:
        return {self.features[cell].id for cell in zone if cell in self.features}

    def zone_features(self, zone: list[Cell]) -> int:
        return sum(cell in self.features for cell in zone)

    @cached_property
    def lines(self) -> list[list[Cell]]:
        """Every row and every column of spaces (docs/rules/cities.md §2.6), each in order
        along it."""
        rows: dict[int, list[Cell]] = {}
        cols: dict[int, list[Cell]] = {}
        for cell in sorted(self.codes, key=lambda c: (c[1], c[0])):
            rows.setdefault(cell[1], []).append(cell)
        for cell in sorted(self.codes):
            cols.setdefault(cell[0], []).append(cell)
        return [*rows.values(), *cols.values()]
