"""The public entry points: new_game, to_act, legal_actions, apply, default_action.

The phase machine (§3.1): "setup" (§2: snake order, round 2 places a city) -> for each turn
"roll" (only the roll) -> "production" (the event die was resolved; production waits for the
decisions it raised, e.g. cities lost to barbarians) -> "action" -> end_turn -> next "roll".
Decisions (§3.5) wait in `pending`: while any is there, only they are asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import board, improvements, placement, production, progress, rng, scoring, trade
from .actions import (
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuildWall,
    BuyImprovement,
    CancelTrade,
    ChooseCity,
    ChooseDeck,
    ChooseResource,
    DeclineTrade,
    Discard,
    DiscardProgress,
    EndTurn,
    HarbourOffer,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlaceBuilding,
    PlaceRoad,
    PlayProgress,
    Roll,
)
from .board import TOPOLOGY as T
from .board import edge_id, hex_id, node_id
from .errors import IllegalAction
from .events import Event
from .layout import beginner, random_layout
from .state import (
    CARDS,
    COMMODITIES,
    COSTS,
    DECKS,
    RESOURCES,
    RULES,
    TRACKS,
    Building,
    Decision,
    GameState,
    Options,
    Player,
)
from .tx import Tx

MIN_PLAYERS, MAX_PLAYERS = 3, 4
PROGRESS_LIMIT = int(RULES["progress_limit"])


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


def _parsed(parse: Callable[[str], int], text: str) -> int:
    try:
        return parse(text)
    except ValueError:
        raise IllegalAction(f"no place {text!r} on the board") from None


def parse_node(text: str) -> int:
    return _parsed(board.parse_node, text)


def parse_edge(text: str) -> int:
    return _parsed(board.parse_edge, text)


def parse_hex(text: str) -> int:
    return _parsed(board.parse_hex, text)


def setup_order(s: GameState) -> list[int]:
    """Round 1 in seat order, round 2 in reverse (§2.2)."""
    n = len(s.seats)
    return [*range(n), *reversed(range(n))]


# --- who decides ----------------------------------------------------------------------------

def batch(s: GameState) -> list[Decision]:
    """The decisions asked now: those of the first one's stage."""
    if not s.pending:
        return []
    stage = s.pending[0].stage
    return [d for d in s.pending if d.stage == stage]


def acting(s: GameState) -> list[int]:
    if s.phase == "over":
        return []
    asked = batch(s)
    if asked:
        seats = list(dict.fromkeys(d.seat for d in asked))
        if any(d.kind == "trade_offer" for d in asked) and s.active not in seats:
            seats.insert(0, s.active)  # the offerer may cancel while the addressee thinks
        return seats
    if s.phase == "setup":
        return [setup_order(s)[s.setup_step]]
    return [s.active]


def to_act(s: GameState) -> list[str]:
    return [s.seats[seat] for seat in acting(s)]


def decision_of(s: GameState, seat: int) -> Decision | None:
    return next((d for d in batch(s) if d.seat == seat), None)


# --- legal actions --------------------------------------------------------------------------

def legal_actions(s: GameState, name: str) -> list[Action]:
    seat = s.seat_of(name)
    if seat is None or seat not in acting(s):
        return []
    decision = decision_of(s, seat)
    if decision is not None:
        return decision_actions(s, decision)
    if s.pending:  # the offerer, waiting on an addressee
        return [CancelTrade()]
    if s.phase == "setup":
        return setup_actions(s, seat)
    if s.phase == "roll":
        return [Roll(), *progress.playable(s, seat)]  # the Alchemist
    return turn_actions(s, seat)


def setup_actions(s: GameState, seat: int) -> list[Action]:
    if s.setup_node is None:
        return [PlaceBuilding(node=node_id(n)) for n in range(len(T.node_edges))
                if placement.settlement_ok(s, seat, n, setup=True)]
    return [PlaceRoad(edge=edge_id(e)) for e in range(len(T.edge_nodes))
            if placement.setup_road_ok(s, e)]


def turn_actions(s: GameState, seat: int) -> list[Action]:
    player = s.players[seat]
    out: list[Action] = []
    if len(player.progress) > PROGRESS_LIMIT:
        out += [DiscardProgress(card=c) for c in sorted(set(player.progress))]
    else:
        out.append(EndTurn())
    if placement.affordable(s, seat, "road") and placement.supply(s, seat, "road") > 0:
        out += [BuildRoad(edge=edge_id(e)) for e in range(len(T.edge_nodes))
                if placement.road_ok(s, seat, e)]
    if (placement.affordable(s, seat, "settlement")
            and placement.supply(s, seat, "settlement") > 0):
        out += [BuildSettlement(node=node_id(n)) for n in range(len(T.node_edges))
                if placement.settlement_ok(s, seat, n)]
    if placement.affordable(s, seat, "city"):
        out += [BuildCity(node=node_id(n)) for n in placement.city_nodes(s, seat)]
    if placement.affordable(s, seat, "wall"):
        out += [BuildWall(node=node_id(n)) for n in placement.wall_nodes(s, seat)]
    for track in TRACKS:
        for target in improvements.targets(s, seat, track) or []:
            out.append(BuyImprovement(
                track=track, node=None if target is None else node_id(target)))
    cards, rates = s.players[seat].cards, trade.rates(s, seat)
    out += [MaritimeTrade.model_construct(give=give, get=get) for give in CARDS
            if cards[give] >= rates[give] for get in CARDS if get != give and s.bank[get]]
    out += offers(s, seat)
    out += progress.playable(s, seat)
    return out


def offers(s: GameState, seat: int) -> list[Action]:
    """The one-for-one offers (apply takes any offer; listing all multisets is impossible)."""
    held = [c for c in CARDS if s.players[seat].cards[c]]
    # Built without validation: every field is known valid (the lists are long).
    return [OfferTrade.model_construct(to=s.seats[to], give={give: 1}, get={get: 1})
            for to in range(len(s.seats)) if to != seat
            for give in held for get in CARDS if get != give]


def decision_actions(s: GameState, d: Decision) -> list[Action]:
    if d.kind in progress.KINDS:
        return progress.decision_actions(s, d)
    if d.kind == "discard":
        cards = s.players[d.seat].cards
        return [Discard(cards={c: 1}) for c in CARDS if cards[c]]
    if d.kind == "robber":
        return robber_moves(s, d.seat)
    if d.kind == "trade_offer":
        out: list[Action] = [DeclineTrade()]
        if placement.can_pay(s, d.seat, d.get):
            out.insert(0, AcceptTrade())
        return out
    if d.kind == "aqueduct":
        return [ChooseResource(card=r) for r in RESOURCES if s.bank[r]]
    if d.kind == "progress_discard":
        return [DiscardProgress(card=c) for c in sorted(set(s.players[d.seat].progress))]
    if d.kind == "city_loss":
        return [ChooseCity(node=node_id(n)) for n in d.nodes]
    if d.kind == "defender_draw":
        decks = [colour for colour in DECKS if s.decks[colour]]
        return [ChooseDeck(deck=colour) for colour in decks or list(DECKS)]
    raise AssertionError(f"no actions for {d.kind}")


def robber_moves(s: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    for h in range(len(T.hex_nodes)):
        if h == s.robber:
            continue
        found = production.victims(s, seat, h)
        if found:
            out += [MoveRobber(hex=hex_id(h), victim=s.seats[v]) for v in found]
        else:
            out.append(MoveRobber(hex=hex_id(h)))
    return out


# --- applying -------------------------------------------------------------------------------

def apply(state: GameState, name: str, action: Action | dict[str, Any]
          ) -> tuple[GameState, list[Event]]:
    act = Action.parse(action)
    if state.phase == "over":
        raise IllegalAction("the game is over")
    seat = state.seat_of(name)
    if seat is None or seat not in acting(state):
        raise IllegalAction(f"it is not {name!r}'s decision now")
    tx = Tx(state)
    s = tx.s
    decision = decision_of(s, seat)
    if decision is not None:
        answer(tx, decision, act)
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
    return s, tx.events


def advance(tx: Tx) -> None:
    """Run what needs no decision: production once the event's decisions are answered, then
    the victory check (§11: only the player whose turn it is wins)."""
    s = tx.s
    if not s.pending and s.phase == "production":
        production.produce(tx)
    if s.phase in ("roll", "production", "action") and scoring.points(s, s.active) >= scoring.WIN:
        s.phase, s.winner = "over", s.active
        s.pending = []
        tx.emit("game_over", s.active, points=scoring.points(s, s.active))


def recount_roads(tx: Tx) -> None:
    old, new = scoring.award_longest_road(tx.s)
    if old != new:
        tx.emit("longest_road", new, taken_from=None if old is None else tx.name(old))


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
        s.buildings[node] = Building(owner=seat, city=second)
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
    s.roads[edge] = seat
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
    if len(s.players[seat].progress) > PROGRESS_LIMIT:
        raise IllegalAction(f"discard progress cards down to {PROGRESS_LIMIT} first")
    tx.emit("turn_ended", seat)
    s.active = (s.active + 1) % len(s.seats)
    s.turn += 1
    s.phase, s.fleets, s.harbour = "roll", [], None
    s.knights = {n: k.model_copy(update={"activated": False, "promoted": False, "acted": False})
                 for n, k in s.knights.items()}
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
    _pay_or_refuse(tx, seat, "road")
    s.roads[edge] = seat
    tx.emit("built", seat, piece="road", edge=act.edge, paid=COSTS["road"])
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
    s.buildings[node] = Building(owner=seat)
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
    s.buildings[node] = Building(owner=seat, city=True)
    tx.emit("built", seat, piece="city", node=act.node, paid=COSTS["city"])


def _build_wall(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, BuildWall)
    _need_action_phase(tx)
    s, node = tx.s, parse_node(act.node)
    if node not in placement.wall_nodes(s, seat):
        raise IllegalAction(f"{act.node}: no city of yours without a wall, or 3 walls built")
    _pay_or_refuse(tx, seat, "wall")
    s.buildings[node] = s.buildings[node].model_copy(update={"wall": True})
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
    to = s.seat_of(act.to)
    if to is None:
        raise IllegalAction(f"no seat {act.to!r}")
    why = trade.offer_ok(s, seat, to, act.give, act.get)
    if why:
        raise IllegalAction(why)
    tx.push([Decision(kind="trade_offer", seat=to, stage=tx.stage(), give=act.give,
                      get=act.get)])
    tx.emit("trade_offered", seat, to=act.to, give=act.give, get=act.get)


def _discard_progress(tx: Tx, seat: int, act: Action) -> None:
    assert isinstance(act, DiscardProgress)
    _need_action_phase(tx)
    if len(tx.s.players[seat].progress) <= PROGRESS_LIMIT:
        raise IllegalAction(f"you hold no more than {PROGRESS_LIMIT} progress cards")
    discard_progress(tx, seat, act.card)


def discard_progress(tx: Tx, seat: int, card: str) -> None:
    """Face down under its own deck (§9.3 ruling)."""
    hand = tx.s.players[seat].progress
    if card not in hand:
        raise IllegalAction(f"you hold no {card}")
    hand.remove(card)
    colour = next(c for c, cards in DECKS.items() if card in cards)
    tx.s.decks[colour].append(card)
    tx.emit("progress_discarded", seat, deck=colour)


TURN: dict[type[Action], Callable[[Tx, int, Action], None]] = {
    Roll: _roll, EndTurn: _end_turn, BuildRoad: _build_road,
    BuildSettlement: _build_settlement, BuildCity: _build_city, BuildWall: _build_wall,
    BuyImprovement: _buy_improvement, MaritimeTrade: _maritime, OfferTrade: _offer,
    DiscardProgress: _discard_progress, PlayProgress: progress.play,
    HarbourOffer: progress.harbour_offer,
}


# --- answering decisions --------------------------------------------------------------------

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
        h = parse_hex(act.hex)
        victim = None if act.victim is None else s.seat_of(act.victim)
        found = production.victims(s, seat, h)
        allowed: list[int | None] = list(found) if found else [None]
        if h == s.robber or victim not in allowed:
            raise IllegalAction("the robber must leave its hex; name a victim there with "
                                "cards, if any")
        tx.done(d)
        production.move_robber(tx, seat, h, victim)
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
        if s.phase in ("setup", "roll"):
            return legal[0]
        return EndTurn() if EndTurn() in legal else legal[0]
    if d.kind in progress.KINDS:
        return progress.default(s, d, r)
    if d.kind == "discard":
        hand = [c for c in CARDS for _ in range(s.players[seat].cards[c])]
        picked = r.sample(hand, d.count)
        return Discard(cards={c: picked.count(c) for c in set(picked)})
    if d.kind == "trade_offer":
        return DeclineTrade()
    if d.kind in ("aqueduct", "progress_discard", "defender_draw"):
        return legal[r.randrange(len(legal))]
    return legal[0]  # robber, city_loss (lowest I-id), retreat: the first listed


def random_action(s: GameState, name: str, r: random.Random) -> Action | None:
    """A random legal action, drawn by kind first, so that the many trade offers do not drown
    the builds in random play."""
    legal = legal_actions(s, name)
    if not legal:
        return None
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.type, []).append(a)
    group = list(kinds.values())[int(r.random() * len(kinds))]
    return group[int(r.random() * len(group))]
