"""Politics (blue) progress cards (§10): one handler per card id."""

from __future__ import annotations

import random

from .. import knights, placement, production, scoring
from ..actions import (
    Action,
    BuildRoad,
    ChooseKnight,
    Pass,
    PlaceKnight,
    PlayProgress,
    SelectCards,
    TakeProgress,
)
from ..board import TOPOLOGY as T
from ..board import edge_id, hex_id, node_id
from ..errors import IllegalAction
from ..state import Decision, GameState, Knight
from ..tx import Tx
from . import common
from .common import DATA, Ask, Card, play
from .science import build_free_road, free_road_edges

# --- bishop: the robber, and a card from each player on its new hex -----------------------

def _bishop_plays(s: GameState, me: int) -> list[PlayProgress]:
    if s.attacks == 0:
        return []  # the robber lock (§3.3)
    return [play("bishop", hex=hex_id(h)) for h in range(len(T.hex_nodes)) if h != s.robber]


def _bishop(tx: Tx, me: int, act: PlayProgress) -> None:
    s = tx.s
    if s.attacks == 0:
        raise IllegalAction("the robber does not move before the first barbarian attack")
    h = common.hex_(act.hex)
    if h == s.robber:
        raise IllegalAction("the robber must leave its hex")
    robbed = production.victims(s, me, h)
    production.move_robber(tx, me, h, None)
    for victim in robbed:
        production.steal(tx, me, victim)


# --- deserter: an opponent removes a knight; one may place one of the same strength ----------

def knight_spots(s: GameState, me: int) -> list[int]:
    """Empty intersections at an end of one of `me`'s roads: where a new knight may stand."""
    ends = {n for e, owner in s.roads.items() if owner == me for n in T.edge_nodes[e]}
    return sorted(n for n in ends if placement.empty(s, n))


def _knights_of(s: GameState, who: int) -> list[int]:
    return sorted(n for n, k in s.knights.items() if k.owner == who)


def _deserter_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("deserter", target=s.seats[v]) for v in common.opponents(s, me)
            if _knights_of(s, v)]


def _deserter(tx: Tx, me: int, act: PlayProgress) -> None:
    victim = common.seat(tx.s, me, act.target)
    nodes = _knights_of(tx.s, victim)
    if not nodes:
        raise IllegalAction(f"{act.target} has no knight on the board")
    if len(nodes) == 1:
        _desert(tx, me, victim, nodes[0])
    else:
        tx.push([Decision(kind="deserter_remove", seat=victim, stage=tx.stage(), nodes=nodes)],
                first=True)


def _desert(tx: Tx, me: int, victim: int, n: int) -> None:
    """The victim's knight at n goes to their supply; `me` may then place the strongest knight
    it has of that level or below (§16.7), in the same state (activated: it cannot act)."""
    s = tx.s
    gone = s.knights.pop(n)
    tx.emit("knight_removed", victim, node=node_id(n), level=gone.level)
    common.recount_roads(tx)
    level = next((lv for lv in range(gone.level, 0, -1)
                  if placement.knight_supply(s, me, lv) > 0), None)
    spots = knight_spots(s, me)
    if level is None or not spots:
        return
    knight = Knight(owner=me, level=level, active=gone.active, activated=gone.active)
    tx.push([Decision(kind="deserter_place", seat=me, stage=tx.stage(), nodes=spots,
                      knight=knight)], first=True)


def _remove_actions(s: GameState, d: Decision) -> list[Action]:
    return [ChooseKnight(node=node_id(n)) for n in d.nodes]


def _remove_answer(tx: Tx, d: Decision, act: Action) -> None:
    if not isinstance(act, ChooseKnight):
        raise IllegalAction("choose the knight you remove (choose_knight)")
    n = common.node(act.node)
    if n not in d.nodes:
        raise IllegalAction(f"one of your knights: {[node_id(k) for k in d.nodes]}")
    tx.done(d)
    _desert(tx, tx.s.active, d.seat, n)


def _weakest(s: GameState, d: Decision, r: random.Random) -> Action:
    """§3.5: the weakest knight, then the lowest I-id."""
    return ChooseKnight(node=node_id(min(d.nodes, key=lambda n: (s.knights[n].level, n))))


def _place_actions(s: GameState, d: Decision) -> list[Action]:
    return [*(PlaceKnight(node=node_id(n)) for n in d.nodes), Pass()]


def _place_answer(tx: Tx, d: Decision, act: Action) -> None:
    if isinstance(act, Pass):
        tx.done(d)
        return
    if not isinstance(act, PlaceKnight):
        raise IllegalAction("place your knight (place_knight) or pass")
    n = common.node(act.node)
    if n not in d.nodes or d.knight is None:
        raise IllegalAction(f"an empty end of your roads: {[node_id(k) for k in d.nodes]}")
    tx.done(d)
    tx.s.knights[n] = d.knight
    tx.emit("knight_placed", d.seat, node=act.node, level=d.knight.level,
            active=d.knight.active)
    common.recount_roads(tx)


def _first_action(s: GameState, d: Decision, r: random.Random) -> Action:
    return ASKS[d.kind].actions(s, d)[0]


# --- diplomat: remove an open road; one's own may be rebuilt free ---------------------------

def _open_end(s: GameState, owner: int, e: int, n: int) -> bool:
    """At n the road e leads nowhere: none of owner's roads, buildings or knights (§10)."""
    b, k = s.buildings.get(n), s.knights.get(n)
    if (b is not None and b.owner == owner) or (k is not None and k.owner == owner):
        return False
    return not any(s.roads.get(f) == owner for f in T.node_edges[n] if f != e)


def open_roads(s: GameState) -> list[int]:
    return sorted(e for e, owner in s.roads.items()
                  if any(_open_end(s, owner, e, n) for n in T.edge_nodes[e]))


def _diplomat_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("diplomat", edge=edge_id(e)) for e in open_roads(s)]


def _diplomat(tx: Tx, me: int, act: PlayProgress) -> None:
    s = tx.s
    e = common.edge(act.edge)
    if e not in open_roads(s):
        raise IllegalAction(f"{act.edge} is no open road")
    owner = s.roads.pop(e)
    tx.emit("road_removed", owner, edge=act.edge)
    common.recount_roads(tx)
    if owner == me and free_road_edges(s, me):
        tx.push([Decision(kind="diplomat_road", seat=me, stage=tx.stage())], first=True)


def _rebuild_actions(s: GameState, d: Decision) -> list[Action]:
    return [*(BuildRoad(edge=edge_id(e)) for e in free_road_edges(s, d.seat)), Pass()]


def _rebuild_answer(tx: Tx, d: Decision, act: Action) -> None:
    if not isinstance(act, Pass):
        build_free_road(tx, d.seat, act)
    tx.done(d)


def _keep_the_road(s: GameState, d: Decision, r: random.Random) -> Action:
    return Pass()


# --- intrigue: displace an opponent's knight on one's road, without a knight ---------------

def _intrigue_targets(s: GameState, me: int) -> list[int]:
    """Opponents' knights (any strength) on an intersection one of `me`'s roads touches."""
    return sorted(n for n, k in s.knights.items() if k.owner != me
                  and any(s.roads.get(e) == me for e in T.node_edges[n]))


def _intrigue_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("intrigue", node=node_id(n)) for n in _intrigue_targets(s, me)]


def _intrigue(tx: Tx, me: int, act: PlayProgress) -> None:
    n = common.node(act.node)
    if n not in _intrigue_targets(tx.s, me):
        raise IllegalAction(f"{act.node}: no opponent's knight on an end of your roads")
    victim = tx.s.knights.pop(n)
    tx.emit("knight_displaced", me, to=act.node, victim=tx.name(victim.owner))
    # Its owner retreats it as after a displacement (§6), the old intersection excluded.
    knights.retreat(tx, victim, n)
    common.recount_roads(tx)


# --- saboteur: players with as many points or more discard half ----------------------------

def _sabotaged(s: GameState, me: int) -> list[int]:
    mine = scoring.points(s, me)
    return [v for v in common.opponents(s, me)
            if scoring.points(s, v) >= mine and s.players[v].hand_size() >= 2]


def _saboteur_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("saboteur")] if _sabotaged(s, me) else []


def _saboteur(tx: Tx, me: int, act: PlayProgress) -> None:
    victims = _sabotaged(tx.s, me)
    if not victims:
        raise IllegalAction("nobody with as many points as you has cards to discard")
    stage = tx.stage()  # answered by the engine like a 7's discards; walls do not protect
    tx.push([Decision(kind="discard", seat=v, stage=stage,
                      count=tx.s.players[v].hand_size() // 2) for v in victims], first=True)


# --- spy: take a progress card from an opponent's hand ----------------------------------------

def _spy_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("spy", target=s.seats[v]) for v in common.opponents(s, me)
            if s.players[v].progress]


def _spy(tx: Tx, me: int, act: PlayProgress) -> None:
    victim = common.seat(tx.s, me, act.target)
    if not tx.s.players[victim].progress:
        raise IllegalAction(f"{act.target} holds no progress card")
    tx.push([Decision(kind="spy_take", seat=me, stage=tx.stage(), target=victim)], first=True)


def _spy_actions(s: GameState, d: Decision) -> list[Action]:
    assert d.target is not None
    return [TakeProgress(card=c) for c in sorted(set(s.players[d.target].progress))]


def _spy_answer(tx: Tx, d: Decision, act: Action) -> None:
    assert d.target is not None
    hand = tx.s.players[d.target].progress
    if not isinstance(act, TakeProgress) or act.card not in hand:
        raise IllegalAction("take one of the cards you see (take_progress)")
    tx.done(d)
    hand.remove(act.card)
    tx.s.players[d.seat].progress.append(act.card)
    tx.emit("progress_taken", d.seat, {d.seat: {"card": act.card}, d.target: {"card": act.card}},
            victim=tx.name(d.target), deck=DATA[act.card]["deck"])


def _spy_default(s: GameState, d: Decision, r: random.Random) -> Action:
    options = _spy_actions(s, d)
    return options[r.randrange(len(options))]


# --- warlord: all one's knights active ----------------------------------------------------------

def _idle(s: GameState, me: int) -> list[int]:
    return sorted(n for n, k in s.knights.items() if k.owner == me and not k.active)


def _warlord_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("warlord")] if _idle(s, me) else []


def _warlord(tx: Tx, me: int, act: PlayProgress) -> None:
    idle = _idle(tx.s, me)
    if not idle:
        raise IllegalAction("all your knights are active already")
    for n in idle:  # activated this turn: they cannot act this turn (§16.10)
        tx.s.knights[n] = tx.s.knights[n].model_copy(update={"active": True, "activated": True})
    tx.emit("knights_activated", me, nodes=[node_id(n) for n in idle])


# --- wedding: players with more points give 2 cards of their choice -------------------------

WEDDING_GIFT = int(DATA["wedding"]["gift"])


def _givers(s: GameState, me: int) -> list[int]:
    mine = scoring.points(s, me)
    return [v for v in common.opponents(s, me)
            if scoring.points(s, v) > mine and s.players[v].hand_size() > 0]


def _wedding_plays(s: GameState, me: int) -> list[PlayProgress]:
    return [play("wedding")] if _givers(s, me) else []


def _wedding(tx: Tx, me: int, act: PlayProgress) -> None:
    givers = _givers(tx.s, me)
    if not givers:
        raise IllegalAction("nobody with more points than you has cards")
    stage = tx.stage()
    tx.push([Decision(kind="wedding_gift", seat=v, stage=stage,
                      count=min(WEDDING_GIFT, tx.s.players[v].hand_size())) for v in givers],
            first=True)


def _gift_actions(s: GameState, d: Decision) -> list[Action]:
    return [SelectCards(cards=c) for c in common.single_cards(s, d.seat)]


def _gift_answer(tx: Tx, d: Decision, act: Action) -> None:
    if not isinstance(act, SelectCards):
        raise IllegalAction("choose the cards you give (select_cards)")
    n = sum(act.cards.values())
    if not 0 < n <= d.count or not placement.can_pay(tx.s, d.seat, act.cards):
        raise IllegalAction(f"give up to {d.count} cards you hold")
    to = tx.s.active
    tx.move_cards(d.seat, to, act.cards)
    tx.emit("gave", d.seat, {d.seat: {"cards": act.cards}, to: {"cards": act.cards}},
            to=tx.name(to), count=n)
    if n == d.count:
        tx.done(d)
    else:
        tx.replace(d, d.model_copy(update={"count": d.count - n}))


def _gift_default(s: GameState, d: Decision, r: random.Random) -> Action:
    return SelectCards(cards=common.random_pick(s, d.seat, d.count, r))


HANDLERS: dict[str, Card] = {
    "bishop": Card(_bishop_plays, _bishop),
    "deserter": Card(_deserter_plays, _deserter),
    "diplomat": Card(_diplomat_plays, _diplomat),
    "intrigue": Card(_intrigue_plays, _intrigue),
    "saboteur": Card(_saboteur_plays, _saboteur),
    "spy": Card(_spy_plays, _spy),
    "warlord": Card(_warlord_plays, _warlord),
    "wedding": Card(_wedding_plays, _wedding),
}
ASKS: dict[str, Ask] = {
    "deserter_remove": Ask(_remove_actions, _remove_answer, _weakest),
    "deserter_place": Ask(_place_actions, _place_answer, _first_action),
    "diplomat_road": Ask(_rebuild_actions, _rebuild_answer, _keep_the_road),
    "spy_take": Ask(_spy_actions, _spy_answer, _spy_default),
    "wedding_gift": Ask(_gift_actions, _gift_answer, _gift_default),
}
