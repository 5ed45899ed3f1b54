"""A world a seat cannot tell from the real one (§13): what it may not know drawn anew.

Hidden: the other players' card types (their counts are public, and so is the bank, so the
types of all hidden hands together are known: they are dealt again among them), progress card
identities in other hands and in the decks (counts per colour are public), the hands this
turn's offers were made from (unless the seat made them: left empty, unknown), and the
generator state (the future dice). A Spy's or Master Merchant's target stays as the actor saw it.
"""

from __future__ import annotations

import random

from rules.kernel.tx import replaced

from .production import VP_CARDS
from .progress import COLOUR_OF
from .state import CARDS, GameState


def determinize(state: GameState, seat_name: str | None, rng: random.Random) -> GameState:
    s = state.clone()
    me = s.seat_of(seat_name) if seat_name is not None else None
    seen = {d.target for d in s.pending if d.seat == me and d.target is not None
            and d.kind in ("spy_pick", "merchant_pick")}
    # Whoever must return a commodity holds one: their hand stays, so the decision has a
    # choice in every world (a slight over-knowledge, never shown in a view).
    seen.update(d.seat for d in s.pending if d.kind == "harbor_return")
    # Whoever accepted or countered an offer to several seats holds what it would give (it
    # said so in public): its hand stays, so the offerer may pick it in every world.
    seen.update(d.target for d in s.pending if d.kind == "trade_reply" and d.target is not None)
    hidden = [p for p in range(len(s.seats)) if p != me and p not in seen]
    _deal_cards(s, hidden, rng)
    _deal_progress(s, hidden, rng)
    if s.active in hidden and s.offers:  # the hands this turn's offers came from: unknown
        s.offers = [replaced(o, hand={}) for o in s.offers]
    s.rng = rng.getrandbits(64)
    return s


def _deal_cards(s: GameState, hidden: list[int], rng: random.Random) -> None:
    pool = [c for p in hidden for c in CARDS for _ in range(s.players[p].cards[c])]
    rng.shuffle(pool)
    for p in hidden:
        n = s.players[p].hand_size()
        dealt, pool = pool[:n], pool[n:]
        s.players[p].cards = {c: dealt.count(c) for c in CARDS}


def _deal_progress(s: GameState, hidden: list[int], rng: random.Random) -> None:
    """Per colour: the hidden hands' cards of that colour and the deck, shuffled together (VP
    cards never go to a hand: they are shown when drawn)."""
    for colour, deck in s.decks.items():
        pool = [c for c in deck if c not in VP_CARDS] + [
            c for p in hidden for c in s.players[p].progress if COLOUR_OF[c] == colour]
        rng.shuffle(pool)
        for p in hidden:
            hand = s.players[p].progress
            for i, card in enumerate(hand):
                if COLOUR_OF[card] == colour:
                    hand[i] = pool.pop()
        pool += [c for c in deck if c in VP_CARDS]
        rng.shuffle(pool)
        s.decks[colour] = pool
