"""Where pieces may go (§2, §4): legality predicates over the board, and each player's supply.

All arguments are ints (seat, node, edge); nothing here changes the state.
"""

from __future__ import annotations

from . import facts
from .board import TOPOLOGY as T
from .state import COSTS, PIECES, GameState

KNIGHT_LIMITS: tuple[int, ...] = tuple(PIECES["knight"])


def supply(s: GameState, seat: int, piece: str) -> int:
    """Pieces of a kind still in `seat`'s supply (§1.8). A city on its side uses a city piece."""
    if piece == "road":
        used = facts.roads(s.roads, seat).count
    elif piece == "settlement":
        used = facts.buildings(s.buildings, seat).settlements
    elif piece == "city":
        used = facts.buildings(s.buildings, seat).cities
    elif piece == "wall":
        used = walls(s, seat)
    else:
        raise ValueError(piece)
    return LIMITS[piece] - used


LIMITS = {piece: int(PIECES[piece]) for piece in ("road", "settlement", "city", "wall")}


def knight_supply(s: GameState, seat: int, level: int) -> int:
    return KNIGHT_LIMITS[level - 1] - facts.knights(s.knights, seat).levels[level - 1]


def walls(s: GameState, seat: int) -> int:
    return facts.buildings(s.buildings, seat).walls


def can_pay(s: GameState, seat: int, cost: dict[str, int]) -> bool:
    cards = s.players[seat].cards
    for card, n in cost.items():  # noqa: SIM110 (a loop, not all(): ~10 calls a listing)
        if cards[card] < n:
            return False
    return True


def affordable(s: GameState, seat: int, build: str) -> bool:
    return pays(s.players[seat].cards, build)


def pays(cards: dict[str, int], build: str) -> bool:
    """affordable, from the hand itself (listings look it up once)."""
    for card, n in COST_ITEMS[build]:  # noqa: SIM110 (a loop, not all(): called often)
        if cards[card] < n:
            return False
    return True


COST_ITEMS: dict[str, tuple[tuple[str, int], ...]] = {
    build: tuple(cost.items()) for build, cost in COSTS.items()}


def empty(s: GameState, node: int) -> bool:
    """No building and no knight, whoever's (§4: your own knight blocks you too)."""
    return node not in s.buildings and node not in s.knights


def settlement_ok(s: GameState, seat: int, node: int, setup: bool = False) -> bool:
    """An empty intersection, no building next to it, touching `seat`'s road (not in set-up)."""
    if not empty(s, node) or not T.distance_ok(node, s.buildings):
        return False
    return setup or any(s.roads.get(e) == seat for e in T.node_edges[node])


def road_end_ok(s: GameState, seat: int, node: int) -> bool:
    """A new road may start at `node`: seat's building there, or seat's road through a node that
    holds no opponent's building or knight (own knights are no connection point, §4)."""
    building = s.buildings.get(node)
    if building is not None:
        return building.owner == seat
    knight = s.knights.get(node)
    if knight is not None and knight.owner != seat:
        return False
    return any(s.roads.get(e) == seat for e in T.node_edges[node])


def road_ok(s: GameState, seat: int, edge: int) -> bool:
    return edge not in s.roads and any(road_end_ok(s, seat, n) for n in T.edge_nodes[edge])


def road_ends(s: GameState, seat: int) -> list[int]:
    """The nodes road_end_ok allows (some twice): seat's buildings, and the nodes
    its roads touch (so one of its roads is there) but for those holding an opponent's
    building or knight."""
    buildings, knights = s.buildings, s.knights
    mine = facts.buildings(buildings, seat)
    ends = [*mine.settlement_nodes, *mine.standing, *mine.ruined]
    for n in facts.roads(s.roads, seat).nodes:
        b = buildings.get(n)
        if b is None:
            k = knights.get(n)
            if k is None or k.owner == seat:
                ends.append(n)
        elif b.owner == seat:
            ends.append(n)
    return ends


def any_road_edge(s: GameState, seat: int) -> bool:
    """Whether a road may be built anywhere (road_ok holds for some edge): a free edge at
    a node a road may start at."""
    roads, buildings, knights = s.roads, s.buildings, s.knights
    mine = facts.buildings(buildings, seat)
    for n in (*mine.settlement_nodes, *mine.standing, *mine.ruined):
        if any(e not in roads for e in T.node_edges[n]):
            return True
    for n in facts.roads(roads, seat).nodes:  # road_ends' road nodes, each tried as found
        if any(e not in roads for e in T.node_edges[n]):
            b = buildings.get(n)
            if b is None:
                k = knights.get(n)
                if k is None or k.owner == seat:
                    return True
            elif b.owner == seat:
                return True
    return False


def setup_road_ok(s: GameState, edge: int) -> bool:
    """Set-up: an empty edge touching the building just placed."""
    return (edge not in s.roads and s.setup_node is not None
            and s.setup_node in T.edge_nodes[edge])


def city_nodes(s: GameState, seat: int) -> list[int]:
    """Where seat may build a city now: its settlements, but only its cities on their side while
    it has any (§4: those must be rebuilt first). A ruined city needs no new city piece."""
    mine = facts.buildings(s.buildings, seat)
    if mine.ruined:
        return list(mine.ruined)
    if supply(s, seat, "city") <= 0:
        return []
    return list(mine.settlement_nodes)


def wall_nodes(s: GameState, seat: int) -> list[int]:
    if supply(s, seat, "wall") <= 0:
        return []
    return list(facts.buildings(s.buildings, seat).unwalled)


def cities(s: GameState, seat: int, *, metropolis: bool | None = None) -> list[int]:
    """seat's standing cities (not on their side); metropolis True/False filters on it."""
    if metropolis is None:
        return list(facts.buildings(s.buildings, seat).standing)
    if metropolis is False:
        return list(facts.buildings(s.buildings, seat).bare)
    return sorted(n for n, b in s.buildings.items()
                  if b.owner == seat and b.city and not b.ruined
                  and (metropolis is None or (b.metropolis is not None) == metropolis))
