"""Trade (yellow) progress cards (§10): one handler per card id, and Commercial Harbor's
exchanges (HarbourOffer), open for the rest of the turn once the card is played."""

from __future__ import annotations

import random

from .. import placement, production, scoring
from ..actions import Action, HarbourOffer, PlayProgress, SelectCards
from ..board import hex_id
from ..errors import IllegalAction
from ..state import CARDS, COMMODITIES, RESOURCES, Decision, GameState
from ..tx import Tx
from . import common
from .common import DATA, Ask, Card, play

# --- commercial harbor: one resource for a commodity, once per opponent, this turn -----------

def _harbour_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("commercial_harbor")] if s.harbour is None else []


def _harbour(tx: Tx, me: int, act: PlayProgress) -> None:
    if tx.s.harbour is not None:
        raise IllegalAction("a Commercial Harbor is open this turn already")
    tx.s.harbour = common.opponents(tx.s, me)


def harbour_offers(s: GameState, me: int) -> list[Action]:
    cards = s.players[me].cards
    return [HarbourOffer(to=s.seats[to], card=r) for to in s.harbour or []
            for r in RESOURCES if cards[r]]


def harbour_offer(tx: Tx, me: int, act: Action) -> None:
    """Offer one resource; an opponent without a commodity neither gives nor receives, and
    counts as used like the others (§10 ruling)."""
    assert isinstance(act, HarbourOffer)
    s = tx.s
    if s.phase != "action":
        raise IllegalAction("roll the dice first")
    to = common.seat(s, me, act.to)
    if to not in (s.harbour or []):
        raise IllegalAction(f"no Commercial Harbor exchange open with {act.to} this turn")
    if act.card not in RESOURCES or not s.players[me].cards[act.card]:
        raise IllegalAction("offer one resource you hold")
    assert s.harbour is not None
    s.harbour.remove(to)
    if not any(s.players[to].cards[c] for c in COMMODITIES):
        tx.emit("harbour_no_commodity", to, by=tx.name(me), card=act.card)
        return
    tx.push([Decision(kind="harbour_return", seat=to, stage=tx.stage(), give={act.card: 1})])
    tx.emit("harbour_offered", me, to=act.to, card=act.card)


def _return_actions(s: GameState, d: Decision) -> list[Action]:
    return [SelectCards(cards=c) for c in common.single_cards(s, d.seat, COMMODITIES)]


def _return_answer(tx: Tx, d: Decision, act: Action) -> None:
    if (not isinstance(act, SelectCards) or sum(act.cards.values()) != 1
            or not set(act.cards) <= set(COMMODITIES)
            or not placement.can_pay(tx.s, d.seat, act.cards)):
        raise IllegalAction("return one commodity you hold (select_cards)")
    tx.done(d)
    active = tx.s.active
    tx.move_cards(active, d.seat, d.give)
    tx.move_cards(d.seat, active, act.cards)
    tx.emit("harbour_exchanged", d.seat, to=tx.name(active), give=act.cards, get=d.give)


def _return_default(s: GameState, d: Decision, r: random.Random) -> Action:
    options = _return_actions(s, d)
    return options[r.randrange(len(options))]


# --- master merchant: 2 cards chosen from a player with more points --------------------------

MASTER_TAKE = int(DATA["master_merchant"]["take"])


def _richer(s: GameState, me: int) -> list[int]:
    mine = scoring.points(s, me)
    return [v for v in common.opponents(s, me)
            if scoring.points(s, v) > mine and s.players[v].hand_size() > 0]


def _master_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("master_merchant", target=s.seats[v]) for v in _richer(s, me)]


def _master(tx: Tx, me: int, act: PlayProgress) -> None:
    victim = common.seat(tx.s, me, act.target)
    if victim not in _richer(tx.s, me):
        raise IllegalAction(f"{act.target} has no more points than you, or no card")
    tx.push([Decision(kind="merchant_take", seat=me, stage=tx.stage(), target=victim,
                      count=min(MASTER_TAKE, tx.s.players[victim].hand_size()))], first=True)


def _take_actions(s: GameState, d: Decision) -> list[Action]:
    assert d.target is not None
    return [SelectCards(cards=c) for c in common.single_cards(s, d.target)]


def _take_answer(tx: Tx, d: Decision, act: Action) -> None:
    assert d.target is not None
    if not isinstance(act, SelectCards):
        raise IllegalAction("choose the cards you take (select_cards)")
    n = sum(act.cards.values())
    if not 0 < n <= d.count or not placement.can_pay(tx.s, d.target, act.cards):
        raise IllegalAction(f"take up to {d.count} of the cards you see")
    tx.move_cards(d.target, d.seat, act.cards)
    tx.emit("took", d.seat, {d.seat: {"cards": act.cards}, d.target: {"cards": act.cards}},
            victim=tx.name(d.target), count=n)
    if n == d.count:
        tx.done(d)
    else:
        tx.replace(d, d.model_copy(update={"count": d.count - n}))


def _take_default(s: GameState, d: Decision, r: random.Random) -> Action:
    assert d.target is not None
    return SelectCards(cards=common.random_pick(s, d.target, d.count, r))


# --- merchant: the merchant on a hex next to one's buildings (+1 VP, 2:1 in its resource) ----

DESERT_ALLOWED = bool(DATA["merchant"]["desert_allowed"])  # §16.12


def _merchant_hexes(s: GameState, me: int) -> list[int]:
    return sorted(h for h in common.buildings_hexes(s, me)
                  if (DESERT_ALLOWED or production.YIELD[s.terrains[h]]["settlement"])
                  and not (s.merchant == h and s.merchant_owner == me))


def _merchant_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("merchant", hex=hex_id(h)) for h in _merchant_hexes(s, me)]


def _merchant(tx: Tx, me: int, act: PlayProgress) -> None:
    s = tx.s
    h = common.hex_(act.hex)
    if h not in _merchant_hexes(s, me):
        raise IllegalAction(f"{act.hex}: not a land hex (desert excluded) next to your "
                            "buildings, or your merchant is there already")
    old = s.merchant_owner
    s.merchant, s.merchant_owner = h, me
    tx.emit("merchant_placed", me, hex=act.hex,
            taken_from=None if old is None or old == me else tx.name(old))


# --- merchant fleet: one card type 2:1 with the bank this turn -------------------------------

def _fleet_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("merchant_fleet", named=c) for c in CARDS if c not in s.fleets]


def _fleet(tx: Tx, me: int, act: PlayProgress) -> None:
    if act.named not in CARDS or act.named in tx.s.fleets:
        raise IllegalAction("name a resource or commodity not named by a Fleet this turn")
    tx.s.fleets.append(act.named)


# --- resource / trade monopoly: each opponent gives up to 2 / 1 of the named type ------------

def _monopoly(card: str, kinds: tuple[str, ...]) -> Card:
    take = int(DATA[card]["take"])

    def plays(s: GameState, me: int) -> list[PlayProgress]:
        # Always playable: whether anyone holds the type is hidden (§13).
        return [play(card, named=c) for c in kinds]

    def effect(tx: Tx, me: int, act: PlayProgress) -> None:
        named = act.named
        if named is None or named not in kinds:
            raise IllegalAction(f"name one of {', '.join(kinds)}")
        taken = {}
        for v in common.opponents(tx.s, me):
            n = min(take, tx.s.players[v].cards[named])
            if n:
                tx.move_cards(v, me, {named: n})
            taken[tx.name(v)] = n
        tx.emit("monopoly", me, named=named, taken=taken)

    return Card(plays, effect)


HANDLERS: dict[str, Card] = {
    "commercial_harbor": Card(_harbour_plays, _harbour),
    "master_merchant": Card(_master_plays, _master),
    "merchant": Card(_merchant_plays, _merchant),
    "merchant_fleet": Card(_fleet_plays, _fleet),
    "resource_monopoly": _monopoly("resource_monopoly", RESOURCES),
    "trade_monopoly": _monopoly("trade_monopoly", COMMODITIES),
}
ASKS: dict[str, Ask] = {
    "harbour_return": Ask(_return_actions, _return_answer, _return_default),
    "merchant_take": Ask(_take_actions, _take_answer, _take_default),
}
