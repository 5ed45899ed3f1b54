"""Trading (§5): the bank's rates with harbours and C&K's 2:1 sources, and domestic offers."""

from __future__ import annotations

from . import facts
from .state import CARDS, COMMODITIES, RESOURCES, RULES, Decision, GameState

RATES: dict[str, int] = RULES["maritime"]
MIN_RATE = min(RATES.values())  # fewer cards than this of a type: no bank trade with it
TRADE_L3 = int(RULES["ability_level"])
TERRAIN_RESOURCE: dict[str, str] = {
    terrain: table["settlement"][0]
    for terrain, table in RULES["terrain_yield"].items() if table["settlement"]}


def harbours_of(s: GameState, seat: int) -> set[str]:
    """Harbour types seat's settlements/cities touch."""
    return {s.harbours[slot] for slot in facts.buildings(s.buildings, seat).harbour_slots}


def rates(s: GameState, seat: int) -> dict[str, int]:
    ports = harbours_of(s, seat)
    return {card: rate(s, seat, card, ports) for card in CARDS}


def rate(s: GameState, seat: int, card: str, ports: set[str] | None = None) -> int:
    """How many `card` seat gives the bank for one card (§5: the best that applies)."""
    best = RATES["bank"]
    ports = harbours_of(s, seat) if ports is None else ports
    if "h3" in ports:
        best = RATES["h3"]
    if card in RESOURCES and f"h2_{card}" in ports:
        best = min(best, RATES["h2"])
    if (s.merchant_owner == seat and s.merchant is not None
            and TERRAIN_RESOURCE.get(s.terrains[s.merchant]) == card):
        best = min(best, RATES["merchant"])
    if card in COMMODITIES and s.players[seat].improvements["trade"] >= TRADE_L3:
        best = min(best, RATES["trade_l3"])
    if card in s.fleets:
        best = min(best, RATES["fleet"])
    return best


def maritime_ok(s: GameState, seat: int, give: str, get: str) -> bool:
    return (give != get and s.bank[get] > 0
            and s.players[seat].cards[give] >= rate(s, seat, give))


def offer_ok(s: GameState, seat: int, to: int, give: dict[str, int], get: dict[str, int]
             ) -> str | None:
    """Why the offer is refused (None: it may be made). No gifts, no like-for-like (§5)."""
    if to == seat:
        return "a trade is with another player"
    if not give or not get:
        return "no gifts: both sides give something"
    if set(give) & set(get):
        return "no like-for-like: a card type on both sides"
    cards = s.players[seat].cards
    if any(cards[c] < n for c, n in give.items()):
        return "you do not hold what you offer"
    return None


def counter_ok(s: GameState, d: Decision, give: dict[str, int], get: dict[str, int]
               ) -> str | None:
    """Why d.seat's counter to the offer d is refused (None: it may be made): the rules of an
    offer, from the counterer's side (only its own hand is looked at: the offerer's is hidden,
    and is checked when the offerer picks the counter)."""
    if not give or not get:
        return "no gifts: both sides give something"
    if set(give) & set(get):
        return "no like-for-like: a card type on both sides"
    if give == d.get and get == d.give:
        return "those are the offer's terms: accept it"
    cards = s.players[d.seat].cards
    if any(cards[c] < n for c, n in give.items()):
        return "you do not hold what you offer"
    return None
