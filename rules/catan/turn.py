"""The handlers of set-up (§2) and of the turn's actions (§3-§6), by action class."""

from __future__ import annotations

from collections.abc import Callable

from rules.kernel.tx import assemble, replaced

from . import facts, improvements, knights, placement, production, progress, trade
from .actions import (
    Action,
    ActivateKnight,
    BuildCity,
    BuildKnight,
    BuildRoad,
    BuildSettlement,
    BuildWall,
    BuyImprovement,
    ChaseRobber,
    DiscardProgress,
    DisplaceKnight,
    EndTurn,
    HarborExchange,
    MaritimeTrade,
    MoveKnight,
    OfferTrade,
    PlaceBuilding,
    PlaceRoad,
    PlayProgress,
    PromoteKnight,
    Roll,
)
from .board import TOPOLOGY as T
from .board import node_id
from .errors import IllegalAction
from .ids import parse_edge, parse_hex, parse_node
from .legal import setup_order
from .pieces import recount_roads, upgrade
from .state import (
    COMMODITIES,
    COSTS,
    DECKS,
    RESOURCES,
    Building,
    Decision,
    GameState,
    Offer,
    decision,
)
from .tx import Tx

# --- set-up ---------------------------------------------------------------------------------

def setup_move(tx: Tx, seat: int, act: Action) -> None:
    s = tx.s
    second = s.setup_step >= len(s.seats)
    if s.setup_node is None:
        if not isinstance(act, PlaceBuilding):
            raise IllegalAction("set-up: place a building first")
        node = parse_node(act.node)
        if not placement.settlement_ok(s, seat, node, setup=True):
            raise IllegalAction(f"{act.node} is taken or too close to a building")
        tx.buildings()[node] = Building(owner=seat, city=second)
        s.setup_node = node
        tx.emit("placed", seat, piece="city" if second else "settlement", node=act.node)
        if second:
            starting_hand(tx, seat, node)
        recount_roads(tx)  # a building can cut an opponent's road (never in practice here)
        return
    if not isinstance(act, PlaceRoad):
        raise IllegalAction("set-up: place the road touching your building")
    edge = parse_edge(act.edge)
    if not placement.setup_road_ok(s, edge):
        raise IllegalAction(f"{act.edge} must be empty and touch {node_id(s.setup_node)}")
    tx.roads()[edge] = seat
    tx.emit("placed", seat, piece="road", edge=act.edge)
    recount_roads(tx)
    s.setup_node = None
    s.setup_step += 1
    if s.setup_step == len(setup_order(s)):
        s.phase, s.active, s.turn = "roll", 0, 1
        tx.emit("turn_started", 0, turn=1)


def starting_hand(tx: Tx, seat: int, node: int) -> None:
    """One resource per land hex around the set-up city; no commodity (§2.3)."""
    got: dict[str, int] = {}
    for h in T.node_hexes[node]:
        table = production.YIELD[tx.s.terrains[h]]["settlement"]
        for card in table:
            got[card] = got.get(card, 0) + tx.take(seat, card)
    tx.emit("starting_hand", seat, cards=got)


# --- the turn -------------------------------------------------------------------------------

def _roll(tx: Tx, seat: int, act: Action) -> None:
    if tx.s.phase != "roll":
        raise IllegalAction("the dice were rolled this turn")
    production.roll(tx)


def _need_action_phase(tx: Tx) -> None:
    if tx.s.phase != "action":
        raise IllegalAction("roll the dice first")


def _end_turn(tx: Tx, seat: int, act: Action) -> None:
    s = tx.s
    _need_action_phase(tx)
    if len(s.players[seat].progress) > production.PROGRESS_LIMIT:
        raise IllegalAction(f"discard progress cards down to {production.PROGRESS_LIMIT} first")
    tx.emit("turn_ended", seat)
    s.active = (s.active + 1) % len(s.seats)
    s.turn += 1
    s.phase, s.fleets, s.free_roads, s.free_promotions, s.harbor_used = "roll", [], 0, 0, None
    if s.offers:
        s.offers = []
    if spent := facts.spent(s.knights):  # knights activated, promoted or acting this turn
        s.knights = {n: replaced(k, activated=False, promoted=False, acted=False)
                     if n in spent else k for n, k in s.knights.items()}
    tx.emit("turn_started", s.active, turn=s.turn)


def _pay_or_refuse(tx: Tx, seat: int, build: str) -> None:
    if not placement.affordable(tx.s, seat, build):
        raise IllegalAction(f"not enough cards for a {build}")
    tx.pay(seat, COSTS[build])


def _build_road(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildRoad)
    _need_action_phase(tx)
    s, edge = tx.s, parse_edge(act.edge)
    if placement.supply(s, seat, "road") <= 0:
        raise IllegalAction("no road left in your supply")
    if not placement.road_ok(s, seat, edge):
        raise IllegalAction(f"{act.edge} is taken or not connected to your network")
    if s.free_roads:
        s.free_roads -= 1  # Road Building
        paid: dict[str, int] = {}
    else:
        _pay_or_refuse(tx, seat, "road")
        paid = COSTS["road"]
    tx.roads()[edge] = seat
    tx.emit("built", seat, piece="road", edge=act.edge, paid=paid)
    recount_roads(tx)


def _build_settlement(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildSettlement)
    _need_action_phase(tx)
    s, node = tx.s, parse_node(act.node)
    if placement.supply(s, seat, "settlement") <= 0:
        raise IllegalAction("no settlement left in your supply")
    if not placement.settlement_ok(s, seat, node):
        raise IllegalAction(f"{act.node}: not empty, too close to a building, or off your roads")
    _pay_or_refuse(tx, seat, "settlement")
    tx.buildings()[node] = Building(owner=seat)
    tx.emit("built", seat, piece="settlement", node=act.node, paid=COSTS["settlement"])
    recount_roads(tx)


def _build_city(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildCity)
    _need_action_phase(tx)
    s, node = tx.s, parse_node(act.node)
    if node not in placement.city_nodes(s, seat):
        raise IllegalAction(f"{act.node}: no settlement of yours to upgrade (a city on its "
                            "side first), or no city piece left")
    _pay_or_refuse(tx, seat, "city")
    upgrade(tx, seat, node, COSTS["city"])


def _build_wall(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildWall)
    _need_action_phase(tx)
    s, node = tx.s, parse_node(act.node)
    if node not in placement.wall_nodes(s, seat):
        raise IllegalAction(f"{act.node}: no city of yours without a wall, or 3 walls built")
    _pay_or_refuse(tx, seat, "wall")
    tx.buildings()[node] = replaced(s.buildings[node], wall=True)
    tx.emit("built", seat, piece="wall", node=act.node, paid=COSTS["wall"])


def _buy_improvement(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuyImprovement)
    _need_action_phase(tx)
    node = None if act.node is None else parse_node(act.node)
    options = improvements.targets(tx.s, seat, act.track)
    if options is None:
        raise IllegalAction(f"{act.track}: the next level cannot be bought now")
    if node not in options:
        raise IllegalAction("name one of your cities without a metropolis for it" if
                            options != [None] else "this level brings no metropolis")
    improvements.buy(tx, seat, act.track, node)


def _maritime(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, MaritimeTrade)
    _need_action_phase(tx)
    s = tx.s
    if not trade.maritime_ok(s, seat, act.give, act.get):
        raise IllegalAction(f"cannot trade {act.give} for {act.get} with the bank now")
    n = trade.rate(s, seat, act.give)
    tx.pay(seat, {act.give: n})
    tx.take(seat, act.get)
    tx.emit("maritime_trade", seat, give={act.give: n}, get={act.get: 1})


def _offer(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, OfferTrade)
    _need_action_phase(tx)
    s = tx.s
    if not isinstance(act.to, str):
        _offer_to_several(tx, seat, act.to, act.give, act.get)
        return
    to = s.seat_of(act.to)
    if to is None:
        raise IllegalAction(f"no seat {act.to!r}")
    why = trade.offer_ok(s, seat, to, act.give, act.get)
    if why:
        raise IllegalAction(why)
    # Built unvalidated: the action's cards are already canonical (its validator).
    tx.push([assemble(Decision, {
        "kind": "trade_offer", "seat": to, "stage": tx.stage(), "target": None, "count": 0,
        "give": act.give, "get": act.get, "nodes": [], "knight": None, "edges": []},
        {"kind", "seat", "stage", "give", "get"})])
    tx.offers().append(assemble(Offer, {"to": to, "give": act.give, "get": act.get,
                                     "hand": dict(s.players[seat].cards)},
                             {"to", "give", "get", "hand"}))
    tx.emit("trade_offered", seat, to=act.to, give=act.give, get=act.get)


def _offer_to_several(tx: Tx, seat: int, names: list[str], give: dict[str, int],
                      get: dict[str, int]) -> None:
    """An offer to several seats (§5, as a table plays it): each addressee is asked at once
    (a trade_ask each, one stage); their acceptances and counters wait as the offerer's
    trade_reply decisions (the next stage: asked once every addressee has answered)."""
    s = tx.s
    if not names:
        raise IllegalAction("name the seats the offer is made to")
    seats: list[int] = []
    for name in names:
        to = s.seat_of(name)
        if to is None:
            raise IllegalAction(f"no seat {name!r}")
        why = trade.offer_ok(s, seat, to, give, get)
        if why:
            raise IllegalAction(why)
        seats.append(to)
    stage = tx.stage()
    tx.stage()  # the replies' stage, stage + 1
    tx.push([decision("trade_ask", to, stage, target=seat, give=give, get=get)
             for to in seats])
    hand = dict(s.players[seat].cards)
    tx.offers().extend(assemble(Offer, {"to": to, "give": give, "get": get, "hand": hand},
                                {"to", "give", "get", "hand"}) for to in seats)
    tx.emit("trade_offered", seat, to=[s.seats[to] for to in seats], give=give, get=get)


def _discard_progress(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, DiscardProgress)
    _need_action_phase(tx)
    if len(tx.s.players[seat].progress) <= production.PROGRESS_LIMIT:
        raise IllegalAction(f"you hold no more than {production.PROGRESS_LIMIT} progress cards")
    discard_progress(tx, seat, act.card)


def discard_progress(tx: Tx, seat: int, card: str) -> None:
    """Face down under its own deck (§9.3 ruling)."""
    if card not in tx.s.players[seat].progress:
        raise IllegalAction(f"you hold no {card}")
    tx.player(seat).progress.remove(card)
    colour = next(c for c, cards in DECKS.items() if card in cards)
    tx.deck(colour).append(card)
    tx.emit("progress_discarded", seat, deck=colour)


def _my_knight(tx: Tx, seat: int, text: str) -> int:
    node = parse_node(text)
    k = tx.s.knights.get(node)
    if k is None or k.owner != seat:
        raise IllegalAction(f"no knight of yours on {text}")
    return node


def _build_knight(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildKnight)
    _need_action_phase(tx)
    node = parse_node(act.node)
    if not knights.build_ok(tx.s, seat, node):
        raise IllegalAction(f"{act.node}: not an empty end of your roads, or no basic knight "
                            "left")
    _pay_or_refuse(tx, seat, "knight")
    knights.build(tx, seat, node)
    recount_roads(tx)


def _activate_knight(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, ActivateKnight)
    _need_action_phase(tx)
    node = _my_knight(tx, seat, act.node)
    if not knights.activate_ok(tx.s, seat, node):
        raise IllegalAction("that knight is already active")
    _pay_or_refuse(tx, seat, "activate")
    knights.activate(tx, seat, node)


def _promote_knight(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, PromoteKnight)
    _need_action_phase(tx)
    node = _my_knight(tx, seat, act.node)
    if not knights.promote_ok(tx.s, seat, node):
        raise IllegalAction("no promotion: mighty already, promoted this turn, no piece of the "
                            "next level, or mighty without the Fortress")
    if tx.s.free_promotions:
        tx.s.free_promotions -= 1  # Smith
    else:
        _pay_or_refuse(tx, seat, "promote")
    knights.promote(tx, seat, node)


def _acting_knight(tx: Tx, seat: int, text: str) -> int:
    _need_action_phase(tx)
    node = _my_knight(tx, seat, text)
    if not knights.can_act(tx.s, seat, node):
        raise IllegalAction("the knight must be active, not activated this turn, and not have "
                            "acted this turn")
    return node


def _move_knight(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, MoveKnight)
    node, to = _acting_knight(tx, seat, act.node), parse_node(act.to)
    if to not in knights.moves(tx.s, seat, node):
        raise IllegalAction(f"{act.to}: not an empty intersection along your roads")
    knights.move(tx, seat, node, to)
    recount_roads(tx)


def _displace_knight(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, DisplaceKnight)
    node, to = _acting_knight(tx, seat, act.node), parse_node(act.to)
    if to not in knights.displacements(tx.s, seat, node):
        raise IllegalAction(f"{act.to}: no weaker opponent's knight along your roads")
    knights.displace(tx, seat, node, to)
    recount_roads(tx)


def _chase_robber(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, ChaseRobber)
    node = _acting_knight(tx, seat, act.node)
    if not knights.chase_ok(tx.s, seat, node):
        raise IllegalAction("the knight must stand by the robber, after the first attack")
    h, victim = robber_target(tx.s, seat, act.hex, act.victim)
    knights.chase(tx, seat, node, h, victim)


def robber_target(s: GameState, seat: int, hex_text: str, victim_name: str | None
                   ) -> tuple[int, int | None]:
    """The robber's new hex and victim, checked (§3.3)."""
    h = parse_hex(hex_text)
    victim = None if victim_name is None else s.seat_of(victim_name)
    if victim_name is not None and victim is None:
        raise IllegalAction(f"no seat {victim_name!r}")
    found = production.victims(s, seat, h)
    allowed: list[int | None] = list(found) if found else [None]
    if h == s.robber or victim not in allowed:
        raise IllegalAction("the robber must leave its hex; name a victim there with cards, "
                            "if any")
    return h, victim


def _play_progress(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, PlayProgress)
    if tx.s.phase not in ("roll", "action"):
        raise IllegalAction("progress cards are played in your turn")
    progress.play(tx, seat, act)


def _harbor_exchange(tx: Tx, seat: int, act: Action) -> None:
    """Commercial Harbor (§10): one resource offered to an opponent not asked yet this turn."""
    assert isinstance(act, HarborExchange)
    _need_action_phase(tx)
    s = tx.s
    to = s.seat_of(act.to)
    if (s.harbor_used is None or to is None or to == seat or to in s.harbor_used
            or act.card not in RESOURCES or not s.players[seat].cards[act.card]):
        raise IllegalAction("offer a resource you hold to an opponent not asked this turn, "
                            "after playing Commercial Harbor")
    tx.harbor_used().append(to)
    if not any(s.players[to].cards[c] for c in COMMODITIES):
        tx.emit("harbor_exchanged", seat, to=act.to, give={}, get={})
        return
    tx.push([Decision(kind="harbor_return", seat=to, stage=tx.stage(), give={act.card: 1})])


TURN: dict[type[Action], Callable[[Tx, int, Action], None]] = {
    PlayProgress: _play_progress, HarborExchange: _harbor_exchange,
    BuildKnight: _build_knight, ActivateKnight: _activate_knight,
    PromoteKnight: _promote_knight, MoveKnight: _move_knight,
    DisplaceKnight: _displace_knight, ChaseRobber: _chase_robber,
    Roll: _roll, EndTurn: _end_turn, BuildRoad: _build_road,
    BuildSettlement: _build_settlement, BuildCity: _build_city, BuildWall: _build_wall,
    BuyImprovement: _buy_improvement, MaritimeTrade: _maritime, OfferTrade: _offer,
    DiscardProgress: _discard_progress,
}
