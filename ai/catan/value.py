"""How good a state is for one seat, in victory points: points, plus what production, cards,
improvements, knights and progress cards are worth toward more of them. Used by the expert's
lookahead to compare the positions its candidate moves lead to (only ever on worlds sampled
from its own view)."""

from __future__ import annotations

from collections.abc import Iterator

from rules.catan import placement, scoring
from rules.catan.board import TOPOLOGY as T
from rules.catan.production import safe_limit
from rules.catan.state import RESOURCES, GameState

from .seen import YIELD, pips

CARD = 0.2  # a card in hand, in points (a city costs 5 and brings 1 point and production)
SPARE = 0.05  # a card beyond the safe limit
ROLLS_AHEAD = 18  # rolls over which production still pays
SEVEN_SOON = 0.42  # chance of a 7 before the seat's next turn (3 rolls in a 4-player game)
# A track's levels 0..5 (progress cards, the level-3 ability, the way to a metropolis, whose
# points count apart).
LEVELS = (0.0, 0.5, 1.1, 2.0, 2.6, 3.2)
PROGRESS = 0.45  # a progress card in hand
KNIGHT = 0.3  # a knight level on the board
SPOT = 0.35  # a free settlement spot on the seat's roads (at most two count)
CITY_AT_RISK = 2.0  # a city lost to the barbarians


def _yields(s: GameState, seat: int) -> Iterator[tuple[list[str], int]]:
    """(cards made, the hex's pips) for each hex beside each of seat's buildings, the
    robbed hex left out (it pays nothing)."""
    for node, b in s.buildings.items():
        if b.owner != seat:
            continue
        kind = "city" if b.city and not b.ruined else "settlement"
        for h in T.node_hexes[node]:
            if h != s.robber:
                yield YIELD[s.terrains[h]][kind], pips(s.tokens[h])


def income(s: GameState, seat: int) -> float:
    """Expected cards per roll from seat's buildings (the robbed hex pays nothing)."""
    total = 0.0
    for cards, dots in _yields(s, seat):
        total += len(cards) * dots / 36
    return total


def diversity(s: GameState, seat: int) -> int:
    made = set()
    for node, b in s.buildings.items():
        if b.owner == seat:
            for h in T.node_hexes[node]:
                made.update(YIELD[s.terrains[h]]["settlement"])
    return len(made & set(RESOURCES))


def hand_value(s: GameState, seat: int) -> float:
    """Cards up to the safe limit are worth CARD each; beyond it little, and a 7 may take
    half the hand."""
    hand = s.players[seat].hand_size()
    limit = safe_limit(s, seat)
    value = CARD * min(hand, limit) + SPARE * max(0, hand - limit)
    if hand > limit:
        value -= SEVEN_SOON * CARD * (hand // 2)
    return value


def barbarian_risk(s: GameState, seat: int) -> float:
    """A city likely lost: the ship is near, Catan's knights fall short and seat's are the
    weakest of those with a city to lose."""
    if s.ship < 4 or not placement.cities(s, seat, metropolis=False):
        return 0.0
    defend = [0] * len(s.seats)
    for k in s.knights.values():
        if k.active:
            defend[k.owner] += k.level
    strength = sum(1 for b in s.buildings.values() if b.city and not b.ruined)
    if sum(defend) >= strength:
        return 0.0
    exposed = [defend[o] for o in range(len(s.seats)) if placement.cities(s, o, metropolis=False)]
    near = (s.ship - 3) / 3
    return CITY_AT_RISK * near if defend[seat] <= min(exposed) else 0.0


def spots(s: GameState, seat: int) -> int:
    if placement.supply(s, seat, "settlement") <= 0:
        return 0
    found = sum(1 for n in range(len(T.node_edges)) if placement.settlement_ok(s, seat, n))
    return min(found, 2)


def worth(s: GameState, seat: int) -> float:
    """seat's position in points and point-equivalents."""
    if s.phase == "over":
        return 100.0 if s.winner == seat else scoring.points(s, seat) - 5.0
    p = s.players[seat]
    value = float(scoring.points(s, seat))
    value += CARD * ROLLS_AHEAD * income(s, seat) + 0.3 * diversity(s, seat)
    value += hand_value(s, seat)
    value += sum(LEVELS[level] for level in p.improvements.values())
    value += PROGRESS * len(p.progress)
    value += KNIGHT * sum(k.level for k in s.knights.values() if k.owner == seat)
    value += 0.1 * sum(k.level for k in s.knights.values() if k.owner == seat and k.active)
    value += SPOT * spots(s, seat) - barbarian_risk(s, seat)
    return value


def relative(s: GameState, seat: int) -> float:
    """seat's worth against the best opponent's (a robber or a Wedding counts twice)."""
    others = [worth(s, o) for o in range(len(s.seats)) if o != seat]
    return worth(s, seat) - 0.5 * max(others)

