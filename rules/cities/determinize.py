"""A world a seat cannot tell from the real one (docs/rules/cities.md §9): nobody knows the
face-down items on the board, the stacks' order, the face-down leftovers removed unseen or what
the bag gives next, so these are drawn anew, each kind from its own unseen pool; the same for
every seat, as nothing is private."""

from __future__ import annotations

import random

from rules.kernel.tx import replaced

from .state import GameState, Leftovers, Rows

KINDS = ("cards", "tiles", "features")


def determinize(s: GameState, seat: str | None, rng: random.Random) -> GameState:
    """The same world for every `seat`: nothing is private."""
    down = face_down(s.rows)
    stacks = {"cards": s.card_deck, "tiles": s.tile_stack, "features": s.feature_stack}
    board: dict[str, tuple[str, ...]] = {}
    unseen: dict[str, tuple[str, ...]] = {}
    for kind in KINDS:
        removed: tuple[str, ...] = getattr(s.unseen, kind)
        pool = [*down[kind], *removed, *stacks[kind]]
        rng.shuffle(pool)
        cut = len(down[kind]) + len(removed)
        board[kind], unseen[kind], stacks[kind] = (
            tuple(pool[:len(down[kind])]), tuple(pool[len(down[kind]):cut]), tuple(pool[cut:]))
    return replaced(
        s, rows=_turned_down(s.rows, board), unseen=Leftovers(**unseen, pieces=s.unseen.pieces),
        card_deck=stacks["cards"], tile_stack=stacks["tiles"], feature_stack=stacks["features"],
        rng=rng.getrandbits(64))  # what the bag gives next


def face_down(rows: Rows) -> dict[str, tuple[str, ...]]:
    """What lies face down on the board now: A4, B4 and C4's second tile, while there."""
    c4 = rows.features[3] if len(rows.features) > 3 else ()
    return {"cards": _last(rows.cards), "tiles": _last(rows.tiles), "features": c4[1:2]}


def _last(items: tuple[str | None, ...]) -> tuple[str, ...]:
    last = items[3] if len(items) > 3 else None
    return () if last is None else (last,)


def _turned_down(rows: Rows, board: dict[str, tuple[str, ...]]) -> Rows:
    update: dict[str, object] = {}
    if board["cards"]:
        update["cards"] = (*rows.cards[:3], *board["cards"])
    if board["tiles"]:
        update["tiles"] = (*rows.tiles[:3], *board["tiles"])
    if board["features"]:
        c4 = rows.features[3]
        update["features"] = (*rows.features[:3], (c4[0], *board["features"], *c4[2:]))
    return replaced(rows, **update) if update else rows
