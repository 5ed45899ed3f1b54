"""Who decides now and what they may do: to_act and legal_actions (§3.1, §3.5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, compress
from operator import itemgetter
from typing import overload

from . import facts, improvements, knights, placement, production, progress, trade
from .actions import (
    AcceptTrade,
    Action,
    ActivateKnight,
    BuildCity,
    BuildKnight,
    BuildRoad,
    BuildSettlement,
    BuildWall,
    BuyImprovement,
    CancelTrade,
    ChaseRobber,
    ChooseCity,
    ChooseDeck,
    ChooseResource,
    CounterTrade,
    DeclineTrade,
    Discard,
    DiscardProgress,
    DisplaceKnight,
    EndTurn,
    GiveCards,
    HarborExchange,
    MaritimeTrade,
    MoveKnight,
    MoveRobber,
    OfferTrade,
    PickTrade,
    PlaceBuilding,
    PlaceFreeRoad,
    PlaceKnight,
    PlaceRoad,
    PromoteKnight,
    RemoveKnight,
    RetreatKnight,
    ReturnCommodity,
    Roll,
    TakeCards,
    TakeProgress,
    made,
)
from .asks import ASKS
from .board import TOPOLOGY as T
from .board import edge_id, hex_id, node_id
from .state import (
    CARDS,
    COMMODITIES,
    DECKS,
    RESOURCES,
    TRACKS,
    Decision,
    GameState,
)
from .tx import view


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


def deciding(s: GameState) -> list[int]:
    """The seats the game waits for: those asked a decision, else the one whose move it is."""
    if s.phase == "over":
        return []
    asked = batch(s)
    if asked:
        return list(dict.fromkeys(d.seat for d in asked))
    if s.phase == "setup":
        return [setup_order(s)[s.setup_step]]
    return [s.active]


def acting(s: GameState) -> list[int]:
    """The seats that may act: those deciding, and an offerer who may cancel while the
    addressee thinks (listed first, as the turn's owner)."""
    pending = s.pending
    if not pending:  # the usual case, without batch's work
        return deciding(s)
    if s.phase == "over":
        return []
    if len(pending) == 1:  # the next usual case: one decision (a trade offer's, a 7's...)
        d = pending[0]
        if d.seat != s.active and d.kind in ASKED_OFFERS:
            return [s.active, d.seat]
        return [d.seat]
    asked = batch(s)  # deciding's, listed once
    seats = list(dict.fromkeys(d.seat for d in asked))
    if s.active not in seats and any(d.kind in ASKED_OFFERS for d in asked):
        seats.insert(0, s.active)
    return seats


# An offer's addressees deciding: the offerer may act too (cancel; pick a reply so far).
ASKED_OFFERS = frozenset({"trade_offer", "trade_ask"})


def to_act(s: GameState) -> list[str]:
    return [s.seats[seat] for seat in acting(s)]


def must_decide(s: GameState) -> list[str]:
    return [s.seats[seat] for seat in deciding(s)]


def decision_of(s: GameState, seat: int) -> Decision | None:
    pending = s.pending
    if not pending:
        return None
    if len(pending) == 1:
        return pending[0] if pending[0].seat == seat else None
    return next((d for d in batch(s) if d.seat == seat), None)


# --- legal actions --------------------------------------------------------------------------

def legal_actions(s: GameState, name: str) -> list[Action]:
    s = view(s)
    seat = s.seat_of(name)
    return [] if seat is None else actions_of(s, seat)


def actions_of(s: GameState, seat: int) -> list[Action]:
    """legal_actions of a seat int."""
    if seat not in acting(s):
        return []
    decision = decision_of(s, seat)
    if decision is not None:
        return decision_actions(s, decision)
    if s.pending:  # the offerer, waiting on an addressee
        if any(d.kind == "trade_ask" for d in s.pending):
            return offerer_actions(s, seat)
        return [made(CancelTrade)]
    if s.phase == "setup":
        return setup_actions(s, seat)
    if s.phase == "roll":
        return [made(Roll), *progress.plays(s, seat)]
    return turn_actions(s, seat)


def setup_actions(s: GameState, seat: int) -> list[Action]:
    if s.setup_node is None:
        return [made(PlaceBuilding, node=node_id(n)) for n in range(len(T.node_edges))
                if placement.settlement_ok(s, seat, n, setup=True)]
    return [made(PlaceRoad, edge=edge_id(e)) for e in range(len(T.edge_nodes))
            if placement.setup_road_ok(s, e)]


def turn_actions(s: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    for section in turn_sections(s, seat):
        out += section() if callable(section) else section
    return out


class Mixed(list[Action]):
    """A section of turn_actions that holds several kinds of action (the knights')."""


# A section listed only when random play draws its kind: a function that lists it.
Lazy = Callable[[], Sequence[Action]]
Section = Sequence[Action] | Lazy
_END_TURN: tuple[Action, ...] = (made(EndTurn),)


def turn_sections(s: GameState, seat: int, grouped: bool = False) -> list[Section]:
    """turn_actions in order, in non-empty sections of one kind each (a Mixed one: several,
    the knights'); the costly ones as a Lazy after a cheaper check that they are not empty,
    so that random_action, which draws a kind first, lists only the kind it draws. grouped:
    the knights' section split by kind as random_action groups it (knight_groups)."""
    player = s.players[seat]
    cards = player.cards
    pays = placement.pays
    out: list[Section] = []
    if len(player.progress) > production.PROGRESS_LIMIT:
        out.append([made(DiscardProgress, card=c) for c in sorted(set(player.progress))])
    else:
        out.append(_END_TURN)
    if ((s.free_roads or pays(cards, "road"))
            and placement.supply(s, seat, "road") > 0 and placement.any_road_edge(s, seat)):
        out.append(lambda: [made(BuildRoad, edge=edge_id(e)) for e in road_edges(s, seat)])
    if (pays(cards, "settlement") and placement.supply(s, seat, "settlement") > 0
            and any(placement.settlement_ok(s, seat, n) for n in road_nodes(s, seat))):
        out.append(lambda: [made(BuildSettlement, node=node_id(n)) for n in road_nodes(s, seat)
                            if placement.settlement_ok(s, seat, n)])
    if pays(cards, "city") and (built := [made(BuildCity, node=node_id(n))
                                          for n in placement.city_nodes(s, seat)]):
        out.append(built)
    if pays(cards, "wall") and (walls := [made(BuildWall, node=node_id(n))
                                          for n in placement.wall_nodes(s, seat)]):
        out.append(walls)
    if buys := improvement_buys(s, seat):
        out.append(buys)
    if _any_maritime(s, seat):
        out.append(lambda: maritime_trades(s, seat))
    if grouped:
        out += knight_groups(s, seat)
    elif knighted := knight_actions(s, seat):
        out.append(Mixed(knighted))
    if progress.any_play(s, seat):
        out.append(lambda: progress.plays(s, seat))
    if s.harbor_used is not None and (exchanges := harbor_exchanges(s, seat)):
        out.append(exchanges)
    if any(cards.values()):  # offers: a type held (Offers made only if drawn)
        out.append(lambda: Offers(_others(s, seat), held_tuple(s, seat)))
    return out


def improvement_buys(s: GameState, seat: int) -> list[Action]:
    player = s.players[seat]
    cards = player.cards
    out: list[Action] = []
    for track, commodity in TRACKS.items():
        if cards[commodity] <= player.improvements[track]:
            continue  # cannot pay the next level: targets would say None
        for target in improvements.targets(s, seat, track) or []:
            out.append(made(BuyImprovement,
                            track=track, node=None if target is None else node_id(target)))
    return out


def maritime_trades(s: GameState, seat: int) -> list[Action]:
    """The bank trades seat can pay: each type it can give, each other type in the bank."""
    bank = s.bank
    return [_maritime(give, get) for give in _paid_gives(s, seat)
            for get in CARDS if get != give and bank[get]]


def _paid_gives(s: GameState, seat: int) -> list[str]:
    """The types seat holds enough of to trade with the bank (rates looked up only for those
    held at the lowest rate)."""
    cards = s.players[seat].cards
    out: list[str] = []
    if max(cards.values()) < trade.MIN_RATE:
        return out  # the usual hand: nothing at any rate
    ports: set[str] | None = None
    for give in CARDS:
        if cards[give] < trade.MIN_RATE:
            continue
        if ports is None:
            ports = trade.harbours_of(s, seat)
        if cards[give] >= trade.rate(s, seat, give, ports):
            out.append(give)
    return out


def _any_maritime(s: GameState, seat: int) -> bool:
    """Whether maritime_trades lists any: a type paid for, another type in the bank."""
    bank = s.bank
    return any(get != give and bank[get] for give in _paid_gives(s, seat) for get in CARDS)


@cache
def _maritime(give: str, get: str) -> MaritimeTrade:
    """Built once each, without validation (all known valid)."""
    return MaritimeTrade.model_construct(give=give, get=get)


def road_nodes(s: GameState, seat: int) -> list[int]:
    """The intersections `seat`'s roads touch, ascending: the only places a settlement or a
    knight may be built (both need one), so listing them need not try all 54."""
    return list(facts.roads(s.roads, seat).nodes)


def road_edges(s: GameState, seat: int) -> list[int]:
    """The edges placement.road_ok allows, ascending, found from the intersections a road may
    start at (seat's buildings and road ends) instead of trying all 72."""
    roads = s.roads
    return sorted({e for n in placement.road_ends(s, seat) for e in T.node_edges[n]
                   if e not in roads})


def harbor_exchanges(s: GameState, seat: int) -> list[Action]:
    if s.harbor_used is None:
        return []
    held = [r for r in RESOURCES if s.players[seat].cards[r]]
    return [made(HarborExchange, to=s.seats[to], card=r) for to in range(len(s.seats))
            if to != seat and to not in s.harbor_used for r in held]


def knight_actions(s: GameState, seat: int) -> list[Action]:
    """Build, activate and promote (each over seat's knights, ascending), then each acting
    knight's moves, displacements and robber chases."""
    builds, activations, promotions, acting = _knight_plan(s, seat)
    out: list[Action] = [made(BuildKnight, node=node_id(n)) for n in builds]
    out += [made(ActivateKnight, node=node_id(n)) for n in activations]
    out += [made(PromoteKnight, node=node_id(n)) for n in promotions]
    chases: list[MoveRobber] | None = None
    for n, moves, displaced, chase in acting:
        out += [made(MoveKnight, node=node_id(n), to=node_id(v)) for v in moves]
        out += [made(DisplaceKnight, node=node_id(n), to=node_id(v)) for v in displaced]
        if chase:
            chases = robber_moves(s, seat) if chases is None else chases
            out += [made(ChaseRobber, node=node_id(n), hex=m.hex, victim=m.victim)
                    for m in chases]
    return out


def knight_groups(s: GameState, seat: int) -> list[Section]:
    """knight_actions split by kind, the kinds in the order they first come there (as
    random_action groups them), each a Lazy list, made only if drawn."""
    builds, activations, promotions, acting = _knight_plan(s, seat)
    out: list[Section] = []
    if builds:
        out.append(lambda: [made(BuildKnight, node=node_id(n)) for n in builds])
    if activations:
        out.append(lambda: [made(ActivateKnight, node=node_id(n)) for n in activations])
    if promotions:
        out.append(lambda: [made(PromoteKnight, node=node_id(n)) for n in promotions])
    kinds: dict[str, Section] = {}
    for _, moves, displaced, chase in acting:
        if moves and "move" not in kinds:
            kinds["move"] = lambda: [made(MoveKnight, node=node_id(n), to=node_id(v))
                                     for n, moves, _, _ in acting for v in moves]
        if displaced and "displace" not in kinds:
            kinds["displace"] = lambda: [made(DisplaceKnight, node=node_id(n), to=node_id(v))
                                         for n, _, displaced, _ in acting for v in displaced]
        if chase and "chase" not in kinds:
            kinds["chase"] = lambda: [
                made(ChaseRobber, node=node_id(n), hex=m.hex, victim=m.victim)
                for n, _, _, chase in acting if chase for m in robber_moves(s, seat)]
    return out + list(kinds.values())


Acting = tuple[int, list[int], list[int], bool]  # knight node, moves, displacements, chase


def _reachable(links: dict[int, list[int]], foreign: set[int], start: int) -> list[int]:
    """knights.reachable over seat's road links (facts) and the nodes holding an opponent's
    piece (reached, not passed), found once for all of seat's knights."""
    seen, todo = {start}, [start]
    while todo:
        for v in links.get(todo.pop(), ()):
            if v not in seen:
                seen.add(v)
                if v not in foreign:
                    todo.append(v)
    seen.discard(start)
    return sorted(seen)


def _knight_plan(s: GameState, seat: int
                 ) -> tuple[list[int], list[int], list[int], list[Acting]]:
    """The nodes of knight_actions' builds, activations and promotions, and each acting
    knight's targets.
    knights.py's checks, read off each knight once: the nodes are seat's knights' (facts), so
    their owner is not checked again."""
    player = s.players[seat]
    cards = player.cards
    board = s.knights
    own = facts.knights(board, seat)
    if not own.nodes and not placement.pays(cards, "knight"):
        return [], [], [], []  # no knight, none to build: the usual early game
    left = [limit - used for limit, used in zip(placement.KNIGHT_LIMITS, own.levels, strict=True)]
    builds: list[int] = []
    if placement.pays(cards, "knight") and left[0] > 0:
        # knights.build_ok, its supply check done once: road_nodes touch seat's roads.
        builds = [n for n in road_nodes(s, seat) if placement.empty(s, n)]
    mine = [(n, board[n]) for n in own.nodes]  # ascending
    if not mine:
        return builds, [], [], []
    activations: list[int] = []
    if placement.pays(cards, "activate"):  # knights.activate_ok
        activations = [n for n, k in mine if not k.active]
    promotions: list[int] = []
    if s.free_promotions or placement.pays(cards, "promote"):  # knights.promote_ok
        fortress = player.improvements["politics"] >= knights.FORTRESS
        top = knights.MIGHTY if fortress else knights.MIGHTY - 1  # promoted from below top
        promotions = [n for n, k in mine
                      if not k.promoted and k.level < top and left[k.level] > 0]
    acting: list[Acting] = []
    foreign: set[int] | None = None
    for n, k in mine:
        if not k.active or k.activated or k.acted:  # knights.can_act
            continue
        if foreign is None:  # knights.foreign's nodes, found once
            foreign = facts.foreign(s.buildings, board, seat)
        # knights.moves and knights.displacements, from one search of the roads.
        reach = _reachable(facts.roads(s.roads, seat).links, foreign, n)
        acting.append((
            n, [v for v in reach if placement.empty(s, v)],
            [v for v in reach if (other := board.get(v)) is not None and other.owner != seat
             and other.level < k.level],
            s.attacks > 0 and n in T.hex_nodes[s.robber]))  # knights.chase_ok
    return builds, activations, promotions, acting


def answers(s: GameState, d: Decision) -> list[Action]:
    """An addressee's answers to an offer to several seats: accept (if it holds what is
    asked), decline, and the one-for-one counters (apply takes any counter), each held type
    given for each other type, the offer's own terms left out."""
    out: list[Action] = [made(DeclineTrade)]
    if placement.can_pay(s, d.seat, d.get):
        out.insert(0, made(AcceptTrade))
    for give in held_tuple(s, d.seat):
        out.extend(_counter(give, get) for get in _ASKED[give]
                   if not ({give: 1} == d.get and {get: 1} == d.give))
    return out


@cache
def _counter(give: str, get: str) -> CounterTrade:
    return CounterTrade.model_construct(give={give: 1}, get={get: 1})


def offerer_actions(s: GameState, seat: int) -> list[Action]:
    """The offerer of an offer to several seats: trade with a seat that accepted or
    countered (if it holds what that asks of it), cancel, or end the turn (the offer expires)."""
    cards = s.players[seat].cards
    out: list[Action] = [made(PickTrade, seat=s.seats[d.target]) for d in s.pending
                         if d.kind == "trade_reply" and d.target is not None
                         and all(cards[c] >= n for c, n in d.give.items())]
    out.append(made(CancelTrade))
    if len(s.players[seat].progress) <= production.PROGRESS_LIMIT:
        out.append(made(EndTurn))
    return out


def offers(s: GameState, seat: int) -> list[Action]:
    """The one-for-one offers (apply takes any offer; listing all multisets is impossible):
    to each opponent in seat order, each held type given, each other type asked."""
    return list(Offers(_others(s, seat), held_tuple(s, seat)))


class Offers(Sequence[Action]):
    """offers' list without making it: its length, and its i-th offer computed (random play
    takes one of ~170, and a list of every hand's offers was built on each new hand)."""

    __slots__ = ("to", "held")
    _GETS = len(CARDS) - 1  # the types asked for one given

    def __init__(self, to: tuple[str, ...], held: tuple[str, ...]) -> None:
        self.to, self.held = to, held

    def __len__(self) -> int:
        return len(self.to) * len(self.held) * self._GETS

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        per_seat = len(self.held) * self._GETS
        give = self.held[i % per_seat // self._GETS]
        get = _ASKED[give][i % self._GETS]
        return _offer(self.to[i // per_seat], give, get)


_ASKED = {give: tuple(c for c in CARDS if c != give) for give in CARDS}


def held_tuple(s: GameState, seat: int) -> tuple[str, ...]:
    """The card types seat holds, in CARDS order."""
    return tuple(compress(CARDS, _COUNTS(s.players[seat].cards)))


_COUNTS = itemgetter(*CARDS)  # a hand's counts, in CARDS order


def _others(s: GameState, seat: int) -> tuple[str, ...]:
    """The names of seat's opponents, in seat order."""
    return (*s.seats[:seat], *s.seats[seat + 1:])


@cache
def _offer(to: str, give: str, get: str) -> OfferTrade:
    """Built without validation (all known valid), each once."""
    return OfferTrade.model_construct(to=to, give={give: 1}, get={get: 1})


@cache
def _one_card(kind: type[Discard] | type[GiveCards], card: str) -> Action:
    """One card to discard or give, built once (its dict is never changed)."""
    return kind(cards={card: 1})


def has_choice(s: GameState, d: Decision) -> bool:
    """Whether decision_actions lists any, told without the list for the usual kinds."""
    if d.kind in ("discard", "gift"):
        return any(s.players[d.seat].cards.values())
    if d.kind == "aqueduct":
        return any(s.bank[r] for r in RESOURCES)
    return bool(decision_actions(s, d))


def decision_actions(s: GameState, d: Decision) -> list[Action]:
    if d.kind in ("discard", "gift"):
        cards = s.players[d.seat].cards
        kind = Discard if d.kind == "discard" else GiveCards
        return [_one_card(kind, c) for c in CARDS if cards[c]]
    if d.kind == "robber":
        return list(robber_moves(s, d.seat))
    if d.kind == "knight_retreat":
        return [made(RetreatKnight, node=node_id(n)) for n in d.nodes]
    if d.kind == "trade_offer":
        out: list[Action] = [made(DeclineTrade)]
        if placement.can_pay(s, d.seat, d.get):
            out.insert(0, made(AcceptTrade))
        return out
    if d.kind == "trade_ask":
        return answers(s, d)
    if d.kind == "trade_reply":
        return offerer_actions(s, d.seat)
    if d.kind == "aqueduct":
        return [made(ChooseResource, card=r) for r in RESOURCES if s.bank[r]]
    if d.kind == "progress_discard":
        return [made(DiscardProgress, card=c) for c in sorted(set(s.players[d.seat].progress))]
    if d.kind == "city_loss":
        return [made(ChooseCity, node=node_id(n)) for n in d.nodes]
    if d.kind == "defender_draw":
        decks = [colour for colour in DECKS if s.decks[colour]]
        return [made(ChooseDeck, deck=colour) for colour in decks or list(DECKS)]
    if d.kind == "knight_remove":
        return [made(RemoveKnight, node=node_id(n)) for n in d.nodes]
    if d.kind == "knight_place":
        return [made(PlaceKnight), *(made(PlaceKnight, node=node_id(n)) for n in d.nodes)]
    if d.kind == "road_place":
        return [made(PlaceFreeRoad), *(made(PlaceFreeRoad, edge=edge_id(e)) for e in d.edges
                                   if placement.road_ok(s, d.seat, e))]
    if d.kind == "spy_pick":
        assert d.target is not None
        return [made(TakeProgress, card=c) for c in sorted(set(s.players[d.target].progress))]
    if d.kind == "harbor_return":
        cards = s.players[d.seat].cards
        return [made(ReturnCommodity, card=c) for c in COMMODITIES if cards[c]]
    if d.kind == "merchant_pick":
        assert d.target is not None
        return [TakeCards(cards=dict(Counter(pick))) for pick in sorted(set(
            combinations_with_replacement(held(s, d.target), d.count)))
            if placement.can_pay(s, d.target, dict(Counter(pick)))]
    return ASKS[d.kind].choices(s, d)  # a kind a card brought


def held(s: GameState, seat: int) -> list[str]:
    return [c for c in CARDS if s.players[seat].cards[c]]


def robber_moves(s: GameState, seat: int) -> list[MoveRobber]:
    """Each hex but the robber's, with each opponent there holding a card (production.victims,
    in seat order), or no victim."""
    out: list[MoveRobber] = []
    holding = [any(p.cards.values()) for p in s.players]  # hands counted once
    owners = facts.hex_owners(s.buildings)
    for h in range(len(T.hex_nodes)):
        if h == s.robber:
            continue
        found = [v for v in owners.get(h, ()) if v != seat and holding[v]]
        if found:
            out += [_robber_move(h, s.seats[v]) for v in found]
        else:
            out.append(_robber_move(h, None))
    return out


@lru_cache(maxsize=1024)
def _robber_move(h: int, victim: str | None) -> MoveRobber:
    return made(MoveRobber, hex=hex_id(h), victim=victim)
