"""City improvements (§1.9) and metropolises (§1.10)."""

from __future__ import annotations

from rules.kernel.tx import replaced

from . import placement
from .board import node_id
from .state import RULES, TRACKS, GameState
from .tx import Tx

MAX_LEVEL = int(RULES["max_level"])
METROPOLIS_LEVEL = int(RULES["metropolis_level"])


def cost(s: GameState, seat: int, track: str, discount: int = 0) -> dict[str, int]:
    """Level k costs k of the track's commodity; the Crane takes one off."""
    n = s.players[seat].improvements[track] + 1 - discount
    return {TRACKS[track]: n} if n > 0 else {}


def holder(s: GameState, track: str) -> int | None:
    node = s.metropolis[track]
    return None if node is None else s.buildings[node].owner


def metropolis_moves(s: GameState, seat: int, track: str) -> bool:
    """Whether buying the next level puts the metropolis on one of seat's cities."""
    level = s.players[seat].improvements[track] + 1
    owner = holder(s, track)
    if level < METROPOLIS_LEVEL or owner == seat:
        return False
    if owner is None:
        return True
    return level == MAX_LEVEL and s.players[owner].improvements[track] < MAX_LEVEL


def targets(s: GameState, seat: int, track: str, discount: int = 0
            ) -> list[int | None] | None:
    """The cities the level's metropolis could go on ([None]: none comes with it); None if the
    level cannot be bought now (max level, no city, no free city for L4/L5, or not affordable)."""
    level = s.players[seat].improvements[track] + 1
    if level > MAX_LEVEL or not placement.cities(s, seat):
        return None
    free = placement.cities(s, seat, metropolis=False)
    if level >= METROPOLIS_LEVEL and holder(s, track) != seat and not free:
        return None  # §1.10 precondition, even when the metropolis could not move
    if not placement.can_pay(s, seat, cost(s, seat, track, discount)):
        return None
    if metropolis_moves(s, seat, track):
        return list(free)
    return [None]


def buy(tx: Tx, seat: int, track: str, node: int | None, discount: int = 0) -> None:
    """Buy the next level (the caller checked `targets`); place or take the metropolis."""
    s = tx.s
    moves = metropolis_moves(s, seat, track)
    tx.pay(seat, cost(s, seat, track, discount))
    player = tx.player(seat)
    # A new dict: apply's player copies share it with the input state (tx.py).
    player.improvements = {**player.improvements, track: player.improvements[track] + 1}
    tx.emit("improvement_bought", seat, track=track, level=player.improvements[track])
    if not moves:
        return
    assert node is not None
    old = s.metropolis[track]
    if old is not None:
        tx.buildings()[old] = replaced(s.buildings[old], metropolis=None)
    tx.buildings()[node] = replaced(s.buildings[node], metropolis=track)
    tx.metropolis()[track] = node
    tx.emit("metropolis_placed", seat, track=track, node=node_id(node),
            taken_from=None if old is None else tx.name(s.buildings[old].owner))
