"""The game state and options: frozen pydantic models, JSON round-trippable. `apply` never
changes a state; it derives the next one with the kernel's `replaced` (rules/kernel/tx.py: a
model_copy(update=...) without its copies), sharing whatever did not change, so nothing here may
be changed in place. Seats are indexes inside; names only at the boundary (`seats`).

Spaces are named by their labels (docs/rules/cities.md §2.5), the same all game.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from . import data
from .geometry import Frame, frame, tile_spaces
from .hood import Grid

Phase = Literal["start_tile", "take", "place_tile", "place_features", "place_pieces", "over"]
Rotation = Literal[0, 90, 180, 270]
RANDOM = "random"


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Options(Frozen):
    """`component_set` names the components played with: `open-1`, the project's original
    open set following the published counts (docs/rules/cities.md §10), is the default; it is
    not Devir's printed contents. `board`: an achievement board of that set, or one drawn at
    random. `long`: the long 2-player game (7 rounds, a 3×5 neighbourhood, R10)."""

    component_set: str = data.DEFAULT
    board: str = RANDOM
    long: bool = False

    @field_validator("component_set")
    @classmethod
    def _known_set(cls, name: str) -> str:
        if name not in data.known():
            raise ValueError(f"no component set {name!r}; known: {', '.join(data.known())}")
        return name

    @field_validator("board")
    @classmethod
    def _known_board(cls, board: str, info: ValidationInfo) -> str:
        name = info.data.get("component_set")
        if board == RANDOM or name is None:
            return board
        boards = data.component_set(name).boards
        if board not in boards:
            raise ValueError(f"{name} has no board {board!r}; "
                             f"choose {RANDOM} or one of {', '.join(boards)}")
        return board


class Placed(Frozen):
    tile: str
    x: int
    y: int
    rot: Rotation


class Hood(Frozen):
    """A player's neighbourhood and scoring cards."""

    tiles: tuple[Placed, ...] = ()
    features: dict[str, str] = Field(default_factory=dict)  # space label -> feature tile id
    pieces: dict[str, str] = Field(default_factory=dict)  # space label -> pieces, bottom first
    cards: tuple[str, ...] = ()


class Rows(Frozen):
    """The central board this round (docs/rules/cities.md §3): what is left on each item, and
    who took what."""

    cards: tuple[str | None, ...] = ()  # A1-A4; None once taken (or never dealt, R25)
    tiles: tuple[str | None, ...] = ()  # B1-B4
    features: tuple[tuple[str, ...], ...] = ()  # C1-C4 groups; () once taken
    pieces: tuple[str, ...] = ()  # D1-D3 groups of colours; "" once taken (D4 holds none)
    workers: dict[str, int] = Field(default_factory=dict)  # item -> the seat that took it


class Leftovers(Frozen):
    cards: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    pieces: str = ""


class GameState(Frozen):
    seats: tuple[str, ...]
    options: Options
    board: str  # the achievement board in play
    rng: int
    phase: Phase
    round: int = 0
    turn: int = 0  # turns played this round
    start: int  # the start player, who holds the star
    star_on_board: bool = False  # after the start player's first turn of the round (R5)
    active: int
    drafters: tuple[int, ...] = ()  # who still chooses a start tile, in order (R6)
    hoods: tuple[Hood, ...]
    rows: Rows = Rows()
    card_deck: tuple[str, ...]  # order hidden from everyone
    tile_stack: tuple[str, ...]
    feature_stack: tuple[str, ...]
    bag: dict[str, int]  # pieces of each colour left; which comes out next is the generator's
    tile: str | None = None  # the city tile the active player must lay
    features: tuple[str, ...] = ()  # the feature tiles the active player still lays or drops
    pieces: str = ""  # the pieces the active player still lays or drops
    claims: dict[str, tuple[int, ...]] = Field(default_factory=dict)  # objective -> claimants
    discarded: Leftovers = Leftovers()  # feature tiles and pieces players threw away
    removed: Leftovers = Leftovers()  # 3 players: face-up leftovers of the rounds (R20)
    unseen: Leftovers = Leftovers()  # 3 players: face-down leftovers, removed unrevealed

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat_of(self, name: str | None) -> int | None:
        return self.seats.index(name) if name in self.seats else None

    @property
    def components(self) -> data.ComponentSet:
        return data.component_set(self.options.component_set)

    @property
    def frame(self) -> Frame:
        return frame(self.options.long)

    def goals(self) -> tuple[data.Goal, ...]:
        return self.components.boards[self.board].objectives


def grid(s: GameState, seat: int) -> Grid:
    """Seat's neighbourhood as the rules read it."""
    return grid_of(s.hoods[seat], s.components, s.frame)


def grid_of(hood: Hood, components: data.ComponentSet, where: Frame) -> Grid:
    codes: dict[tuple[int, int], str] = {}
    tiles = []
    for placed in hood.tiles:
        spaces = tile_spaces(placed.x, placed.y, components.spaces(placed.tile), placed.rot)
        codes.update(spaces)
        tiles.append(tuple(cell for cell, _ in spaces))
    cells = where.cells
    return Grid(codes, {cells[label]: components.features[ft]
                        for label, ft in hood.features.items()},
                {cells[label]: stack for label, stack in hood.pieces.items()}, tiles)
