"""Science (green) progress cards (§10): one handler per card id."""

from __future__ import annotations

import random
from itertools import combinations

from .. import improvements, placement, production
from ..actions import Action, BuildRoad, PlayProgress
from ..board import TOPOLOGY as T
from ..board import edge_id, hex_id, node_id
from ..errors import IllegalAction
from ..state import COSTS, TRACKS, Building, Decision, GameState
from ..tx import Tx
from . import common
from .common import ABILITY_LEVEL, DATA, Ask, Card, play

DIE = range(1, 7)


# --- alchemist: set the red and yellow dice before the roll -------------------------------

def _alchemist_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("alchemist", red=r, yellow=y) for r in DIE for y in DIE]


def _alchemist(tx: Tx, me: int, act: PlayProgress) -> None:
    if act.red not in DIE or act.yellow not in DIE:
        raise IllegalAction("set the red and the yellow die to 1-6")
    production.roll(tx, act.red, act.yellow)


# --- crane: an improvement one commodity cheaper ------------------------------------------

CRANE_DISCOUNT = int(DATA["crane"]["discount"])


def _crane_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("crane", track=track, node=None if city is None else node_id(city))
            for track in TRACKS
            for city in improvements.targets(s, me, track, CRANE_DISCOUNT) or []]


def _crane(tx: Tx, me: int, act: PlayProgress) -> None:
    if act.track not in TRACKS:
        raise IllegalAction("name the track of the improvement the Crane cheapens")
    city = None if act.node is None else common.node(act.node)
    options = improvements.targets(tx.s, me, act.track, CRANE_DISCOUNT)
    if options is None or city not in options:
        raise IllegalAction(f"{act.track}: the next level cannot be bought now, even cheaper"
                            if options is None else "name a city of yours for the metropolis"
                            if options != [None] else "this level brings no metropolis")
    improvements.buy(tx, me, act.track, city, CRANE_DISCOUNT)


# --- engineer: a free wall ------------------------------------------------------------------

def _engineer_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("engineer", node=node_id(n)) for n in placement.wall_nodes(s, me)]


def _engineer(tx: Tx, me: int, act: PlayProgress) -> None:
    n = common.node(act.node)
    if n not in placement.wall_nodes(tx.s, me):
        raise IllegalAction(f"{act.node}: no city of yours without a wall, or 3 walls built")
    tx.s.buildings[n] = tx.s.buildings[n].model_copy(update={"wall": True})
    tx.emit("built", me, piece="wall", node=act.node, paid={})


# --- inventor: swap two number tokens (not 2, 12, 6, 8) -------------------------------------

FIXED_TOKENS = frozenset(DATA["inventor"]["fixed_tokens"])


def _swappable(s: GameState) -> list[int]:
    return [h for h, t in enumerate(s.tokens) if t is not None and t not in FIXED_TOKENS]


def _inventor_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("inventor", hexes=[hex_id(a), hex_id(b)])
            for a, b in combinations(_swappable(s), 2)]


def _inventor(tx: Tx, me: int, act: PlayProgress) -> None:
    s = tx.s
    if len(act.hexes) != 2:
        raise IllegalAction("name the two hexes whose tokens are swapped")
    a, b = (common.hex_(h) for h in act.hexes)
    ok = _swappable(s)
    if a == b or a not in ok or b not in ok:
        raise IllegalAction("two different hexes whose tokens are none of 2, 12, 6, 8")
    s.tokens[a], s.tokens[b] = s.tokens[b], s.tokens[a]
    tx.emit("tokens_swapped", me, hexes={hex_id(a): s.tokens[a], hex_id(b): s.tokens[b]})


# --- irrigation / mining: 2 cards per fields / mountains hex one touches ---------------------

def _harvest(card: str) -> Card:
    terrain, per_hex = str(DATA[card]["terrain"]), int(DATA[card]["per_hex"])
    resource = production.YIELD[terrain]["settlement"][0]

    def hexes(s: GameState, me: int) -> list[int]:
        return sorted(h for h in common.buildings_hexes(s, me) if s.terrains[h] == terrain)

    def plays(s: GameState, me: int) -> list[PlayProgress]:
        return [play(card)] if hexes(s, me) and s.bank[resource] else []

    def effect(tx: Tx, me: int, act: PlayProgress) -> None:
        found = hexes(tx.s, me)
        if not found or not tx.s.bank[resource]:
            raise IllegalAction(f"no {terrain} hex next to your buildings, or no {resource} "
                                "left in the bank")
        got = tx.take(me, resource, per_hex * len(found))  # the robber does not block it
        tx.emit("harvested", me, hexes=[hex_id(h) for h in found], cards={resource: got})

    return Card(plays, effect)


# --- medicine: a city for 2 ore + 1 grain ---------------------------------------------------

def _medicine_plays(s: GameState, me: int) -> list[PlayProgress]:
    if not placement.affordable(s, me, "medicine"):
        return []
    return [play("medicine", node=node_id(n)) for n in placement.city_nodes(s, me)]


def _medicine(tx: Tx, me: int, act: PlayProgress) -> None:
    n = common.node(act.node)
    if n not in placement.city_nodes(tx.s, me) or not placement.affordable(tx.s, me, "medicine"):
        raise IllegalAction(f"{act.node}: no settlement of yours to upgrade (a city on its side "
                            "first), no city piece, or not 2 ore and 1 grain")
    tx.pay(me, COSTS["medicine"])
    tx.s.buildings[n] = Building(owner=me, city=True)
    tx.emit("built", me, piece="city", node=act.node, paid=COSTS["medicine"])


# --- road building: 2 free roads, one at a time --------------------------------------------

FREE_ROADS = int(DATA["road_building"]["roads"])


def free_road_edges(s: GameState, me: int) -> list[int]:
    """Where `me` may build a road now, cost aside."""
    if placement.supply(s, me, "road") <= 0:
        return []
    return [e for e in range(len(T.edge_nodes)) if placement.road_ok(s, me, e)]


def _road_building_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("road_building")] if free_road_edges(s, me) else []


def _road_building(tx: Tx, me: int, act: PlayProgress) -> None:
    if not free_road_edges(tx.s, me):
        raise IllegalAction("no road can be built")
    count = min(FREE_ROADS, placement.supply(tx.s, me, "road"))
    tx.push([Decision(kind="free_roads", seat=me, stage=tx.stage(), count=count)], first=True)


def build_free_road(tx: Tx, me: int, act: Action) -> None:
    """A road for nothing (Road Building, Diplomat), checked like a bought one."""
    if not isinstance(act, BuildRoad):
        raise IllegalAction("build a road (build_road)")
    e = common.edge(act.edge)
    if e not in free_road_edges(tx.s, me):
        raise IllegalAction(f"{act.edge} is taken or not connected to your network")
    tx.s.roads[e] = me
    tx.emit("built", me, piece="road", edge=act.edge, paid={})
    common.recount_roads(tx)


def _free_roads_actions(s: GameState, d: Decision) -> list[Action]:
    return [BuildRoad(edge=edge_id(e)) for e in free_road_edges(s, d.seat)]


def _free_roads_answer(tx: Tx, d: Decision, act: Action) -> None:
    build_free_road(tx, d.seat, act)
    if d.count > 1 and free_road_edges(tx.s, d.seat):
        tx.replace(d, d.model_copy(update={"count": d.count - 1}))
    else:
        tx.done(d)


def _first(s: GameState, d: Decision, r: random.Random) -> Action:
    return _free_roads_actions(s, d)[0]


# --- smith: promote up to 2 knights free ----------------------------------------------------

SMITH_PROMOTIONS = int(DATA["smith"]["promotions"])


def promotions_ok(s: GameState, me: int, nodes: list[int]) -> bool:
    """Whether `me` may promote these knights in this order (§6: a piece of the next level in
    supply, mighty with the Fortress, once per knight per turn; a promotion frees its old
    piece for the next one)."""
    if len(set(nodes)) != len(nodes):
        return False
    supply = {lv: placement.knight_supply(s, me, lv) for lv in (1, 2, 3)}
    for n in nodes:
        k = s.knights.get(n)
        if k is None or k.owner != me or k.promoted or k.level >= 3:
            return False
        up = k.level + 1
        if supply[up] <= 0 or (up == 3 and s.players[me].improvements["politics"] < ABILITY_LEVEL):
            return False
        supply[up] -= 1
        supply[k.level] += 1
    return True


def _smith_plays(s: GameState, me: int) -> list[PlayProgress]:
    mine = sorted(n for n, k in s.knights.items() if k.owner == me)
    out = [play("smith", nodes=[node_id(n)]) for n in mine if promotions_ok(s, me, [n])]
    for a, b in combinations(mine, 2):
        order = next((o for o in ([a, b], [b, a]) if promotions_ok(s, me, o)), None)
        if order is not None:
            out.append(play("smith", nodes=[node_id(n) for n in order]))
    return out


def _smith(tx: Tx, me: int, act: PlayProgress) -> None:
    s = tx.s
    nodes = [common.node(n) for n in act.nodes]
    if not 1 <= len(nodes) <= SMITH_PROMOTIONS or not promotions_ok(s, me, nodes):
        raise IllegalAction(f"1 to {SMITH_PROMOTIONS} different knights of yours that may be "
                            "promoted now (in that order)")
    for n in nodes:
        k = s.knights[n]
        s.knights[n] = k.model_copy(update={"level": k.level + 1, "promoted": True})
        tx.emit("knight_promoted", me, node=node_id(n), level=k.level + 1, paid={})


HANDLERS: dict[str, Card] = {
    "alchemist": Card(_alchemist_plays, _alchemist),
    "crane": Card(_crane_plays, _crane),
    "engineer": Card(_engineer_plays, _engineer),
    "inventor": Card(_inventor_plays, _inventor),
    "irrigation": _harvest("irrigation"),
    "medicine": Card(_medicine_plays, _medicine),
    "mining": _harvest("mining"),
    "road_building": Card(_road_building_plays, _road_building),
    "smith": Card(_smith_plays, _smith),
}
ASKS: dict[str, Ask] = {
    "free_roads": Ask(_free_roads_actions, _free_roads_answer, _first),
}
