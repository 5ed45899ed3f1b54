"""A seat's position as numbers, for the learned win chance (ai.catan.learned): its own
points, production, hand, cards, knights, improvements, spots and harbours, the same against
the best of its opponents (each feature's highest among them), and the game's clock.

Read from a whole state: the expert only ever scores worlds sampled from its own view
(ai.catan.world), so what it computes there is fair by construction.
"""

from __future__ import annotations

from rules.catan import scoring, trade
from rules.catan.production import safe_limit
from rules.catan.state import COMMODITIES, RESOURCES, GameState

from . import value

SEAT = (
    "points", *(f"income_{r}" for r in RESOURCES), "income_commodities", "diversity",
    "hand", "over_limit", "progress", "knights", "active_knights", "levels", "best_level",
    "metropolises", "cities", "spots", "harbours_2", "harbour_3", "barbarian_risk",
)
NAMES: tuple[str, ...] = (
    *SEAT, *(f"lead_{f}" for f in SEAT), "turn", "ship", "three_players",
)


def seat_features(s: GameState, seat: int) -> list[float]:
    """The SEAT features of one seat."""
    p = s.players[seat]
    made = dict.fromkeys((*RESOURCES, *COMMODITIES), 0.0)
    for cards, dots in value._yields(s, seat):
        for card in cards:
            made[card] += dots / 36
    hand, limit = p.hand_size(), safe_limit(s, seat)
    mine = [b for b in s.buildings.values() if b.owner == seat]
    rates = trade.rates(s, seat)
    return [
        float(scoring.points(s, seat)), *(made[r] for r in RESOURCES),
        sum(made[c] for c in COMMODITIES), float(value.diversity(s, seat)),
        float(min(hand, limit)), float(max(0, hand - limit)), float(len(p.progress)),
        float(sum(k.level for k in s.knights.values() if k.owner == seat)),
        float(sum(k.level for k in s.knights.values() if k.owner == seat and k.active)),
        float(sum(p.improvements.values())), float(max(p.improvements.values())),
        float(sum(1 for b in mine if b.metropolis)),
        float(sum(1 for b in mine if b.city and not b.ruined)),
        float(value.spots(s, seat)),
        float(sum(1 for r in RESOURCES if rates[r] == 2)),
        float(any(rates[r] == 3 for r in RESOURCES)),
        value.barbarian_risk(s, seat),
    ]


def vector(s: GameState, seat: int) -> list[float]:
    """NAMES' values for `seat`: its own features, then each less the opponents' highest."""
    return vectors(s)[seat]


def vectors(s: GameState) -> list[list[float]]:
    """vector() for every seat, each seat's features read once."""
    rows = [seat_features(s, o) for o in range(len(s.seats))]
    out = []
    for seat, own in enumerate(rows):
        others = [r for o, r in enumerate(rows) if o != seat]
        lead = [v - max(r[i] for r in others) for i, v in enumerate(own)]
        out.append([*own, *lead, float(s.turn), float(s.ship), float(len(s.seats) == 3)])
    return out
