"""What a seat may know (docs/rules/cities.md §9), JSON-ready. Nothing is secret to one seat
only, so every seat and a spectator see the same table; hidden from everyone are the face-down
items while they lie on the board (A4, B4, C4's second tile), the order of the stacks, which
piece the bag gives next and the face-down leftovers removed unseen (R20). Counts of all of
these are public, and so are the running scores (R24)."""

from __future__ import annotations

from typing import Any

from . import achievements, board, counts, scoring
from .legal import acting
from .placement import free_start_tiles
from .state import GameState, grid


def view(s: GameState, name: str | None) -> dict[str, Any]:
    parts = s.components
    seat = acting(s)
    return {
        "you": name if name in s.seats else None,
        "component_set": {"id": parts.id, "printed": parts.printed, "version": parts.version},
        "phase": s.phase,
        "round": s.round,
        "rounds": counts.rounds(s.players, s.options.long),
        "turn": s.turn,
        "turns": counts.turns(s.players),
        "long": s.options.long,
        "to_act": [] if seat is None else [s.seats[seat]],
        "start_player": s.seats[s.start],
        "star_on_board": s.star_on_board,
        "drafters": [s.seats[d] for d in s.drafters],
        "start_tiles": free_start_tiles(s) if s.phase == "start_tile" else [],
        "achievements": _achievements(s),
        "rows": {**board.public(s.rows),
                 "taken": {item: s.seats[who] for item, who in s.rows.workers.items()}},
        "stacks": {"cards": len(s.card_deck), "tiles": len(s.tile_stack),
                   "features": len(s.feature_stack)},
        "bag": dict(s.bag),
        "pending": {"tile": s.tile, "features": list(s.features), "pieces": s.pieces},
        "discarded": {"features": list(s.discarded.features), "pieces": s.discarded.pieces},
        "removed": s.removed.model_dump(mode="json"),
        "unseen": {"cards": len(s.unseen.cards), "tiles": len(s.unseen.tiles),
                   "features": len(s.unseen.features)},
        "players": [_player(s, i) for i in range(s.players)],
        "standings": scoring.standings(s),
    }


def _achievements(s: GameState) -> dict[str, Any]:
    free = achievements.free_values(s)
    return {"board": s.board, "objectives": [
        {"id": goal.id, "printed": list(goal.values),  # with 2 players the middle is covered
         "values": list(counts.values_in_play(goal.values, s.players)),
         "claimed_by": [s.seats[who] for who in s.claims.get(goal.id, ())],
         "free": free[goal.id]} for goal in s.goals()]}


def _player(s: GameState, seat: int) -> dict[str, Any]:
    hood, labels = s.hoods[seat], s.frame.labels
    here = grid(s, seat)
    parts, cards = scoring.sheet(s, seat)
    placed = sum(1 for who in s.rows.workers.values() if who == seat)
    return {
        "seat": s.seats[seat],
        "workers": counts.workers(s.players) - placed if s.round and s.phase != "over" else 0,
        "tiles": [{**p.model_dump(mode="json"), "at": s.frame.tile_label(p.x, p.y)}
                  for p in hood.tiles],
        "spaces": {labels[cell]: code for cell, code in sorted(here.codes.items())},
        "features": {label: {"tile": ft, "kind": s.components.features[ft].id}
                     for label, ft in hood.features.items()},
        "pieces": dict(hood.pieces),
        "cards": list(hood.cards),
        "card_points": cards,
        "rings": achievements.rings(s, seat),
        "score": {**parts, "total": sum(parts.values())},
    }
