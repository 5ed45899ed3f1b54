"""What a seat (or a spectator) may know (§13), JSON-ready, with display ids.

Hidden: which cards are in a hand (only the total is public: same card backs), progress card
identities (only the count per colour: coloured backs), the decks' order and the generator
state. A seat sees its own hand, its progress cards and its bank rates (and, as the offerer,
the hands this turn's offers were made from).
"""

from __future__ import annotations

from typing import Any

from . import placement, production, scoring, trade
from .board import edge_id, harbour_id, hex_id, node_id
from .engine import acting, batch, decision_of
from .progress import COLOUR_OF
from .state import DECKS, Decision, GameState, Offer


def view(s: GameState, name: str | None) -> dict[str, Any]:
    me = s.seat_of(name) if name is not None else None
    lengths = scoring.road_lengths(s)
    out: dict[str, Any] = {
        "you": name if me is not None else None,
        "phase": s.phase,
        "turn": s.turn,
        "active": s.seats[s.active],
        "to_act": [s.seats[seat] for seat in acting(s)],
        "options": s.options.model_dump(mode="json"),
        "dice": None if s.dice is None else s.dice.model_dump(mode="json"),
        "board": board(s),
        "bank": dict(s.bank),
        "decks": {colour: len(deck) for colour, deck in s.decks.items()},
        "defenders_left": s.defenders_left,
        "barbarians": {"ship": s.ship, "attacks": s.attacks, "robber_locked": s.attacks == 0},
        "longest_road": None if s.longest_road is None else s.seats[s.longest_road],
        "metropolises": {track: None if node is None else node_id(node)
                         for track, node in s.metropolis.items()},
        "players": [player(s, seat, lengths[seat]) for seat in range(len(s.seats))],
        "pending": [decision(s, d) for d in batch(s)],
        "setup": setup(s),
        "winner": None if s.winner is None else s.seats[s.winner],
        "this_turn": {"fleets": list(s.fleets), "free_roads": s.free_roads,
                      "free_promotions": s.free_promotions,
                      "harbor_asked": None if s.harbor_used is None
                      else [s.seats[o] for o in s.harbor_used],
                      "offers": [offer(s, o, me) for o in s.offers],
                      "replies": replies(s)},
    }
    if me is not None:
        mine = s.players[me]
        out["hand"] = dict(mine.cards)
        out["progress"] = list(mine.progress)
        out["rates"] = trade.rates(s, me)
        out.update(inspected(s, me))
    return out


def board(s: GameState) -> dict[str, Any]:
    return {
        "hexes": {hex_id(h): {"terrain": s.terrains[h], "token": s.tokens[h]}
                  for h in range(len(s.terrains))},
        "harbours": {harbour_id(k): kind for k, kind in enumerate(s.harbours)},
        "robber": hex_id(s.robber),
        "merchant": None if s.merchant is None else hex_id(s.merchant),
        "merchant_owner": None if s.merchant_owner is None else s.seats[s.merchant_owner],
        "buildings": {node_id(n): {"owner": s.seats[b.owner],
                                   "kind": "city" if b.city else "settlement",
                                   "wall": b.wall, "metropolis": b.metropolis,
                                   "ruined": b.ruined}
                      for n, b in sorted(s.buildings.items())},
        "roads": {edge_id(e): s.seats[owner] for e, owner in sorted(s.roads.items())},
        "knights": {node_id(n): {"owner": s.seats[k.owner], "level": k.level,
                                 "active": k.active}
                    for n, k in sorted(s.knights.items())},
    }


def player(s: GameState, seat: int, road: int) -> dict[str, Any]:
    p = s.players[seat]
    parts = scoring.breakdown(s, seat)
    progress = dict.fromkeys(DECKS, 0)
    for card in p.progress:
        progress[COLOUR_OF[card]] += 1
    return {
        "seat": p.id,
        "points": sum(parts.values()),
        "breakdown": parts,
        "cards": p.hand_size(),
        "progress": progress,
        "vp_cards": list(p.vp_cards),
        "defenders": p.defenders,
        "improvements": dict(p.improvements),
        "road_length": road,
        "supply": {piece: placement.supply(s, seat, piece)
                   for piece in ("road", "settlement", "city", "wall")},
        "safe_cards": production.safe_limit(s, seat),
    }


def offer(s: GameState, o: Offer, me: int | None) -> dict[str, Any]:
    """An offer of this turn as everyone saw it; the offerer also sees the hand it was made
    from."""
    out: dict[str, Any] = {"to": s.seats[o.to], "give": dict(o.give), "get": dict(o.get)}
    if me is not None and me == s.active:
        out["hand"] = dict(o.hand)
    return out


def replies(s: GameState) -> list[dict[str, Any]]:
    """The acceptances and counters of an open offer to several seats, in the order they came
    (public: each was said at the table), with the offerer's give and get; `accepted` if on
    the offer's own terms."""
    asked = s.offers[-1] if s.offers else None
    return [{"seat": s.seats[d.target], "give": dict(d.give), "get": dict(d.get),
             "accepted": asked is not None and d.give == asked.give and d.get == asked.get}
            for d in s.pending if d.kind == "trade_reply" and d.target is not None]


def decision(s: GameState, d: Decision) -> dict[str, Any]:
    """A waiting decision as everyone may see it: who decides what, and among which places
    (the cards a Spy or Master Merchant looks at are in the actor's view only)."""
    out: dict[str, Any] = {"kind": d.kind, "seat": s.seats[d.seat]}
    if d.kind in ("discard", "gift", "merchant_pick"):
        out["count"] = d.count
    if d.kind in ("trade_offer", "harbor_return", "trade_ask", "trade_reply"):
        out.update({"from": s.seats[s.active], "give": dict(d.give), "get": dict(d.get)})
    if d.target is not None:
        out["target"] = s.seats[d.target]
    if d.nodes:
        out["nodes"] = [node_id(n) for n in d.nodes]
    if d.edges:
        out["edges"] = [edge_id(e) for e in d.edges]
    if d.knight is not None:
        out["knight"] = {"level": d.knight.level, "active": d.knight.active}
    return out


def setup(s: GameState) -> dict[str, Any] | None:
    if s.phase != "setup":
        return None
    return {"step": s.setup_step, "round": 1 if s.setup_step < len(s.seats) else 2,
            "building": None if s.setup_node is None else node_id(s.setup_node)}


def inspected(s: GameState, me: int) -> dict[str, Any]:
    """What a Spy or Master Merchant lets `me` see while choosing (§13: the actor only)."""
    d = decision_of(s, me)
    if d is None or d.target is None:
        return {}
    if d.kind == "spy_pick":
        return {"inspected": {"seat": s.seats[d.target],
                              "progress": list(s.players[d.target].progress)}}
    if d.kind == "merchant_pick":
        return {"inspected": {"seat": s.seats[d.target],
                              "hand": dict(s.players[d.target].cards)}}
    return {}
