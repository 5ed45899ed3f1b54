"""Progress cards (§9, §10): each card one record (`Card`, in `PROGRESS`): its legal plays,
whether it has any, its effect, its numbers and the decisions of its own it asks a seat.

`plays(s, seat)` lists every legal play; `play` accepts exactly those, so the list and the
checks cannot disagree. A card with no legal effect has no play (§9.1 ruling). Played cards go
face down under their own deck. A new card is its record here (its deck's copies in
rules.json, its numbers in data/progress.json), or `add_card` at run time (a test's card).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from itertools import combinations
from typing import Any

from rules.kernel.tx import replaced

from . import facts, improvements, knights, placement, production, scoring
from .actions import ACTIONS, PlayProgress, made
from .asks import ASKS, Ask
from .board import TOPOLOGY as T
from .board import edge_id, hex_id, node_id
from .errors import IllegalAction
from .ids import parse_edge, parse_hex, parse_node
from .pieces import recount_roads, upgrade
from .state import (
    CARDS,
    COMMODITIES,
    COSTS,
    DECKS,
    RESOURCES,
    TRACKS,
    Decision,
    GameState,
    Knight,
)
from .tx import Tx

COLOUR_OF: dict[str, str] = {card: colour for colour, cards in DECKS.items() for card in cards}
# Each card's numbers and rulings (data/progress.json), so a ruling is a one-line edit (§16).
CARD: dict[str, dict[str, Any]] = json.loads(
    resources.files(__package__).joinpath("data/progress.json").read_text("utf-8"))
FIXED_TOKENS = frozenset(CARD["inventor"]["fixed_tokens"])  # the Inventor may not move these
CRANE = int(CARD["crane"]["discount"])


Options = Callable[[GameState, int], list[PlayProgress]]
Has = Callable[[GameState, int], bool]
Effect = Callable[[Tx, int, PlayProgress], None]


@dataclass(frozen=True)
class Card:
    """A progress card, whole: what the engine reads of it."""
    options: Options  # its legal plays now (only while it is held)
    effect: Effect  # what a play does, once the card is laid under its deck
    has: Has | None = None  # whether `options` lists any, told without it (None: listed)
    at_roll: bool = False  # played before the dice (the Alchemist) instead of in the turn
    numbers: Mapping[str, Any] = field(default_factory=dict)  # data/progress.json's row
    asks: tuple[Ask, ...] = ()  # decisions of kinds of its own it asks a seat

    def playable(self, s: GameState, seat: int) -> bool:
        return self.has(s, seat) if self.has is not None else bool(self.options(s, seat))


def opponents(s: GameState, seat: int) -> list[int]:
    return [o for o in range(len(s.seats)) if o != seat]


# --- what may be played ------------------------------------------------------------------------

def plays(s: GameState, seat: int) -> list[PlayProgress]:
    """Every legal play of seat's progress hand now (the roll phase: only the Alchemist)."""
    out: list[PlayProgress] = []
    roll = s.phase == "roll"
    for card in sorted(set(s.players[seat].progress)):
        record = PROGRESS[card]
        if record.at_roll == roll:
            out += record.options(s, seat)
    return out


def _p(card: str, **fields: object) -> PlayProgress:
    return made(PlayProgress, card=card, **fields)


def _alchemist(s: GameState, seat: int) -> list[PlayProgress]:
    return list(_ALCHEMIST)


# Plays that depend on little or nothing, listed once (actions are frozen, shared).
_ALCHEMIST = tuple(_p("alchemist", red=r, yellow=y) for r in range(1, 7) for y in range(1, 7))


def _crane(s: GameState, seat: int) -> list[PlayProgress]:
    out = []
    for track in TRACKS:
        for target in improvements.targets(s, seat, track, discount=CRANE) or []:
            out.append(_p("crane", track=track,
                          node=None if target is None else node_id(target)))
    return out


def _engineer(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("engineer", node=node_id(n)) for n in placement.wall_nodes(s, seat)]


def _inventor(s: GameState, seat: int) -> list[PlayProgress]:
    movable = tuple(h for h, t in enumerate(s.tokens) if t is not None and t not in FIXED_TOKENS)
    return list(_inventions(movable))


@lru_cache(maxsize=256)
def _inventions(movable: tuple[int, ...]) -> tuple[PlayProgress, ...]:
    return tuple(_p("inventor", hex=hex_id(a), other_hex=hex_id(b))
                 for a, b in combinations(movable, 2))


def harvest_hexes(s: GameState, seat: int, terrain: str) -> list[int]:
    """Hexes of `terrain` next to one of seat's buildings (Irrigation, Mining)."""
    return sorted({h for h in _building_hexes(s, seat) if s.terrains[h] == terrain})


def _harvest(card: str) -> Callable[[GameState, int], list[PlayProgress]]:
    terrain = CARD[card]["terrain"]
    gives = production.YIELD[terrain]["settlement"][0]

    def options(s: GameState, seat: int) -> list[PlayProgress]:
        # An empty bank pays nothing: no legal effect, no play (§9.1).
        return [_p(card)] if s.bank[gives] and harvest_hexes(s, seat, terrain) else []
    return options


def _medicine(s: GameState, seat: int) -> list[PlayProgress]:
    if not placement.affordable(s, seat, "medicine"):
        return []
    return [_p("medicine", node=node_id(n)) for n in placement.city_nodes(s, seat)]


def _road_building(s: GameState, seat: int) -> list[PlayProgress]:
    ok = placement.supply(s, seat, "road") > 0 and placement.any_road_edge(s, seat)
    return [_p("road_building")] if ok else []


def _smith(s: GameState, seat: int) -> list[PlayProgress]:
    ok = any(knights.promote_ok(s, seat, n) for n in facts.knights(s.knights, seat).nodes)
    return [_p("smith")] if ok else []


def _bishop(s: GameState, seat: int) -> list[PlayProgress]:
    if s.attacks == 0:
        return []  # the robber lock (§3.3)
    return list(_bishops(s.robber))


@lru_cache(maxsize=32)
def _bishops(robber: int) -> tuple[PlayProgress, ...]:
    return tuple(_p("bishop", hex=hex_id(h)) for h in range(len(T.hex_nodes)) if h != robber)


def _deserter(s: GameState, seat: int) -> list[PlayProgress]:
    owners = sorted({k.owner for k in s.knights.values() if k.owner != seat})
    return [_p("deserter", seat=s.seats[o]) for o in owners]


def open_road(s: GameState, edge: int) -> bool:
    """An end of the road where its owner has no other road and no building or knight (§10)."""
    owner = s.roads[edge]
    for n in T.edge_nodes[edge]:
        b, k = s.buildings.get(n), s.knights.get(n)
        if (b is not None and b.owner == owner) or (k is not None and k.owner == owner):
            continue
        if not any(s.roads.get(e) == owner for e in T.node_edges[n] if e != edge):
            return True
    return False


def _diplomat(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("diplomat", edge=edge_id(e)) for e in sorted(s.roads) if open_road(s, e)]


def intrigue_targets(s: GameState, seat: int) -> list[int]:
    return sorted(n for n, k in s.knights.items() if k.owner != seat
                  and any(s.roads.get(e) == seat for e in T.node_edges[n]))


def _intrigue(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("intrigue", node=node_id(n)) for n in intrigue_targets(s, seat)]


def saboteur_targets(s: GameState, seat: int) -> list[int]:
    points = scoring.all_points(s)
    return [o for o in opponents(s, seat)
            if points[o] >= points[seat] and s.players[o].hand_size() >= 2]


def _saboteur(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("saboteur")] if saboteur_targets(s, seat) else []


def _spy(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("spy", seat=s.seats[o]) for o in opponents(s, seat) if s.players[o].progress]


def _warlord(s: GameState, seat: int) -> list[PlayProgress]:
    ok = any(k.owner == seat and not k.active for k in s.knights.values())
    return [_p("warlord")] if ok else []


def richer(s: GameState, seat: int) -> list[int]:
    """Opponents with more points than seat, holding at least one card."""
    points = scoring.all_points(s)
    return [o for o in opponents(s, seat)
            if points[o] > points[seat] and s.players[o].hand_size()]


def _wedding(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("wedding")] if richer(s, seat) else []


def _commercial_harbor(s: GameState, seat: int) -> list[PlayProgress]:
    ok = s.harbor_used is None and any(s.players[seat].cards[r] for r in RESOURCES)
    return [_p("commercial_harbor")] if ok else []


def _master_merchant(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("master_merchant", seat=s.seats[o]) for o in richer(s, seat)]


def merchant_hexes(s: GameState, seat: int) -> list[int]:
    return sorted({h for h in _building_hexes(s, seat)
                   if CARD["merchant"]["on_desert"] or s.terrains[h] != "desert"})


def _merchant(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("merchant", hex=hex_id(h)) for h in merchant_hexes(s, seat)
            if (s.merchant, s.merchant_owner) != (h, seat)]


def _merchant_fleet(s: GameState, seat: int) -> list[PlayProgress]:
    return [_p("merchant_fleet", kind=c) for c in CARDS if c not in s.fleets]


def any_play(s: GameState, seat: int) -> bool:
    """Whether plays(s, seat) lists any, without listing the many plays of some cards."""
    roll = s.phase == "roll"
    for card in set(s.players[seat].progress):
        record = PROGRESS[card]
        if record.at_roll == roll and record.playable(s, seat):
            return True
    return False


# Whether a card has any play, told without listing its plays (Card.has) where they are many.

def _always(s: GameState, seat: int) -> bool:
    return True


def _has_crane(s: GameState, seat: int) -> bool:
    return any(improvements.targets(s, seat, track, discount=CRANE) is not None
               for track in TRACKS)


def _has_inventor(s: GameState, seat: int) -> bool:
    return sum(1 for t in s.tokens if t is not None and t not in FIXED_TOKENS) >= 2


def _has_diplomat(s: GameState, seat: int) -> bool:
    return any(open_road(s, e) for e in s.roads)


def _has_richer(s: GameState, seat: int) -> bool:
    return bool(richer(s, seat))


def _has_fleet(s: GameState, seat: int) -> bool:
    return any(c not in s.fleets for c in CARDS)


def _robber_unlocked(s: GameState, seat: int) -> bool:
    return s.attacks > 0  # the robber lock (§3.3)


def _building_hexes(s: GameState, seat: int) -> Iterator[int]:
    """The hexes by seat's buildings (some more than once)."""
    mine = facts.buildings(s.buildings, seat)
    for n in (*mine.settlement_nodes, *mine.standing, *mine.ruined):
        yield from T.node_hexes[n]


def _has_harvest(s: GameState, seat: int, card: str) -> bool:
    """_harvest(card) lists its play: the bank holds the yield, a hex of the terrain is by
    one of seat's buildings."""
    terrain = CARD[card]["terrain"]
    return bool(s.bank[production.YIELD[terrain]["settlement"][0]]) and any(
        s.terrains[h] == terrain for h in _building_hexes(s, seat))


def _has_intrigue(s: GameState, seat: int) -> bool:
    """intrigue_targets has any: another seat's knight on a node seat's roads touch."""
    mine = facts.roads(s.roads, seat).nodes
    if not mine:
        return False
    touched = set(mine)
    return any(k.owner != seat and n in touched for n, k in s.knights.items())


def _has_merchant(s: GameState, seat: int) -> bool:
    """_merchant lists any: a hex by one of seat's buildings, not where seat's merchant is."""
    for h in _building_hexes(s, seat):
        if ((CARD["merchant"]["on_desert"] or s.terrains[h] != "desert")
                and (s.merchant, s.merchant_owner) != (h, seat)):
            return True
    return False


# --- playing ---------------------------------------------------------------------------------

def play(tx: Tx, seat: int, act: PlayProgress) -> None:
    s = tx.s
    if act.card not in s.players[seat].progress:
        raise IllegalAction(f"you hold no {act.card}")
    # plays(s, seat) holds act exactly when the card's own options do (the card is held).
    record = PROGRESS[act.card]
    if record.at_roll != (s.phase == "roll") or not _listed_in(act, record.options(s, seat)):
        raise IllegalAction(f"{act.card} cannot be played so now")
    tx.player(seat).progress.remove(act.card)
    tx.deck(COLOUR_OF[act.card]).append(act.card)
    tx.emit("progress_played", seat, card=act.card)
    record.effect(tx, seat, act)


def _listed_in(act: PlayProgress, listed: list[PlayProgress]) -> bool:
    """act in listed, trying identity first: listed plays are shared objects (made), so a
    listed one is mostly the very object, and pydantic's == is slow."""
    return any(a is act for a in listed) or act in listed


def _e_alchemist(tx: Tx, seat: int, act: PlayProgress) -> None:
    production.roll(tx, act.red, act.yellow)


def _e_crane(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.track is not None
    node = None if act.node is None else parse_node(act.node)
    improvements.buy(tx, seat, act.track, node, discount=CRANE)


def _e_engineer(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.node is not None
    node = parse_node(act.node)
    tx.buildings()[node] = replaced(tx.s.buildings[node], wall=True)
    tx.emit("built", seat, piece="wall", node=act.node, paid={})


def _e_inventor(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.hex is not None and act.other_hex is not None
    a, b = parse_hex(act.hex), parse_hex(act.other_hex)
    tokens = tx.tokens()
    tokens[a], tokens[b] = tokens[b], tokens[a]
    tx.emit("tokens_swapped", seat, hexes=[act.hex, act.other_hex])


def _harvest_effect(name: str) -> Callable[[Tx, int, PlayProgress], None]:
    terrain, per_hex = CARD[name]["terrain"], int(CARD[name]["per_hex"])
    card = production.YIELD[terrain]["settlement"][0]

    def effect(tx: Tx, seat: int, act: PlayProgress) -> None:
        n = per_hex * len(harvest_hexes(tx.s, seat, terrain))
        got = tx.take(seat, card, n)  # §16.8: the robber does not block it; a short bank pays
        tx.emit("harvested", seat, cards={card: got})
    return effect


def _e_medicine(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.node is not None
    tx.pay(seat, COSTS["medicine"])
    upgrade(tx, seat, parse_node(act.node), COSTS["medicine"])


def _e_road_building(tx: Tx, seat: int, act: PlayProgress) -> None:
    tx.s.free_roads = min(int(CARD["road_building"]["roads"]),
                          placement.supply(tx.s, seat, "road"))


def _e_smith(tx: Tx, seat: int, act: PlayProgress) -> None:
    tx.s.free_promotions = int(CARD["smith"]["promotions"])


def _e_bishop(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.hex is not None
    h = parse_hex(act.hex)
    robbed = production.victims(tx.s, seat, h)
    production.move_robber(tx, seat, h, None)
    for victim in robbed:
        production.steal(tx, seat, victim)


def _e_deserter(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.seat is not None
    target = tx.s.seats.index(act.seat)
    tx.push([Decision(kind="knight_remove", seat=target, stage=tx.stage(), target=seat,
                      nodes=sorted(n for n, k in tx.s.knights.items() if k.owner == target))],
            first=True)


def _e_diplomat(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.edge is not None
    s, edge = tx.s, parse_edge(act.edge)
    owner = tx.roads().pop(edge)
    tx.emit("road_removed", owner, edge=act.edge, by=tx.name(seat))
    recount_roads(tx)
    if owner == seat:
        spots = [e for e in range(len(T.edge_nodes)) if placement.road_ok(s, seat, e)]
        if spots:
            tx.push([Decision(kind="road_place", seat=seat, stage=tx.stage(), edges=spots)],
                    first=True)


def _e_intrigue(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.node is not None
    node = parse_node(act.node)
    victim = tx.knights().pop(node)
    tx.emit("knight_displaced", seat, to=act.node, victim=tx.name(victim.owner))
    knights.retreat(tx, victim, node)
    recount_roads(tx)


def _e_saboteur(tx: Tx, seat: int, act: PlayProgress) -> None:
    s = tx.s
    stage = tx.stage()
    tx.push([Decision(kind="discard", seat=o, stage=stage,
                      count=s.players[o].hand_size() // 2)
             for o in saboteur_targets(s, seat)], first=True)


def _e_spy(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.seat is not None
    target = tx.s.seats.index(act.seat)
    tx.push([Decision(kind="spy_pick", seat=seat, stage=tx.stage(), target=target)],
            first=True)


def _e_warlord(tx: Tx, seat: int, act: PlayProgress) -> None:
    s = tx.s
    s.knights = {n: replaced(k, active=True, activated=True)
                 if k.owner == seat and not k.active else k for n, k in s.knights.items()}
    tx.emit("knights_activated", seat)


def _e_wedding(tx: Tx, seat: int, act: PlayProgress) -> None:
    s = tx.s
    stage = tx.stage()
    tx.push([Decision(kind="gift", seat=o, stage=stage, target=seat,
                      count=min(int(CARD["wedding"]["gift"]), s.players[o].hand_size()))
             for o in richer(s, seat)],
            first=True)


def _e_commercial_harbor(tx: Tx, seat: int, act: PlayProgress) -> None:
    tx.s.harbor_used = []


def _e_master_merchant(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.seat is not None
    s = tx.s
    target = s.seats.index(act.seat)
    tx.push([Decision(kind="merchant_pick", seat=seat, stage=tx.stage(), target=target,
                      count=min(int(CARD["master_merchant"]["take"]),
                                s.players[target].hand_size()))], first=True)


def _e_merchant(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.hex is not None
    tx.s.merchant, tx.s.merchant_owner = parse_hex(act.hex), seat
    tx.emit("merchant_placed", seat, hex=act.hex)


def _e_merchant_fleet(tx: Tx, seat: int, act: PlayProgress) -> None:
    assert act.kind is not None
    tx.fleets().append(act.kind)


def _monopoly(name: str) -> Callable[[Tx, int, PlayProgress], None]:
    most = int(CARD[name]["take"])

    def effect(tx: Tx, seat: int, act: PlayProgress) -> None:
        assert act.kind is not None
        taken = {}
        for o in opponents(tx.s, seat):
            n = min(most, tx.s.players[o].cards[act.kind])
            if n:
                tx.move_cards(o, seat, {act.kind: n})
                taken[tx.name(o)] = n
        tx.emit("monopoly", seat, card=act.kind, taken=taken)
    return effect


def _harvest_card(name: str) -> Card:
    """Irrigation, Mining: cards by each hex of a terrain next to one's buildings."""
    return Card(_harvest(name), _harvest_effect(name),
                lambda s, seat: _has_harvest(s, seat, name), numbers=CARD[name])


def _monopoly_card(name: str, kinds: tuple[str, ...]) -> Card:
    return Card(lambda s, seat: [_p(name, kind=k) for k in kinds], _monopoly(name), _always,
                numbers=CARD[name])


# Every progress card by id (rules.json's decks hold their copies).
PROGRESS: dict[str, Card] = {
    "alchemist": Card(_alchemist, _e_alchemist, _always, at_roll=True),
    "crane": Card(_crane, _e_crane, _has_crane, numbers=CARD["crane"]),
    "engineer": Card(_engineer, _e_engineer),
    "inventor": Card(_inventor, _e_inventor, _has_inventor, numbers=CARD["inventor"]),
    "irrigation": _harvest_card("irrigation"),
    "medicine": Card(_medicine, _e_medicine),
    "mining": _harvest_card("mining"),
    "road_building": Card(_road_building, _e_road_building, numbers=CARD["road_building"]),
    "smith": Card(_smith, _e_smith, numbers=CARD["smith"]),
    "bishop": Card(_bishop, _e_bishop, _robber_unlocked),
    "deserter": Card(_deserter, _e_deserter),
    "diplomat": Card(_diplomat, _e_diplomat, _has_diplomat),
    "intrigue": Card(_intrigue, _e_intrigue, _has_intrigue),
    "saboteur": Card(_saboteur, _e_saboteur, lambda s, seat: bool(saboteur_targets(s, seat))),
    "spy": Card(_spy, _e_spy),
    "warlord": Card(_warlord, _e_warlord),
    "wedding": Card(_wedding, _e_wedding, _has_richer, numbers=CARD["wedding"]),
    "commercial_harbor": Card(_commercial_harbor, _e_commercial_harbor),
    "master_merchant": Card(_master_merchant, _e_master_merchant, _has_richer,
                            numbers=CARD["master_merchant"]),
    "merchant": Card(_merchant, _e_merchant, _has_merchant, numbers=CARD["merchant"]),
    "merchant_fleet": Card(_merchant_fleet, _e_merchant_fleet, _has_fleet),
    "resource_monopoly": _monopoly_card("resource_monopoly", RESOURCES),
    "trade_monopoly": _monopoly_card("trade_monopoly", COMMODITIES),
}


# --- cards added at run time -----------------------------------------------------------------

def add_card(name: str, card: Card, colour: str) -> None:
    """`card` playable from now on as `name`, laid under the `colour` deck once played: its
    record, and the decisions it asks with the classes of their answers (ValueError if a name,
    a kind or an action type is taken). Nobody is dealt it: its copies are rules.json's."""
    if name in PROGRESS:
        raise ValueError(f"there is already a progress card {name!r}")
    for ask in card.asks:
        if ask.kind in ASKS or ACTIONS.of(ask.type) is not None:
            raise ValueError(f"the decision {ask.kind!r} or the action {ask.type!r} is another's")
    PROGRESS[name], COLOUR_OF[name] = card, colour
    for ask in card.asks:
        ASKS[ask.kind], ACTIONS.extra[ask.type] = ask, ask.answer


def remove_card(name: str) -> None:
    """Take out a card `add_card` added."""
    card = PROGRESS.pop(name)
    del COLOUR_OF[name]
    for ask in card.asks:
        del ASKS[ask.kind], ACTIONS.extra[ask.type]


# --- the Deserter's own knight ---------------------------------------------------------------

def deserter_knight(s: GameState, seat: int, level: int, active: bool) -> Knight | None:
    """The knight seat places after a Deserter took one of `level`: the same level, else the
    strongest below it still in supply (§16.7); None if none is left."""
    for lv in range(level, 0, -1):
        if placement.knight_supply(s, seat, lv) > 0:
            return Knight(owner=seat, level=lv, active=active, activated=active)
    return None


def knight_spots(s: GameState, seat: int) -> list[int]:
    return [n for n in range(len(T.node_edges)) if placement.empty(s, n)
            and any(s.roads.get(e) == seat for e in T.node_edges[n])]
