"""Scenario builders for the Dark City tests: hand-made states through the real engine."""

from __future__ import annotations

from typing import Any

from rules import citadels
from rules.citadels.cards import DRAFT, DRAFT_NINE
from rules.citadels.powers import POWERS

from .helpers import IDS, draft

DARK: dict[str, Any] = {
    "rank1": "witch", "rank2": "tax_collector", "rank3": "wizard", "rank4": "emperor",
    "rank5": "abbot", "rank6": "alchemist", "rank7": "navigator", "rank8": "diplomat"}


def dstart(n: int, chars: dict[str, list[str]] | None = None, *, seed: int = 0,
           hands: dict[str, list[str]] | None = None, gold: dict[str, int] | None = None,
           cities: dict[str, list[str]] | None = None, deck: list[str] | None = None,
           crown: str | None = None, ids: list[str] | None = None, **options: Any
           ) -> citadels.GameState:
    """A game with the given options whose players hold `chars`, at round 1's first turn;
    `ids` names the seats (default: the first `n` of IDS)."""
    state = citadels.new_game(ids or [*IDS, "hal"][:n], seed=seed,
                              options=citadels.Options(**options))
    players = []
    for p in state.players:
        update: dict[str, Any] = {}
        for field, given in (("hand", hands), ("gold", gold), ("city", cities)):
            if given and p.id in given:
                update[field] = given[p.id]
        players.append(p.model_copy(update=update))
    update = {"players": players, **({"deck": list(deck)} if deck is not None else {})}
    if crown is not None:
        update["crown"] = crown
    state = state.model_copy(update=update)
    if chars is None:
        return state
    return draft(rig(state, chars), chars)


def rig(state: citadels.GameState, chars: dict[str, list[str]]) -> citadels.GameState:
    """Re-deal the round's characters so that every wanted one is in the chooser's hands."""
    cast = state.cast
    wanted = {c for cs in chars.values() for c in cs}
    up_n, down_n, _ = (DRAFT_NINE if len(cast) == 9 else DRAFT)[len(state.players)]
    spare = [c for c in cast if c not in wanted and not POWERS[c].never_faceup]
    spare += [c for c in cast if c not in wanted and POWERS[c].never_faceup]
    up, down = spare[:up_n], spare[up_n:up_n + down_n]
    pool = [c for c in cast if c not in up and c not in down]
    return state.model_copy(update={"faceup": up, "facedown": down, "draft_pool": pool,
                                    "awaiting": state.crown})


def until(state: citadels.GameState, character: str) -> citadels.GameState:
    """End turns (taking gold first) until `character` is the current one."""
    while state.current != character:
        seat = citadels.to_act(state)[0]
        state = run(state, seat, {"type": "take_gold"}, {"type": "end_turn"})
    return state


def run(state: citadels.GameState, seat: str | None, *actions: dict[str, Any]
        ) -> citadels.GameState:
    """Apply actions, each by whoever must decide (`seat` is only a hint for readers)."""
    for action in actions:
        if state.finished or (state.pending == "end"):
            break
        who = citadels.to_act(state)[0]
        state, _ = citadels.apply(state, who, action)
    return state


def act1(state: citadels.GameState, action: dict[str, Any]
         ) -> tuple[citadels.GameState, list[citadels.Event]]:
    who = citadels.to_act(state)[0]
    return citadels.apply(state, who, action)
