"""The public entry points: new_game, to_act, must_decide, legal_actions, random_action, apply,
default_action, view and determinize.

The phase machine (§3.1): "setup" (§2: snake order, round 2 places a city) -> for each turn
"roll" (only the roll) -> "production" (the event die was resolved; production waits for the
decisions it raised, e.g. cities lost to barbarians) -> "action" -> end_turn -> next "roll".
Decisions (§3.5) wait in `pending`: while any is there, only they are asked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import groupby
from typing import Any

from . import production, progress, rng, scoring
from .actions import (
    Action,
    CancelTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    GiveCards,
    RemoveKnight,
    Roll,
    made,
)
from .board import TOPOLOGY as T
from .board import node_id
from .decisions import answer, close_offer
from .determinize import determinize
from .errors import IllegalAction
from .events import Event
from .ids import parse_node
from .layout import beginner, random_layout
from .legal import (
    Section,
    acting,
    actions_of,
    batch,
    decision_of,
    has_choice,
    legal_actions,
    must_decide,
    setup_order,
    to_act,
    turn_sections,
)
from .state import (
    CARDS,
    COMMODITIES,
    DECKS,
    RESOURCES,
    RULES,
    GameState,
    Options,
    Player,
)
from .turn import TURN, setup_move
from .tx import Tx
from .tx import view as plain_view
from .views import view

MIN_PLAYERS, MAX_PLAYERS = 3, 4

# --- a new game (§2) --------------------------------------------------------------------------

def new_game(seats: list[str], options: Options, seed: int) -> GameState:
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"{MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("seat names must be distinct")
    if options.layout == "beginner":
        layout = beginner()
    else:
        layout = random_layout(random.Random(seed), tokens=options.tokens,
                               keep_harbours=options.keep_harbours)
    state = seed & ((1 << 64) - 1)
    decks: dict[str, list[str]] = {}
    for colour, counts in DECKS.items():
        deck = [card for card, n in counts.items() for _ in range(n)]
        state = rng.shuffle(state, deck)
        decks[colour] = deck
    bank = {r: int(RULES["bank"]["resource"]) for r in RESOURCES}
    bank.update({c: int(RULES["bank"]["commodity"]) for c in COMMODITIES})
    players = [Player(id=name, cards=dict.fromkeys(CARDS, 0)) for name in seats]
    return GameState(
        seats=list(seats), players=players, options=options, terrains=list(layout.terrains),
        tokens=list(layout.tokens), harbours=list(layout.harbours), robber=layout.robber,
        bank=bank, decks=decks, defenders_left=int(RULES["defenders"]), rng=state)


# --- applying -------------------------------------------------------------------------------

def apply(state: GameState, name: str, action: Action | dict[str, Any]
          ) -> tuple[GameState, list[Event]]:
    act = Action.parse(action)
    tx = Tx(state)
    s = tx.s
    if s.phase == "over":
        raise IllegalAction("the game is over")
    seat = s.seat_of(name)
    if seat is None or seat not in acting(s):
        raise IllegalAction(f"it is not {name!r}'s decision now")
    decision = decision_of(s, seat)
    if decision is not None:
        answer(tx, decision, act)
    elif s.pending and any(d.kind == "trade_ask" for d in s.pending):
        close_offer(tx, seat, act)  # while the addressees answer
    elif s.pending:
        if not isinstance(act, CancelTrade):
            raise IllegalAction("waiting for an answer to your offer: only cancel_trade")
        offer = next(d for d in s.pending if d.kind == "trade_offer")
        tx.done(offer)
        tx.emit("trade_cancelled", seat, to=tx.name(offer.seat))
    elif s.phase == "setup":
        setup_move(tx, seat, act)
    else:
        handler = TURN.get(type(act))
        if handler is None:
            raise IllegalAction(f"{act.type} is not possible now")
        handler(tx, seat, act)
    advance(tx)
    return tx.finish(), tx.events


def advance(tx: Tx) -> None:
    """Run what needs no decision: production once the event's decisions are answered, then
    the victory check (§11: only the player whose turn it is wins)."""
    s = tx.s
    prune(s)
    if not s.pending and s.phase == "production":
        production.produce(tx)
        prune(s)
    if (s.phase in ("roll", "production", "action")
            and scoring.points(s, s.active) >= s.options.points):
        s.phase, s.winner = "over", s.active
        s.pending = []
        tx.emit("game_over", s.active, points=scoring.points(s, s.active))


def prune(s: GameState) -> None:
    """Drop decisions an earlier answer left without any choice (two Aqueducts and one card
    left in the bank: the second gets nothing), so no seat is asked with nothing to do."""
    if s.pending:
        s.pending = [d for d in s.pending if d.kind in ALWAYS_A_CHOICE or has_choice(s, d)]


# Decisions that always have an answer (another hex for the robber; declining; skipping), so
# prune need not list them (the robber's took half of a discard's apply).
ALWAYS_A_CHOICE = frozenset({"robber", "trade_offer", "knight_place", "road_place",
                             "trade_ask", "trade_reply"})


# --- defaults and random play ----------------------------------------------------------------

def default_action(s: GameState, name: str) -> Action | None:
    """What the platform plays for a seat whose time ran out (§3.5's defaults); None if the seat
    has nothing to decide. Deterministic: random choices are drawn from the state's generator
    state and the seat, so the action (not the generator) carries them."""
    legal = legal_actions(s, name)
    if not legal:
        return None
    seat = s.seats.index(name)
    r = random.Random(s.rng * 8 + seat)
    d = decision_of(s, seat)
    if d is None:
        if s.pending:
            return CancelTrade()
        if s.phase == "setup" and s.setup_node is None:
            return max(legal, key=lambda a: pips(s, parse_node(a.model_dump()["node"])))
        if s.phase in ("setup", "roll"):
            return legal[0]
        return EndTurn() if EndTurn() in legal else legal[0]
    if d.kind in ("discard", "gift"):
        hand = [c for c in CARDS for _ in range(s.players[seat].cards[c])]
        picked = r.sample(hand, d.count)
        cards = {c: picked.count(c) for c in set(picked)}
        return Discard(cards=cards) if d.kind == "discard" else GiveCards(cards=cards)
    if d.kind in ("trade_offer", "trade_ask"):
        return DeclineTrade()
    if d.kind == "trade_reply":
        return CancelTrade()
    if d.kind in RANDOM_DEFAULTS:
        return legal[r.randrange(len(legal))]
    if d.kind == "knight_remove":  # the weakest, then the lowest I-id
        node = min(d.nodes, key=lambda n: (s.knights[n].level, n))
        return RemoveKnight(node=node_id(node))
    if d.kind in ("knight_place", "road_place"):
        return legal[1] if len(legal) > 1 else legal[0]  # the first place, not "skip"
    return legal[0]  # robber, city_loss (lowest I-id), retreat: the first listed


def pips(s: GameState, node: int) -> int:
    """How many of the 36 rolls pay a building on node (a timed-out set-up's placement)."""
    return sum(6 - abs(7 - t) for h in T.node_hexes[node] if (t := s.tokens[h]) is not None)


# Decisions whose timeout default is a random legal answer (§3.5).
RANDOM_DEFAULTS = frozenset({"aqueduct", "progress_discard", "defender_draw", "spy_pick",
                             "harbor_return", "merchant_pick"})


def random_action(s: GameState, name: str, r: random.Random) -> Action | None:
    """A random legal action, drawn by kind first, so that the many trade offers do not drown
    the builds in random play: a kind uniformly among those legal_actions lists (in their
    order), then one of its actions."""
    s = plain_view(s)
    seat = s.seat_of(name)
    if seat is None:
        return None
    if s.pending or seat != s.active or s.phase not in ("roll", "action"):
        return _drawn(_kinds(actions_of(s, seat)), r)
    groups: list[Section]
    if s.phase == "roll":  # [Roll, *progress.plays]
        groups = [_ROLL]
        if progress.any_play(s, seat):
            groups.append(lambda: progress.plays(s, seat))
        return _drawn(groups, r)
    return _drawn(turn_sections(s, seat, grouped=True), r)


_ROLL: tuple[Action, ...] = (made(Roll),)


def _kinds(actions: Sequence[Action]) -> list[Sequence[Action]]:
    """actions grouped by kind, in the order of their first ones."""
    if len(set(map(type, actions))) == 1:
        return [actions]  # one kind (most decisions): the list itself
    kinds: dict[type[Action], list[Action]] = {}  # each class has one type: the same groups
    for kind, run in groupby(actions, key=type):  # runs, not actions: ~170 offers in one
        kinds.setdefault(kind, []).extend(run)
    return list(kinds.values())


def _drawn(groups: Sequence[Section], r: random.Random) -> Action | None:
    if not groups:
        return None
    group = groups[int(r.random() * len(groups))]
    if callable(group):
        group = group()
    return group[int(r.random() * len(group))]


__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "Action", "acting", "apply", "batch", "decision_of",
           "default_action", "determinize", "legal_actions", "must_decide", "new_game",
           "random_action", "setup_order", "to_act", "view"]
