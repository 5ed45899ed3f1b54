"""What a player (or a spectator) may know: the boardgame.io `playerView` of Citadels.

Besides the state's public facts, a view carries what the rules compute from them, so no UI or
player computes a rule again:

- `players[i].score`: the score as if the game ended now, `{"total", "breakdown": {part: points},
  "tiebreak", "haunted_quarter_as"}` (the breakdown adds up to the total);
- `players[i].destroy_costs`: `{district: gold}` the Warlord would pay for each district;
- `ranking`: every player, best first, as the game ranks them (points, tie-break, seat);
- `turn.income_due`: the gold `collect_income` gives now (None: the character has none, or
  took it); `turn.draw`: `{"draw", "keep"}`, the cards `draw_cards` draws and keeps;
- `turn.targets`, only in the view of the player whose turn it is, and only the keys of the
  current character's targeted powers (`{}` for the others): by action type, every target the
  power could name, with `legal` and `reason` (None when legal, else a code):
  `assassinate: [{character, legal, reason}]`, `steal: [{character, ...}]`,
  `swap_hands: [{player, ...}]`, `destroy: [{player, district, cost, ...}]`. Reasons: `self`
  (the power's own character or player), `rank_one` (the Thief cannot rob the Assassin),
  `murdered` (nor the murdered character), `complete_city`, `bishop` (the living Bishop's
  city), an indestructible district's own id (`keep`), `too_expensive` (more than the
  Warlord's gold), `gather_first` (resources not yet taken), `power_used` (once a turn). The
  legal ones are exactly the power's actions in `legal_actions`.

Every field is public but `targets`, `hand`, `characters`, `drawn` and the draft's `options`,
and is computed by the engine's own functions (scoring.py, districts.py, powers.py).
"""

from __future__ import annotations

from typing import Any

from . import districts, draft, pending, scoring, turns
from .engine import to_act
from .powers import POWERS, Targets
from .state import GameState, Player


def view(state: GameState, seat: str | None) -> dict[str, Any]:
    """A JSON-ready dict of everything `seat` may know; `seat` None gives the public view.

    Never included while the game goes on: other players' hands and unrevealed characters, the
    deck order, face-down discards, cards another player is choosing among, and the generator
    state. Once it is over, `final_reveal` shows the last round's characters and face-down
    discards.
    """
    s = state
    acting = to_act(state)
    table = scoring.scores(state)
    v: dict[str, Any] = {
        "you": seat,
        "round": s.round,
        "phase": s.phase,
        "crown": s.crown,
        "city_size": s.city_size,
        "options": s.options.model_dump(mode="json"),
        "deck_size": len(s.deck),
        "to_act": acting,
        "players": [_player(s, p, seat, table[p.id]) for p in s.players],
        "ranking": scoring.ranking(state, table),
        "faceup_discards": list(s.faceup),
        "facedown_count": len(s.facedown),
        "current_character": s.current if s.phase == "turns" else None,
        "murdered": s.murdered,
        "robbed": s.robbed,
        "revealed": list(s.revealed),
        "absent": list(s.absent),
        "turn": _turn(s, seat, acting),
        "draft": _draft(s, seat) if s.phase == "draft" else None,
        "draft_history": _history(s, seat),
        "graveyard_card": s.graveyard_card,
        "first_complete": s.first_complete,
        "finished": s.finished,
        "winner": s.winner,
        "final_reveal": _final_reveal(s) if s.finished else None,
        **_dark(s, seat, acting),
    }
    return v


def _final_reveal(s: GameState) -> dict[str, Any]:
    """Once the game is over everything of the last round is shown: who held which
    character (the murdered one's holder too) and the face-down discards."""
    return {"holders": {c: s.holders[c] for c in s.cast if c in s.holders},
            "facedown": [c for c in s.cast if c in s.facedown]}  # rank order: the draft's is secret


def _dark(s: GameState, seat: str | None, acting: list[str]) -> dict[str, Any]:
    """The Dark City's public round facts, and the forced decision's options for whoever
    must take it (pending.py)."""
    out: dict[str, Any] = {
        "cast": list(s.cast), "pending": s.pending, "bewitched": s.bewitched,
        "resumed": s.resumed, "restricted": s.restricted, "tax_collector": s.tax_collector,
        "assassin_built": s.assassin_built, "crowned_by_emperor": s.crowned_by_emperor,
        "tribute_from": s.tribute_from, "wizard_target": s.wizard_target,
        "bell_tower": s.bell_tower,
    }
    if s.pending is not None and seat is not None and seat in acting:
        out["pending_options"] = [a.model_dump() for a in pending.legal(s, seat)]
        if s.pending == "wizard" and s.wizard_target is not None:
            out["looked_at"] = list(s.player(s.wizard_target).hand)
        if s.pending == "lighthouse":
            out["deck"] = sorted(s.deck)
    return out


def _player(s: GameState, p: Player, viewer: str | None, score: scoring.Score
            ) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": p.id,
        "gold": p.gold,
        "hand_size": len(p.hand),
        "city": list(p.city),
        "revealed": [c for c in s.revealed if s.holders.get(c) == p.id],
        "score": {"total": score.total, "breakdown": scoring.breakdown(score),
                  "tiebreak": score.tiebreak, "haunted_quarter_as": score.haunted_quarter_as},
        "destroy_costs": districts.destroy_costs(p.city, p.beautified),
        "museum_count": len(p.museum),
        "beautified": list(p.beautified),
    }
    if p.id == viewer:
        out["hand"] = list(p.hand)
        out["characters"] = s.characters_of(viewer)
        out["museum"] = list(p.museum)
    return out


def _turn(s: GameState, seat: str | None, acting: list[str]) -> dict[str, Any] | None:
    if s.phase != "turns":
        return None
    current = s.current
    holder = s.turn_player()
    city = s.player(holder).city if holder is not None else []
    draw, keep = turns.draw_counts(city)
    due = None if s.income_taken or current is None else turns.income(city, current)
    out: dict[str, Any] = {
        "income_due": due,
        "draw": {"draw": draw, "keep": keep},
        "gathered": s.gathered,
        "drawn_count": len(s.drawn),
        "builds_left": s.builds_left,
        "income_taken": s.income_taken,
        "power_used": s.power_used,
        "built": s.built,
        "build_spent": s.build_spent,
        "beautified_now": s.beautified_now,
        **{flag: getattr(s, flag) for flag in districts.TURN_FLAGS},  # laboratory_used...
    }
    if seat is not None and seat in acting and holder == seat and current is not None:
        if s.drawn:
            out["drawn"] = list(s.drawn)
        out["targets"] = _targets(s, seat, current)
    return out


def _targets(s: GameState, seat: str, current: str) -> Targets:
    """Every target the current character's power could name, each with `legal` and, when
    not, why (a reason code); the power as a whole may not be usable yet, or any more."""
    candidates = POWERS[current].candidates
    if candidates is None:
        return {}
    found = candidates(s, s.player(seat))
    blocked = ("gather_first" if not s.gathered or s.drawn
               else "power_used" if s.power_used else None)
    for entries in found.values():
        for entry in entries:
            if blocked is not None:
                entry["reason"] = entry["reason"] or blocked
            entry["legal"] = entry["reason"] is None
    return found


def _history(s: GameState, seat: str | None) -> list[dict[str, Any]]:
    """This round's draft steps: who picked or discarded is public, what only to that player."""
    out = []
    for step in s.draft_history:
        entry: dict[str, Any] = {"player": step.player, "kind": step.kind}
        if step.player == seat:
            entry["offered"] = list(step.offered)
            entry["chosen"] = step.chosen
        out.append(entry)
    return out


def _draft(s: GameState, seat: str | None) -> dict[str, Any]:
    chooser, kind = draft.chooser(s)
    out: dict[str, Any] = {
        "chooser": chooser,
        "step": kind,
        "step_index": s.draft_step,
        "pool_size": len(s.draft_pool),
    }
    if seat == chooser:
        out["options"] = list(s.draft_pool)
    return out
