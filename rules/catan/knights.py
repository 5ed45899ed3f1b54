"""Knights (§6): build, activate, promote, and the three actions (move, displace, chase the
robber), with paths along the owner's roads that pass through the owner's pieces only."""

from __future__ import annotations

from collections import deque

from rules.kernel.tx import replaced

from . import placement, production
from .board import TOPOLOGY as T
from .board import node_id
from .state import RULES, Decision, GameState, Knight
from .tx import Tx

FORTRESS = int(RULES["ability_level"])  # politics level that allows mighty knights
MIGHTY = 3


def build_ok(s: GameState, seat: int, node: int) -> bool:
    """An empty intersection at the end of one of seat's roads; no distance rule."""
    return (placement.empty(s, node) and placement.knight_supply(s, seat, 1) > 0
            and any(s.roads.get(e) == seat for e in T.node_edges[node]))


def promote_ok(s: GameState, seat: int, node: int) -> bool:
    k = s.knights.get(node)
    if k is None or k.owner != seat or k.promoted or k.level >= MIGHTY:
        return False
    if k.level + 1 == MIGHTY and s.players[seat].improvements["politics"] < FORTRESS:
        return False
    return placement.knight_supply(s, seat, k.level + 1) > 0


def activate_ok(s: GameState, seat: int, node: int) -> bool:
    k = s.knights.get(node)
    return k is not None and k.owner == seat and not k.active


def can_act(s: GameState, seat: int, node: int) -> bool:
    """Active, not activated this turn, and no action yet this turn (§6)."""
    k = s.knights.get(node)
    return (k is not None and k.owner == seat and k.active and not k.activated
            and not k.acted)


def foreign(s: GameState, seat: int, node: int) -> bool:
    """An opponent's building or knight stands on node: no path passes through it."""
    b, k = s.buildings.get(node), s.knights.get(node)
    return (b is not None and b.owner != seat) or (k is not None and k.owner != seat)


def reachable(s: GameState, seat: int, start: int) -> list[int]:
    """Nodes reachable from start along seat's roads, passing only through nodes free of
    opponents' pieces (they may be reached, not passed), start excluded; ascending."""
    seen, queue = {start}, deque([start])
    while queue:
        u = queue.popleft()
        for e in T.node_edges[u]:
            if s.roads.get(e) != seat:
                continue
            a, b = T.edge_nodes[e]
            v = b if a == u else a
            if v in seen:
                continue
            seen.add(v)
            if not foreign(s, seat, v):
                queue.append(v)
    seen.discard(start)
    return sorted(seen)


def moves(s: GameState, seat: int, node: int) -> list[int]:
    return [v for v in reachable(s, seat, node) if placement.empty(s, v)]


def displacements(s: GameState, seat: int, node: int) -> list[int]:
    level = s.knights[node].level
    out = []
    for v in reachable(s, seat, node):
        k = s.knights.get(v)
        if k is not None and k.owner != seat and k.level < level:
            out.append(v)
    return out


def chase_ok(s: GameState, seat: int, node: int) -> bool:
    return s.attacks > 0 and node in T.hex_nodes[s.robber] and can_act(s, seat, node)


def retreats(s: GameState, owner: int, old: int) -> list[int]:
    """Where a displaced knight may go: empty nodes reachable from its old one (§6.2)."""
    return [v for v in reachable(s, owner, old) if placement.empty(s, v)]


# --- changes ---------------------------------------------------------------------------------

def build(tx: Tx, seat: int, node: int) -> None:
    tx.knights()[node] = Knight(owner=seat, level=1)
    tx.emit("knight_built", seat, node=node_id(node))


def activate(tx: Tx, seat: int, node: int) -> None:
    k = tx.s.knights[node]
    tx.knights()[node] = replaced(k, active=True, activated=True)
    tx.emit("knight_activated", seat, node=node_id(node))


def promote(tx: Tx, seat: int, node: int) -> None:
    k = tx.s.knights[node]
    tx.knights()[node] = replaced(k, level=k.level + 1, promoted=True)
    tx.emit("knight_promoted", seat, node=node_id(node), level=k.level + 1)


def _spent(k: Knight) -> Knight:
    return replaced(k, active=False, acted=True)


def move(tx: Tx, seat: int, node: int, to: int) -> None:
    knights = tx.knights()
    knights[to] = _spent(knights.pop(node))
    tx.emit("knight_moved", seat, node=node_id(node), to=node_id(to))


def displace(tx: Tx, seat: int, node: int, to: int) -> None:
    """Move onto a weaker opponent's knight; its owner then picks a retreat (or loses it)."""
    knights = tx.knights()
    victim = knights.pop(to)
    knights[to] = _spent(knights.pop(node))
    tx.emit("knight_displaced", seat, node=node_id(node), to=node_id(to),
            victim=tx.name(victim.owner))
    retreat(tx, victim, to)


def retreat(tx: Tx, knight: Knight, old: int) -> None:
    s = tx.s
    options = retreats(s, knight.owner, old)
    if not options:
        tx.emit("knight_removed", knight.owner, node=node_id(old))
    elif len(options) == 1:
        place_retreat(tx, knight, options[0])
    else:
        tx.push([Decision(kind="knight_retreat", seat=knight.owner, stage=tx.stage(),
                          nodes=options, knight=knight)], first=True)


def place_retreat(tx: Tx, knight: Knight, node: int) -> None:
    tx.knights()[node] = knight
    tx.emit("knight_retreated", knight.owner, to=node_id(node))


def chase(tx: Tx, seat: int, node: int, hex_: int, victim: int | None) -> None:
    knights = tx.knights()
    knights[node] = _spent(knights[node])
    tx.emit("robber_chased", seat, node=node_id(node))
    production.move_robber(tx, seat, hex_, victim)
