"""Answers to pending decisions (§3.5)."""

from __future__ import annotations

from . import knights, placement, production, progress
from .actions import (
    AcceptTrade,
    Action,
    ChooseCity,
    ChooseDeck,
    ChooseResource,
    DeclineTrade,
    Discard,
    DiscardProgress,
    MoveRobber,
    RetreatKnight,
)
from .board import node_id
from .errors import IllegalAction
from .ids import parse_node
from .state import (
    RESOURCES,
    Decision,
)
from .turn import discard_progress, recount_roads, robber_target
from .tx import Tx


def answer(tx: Tx, d: Decision, act: Action) -> None:
    s, seat = tx.s, d.seat
    if d.kind in progress.KINDS:
        progress.answer(tx, d, act)
    elif d.kind == "discard" and isinstance(act, Discard):
        give = sum(act.cards.values())
        if not 0 < give <= d.count or not placement.can_pay(s, seat, act.cards):
            raise IllegalAction(f"discard up to {d.count} cards you hold")
        tx.pay(seat, act.cards)
        tx.emit("discarded", seat, cards=act.cards)
        if give == d.count:
            tx.done(d)
        else:
            tx.replace(d, d.model_copy(update={"count": d.count - give}))
    elif d.kind == "robber" and isinstance(act, MoveRobber):
        h, victim = robber_target(s, seat, act.hex, act.victim)
        tx.done(d)
        production.move_robber(tx, seat, h, victim)
    elif d.kind == "knight_retreat" and isinstance(act, RetreatKnight):
        node = parse_node(act.node)
        if node not in d.nodes or d.knight is None:
            raise IllegalAction(f"one of {[node_id(n) for n in d.nodes]}")
        tx.done(d)
        knights.place_retreat(tx, d.knight, node)
        recount_roads(tx)
    elif d.kind == "trade_offer" and isinstance(act, AcceptTrade | DeclineTrade):
        accept = isinstance(act, AcceptTrade)
        if accept and not placement.can_pay(s, seat, d.get):
            raise IllegalAction("you do not hold what is asked")
        tx.done(d)
        if accept:
            tx.move_cards(s.active, seat, d.give)
            tx.move_cards(seat, s.active, d.get)
        tx.emit("trade_answered", seat, accepted=accept, to=tx.name(s.active), give=d.give,
                get=d.get)
    elif d.kind == "aqueduct" and isinstance(act, ChooseResource):
        if act.card not in RESOURCES or not s.bank[act.card]:
            raise IllegalAction("a resource the bank still has")
        tx.done(d)
        tx.take(seat, act.card)
        tx.emit("aqueduct", seat, card=act.card)
    elif d.kind == "progress_discard" and isinstance(act, DiscardProgress):
        discard_progress(tx, seat, act.card)
        tx.done(d)
    elif d.kind == "city_loss" and isinstance(act, ChooseCity):
        node = parse_node(act.node)
        if node not in d.nodes:
            raise IllegalAction(f"one of {[node_id(n) for n in d.nodes]}")
        tx.done(d)
        production.pillage(tx, seat, node)
    elif d.kind == "defender_draw" and isinstance(act, ChooseDeck):
        if not s.decks[act.deck] and any(s.decks.values()):
            raise IllegalAction(f"the {act.deck} deck is empty")
        tx.done(d)
        production.draw_progress(tx, seat, act.deck, tx.stage())
    else:
        raise IllegalAction(f"{act.type} does not answer the {d.kind} decision")
