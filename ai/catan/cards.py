"""Progress cards for the heuristic player: one `Policy` per card (in `POLICIES`): what it is
worth in hand, which play of it (if any) to make now, and how a seat answers the decisions of
kinds of its own it asks (rules/catan/asks.py). A new card is its record here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.catan.actions import PlayProgress
from rules.catan.board import TOPOLOGY as T
from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.state import COMMODITIES, RESOURCES, TRACKS

from . import plan
from .seen import YIELD, Seen, pips

Chooser = Callable[[Seen, Sequence[PlayProgress]], PlayProgress | None]
# A seat's answer to a decision: its view, the decision (as views.decision shows it), the
# legal answers.
Answer = Callable[[Seen, dict[str, Any], Sequence[Any]], Any]


@dataclass(frozen=True)
class Policy:
    """How the heuristic player treats one progress card."""
    value: float  # worth in hand (the lowest is discarded or left to a Spy)
    choose: Chooser | None = None  # the play to make now, if any (None: not by `play`)
    answers: Mapping[str, Answer] = field(default_factory=dict)  # its asks' kinds, answered


def value(card: str) -> float:
    policy = POLICIES.get(card)
    return policy.value if policy is not None else 1.0


def chooser(card: str) -> Chooser | None:
    """The card's play chooser (None: the card is not played by choice, or is unknown)."""
    policy = POLICIES.get(card)
    return policy.choose if policy is not None else None


def answer(kind: str) -> Answer | None:
    """The answer to a decision of a kind a card brought (None: no card's)."""
    return next((p.answers[kind] for p in POLICIES.values() if kind in p.answers), None)


# --- the robber ------------------------------------------------------------------------------

def hex_harm(s: Seen, h: int) -> float:
    """What putting the robber on h costs the others minus what it costs s.me."""
    score = 0.0
    for node in T.hex_nodes[h]:
        b = s.buildings.get(node)
        if b is None:
            continue
        hurt = (2 if b.city and not b.ruined else 1) * pips(s.tokens[h])
        if b.owner == s.me:
            score -= 3 * hurt
        else:
            score += hurt * (1 + s.points(b.owner) / 5)
    return score


def victim_value(s: Seen, victim: str | None) -> float:
    seat = s.seat(victim)
    if seat is None:
        return 0.0
    return 0.3 * min(int(s.players[seat]["cards"]), 8) + 0.2 * s.points(seat)


# --- plays, card by card ---------------------------------------------------------------------

def best_crane(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    track = plan.improvement_track(s)
    fitting = [p for p in plays if p.track == track] or list(plays)
    return max(fitting, key=lambda p: 0 if p.node is None else plan.city_value(
        s, parse_node(p.node)))


def _first(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return plays[0]


def _medicine(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return max(plays, key=lambda p: plan.city_value(s, parse_node(p.node or "")))


def _inventor(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    def gain(p: PlayProgress) -> float:
        a, b = parse_hex(p.hex or ""), parse_hex(p.other_hex or "")
        delta = pips(s.tokens[b]) - pips(s.tokens[a])
        return delta * (_stake(s, a) - _stake(s, b))
    best = max(plays, key=gain)
    return best if gain(best) >= 3 else None


def _stake(s: Seen, h: int) -> float:
    """s.me's buildings on h minus the others' (cities count twice)."""
    out = 0.0
    for node in T.hex_nodes[h]:
        b = s.buildings.get(node)
        if b is not None:
            out += (2 if b.city else 1) * (1 if b.owner == s.me else -0.5)
    return out


def _road_building(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    wanted = any(g.name == "road" for g in plan.goals(s))
    return plays[0] if wanted else None


def _bishop(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    best = max(plays, key=lambda p: hex_harm(s, parse_hex(p.hex or "")))
    return best if hex_harm(s, parse_hex(best.hex or "")) > 0 else None


def _deserter(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return max(plays, key=lambda p: s.knight_levels(s.seat(p.seat) or 0))


def _diplomat(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    theirs = [p for p in plays if s.roads.get(parse_edge(p.edge or "")) != s.me]
    if not theirs:
        return None
    return max(theirs, key=lambda p: s.points(s.roads[parse_edge(p.edge or "")]))


def _intrigue(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return max(plays, key=lambda p: s.knights[parse_node(p.node or "")].level)


def _spy(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return max(plays, key=lambda p: sum(
        s.players[s.seat(p.seat) or 0]["progress"].values()))


def _warlord(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return plays[0] if s.ship >= 4 else None


def _commercial_harbor(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return plays[0] if surplus_resources(s) else None


def _master_merchant(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    return max(plays, key=lambda p: int(s.players[s.seat(p.seat) or 0]["cards"]))


def _merchant(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    def worth(p: PlayProgress) -> float:
        h = parse_hex(p.hex or "")
        card = YIELD[s.terrains[h]]["settlement"]
        held = s.hand.get(card[0], 0) if card else 0
        return held + pips(s.tokens[h]) / 3 - (3 if h == s.robber else 0)
    return max(plays, key=worth)


def _merchant_fleet(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    spare = plan.need(s)
    best = max(plays, key=lambda p: s.hand.get(p.kind or "", 0) - spare.get(p.kind or "", 0))
    kind = best.kind or ""
    left = s.hand.get(kind, 0) - spare.get(kind, 0)
    return best if left >= 2 and s.rates.get(kind, 4) > 2 else None


def _resource_monopoly(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    missing = {c: k for g in plan.goals(s)[:1] for c, k in plan.deficit(s.hand, g.cost).items()}
    return max(plays, key=lambda p: (missing.get(p.kind or "", 0),
                                     -s.income[s.me].get(p.kind or "", 0)))


def _trade_monopoly(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    track = plan.improvement_track(s)
    want = TRACKS[track] if track else COMMODITIES[0]
    return next((p for p in plays if p.kind == want), plays[0])


POLICIES: dict[str, Policy] = {
    "alchemist": Policy(3.0),  # played before the dice: `alchemist`
    "crane": Policy(3.0, best_crane), "engineer": Policy(2.0, _first),
    "inventor": Policy(1.5, _inventor), "irrigation": Policy(3.0, _first),
    "medicine": Policy(3.5, _medicine), "mining": Policy(3.0, _first),
    "road_building": Policy(2.0, _road_building), "smith": Policy(2.0, _first),
    "bishop": Policy(2.0, _bishop), "deserter": Policy(2.0, _deserter),
    "diplomat": Policy(1.5, _diplomat), "intrigue": Policy(1.5, _intrigue),
    "saboteur": Policy(2.0, _first), "spy": Policy(2.0, _spy),
    "warlord": Policy(2.0, _warlord), "wedding": Policy(2.5, _first),
    "commercial_harbor": Policy(2.0, _commercial_harbor),
    "master_merchant": Policy(3.0, _master_merchant), "merchant": Policy(3.0, _merchant),
    "merchant_fleet": Policy(2.0, _merchant_fleet),
    "resource_monopoly": Policy(3.5, _resource_monopoly),
    "trade_monopoly": Policy(2.5, _trade_monopoly),
}


def play(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    """The progress card to play now, if any is worth it (most valuable card first)."""
    by_card: dict[str, list[PlayProgress]] = {}
    for p in plays:
        by_card.setdefault(p.card, []).append(p)
    for card in sorted(by_card, key=lambda c: -value(c)):
        choose = chooser(card)
        chosen = choose(s, by_card[card]) if choose else None
        if chosen is not None:
            return chosen
    return None


def alchemist(s: Seen, plays: Sequence[PlayProgress]) -> PlayProgress | None:
    """The Alchemist's dice: the total that pays s.me most (a low red die for progress draws),
    if it pays at least 3 cards."""
    def paid(total: int) -> int:
        out = 0
        for h, token in enumerate(s.tokens):
            if token != total or h == s.robber:
                continue
            for node in T.hex_nodes[h]:
                b = s.buildings.get(node)
                if b is not None and b.owner == s.me:
                    out += 2 if b.city and not b.ruined and s.terrains[h] != "desert" else 1
        return out
    best = max((t for t in range(2, 13) if t != 7), key=paid)
    if paid(best) < 3:
        return None
    red = max(1, best - 6)
    return next((p for p in plays if p.red == red and p.yellow == best - red), None)


def surplus_resources(s: Seen) -> list[str]:
    wanted = plan.need(s)
    return [r for r in RESOURCES if s.hand.get(r, 0) > wanted[r]]
