"""Board changes shared by actions, decisions and progress cards."""

from __future__ import annotations

from . import scoring
from .board import node_id
from .state import Building
from .tx import Tx


def recount_roads(tx: Tx) -> None:
    """Longest Road after any change to roads, buildings or knights (§8)."""
    old, new = scoring.award_longest_road(tx.s)
    if old != new:
        tx.emit("longest_road", new, taken_from=None if old is None else tx.name(old))


def upgrade(tx: Tx, seat: int, node: int, paid: dict[str, int]) -> None:
    """A settlement (or a city on its side) becomes a standing city."""
    tx.buildings()[node] = Building(owner=seat, city=True)
    tx.emit("built", seat, piece="city", node=node_id(node), paid=paid)
