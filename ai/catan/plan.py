"""What a seat is saving for, read from its view: the builds it wants in order (goals), the cards
they need, where a settlement, city or road would go, and how much a knight is needed.

The weights are the AI's own judgement; the rules (costs, yields, pieces) come from the engine's
data (rules.catan.state).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.catan.board import TOPOLOGY as T
from rules.catan.state import CARDS, COSTS, RESOURCES, TRACKS

from .seen import YIELD, Seen, pips

# How much a pip of each terrain is worth for a settlement and for a city (a city also makes
# the terrain's commodity). Ore and grain make cities, so they weigh more.
TERRAIN_WEIGHT = {
    "settlement": {"forest": 1.0, "hills": 1.0, "pasture": 0.85, "fields": 1.1,
                   "mountains": 1.1, "desert": 0.0},
    "city": {"forest": 1.15, "hills": 0.9, "pasture": 1.0, "fields": 1.1,
             "mountains": 1.35, "desert": 0.0},
}
HARBOUR_BONUS = {"h3": 1.0, "h2": 2.0}
DIVERSITY_BONUS = 1.5
MAX_LEVEL = 5


@dataclass(frozen=True)
class Goal:
    name: str  # "city", "settlement", "road", "knight", "activate", "improvement:<track>", ...
    cost: dict[str, int]


# --- places ----------------------------------------------------------------------------------

def produced_types(s: Seen, seat: int) -> set[str]:
    return {c for c, v in s.income[seat].items() if v > 0}


def node_value(s: Seen, node: int, kind: str = "settlement") -> float:
    """How good a building of `kind` on node is for s.me: weighted pips, new resource types,
    a harbour for what it would trade."""
    weights = TERRAIN_WEIGHT[kind]
    have = produced_types(s, s.me)
    value = 0.0
    new: set[str] = set()
    rare = scarcity(s) if s.style.scarcity else {}
    for h in T.node_hexes[node]:
        terrain = s.terrains[h]
        p = pips(s.tokens[h]) * (0.5 if h == s.robber else 1.0)
        value += p * weights[terrain] * rare.get(terrain, 1.0)
        new.update(c for c in YIELD[terrain]["settlement"] if c not in have)
    value += DIVERSITY_BONUS * len(new)
    for harbour in s.harbours_at(node):
        if harbour == "h3":
            value += HARBOUR_BONUS["h3"]
        else:
            card = harbour.removeprefix("h2_")
            made = s.income[s.me][card] * 36 + sum(
                pips(s.tokens[h]) for h in T.node_hexes[node]
                if card in YIELD[s.terrains[h]]["settlement"])
            value += HARBOUR_BONUS["h2"] * min(made, 10) / 5
    return value


def scarcity(s: Seen) -> dict[str, float]:
    """Each terrain's weight for how little of it the board makes (pips against the mean)."""
    made: dict[str, int] = {}
    for h, terrain in enumerate(s.terrains):
        if terrain != "desert":
            made[terrain] = made.get(terrain, 0) + pips(s.tokens[h])
    mean = sum(made.values()) / max(1, len(made))
    return {t: min(1.4, max(0.75, mean / max(1, v))) for t, v in made.items()}


def settlement_spots(s: Seen) -> list[int]:
    """Where s.me could build a settlement now (cards apart)."""
    return [n for n in range(len(T.node_edges)) if s.spot_free(n) and s.touches_my_road(n)]


def can_extend_from(s: Seen, node: int) -> bool:
    """A road of s.me may start at node (the engine's rule: no opponent's piece on it)."""
    b = s.buildings.get(node)
    if b is not None:
        return b.owner == s.me
    k = s.knights.get(node)
    if k is not None and k.owner != s.me:
        return False
    return s.touches_my_road(node)


def road_value(s: Seen, edge: int) -> float:
    """A road's worth as a step toward a free settlement spot (two roads away at most)."""
    best = 0.0
    for x in T.edge_nodes[edge]:
        if s.spot_free(x) and not s.touches_my_road(x):
            best = max(best, node_value(s, x))
        for e2 in T.node_edges[x]:
            if e2 == edge or e2 in s.roads:
                continue
            y = next(v for v in T.edge_nodes[e2] if v != x)
            if s.spot_free(y) and not s.touches_my_road(y) and s.empty(x):
                best = max(best, 0.7 * node_value(s, y))
    return best


def city_value(s: Seen, node: int) -> float:
    return sum(pips(s.tokens[h]) * TERRAIN_WEIGHT["city"][s.terrains[h]]
               for h in T.node_hexes[node])


# --- knights ---------------------------------------------------------------------------------

def defence_target(s: Seen) -> int:
    """The knight strength s.me wants: not the weakest when the barbarians come, and the
    strongest when it can afford it (a Defender point)."""
    if not s.my_cities():
        return 1 if s.ship >= 4 else 0
    best_other = max(s.defence(o) for o in s.opponents())
    if s.ship >= 3:
        return min(best_other + 1, 2 + len(s.my_cities()))
    return 1


def activation_wanted(s: Seen) -> bool:
    return s.ship >= 4 or (s.ship >= 3 and s.defence(s.me) < s.barbarian_strength())


# --- goals -----------------------------------------------------------------------------------

def improvement_track(s: Seen) -> str | None:
    """The track whose next level s.me saves for: the commodity it makes most, a metropolis
    within reach first."""
    if not s.my_cities():
        return None
    mine = s.players[s.me]["improvements"]
    best, score = None, -1.0
    for track, commodity in TRACKS.items():
        level = mine[track]
        if level >= MAX_LEVEL:
            continue
        rivals = max(s.players[o]["improvements"][track] for o in s.opponents())
        v = s.income[s.me][commodity] * 36 + s.hand.get(commodity, 0) * 2 + level
        if level + 1 >= 4 and rivals < level + 1:
            v += 6
        if s.style.focus:
            v += 8 * level - (20 if rivals >= MAX_LEVEL or (level >= 4 and rivals < level)
                              else 0)
        if v > score:
            best, score = track, v
    return best


def goals(s: Seen) -> list[Goal]:
    """The builds s.me wants, most wanted first."""
    supply = s.players[s.me]["supply"]
    out: list[Goal] = []
    settlements = [n for n in s.my_buildings() if not s.buildings[n].city
                   or s.buildings[n].ruined]
    if settlements and (supply["city"] > 0 or any(s.buildings[n].ruined for n in settlements)):
        out.append(Goal("city", COSTS["city"]))
    if s.defence(s.me) < defence_target(s) and s.ship >= 4:
        out.append(knight_goal(s))
    if supply["settlement"] > 0 and settlement_spots(s):
        out.append(Goal("settlement", COSTS["settlement"]))
    track = improvement_track(s)
    if track is not None:
        level = s.players[s.me]["improvements"][track]
        out.append(Goal(f"improvement:{track}", {TRACKS[track]: level + 1}))
    if s.knight_levels(s.me) < defence_target(s):
        out.append(Goal("knight", COSTS["knight"]))
    if (supply["settlement"] > 0 and not settlement_spots(s) and supply["road"] > 0
            and any(road_value(s, e) > 0 for e in range(len(T.edge_nodes))
                    if e not in s.roads and any(can_extend_from(s, x)
                                                for x in T.edge_nodes[e]))):
        out.append(Goal("road", COSTS["road"]))
    return out


def knight_goal(s: Seen) -> Goal:
    inactive = any(k.owner == s.me and not k.active for k in s.knights.values())
    return Goal("activate", COSTS["activate"]) if inactive else Goal("knight", COSTS["knight"])


def need(s: Seen, top: int = 2) -> dict[str, int]:
    """Cards the first `top` goals need together."""
    out = dict.fromkeys(CARDS, 0)
    for g in goals(s)[:top]:
        for c, k in g.cost.items():
            out[c] += k
    return out


def deficit(hand: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {c: k - hand.get(c, 0) for c, k in cost.items() if hand.get(c, 0) < k}


def keep_value(s: Seen, card: str, wanted: dict[str, int] | None = None) -> float:
    """How much s.me wants to keep one more `card` (the lowest goes first in a discard);
    `wanted` is need(s), when the caller has it."""
    wanted = need(s) if wanted is None else wanted
    held = s.hand.get(card, 0)
    base = 1.0 if card in RESOURCES else 1.3
    if held <= wanted[card]:
        base += 2.0
    scarce = 1.0 - min(1.0, s.income[s.me][card] * 4)
    return base + 0.5 * scarce - 0.05 * held
