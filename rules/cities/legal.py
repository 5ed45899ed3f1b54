"""Who acts and what they may do (docs/rules/cities.md §5.2): every legal action is listed,
so the listing is also what `apply` checks against."""

from __future__ import annotations

from . import board, counts
from .actions import (
    Action,
    DiscardFeature,
    DiscardPiece,
    PlaceFeature,
    PlacePiece,
    PlaceTile,
    StartTile,
    Take,
)
from .geometry import ROTATIONS
from .placement import feature_spaces, free_start_tiles, piece_spaces, tile_positions
from .state import GameState, grid


def acting(s: GameState) -> int | None:
    """The one seat that decides now, None once the game is over."""
    if s.phase == "over":
        return None
    return s.drafters[0] if s.phase == "start_tile" else s.active


def may_take(s: GameState, seat: int, item: str) -> bool:
    """The item is there and the seat's workers in its row this round are under the quota
    (1, or 2 with 2 players)."""
    if not board.present(s.rows, item):
        return False
    mine = sum(1 for taken, who in s.rows.workers.items() if who == seat and taken[0] == item[0])
    return mine < counts.quota(s.players)


def legal_actions(s: GameState, name: str) -> list[Action]:
    """Every action the seat `name` may take now; [] if it does not decide now."""
    seat = s.seat_of(name)
    if seat is None or seat != acting(s):
        return []
    if s.phase == "start_tile":
        return [StartTile(tile=t, rot=r) for t in free_start_tiles(s) for r in ROTATIONS]
    if s.phase == "take":
        return [Take(item=item) for item in board.ITEMS if may_take(s, seat, item)]
    if s.phase == "place_tile":
        return [PlaceTile(x=x, y=y, rot=r)
                for x, y in tile_positions(s.hoods[seat], s.options.long) for r in ROTATIONS]
    if s.phase == "place_features":
        return _feature_actions(s, seat)
    return _piece_actions(s, seat)


def _feature_actions(s: GameState, seat: int) -> list[Action]:
    here, labels = grid(s, seat), s.frame.labels
    out: list[Action] = []
    for ft in dict.fromkeys(s.features):
        kind = s.components.features[ft]
        out += [PlaceFeature(feature=ft, space=labels[c]) for c in feature_spaces(here, kind)]
        out.append(DiscardFeature(feature=ft))
    return out


def _piece_actions(s: GameState, seat: int) -> list[Action]:
    here, labels = grid(s, seat), s.frame.labels
    out: list[Action] = []
    for colour in dict.fromkeys(s.pieces):
        out += [PlacePiece(colour=colour, space=labels[c]) for c in piece_spaces(here, colour)]
        out.append(DiscardPiece(colour=colour))
    return out
