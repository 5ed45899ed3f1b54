"""A seat's view (rules.catan.views.view) read once into int-indexed tables, with the board
facts every heuristic asks: pips, production, free settlement spots.

Only the view is read: nothing here can see another hand or the decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules.catan.board import TOPOLOGY as T
from rules.catan.board import parse_edge, parse_harbour, parse_hex, parse_node
from rules.catan.scoring import WIN
from rules.catan.state import CARDS, RULES

View = dict[str, Any]
YIELD: dict[str, dict[str, list[str]]] = RULES["terrain_yield"]
HARBOUR_NODES: tuple[tuple[int, int], ...] = tuple(T.edge_nodes[e] for e in T.harbour_edges)


def pips(token: int | None) -> int:
    """How many of the 36 rolls of two dice make `token`."""
    return 0 if token is None else 6 - abs(7 - token)


@dataclass(frozen=True)
class Building:
    owner: int
    city: bool
    wall: bool
    metropolis: str | None
    ruined: bool


@dataclass(frozen=True)
class KnightPiece:
    owner: int
    level: int
    active: bool


@dataclass(frozen=True)
class Style:
    """Knobs the strengths set differently: `focus` saves for one improvement track at a time,
    the one nearest a metropolis; `counters` answers an offer to several it declines with a
    counter-offer."""

    focus: bool = False
    counters: bool = False
    scarcity: bool = False  # places weigh what the board makes little of more


BASIC = Style()


@dataclass
class Seen:
    """The view of seat `me`, by int ids (seats by index)."""

    me: int
    names: list[str]
    phase: str
    active: int
    terrains: list[str]
    tokens: list[int | None]
    harbours: list[str]  # by slot
    robber: int
    buildings: dict[int, Building]
    roads: dict[int, int]
    knights: dict[int, KnightPiece]
    players: list[dict[str, Any]]
    hand: dict[str, int]
    progress: list[str]
    rates: dict[str, int]
    bank: dict[str, int]
    ship: int
    attacks: int
    pending: list[dict[str, Any]]
    setup: dict[str, Any] | None
    raw: View = field(repr=False)
    style: Style = BASIC

    # --- who is who ---------------------------------------------------------------------

    def seat(self, name: str | None) -> int | None:
        return None if name is None else self.names.index(name)

    @property
    def n(self) -> int:
        return len(self.names)

    def points(self, seat: int) -> int:
        return int(self.players[seat]["points"])

    @property
    def win(self) -> int:
        """The points to win (the table's option)."""
        return int(self.raw["options"].get("points", WIN))

    def opponents(self) -> list[int]:
        return [o for o in range(self.n) if o != self.me]

    def my_decision(self) -> dict[str, Any] | None:
        name = self.names[self.me]
        return next((d for d in self.pending if d["seat"] == name), None)

    # --- the board ------------------------------------------------------------------------

    def mine(self, node: int) -> bool:
        b = self.buildings.get(node)
        return b is not None and b.owner == self.me

    def empty(self, node: int) -> bool:
        return node not in self.buildings and node not in self.knights

    def spot_free(self, node: int) -> bool:
        """Empty, with no building next to it (the distance rule)."""
        return self.empty(node) and T.distance_ok(node, self.buildings)

    def touches_my_road(self, node: int) -> bool:
        return any(self.roads.get(e) == self.me for e in T.node_edges[node])

    def my_buildings(self, seat: int | None = None) -> list[int]:
        who = self.me if seat is None else seat
        return sorted(n for n, b in self.buildings.items() if b.owner == who)

    def my_cities(self) -> list[int]:
        return [n for n in self.my_buildings() if self.buildings[n].city
                and not self.buildings[n].ruined]

    def harbours_at(self, node: int) -> list[str]:
        return [self.harbours[k] for k, nodes in enumerate(HARBOUR_NODES) if node in nodes]

    @cached_property
    def income(self) -> list[dict[str, float]]:
        """Each seat's expected cards per roll, by card type (robbed hex excluded)."""
        out: list[dict[str, float]] = [dict.fromkeys(CARDS, 0.0) for _ in self.names]
        for node, b in self.buildings.items():
            kind = "city" if b.city and not b.ruined else "settlement"
            for h in T.node_hexes[node]:
                if h == self.robber:
                    continue
                for card in YIELD[self.terrains[h]][kind]:
                    out[b.owner][card] += pips(self.tokens[h]) / 36
        return out

    def defence(self, seat: int) -> int:
        return sum(k.level for k in self.knights.values() if k.owner == seat and k.active)

    def knight_levels(self, seat: int) -> int:
        return sum(k.level for k in self.knights.values() if k.owner == seat)

    def barbarian_strength(self) -> int:
        return sum(1 for b in self.buildings.values() if b.city and not b.ruined)


def read(view: Mapping[str, Any], style: Style = BASIC) -> Seen:
    names = [p["seat"] for p in view["players"]]

    def seat(name: str) -> int:
        return names.index(name)

    board = view["board"]
    hexes = sorted(board["hexes"].items(), key=lambda kv: parse_hex(kv[0]))
    harbours = sorted(board["harbours"].items(), key=lambda kv: parse_harbour(kv[0]))
    return Seen(
        me=seat(view["you"]), names=names, phase=view["phase"], active=seat(view["active"]),
        terrains=[h["terrain"] for _, h in hexes], tokens=[h["token"] for _, h in hexes],
        harbours=[kind for _, kind in harbours], robber=parse_hex(board["robber"]),
        buildings={parse_node(k): Building(seat(b["owner"]), b["kind"] == "city", b["wall"],
                                           b["metropolis"], b["ruined"])
                   for k, b in board["buildings"].items()},
        roads={parse_edge(k): seat(v) for k, v in board["roads"].items()},
        knights={parse_node(k): KnightPiece(seat(v["owner"]), v["level"], v["active"])
                 for k, v in board["knights"].items()},
        players=list(view["players"]), hand=dict(view["hand"]),
        progress=list(view["progress"]), rates=dict(view["rates"]), bank=dict(view["bank"]),
        ship=int(view["barbarians"]["ship"]), attacks=int(view["barbarians"]["attacks"]),
        pending=list(view["pending"]), setup=view["setup"], raw=dict(view), style=style)
