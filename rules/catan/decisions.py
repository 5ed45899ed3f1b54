"""Answers to pending decisions (§3.5): one handler per decision kind, with the action class
that answers it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.kernel.tx import replaced

from . import knights, placement, production, progress, trade
from .actions import (
    AcceptTrade,
    Action,
    CancelTrade,
    ChooseCity,
    ChooseDeck,
    ChooseResource,
    CounterTrade,
    DeclineTrade,
    Discard,
    DiscardProgress,
    EndTurn,
    GiveCards,
    MoveRobber,
    PickTrade,
    PlaceFreeRoad,
    PlaceKnight,
    RemoveKnight,
    RetreatKnight,
    ReturnCommodity,
    TakeCards,
    TakeProgress,
)
from .asks import ASKS
from .board import node_id
from .errors import IllegalAction
from .ids import parse_edge, parse_node
from .pieces import recount_roads
from .state import COMMODITIES, RESOURCES, Decision
from .turn import TURN, discard_progress, robber_target
from .tx import Tx


def answer(tx: Tx, d: Decision, act: Action) -> None:
    ask = ASKS.get(d.kind)  # a kind a card brought (asks.py)
    expected, handler = (ask.answer, ask.handler) if ask is not None else ANSWERS[d.kind]
    if not isinstance(act, expected):
        raise IllegalAction(f"{act.type} does not answer the {d.kind} decision")
    handler(tx, d, act)


def _node_in(d: Decision, text: str) -> int:
    node = parse_node(text)
    if node not in d.nodes:
        raise IllegalAction(f"one of {[node_id(n) for n in d.nodes]}")
    return node


def _hand_over(tx: Tx, d: Decision, cards: dict[str, int], to: int | None, what: str) -> None:
    """Part or all of the d.count cards d.seat owes: to the bank (None) or to a player."""
    n = sum(cards.values())
    if not 0 < n <= d.count or not placement.can_pay(tx.s, d.seat, cards):
        raise IllegalAction(f"up to {d.count} cards you hold")
    if to is None:
        tx.pay(d.seat, cards)
        tx.emit(what, d.seat, cards=cards)
    else:
        tx.move_cards(d.seat, to, cards)
        tx.emit(what, d.seat, {d.seat: {"cards": cards}, to: {"cards": cards}},
                to=tx.name(to), count=n)
    if n == d.count:
        tx.done(d)
    else:
        tx.replace(d, replaced(d, count=d.count - n))


def _discard(tx: Tx, d: Decision, act: Any) -> None:
    _hand_over(tx, d, act.cards, None, "discarded")


def _gift(tx: Tx, d: Decision, act: Any) -> None:
    _hand_over(tx, d, act.cards, d.target, "gave")


def _robber(tx: Tx, d: Decision, act: Any) -> None:
    h, victim = robber_target(tx.s, d.seat, act.hex, act.victim)
    tx.done(d)
    production.move_robber(tx, d.seat, h, victim)


def _retreat(tx: Tx, d: Decision, act: Any) -> None:
    node = _node_in(d, act.node)
    assert d.knight is not None
    tx.done(d)
    knights.place_retreat(tx, d.knight, node)
    recount_roads(tx)


def _trade_offer(tx: Tx, d: Decision, act: Any) -> None:
    s, seat = tx.s, d.seat
    accept = isinstance(act, AcceptTrade)
    if accept and not placement.can_pay(s, seat, d.get):
        raise IllegalAction("you do not hold what is asked")
    tx.done(d)
    if accept:
        tx.move_cards(s.active, seat, d.give)
        tx.move_cards(seat, s.active, d.get)
    tx.emit("trade_answered", seat, accepted=accept, to=tx.name(s.active), give=d.give,
            get=d.get)


def _trade_ask(tx: Tx, d: Decision, act: Any) -> None:
    """An addressee of an offer to several seats answers: a decline closes its part; an
    acceptance or a counter waits as the offerer's trade_reply (the offerer's give and get)."""
    s, seat, offerer = tx.s, d.seat, d.target
    assert offerer is not None
    if isinstance(act, DeclineTrade):
        tx.done(d)
        tx.emit("trade_answered", seat, accepted=False, to=tx.name(offerer), give=d.give,
                get=d.get)
        return
    if isinstance(act, AcceptTrade):
        if not placement.can_pay(s, seat, d.get):
            raise IllegalAction("you do not hold what is asked")
        give, get, event = d.give, d.get, "trade_accepted"
    else:
        why = trade.counter_ok(s, d, act.give, act.get)
        if why:
            raise IllegalAction(why)
        give, get, event = act.get, act.give, "trade_countered"
    tx.done(d)
    tx.push([replaced(d, kind="trade_reply", seat=offerer, stage=d.stage + 1, target=seat,
                      give=give, get=get)])
    tx.emit(event, seat, to=tx.name(offerer), give=give, get=get)


def _trade_reply(tx: Tx, d: Decision, act: Any) -> None:
    close_offer(tx, d.seat, act)


TRADE_KINDS = ("trade_ask", "trade_reply")


def close_offer(tx: Tx, seat: int, act: Action) -> None:
    """The offerer of an offer to several seats trades with one seat that accepted or
    countered (on its terms), cancels, or ends the turn (the offer expires with it)."""
    s = tx.s
    open_ = [d for d in s.pending if d.kind in TRADE_KINDS]
    if isinstance(act, PickTrade):
        partner = s.seat_of(act.seat)
        reply = next((d for d in open_ if d.kind == "trade_reply" and d.target == partner),
                     None)
        if reply is None or partner is None:
            raise IllegalAction("pick a seat that accepted or countered your offer")
        if not placement.can_pay(s, seat, reply.give):
            raise IllegalAction("you do not hold what this trade asks of you")
        if not placement.can_pay(s, partner, reply.get):
            raise IllegalAction(f"{act.seat} does not hold what you would get")
        for d in open_:
            tx.done(d)
        tx.move_cards(seat, partner, reply.give)
        tx.move_cards(partner, seat, reply.get)
        tx.emit("trade_made", seat, to=act.seat, give=reply.give, get=reply.get)
        return
    if not isinstance(act, (CancelTrade, EndTurn)):
        raise IllegalAction(f"{act.type}: pick a trade, cancel the offer or end the turn")
    if isinstance(act, EndTurn) and len(s.players[seat].progress) > production.PROGRESS_LIMIT:
        raise IllegalAction(f"discard progress cards down to {production.PROGRESS_LIMIT} first")
    for d in open_:
        tx.done(d)
    tx.emit("trade_cancelled", seat, to=list(dict.fromkeys(
        tx.name(d.seat if d.kind == "trade_ask" else d.target or 0) for d in open_)))
    if isinstance(act, EndTurn):
        TURN[EndTurn](tx, seat, act)


def _aqueduct(tx: Tx, d: Decision, act: Any) -> None:
    if act.card not in RESOURCES or not tx.s.bank[act.card]:
        raise IllegalAction("a resource the bank still has")
    tx.done(d)
    tx.take(d.seat, act.card)
    tx.emit("aqueduct", d.seat, card=act.card)


def _progress_discard(tx: Tx, d: Decision, act: Any) -> None:
    discard_progress(tx, d.seat, act.card)
    tx.done(d)


def _city_loss(tx: Tx, d: Decision, act: Any) -> None:
    node = _node_in(d, act.node)
    tx.done(d)
    production.pillage(tx, d.seat, node)


def _defender_draw(tx: Tx, d: Decision, act: Any) -> None:
    if not tx.s.decks[act.deck] and any(tx.s.decks.values()):
        raise IllegalAction(f"the {act.deck} deck is empty")
    tx.done(d)
    production.draw_progress(tx, d.seat, act.deck, tx.stage())


def _knight_remove(tx: Tx, d: Decision, act: Any) -> None:
    """Deserter: the target loses a knight; the player may place one like it (§10)."""
    s = tx.s
    node = _node_in(d, act.node)
    lost = tx.knights().pop(node)
    tx.done(d)
    tx.emit("knight_removed", d.seat, node=act.node)
    recount_roads(tx)
    assert d.target is not None
    mine = progress.deserter_knight(s, d.target, lost.level, lost.active)
    spots = progress.knight_spots(s, d.target)
    if mine is not None and spots:
        tx.push([Decision(kind="knight_place", seat=d.target, stage=tx.stage(), nodes=spots,
                          knight=mine)], first=True)


def _knight_place(tx: Tx, d: Decision, act: Any) -> None:
    tx.done(d)
    if act.node is None:
        return
    node = _node_in(d, act.node)
    assert d.knight is not None
    tx.knights()[node] = d.knight
    tx.emit("knight_built", d.seat, node=act.node, level=d.knight.level, free=True)
    recount_roads(tx)


def _road_place(tx: Tx, d: Decision, act: Any) -> None:
    tx.done(d)
    if act.edge is None:
        return
    edge = parse_edge(act.edge)
    if edge not in d.edges or not placement.road_ok(tx.s, d.seat, edge):
        raise IllegalAction(f"{act.edge}: not a place for your road")
    tx.roads()[edge] = d.seat
    tx.emit("built", d.seat, piece="road", edge=act.edge, paid={})
    recount_roads(tx)


def _spy_pick(tx: Tx, d: Decision, act: Any) -> None:
    assert d.target is not None
    if act.card not in tx.s.players[d.target].progress:
        raise IllegalAction(f"{tx.name(d.target)} holds no {act.card}")
    tx.done(d)
    tx.player(d.target).progress.remove(act.card)
    tx.player(d.seat).progress.append(act.card)
    tx.emit("spied", d.seat, {d.seat: {"card": act.card}, d.target: {"card": act.card}},
            victim=tx.name(d.target), deck=progress.COLOUR_OF[act.card])


def _harbor_return(tx: Tx, d: Decision, act: Any) -> None:
    if act.card not in COMMODITIES or not tx.s.players[d.seat].cards[act.card]:
        raise IllegalAction("a commodity you hold")
    tx.done(d)
    active = tx.s.active
    tx.move_cards(active, d.seat, d.give)
    tx.move_cards(d.seat, active, {act.card: 1})
    tx.emit("harbor_exchanged", active, to=tx.name(d.seat), give=d.give, get={act.card: 1})


def _merchant_pick(tx: Tx, d: Decision, act: Any) -> None:
    assert d.target is not None
    if sum(act.cards.values()) != d.count or not placement.can_pay(tx.s, d.target, act.cards):
        raise IllegalAction(f"take {d.count} of the cards {tx.name(d.target)} holds")
    tx.done(d)
    tx.move_cards(d.target, d.seat, act.cards)
    tx.emit("cards_taken", d.seat, {d.seat: {"cards": act.cards},
                                    d.target: {"cards": act.cards}},
            victim=tx.name(d.target), count=d.count)


Handler = Callable[[Tx, Decision, Any], None]
ANSWERS: dict[str, tuple[type[Action] | tuple[type[Action], ...], Handler]] = {
    "discard": (Discard, _discard), "robber": (MoveRobber, _robber),
    "knight_retreat": (RetreatKnight, _retreat),
    "trade_offer": ((AcceptTrade, DeclineTrade), _trade_offer),
    "trade_ask": ((AcceptTrade, DeclineTrade, CounterTrade), _trade_ask),
    "trade_reply": ((PickTrade, CancelTrade, EndTurn), _trade_reply),
    "aqueduct": (ChooseResource, _aqueduct),
    "progress_discard": (DiscardProgress, _progress_discard),
    "city_loss": (ChooseCity, _city_loss), "defender_draw": (ChooseDeck, _defender_draw),
    "knight_remove": (RemoveKnight, _knight_remove), "knight_place": (PlaceKnight, _knight_place),
    "road_place": (PlaceFreeRoad, _road_place), "spy_pick": (TakeProgress, _spy_pick),
    "gift": (GiveCards, _gift), "harbor_return": (ReturnCommodity, _harbor_return),
    "merchant_pick": (TakeCards, _merchant_pick),
}
