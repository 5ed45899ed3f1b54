"""An action's legality and effect do not depend on how its choices are ordered or written
(issue 38): every form the action's model allows of a legal action (the Inventor's two hexes
either way round, a place id in any case, a card multiset in any key order or with zero
counts) is as legal as the listed one and plays the same, state and events alike."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.catan import engine
from rules.catan.actions import Action, PlayProgress
from rules.catan.errors import IllegalAction
from rules.catan.game import GAME
from rules.catan.progress import PROGRESS
from rules.catan.state import CARDS, GameState

from .engine_helpers import random_states

Move = dict[str, Any]
# Fields that name a place on the board ("H5", "I12", "P30"), by action type: "to" is a seat
# name in an offer or a Commercial Harbor exchange, an intersection for a knight.
PLACES = ("hex", "other_hex", "node", "edge")
KNIGHT_MOVES = ("move_knight", "displace_knight")
CARD_DICTS = ("cards", "give", "get")
# Choices of one action that are one unordered set of the same kind.
UNORDERED: dict[str, tuple[str, str]] = {"inventor": ("hex", "other_hex")}


def forms(move: Move, r: random.Random) -> list[Move]:
    """Other ways to write `move` that its model allows: the same choices."""
    out: list[Move] = [dict(reversed(move.items()))]
    pair = UNORDERED.get(move.get("card", "")) if move["type"] == "play_progress" else None
    if pair is not None:
        a, b = pair
        out.append({**move, a: move[b], b: move[a]})
    places = [k for k in PLACES if isinstance(move.get(k), str)]
    if move["type"] in KNIGHT_MOVES:
        places.append("to")
    if places:
        out.append({**move, **{k: move[k].lower() for k in places}})
        out.append({**move, **{k: f" {move[k]} " for k in places}})
    cards = [k for k in CARD_DICTS if isinstance(move.get(k), dict)]
    if cards:
        out.append({**move, **{k: dict(reversed(move[k].items())) for k in cards}})
        for k in cards:
            absent = [c for c in CARDS if c not in move[k]]
            if absent:
                out.append({**move, k: {**move[k], r.choice(absent): 0}})
    if pair is not None and places:  # both at once
        a, b = pair
        out.append({**move, a: move[b].lower(), b: move[a]})
    return out


def outcome(state: GameState, seat: str, move: Move) -> tuple[bool, Any, Any]:
    try:
        new, events = GAME.apply(state, seat, move)
    except IllegalAction:
        return False, None, None
    return True, GAME.dump_state(new), events


def all_cards(state: GameState) -> GameState:
    """The active seat also holds one of every progress card, so every card's plays are
    listed (a random game holds few of them)."""
    s = state.clone()
    s.players[s.active].progress.extend(sorted(PROGRESS))
    return s


def multi_card(state: GameState, seat: str, r: random.Random, offer: bool = True
               ) -> list[Move]:
    """Forms the lists leave out: a discard or gift of several cards, an offer of several."""
    me = state.seats.index(seat)
    held = [c for c in CARDS for _ in range(state.players[me].cards[c])]
    d = engine.decision_of(state, me)
    out: list[Move] = []
    if d is not None and d.kind in ("discard", "gift") and held:
        picked = r.sample(held, min(len(held), d.count))
        out.append({"type": "discard" if d.kind == "discard" else "give_cards",
                    "cards": {c: picked.count(c) for c in picked}})
    if (offer and d is None and not state.pending and state.phase == "action"
            and me == state.active and len(held) >= 2):
        give = r.sample(held, 2)
        get = [c for c in CARDS if c not in give][:2]
        to = r.choice([n for n in state.seats if n != seat])
        out.append({"type": "offer_trade", "to": to, "give": {c: give.count(c) for c in give},
                    "get": {c: 1 for c in get}})
    return out


def kind(action: Action) -> str:
    return f"play_progress:{action.card}" if isinstance(action, PlayProgress) else action.type


def sample(actions: list[Action], r: random.Random, per_kind: int) -> list[Action]:
    """Up to per_kind actions of each kind (each progress card a kind of its own)."""
    kinds: dict[str, list[Action]] = {}
    for a in actions:
        kinds.setdefault(kind(a), []).append(a)
    return [a for group in kinds.values() for a in r.sample(group, min(per_kind, len(group)))]


def check_forms(state: GameState, seat: str, moves: list[Move], r: random.Random) -> int:
    """Each move's other forms are as legal as it and play the same; how many were tried."""
    tried = 0
    for move in moves:
        expected = outcome(state, seat, move)
        for form in forms(move, r):
            assert GAME.is_legal(state, seat, form) == expected[0], (move, form)
            assert outcome(state, seat, form) == expected, (move, form)
            tried += 1
    return tried


# Kinds the random game's own states try often enough: not followed after a play.
ROUTINE = {"offer_trade", "accept_trade", "decline_trade", "cancel_trade", "maritime_trade",
           "end_turn"}


def check_plays(state: GameState, r: random.Random) -> int:
    """The active seat holding every progress card: some plays of each card, and what comes
    new after each (the Wedding's gifts, the Deserter's knights, the Harbor's exchanges and
    the commodities returned...)."""
    s = all_cards(state)
    seat = s.seats[s.active]
    listed = GAME.legal_actions(s, seat)
    before = {kind(a) for a in listed} | ROUTINE
    plays = sample([a for a in listed if isinstance(a, PlayProgress)], r, per_kind=2)
    tried = check_forms(s, seat, [GAME.dump_action(a) for a in plays], r)
    if s.phase == "roll":  # the Alchemist's: then the whole turn is new
        return tried
    return tried + sum(check_after(GAME.apply(s, seat, play)[0], before, r, depth=2)
                       for play in plays)


def check_after(state: GameState, before: set[str], r: random.Random, depth: int) -> int:
    """The actions of kinds not in `before` now, and `depth - 1` steps of them further."""
    tried = 0
    for seat in GAME.to_act(state):
        new = sample([a for a in GAME.legal_actions(state, seat) if kind(a) not in before],
                     r, per_kind=1)
        moves = [GAME.dump_action(a) for a in new] + multi_card(state, seat, r, offer=False)
        tried += check_forms(state, seat, moves, r)
        if depth > 1:
            for move in moves:
                legal, _, _ = outcome(state, seat, move)
                if legal:
                    after, _ = GAME.apply(state, seat, move)
                    tried += check_after(after, before, r, depth - 1)
    return tried


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (3, 3), (4, 4)])
def test_equivalent_forms_of_legal_actions_agree(players: int, seed: int) -> None:
    r = random.Random(seed)
    tried = 0
    for state in random_states("random", players, seed, steps=1500, every=25):
        for seat in GAME.to_act(state):
            moves = sample(GAME.legal_actions(state, seat), r, per_kind=1)
            tried += check_forms(state, seat, [GAME.dump_action(a) for a in moves]
                                 + multi_card(state, seat, r), r)
        if state.phase in ("roll", "action") and not state.pending:
            tried += check_plays(state, r)
    assert tried > 500


def test_inventor_either_way_round() -> None:
    """The issue's case: H9 then H1 is the same swap as H1 then H9."""
    state = next(s for s in random_states("beginner", 3, 1, steps=400)
                 if s.phase == "action" and not s.pending)
    state = all_cards(state)
    seat = state.seats[state.active]
    one = {"type": "play_progress", "card": "inventor", "hex": "H1", "other_hex": "H9"}
    other = {**one, "hex": "H9", "other_hex": "H1"}
    assert GAME.is_legal(state, seat, one) and GAME.is_legal(state, seat, other)
    assert outcome(state, seat, one) == outcome(state, seat, other)
