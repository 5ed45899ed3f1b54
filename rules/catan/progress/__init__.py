"""Progress cards (§9, §10): playing them, and the decisions they raise.

§9.1: own turn, action phase (Alchemist: before the roll, instead of rolling), any number per
turn, a card drawn this turn included; a card with no legal effect cannot be played; a played
card goes face down under its own deck. Drawing, VP cards and the hand limit (§9.2, §9.3) are
the engine's (production.draw_progress, the end of turn).

The engine's hooks: `playable` (legal plays), `play` and `harbour_offer` (turn handlers),
`KINDS` with `decision_actions`, `answer` and `default` (the decisions cards raise, §3.5), and
`peek` (what a Spy or Master Merchant shows its player).
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action, PlayProgress
from ..errors import IllegalAction
from ..state import Decision, GameState
from ..tx import Tx
from . import politics, science, trade
from .common import DATA, PLAYABLE, Ask, Card

HANDLERS: dict[str, Card] = {**science.HANDLERS, **politics.HANDLERS, **trade.HANDLERS}
ASKS: dict[str, Ask] = {**science.ASKS, **politics.ASKS, **trade.ASKS}
KINDS: frozenset[str] = frozenset(ASKS)
UNSET: dict[str, Any] = {name: field.default for name, field in PlayProgress.model_fields.items()
                         if name not in ("type", "card")}
harbour_offer = trade.harbour_offer


def _phase(card: str) -> str:
    return str(DATA[card].get("timing", "action"))


def playable(s: GameState, me: int) -> list[Action]:
    """Every legal play of the cards in `me`'s hand now, and the open harbour exchanges."""
    out: list[Action] = []
    for card in sorted(set(s.players[me].progress)):
        if card in HANDLERS and _phase(card) == s.phase:
            out += HANDLERS[card].plays(s, me)
    if s.phase == "action":
        out += trade.harbour_offers(s, me)
    return out


def play(tx: Tx, me: int, act: Action) -> None:
    assert isinstance(act, PlayProgress)
    s, card = tx.s, act.card
    if card not in HANDLERS:
        raise IllegalAction(f"{card!r} is not a progress card one plays")
    if s.phase != _phase(card):
        raise IllegalAction("the Alchemist is played instead of rolling" if card == "alchemist"
                            else "progress cards are played after the roll")
    if card not in s.players[me].progress:
        raise IllegalAction(f"you hold no {card}")
    used = set(DATA[card]["fields"])
    extra = [f for f, v in UNSET.items() if f not in used and getattr(act, f) != v]
    if extra:
        raise IllegalAction(f"{card} takes no {', '.join(extra)}")
    s.players[me].progress.remove(card)
    s.decks[DATA[card]["deck"]].append(card)  # face down under its deck (§9.1)
    tx.emit("progress_played", me, card=card)
    HANDLERS[card].effect(tx, me, act)


def decision_actions(s: GameState, d: Decision) -> list[Action]:
    return ASKS[d.kind].actions(s, d)


def answer(tx: Tx, d: Decision, act: Action) -> None:
    ASKS[d.kind].answer(tx, d, act)


def default(s: GameState, d: Decision, r: random.Random) -> Action:
    return ASKS[d.kind].default(s, d, r)


def peek(s: GameState, me: int) -> dict[str, Any] | None:
    """While `me` picks from another player's hand (Spy, Master Merchant), that hand; for
    `me`'s view only (§13)."""
    asked = [d for d in s.pending if d.stage == s.pending[0].stage] if s.pending else []
    d = next((d for d in asked if d.seat == me and d.target is not None), None)
    if d is None or d.target is None:
        return None
    target = s.players[d.target]
    if d.kind == "spy_take":
        return {"seat": target.id, "progress": sorted(target.progress)}
    return {"seat": target.id, "cards": {c: n for c, n in target.cards.items() if n}}


__all__ = ["KINDS", "PLAYABLE", "answer", "decision_actions", "default", "harbour_offer",
           "peek", "play", "playable"]
