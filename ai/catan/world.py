"""A whole game state rebuilt from one seat's view, for a search to play on: what the view
shows is copied, what it hides (the other hands' card types, their progress cards, the decks'
order, the dice to come) is dealt at random so the counts agree, then
rules.catan.determinize deals it again. Only the view is read, so two states that look the
same from the seat give the same worlds for the same rng.

Not in the view, so guessed: this turn's knight flags (activated, promoted, acted: all False)
and decisions queued behind the ones asked now.
"""

from __future__ import annotations

import random
from typing import Any

from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.determinize import determinize
from rules.catan.state import (
    CARDS,
    DECKS,
    RESOURCES,
    RULES,
    Building,
    Decision,
    Dice,
    GameState,
    Knight,
    Offer,
    Options,
    Player,
)

from .seen import View

VP_CARDS = frozenset(RULES["vp_cards"])
COLOUR_OF = {card: colour for colour, cards in DECKS.items() for card in cards}


def from_view(view: View, rng: random.Random) -> GameState:
    """A world consistent with `view`, its hidden parts drawn from rng."""
    names = [p["seat"] for p in view["players"]]
    me = names.index(view["you"])
    board = view["board"]
    state = GameState.model_construct(
        seats=names, players=_players(view, names, me, rng), options=Options(**view["options"]),
        terrains=[board["hexes"][f"H{h + 1}"]["terrain"] for h in range(len(board["hexes"]))],
        tokens=[board["hexes"][f"H{h + 1}"]["token"] for h in range(len(board["hexes"]))],
        harbours=[board["harbours"][f"HB{k + 1}"] for k in range(len(board["harbours"]))],
        robber=parse_hex(board["robber"]),
        merchant=None if board["merchant"] is None else parse_hex(board["merchant"]),
        merchant_owner=_seat(names, board["merchant_owner"]),
        buildings={parse_node(k): Building(owner=names.index(b["owner"]),
                                           city=b["kind"] == "city", wall=b["wall"],
                                           metropolis=b["metropolis"], ruined=b["ruined"])
                   for k, b in board["buildings"].items()},
        knights={parse_node(k): Knight(owner=names.index(v["owner"]), level=v["level"],
                                       active=v["active"])
                 for k, v in board["knights"].items()},
        roads={parse_edge(k): names.index(v) for k, v in board["roads"].items()},
        bank=dict(view["bank"]), decks=_decks(view, me, rng),
        defenders_left=view["defenders_left"],
        metropolis={t: None if n is None else parse_node(n)
                    for t, n in view["metropolises"].items()},
        longest_road=_seat(names, view["longest_road"]), phase=view["phase"],
        setup_step=0 if view["setup"] is None else view["setup"]["step"],
        setup_node=None if view["setup"] is None or view["setup"]["building"] is None
        else parse_node(view["setup"]["building"]),
        active=names.index(view["active"]), turn=view["turn"],
        dice=None if view["dice"] is None else Dice(**view["dice"]),
        ship=view["barbarians"]["ship"], attacks=view["barbarians"]["attacks"],
        pending=[_decision(d, names) for d in view["pending"]] + _replies(view, names),
        stages=1,
        fleets=list(view["this_turn"]["fleets"]), free_roads=view["this_turn"]["free_roads"],
        free_promotions=view["this_turn"]["free_promotions"],
        harbor_used=None if view["this_turn"]["harbor_asked"] is None
        else [names.index(n) for n in view["this_turn"]["harbor_asked"]],
        offers=[Offer(to=names.index(o["to"]), give=o["give"], get=o["get"],
                      hand=o.get("hand", {})) for o in view["this_turn"]["offers"]],
        winner=_seat(names, view["winner"]), rng=rng.getrandbits(64))
    return determinize(state, view["you"], rng)


def _seat(names: list[str], name: str | None) -> int | None:
    return None if name is None else names.index(name)


def _players(view: View, names: list[str], me: int, rng: random.Random) -> list[Player]:
    """Hands: the other seats' cards are the bank's missing ones not in mine, dealt by count;
    their progress cards come from the cards nobody has shown, by colour."""
    seen = view.get("inspected", {})
    shown_hand: dict[str, int] = seen.get("hand", {})
    shown_progress: list[str] = seen.get("progress", [])
    total = {c: int(RULES["bank"]["resource" if c in RESOURCES else "commodity"]) for c in CARDS}
    pool = [c for c in CARDS for _ in range(total[c] - view["bank"][c] - view["hand"].get(c, 0)
                                            - shown_hand.get(c, 0))]
    rng.shuffle(pool)
    unseen = _unseen_progress(view)
    out = []
    for seat, p in enumerate(view["players"]):
        if seat == me:
            cards, progress = dict(view["hand"]), list(view["progress"])
        elif names[seat] == seen.get("seat"):  # a Spy's or Master Merchant's look
            cards = dict(shown_hand) if "hand" in seen else _deal(pool, p["cards"])
            progress = list(shown_progress) if "progress" in seen else _draw(unseen, p)
        else:
            cards, progress = _deal(pool, p["cards"]), _draw(unseen, p)
        out.append(Player(id=names[seat], cards=cards, improvements=dict(p["improvements"]),
                          progress=progress, vp_cards=list(p["vp_cards"]),
                          defenders=p["defenders"]))
    return out


def _deal(pool: list[str], n: int) -> dict[str, int]:
    """n cards off the top of the shuffled pool (taken out of it)."""
    dealt = pool[:n]
    del pool[:n]
    return {c: dealt.count(c) for c in CARDS}


def _draw(unseen: dict[str, list[str]], p: dict[str, Any]) -> list[str]:
    return [unseen[colour].pop() for colour, n in p["progress"].items() for _ in range(n)]


def _unseen_progress(view: View) -> dict[str, list[str]]:
    """Per colour, the progress cards that are neither in my hand nor shown (VP cards last, so
    hands take the others first)."""
    shown = list(view["progress"]) + [c for p in view["players"] for c in p["vp_cards"]]
    shown += view.get("inspected", {}).get("progress", [])
    out: dict[str, list[str]] = {}
    for colour, counts in DECKS.items():
        cards = [c for c, n in counts.items() for _ in range(n)]
        for c in shown:
            if c in cards:
                cards.remove(c)
        out[colour] = [c for c in cards if c in VP_CARDS] + [
            c for c in cards if c not in VP_CARDS]
    return out


def _decks(view: View, me: int, rng: random.Random) -> dict[str, list[str]]:
    """Decks of the right sizes, from what the hands did not take (determinize re-deals)."""
    unseen = _unseen_progress(view)
    inspected = view.get("inspected", {})
    for seat, p in enumerate(view["players"]):
        if seat != me and not (p["seat"] == inspected.get("seat") and "progress" in inspected):
            _draw(unseen, p)
    return {colour: cards[:view["decks"][colour]] for colour, cards in unseen.items()}


def _replies(view: View, names: list[str]) -> list[Decision]:
    """An open offer's acceptances and counters while its addressees still answer (not in
    the view's pending then: the offerer decides on them once all have answered)."""
    if any(d["kind"] == "trade_reply" for d in view["pending"]):
        return []
    return [Decision(kind="trade_reply", seat=names.index(view["active"]), stage=1,
                     target=names.index(r["seat"]), give=r["give"], get=r["get"])
            for r in view["this_turn"].get("replies", [])]


def _decision(d: dict[str, Any], names: list[str]) -> Decision:
    """A decision asked now, as the view shows it (all of one stage)."""
    return Decision(
        kind=d["kind"], seat=names.index(d["seat"]), stage=0,
        target=_seat(names, d.get("target")), count=d.get("count", 0),
        give=d.get("give", {}), get=d.get("get", {}),
        nodes=[parse_node(n) for n in d.get("nodes", [])],
        edges=[parse_edge(e) for e in d.get("edges", [])],
        knight=None if d.get("knight") is None else Knight(
            owner=names.index(d["seat"]), **d["knight"]))
