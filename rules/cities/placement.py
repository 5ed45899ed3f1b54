"""Where a player may lay what they took (docs/rules/cities.md §6): city tiles, feature tiles
and building pieces."""

from __future__ import annotations

from .components import FeatureKind
from .geometry import COLOURS, Cell, open_positions
from .hood import MAX_HEIGHT, SPACE_OF, Grid
from .state import GameState, Hood

TERRAIN_OF = {space: code for code, space in SPACE_OF.items()}  # "park" -> "P"


def tile_positions(hood: Hood, long: bool) -> list[Cell]:
    """Empty positions sharing a whole edge with a laid tile within the size limit
    (docs/rules/cities.md §6.1); a tile fits there in every rotation, and there is always one
    (R7)."""
    return open_positions([(p.x, p.y) for p in hood.tiles], long)


def free_start_tiles(s: GameState) -> list[str]:
    taken = {hood.tiles[0].tile for hood in s.hoods if hood.tiles}
    return [tile for tile in s.components.start_tiles if tile not in taken]


def feature_fits(grid: Grid, kind: FeatureKind, cell: Cell) -> bool:
    """One feature per space; park and water features on their terrain, grey ones (monuments,
    the wild tile) on a building space without pieces (docs/rules/cities.md §6.2, R12, R13)."""
    code = grid.codes.get(cell)
    if code is None or cell in grid.features:
        return False
    if kind.space == "building":
        return code in COLOURS and cell not in grid.stacks
    return code == TERRAIN_OF[kind.space]


def piece_fits(grid: Grid, colour: str, cell: Cell) -> bool:
    """A piece starts a building on an empty space of its colour or a wild space, or goes on a
    building of its colour under 4 high; never on park, water or a monument
    (docs/rules/cities.md §6.3, R15)."""
    code = grid.codes.get(cell)
    if code is None or code not in COLOURS:
        return False
    kind = grid.features.get(cell)
    if kind is not None and kind.monument:
        return False
    stack = grid.stacks.get(cell)
    if stack:
        return stack[0] == colour and len(stack) < MAX_HEIGHT
    return code == colour or (kind is not None and kind.wild)


def feature_spaces(grid: Grid, kind: FeatureKind) -> list[Cell]:
    return [cell for cell in _reading(grid) if feature_fits(grid, kind, cell)]


def piece_spaces(grid: Grid, colour: str) -> list[Cell]:
    return [cell for cell in _reading(grid) if piece_fits(grid, colour, cell)]


def _reading(grid: Grid) -> list[Cell]:
    return sorted(grid.codes, key=lambda c: (c[1], c[0]))
