"""Scenario builders for the rules tests: real engine code paths, chosen cards and characters."""

from __future__ import annotations

from typing import Any

from rules import citadels
from rules.citadels.cards import CHARACTER_ORDER, DRAFT

IDS = ["ana", "bo", "cy", "di", "ed", "fay", "gus"]


def start(n: int = 4, chars: dict[str, list[str]] | None = None, *, seed: int = 0,
          hands: dict[str, list[str]] | None = None, gold: dict[str, int] | None = None,
          cities: dict[str, list[str]] | None = None, deck: list[str] | None = None,
          faceup: list[str] | None = None, ids: list[str] | None = None,
          deck_top: list[str] | None = None, **options: Any) -> citadels.GameState:
    """A game whose players hold the given characters, at the first turn of round 1.

    Without `chars`, the game is left at the start of the draft. `deck` replaces the deck;
    `deck_top` goes on top of the dealt one. `ids` names the seats (default: the first `n`
    of IDS).
    """
    ids = ids or IDS[:n]
    state = citadels.new_game(ids, seed=seed, options=citadels.Options(**options))
    players = []
    for p in state.players:
        update: dict[str, Any] = {}
        if hands and p.id in hands:
            update["hand"] = list(hands[p.id])
        if gold and p.id in gold:
            update["gold"] = gold[p.id]
        if cities and p.id in cities:
            update["city"] = list(cities[p.id])
        players.append(p.model_copy(update=update))
    update = {"players": players}
    if deck is not None:
        update["deck"] = list(deck)
    if deck_top is not None:
        update["deck"] = list(deck_top) + list(state.deck)
    state = state.model_copy(update=update)
    if chars is None:
        return state
    return draft(rig(state, chars, faceup), chars)


def rig(state: citadels.GameState, chars: dict[str, list[str]],
        faceup: list[str] | None = None) -> citadels.GameState:
    """Re-deal the round's characters so that every wanted one is in the chooser's hands."""
    wanted = {c for cs in chars.values() for c in cs}
    spare = [c for c in CHARACTER_ORDER if c not in wanted and c != "king"]
    if "king" not in wanted:
        spare.append("king")
    n_up, n_down, _ = DRAFT[len(state.players)]
    up = faceup if faceup is not None else spare[:n_up]
    rest = [c for c in spare if c not in up]
    down = rest[:n_down]
    pool = [c for c in CHARACTER_ORDER if c not in up and c not in down]
    return state.model_copy(update={"faceup": up, "facedown": down, "draft_pool": pool})


def draft(state: citadels.GameState, chars: dict[str, list[str]]) -> citadels.GameState:
    """Play the draft: everyone picks their wanted characters; 2-player discards take spares."""
    wanted = {seat: list(cs) for seat, cs in chars.items()}
    all_wanted = {c for cs in chars.values() for c in cs}
    while state.phase == "draft":
        seat = citadels.to_act(state)[0]
        options = [a.character for a in citadels.legal_actions(state, seat)]
        kind = citadels.legal_actions(state, seat)[0].type
        if kind == "pick_character":
            mine = [c for c in wanted.get(seat, []) if c in options]
            choice = mine[0] if mine else next(c for c in options if c not in all_wanted)
            if mine:
                wanted[seat].remove(choice)
        else:
            choice = next(c for c in options if c not in all_wanted)
        state, _ = citadels.apply(state, seat, {"type": kind, "character": choice})
    return state


def act(state: citadels.GameState, *actions: dict[str, Any]
        ) -> tuple[citadels.GameState, list[citadels.Event]]:
    """Apply actions in order, each by whoever must decide; return the state and all events."""
    events: list[citadels.Event] = []
    for action in actions:
        seat = citadels.to_act(state)[0]
        state, new = citadels.apply(state, seat, action)
        events += new
    return state, events


def end_turn(state: citadels.GameState) -> citadels.GameState:
    return act(state, {"type": "end_turn"})[0]


def gold_turn(state: citadels.GameState, *then: dict[str, Any]) -> citadels.GameState:
    """The acting player takes gold, does `then`, and ends the turn."""
    return act(state, {"type": "take_gold"}, *then, {"type": "end_turn"})[0]


def acting(state: citadels.GameState) -> citadels.Player:
    return state.player(citadels.to_act(state)[0])


def types(state: citadels.GameState, seat: str) -> set[str]:
    return {a.type for a in citadels.legal_actions(state, seat)}


def assert_illegal(state: citadels.GameState, seat: str, action: dict[str, Any]) -> None:
    import pytest

    before = state.model_dump()
    with pytest.raises(citadels.IllegalAction):
        citadels.apply(state, seat, action)
    assert state.model_dump() == before
