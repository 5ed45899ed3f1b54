"""The unique districts' effects, each in one place: an `Effect` registered under the district's
id in EFFECTS. Cost, points and type are data (data/classic.json); adding a unique district is
its data row and its Effect here. The rules ask this module, never a district id:

- draw_counts: what `draw_cards` draws and keeps (Observatory, Library);
- income: what `collect_income` gives (School of Magic);
- city_destroy_cost, INDESTRUCTIBLE: what the Warlord may destroy and pays (Great Wall, Keep);
- on_destroyed: who is offered a destroyed district (Graveyard);
- five_types_wildcards, BONUSES: the scoring (Haunted Quarter, Map Room, Imperial Treasury);
- offers, HANDLERS, TURN_FLAGS: the actions a city offers in its owner's turn (Laboratory,
  Smithy) and their once-a-turn flags.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from . import actions as A
from .cards import CHARACTERS, COST, KIND
from .checks import acting, check, main_phase
from .errors import IllegalAction
from .state import GameState, Player
from .tx import Work, draw, edit, emit, removed

Handler = Callable[[Work, str, A.Action], None]


@dataclass(frozen=True)
class Effect:
    """What a unique district does while it stands in its owner's city; every hook optional."""

    draws: int | None = None        # cards `draw_cards` draws instead of 2
    keeps_all: bool = False         # `draw_cards` keeps every card drawn, not 1
    income_wildcard: bool = False   # counts as the collecting character's type
    types_wildcard: bool = False    # counts as any one type for the five-types bonus
    indestructible: bool = False    # the Warlord cannot destroy it
    shields_others: int = 0         # gold more the Warlord pays for the city's other districts
    # Points at the end from (gold, cards in hand); its id names the score part.
    bonus: Callable[[int, int], int] | None = None
    # The owner may take a district the Warlord destroyed: (state, owner, warlord, district)
    # -> True if it is offered to the owner (the decision then waits for the owner).
    on_destroyed: Callable[[Work, Player, str, str], bool] | None = None
    # Actions it offers in its owner's turn, appended to the list; their handlers.
    offers: Callable[[GameState, Player, list[A.Action]], None] | None = None
    handlers: Mapping[type[A.Action], Handler] = field(default_factory=dict)
    turn_flag: str | None = None    # the GameState flag of a once-a-turn use, reset each turn


# --- Graveyard ------------------------------------------------------------------------------

def _graveyard_offer(s: Work, owner: Player, warlord: str, district: str) -> bool:
    """Its owner, unless the Warlord, may buy the destroyed district for 1 gold."""
    if owner.id == warlord or owner.gold < 1:
        return False
    s.graveyard_card = district
    s.awaiting = owner.id
    emit(s, "graveyard_offer", owner.id, {"district": district})
    return True


def graveyard(s: Work, me: str, action: A.Action) -> None:
    """The answer to a Graveyard offer: the card to the hand for 1 gold, or to the deck."""
    assert isinstance(action, A.Graveyard)
    district = s.graveyard_card
    if district is None:
        raise IllegalAction("there is no destroyed district to take")
    if action.accept:
        p = edit(s, me)
        p.gold -= 1
        p.hand = [*p.hand, district]
    else:
        s.deck = [*s.deck, district]
    s.graveyard_card = None
    s.awaiting = acting(s).id  # back to the Warlord
    emit(s, "graveyard_used" if action.accept else "graveyard_declined", me,
         {"district": district})


# --- Laboratory -----------------------------------------------------------------------------

def _laboratory_offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    if not s.laboratory_used:
        out.extend(A.LABORATORY[d] for d in dict.fromkeys(me.hand))


def use_laboratory(s: Work, me: str, action: A.Action) -> None:
    """Discard a card from the hand for 2 gold, once a turn."""
    assert isinstance(action, A.UseLaboratory)
    main_phase(s)
    district = action.district
    p = edit(s, me)
    check("laboratory" in p.city, "you have no Laboratory")
    check(not s.laboratory_used, "the Laboratory was already used this turn")
    check(district in p.hand, f"{district!r} is not in your hand")
    p.hand = removed(p.hand, district)
    p.gold += 2
    s.deck = [*s.deck, district]
    s.laboratory_used = True
    emit(s, "laboratory", me, {"amount": 2}, {me: {"district": district}})


# --- Smithy ---------------------------------------------------------------------------------

def _smithy_offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    if not s.smithy_used and me.gold >= 2:
        out.append(A.USE_SMITHY)


def use_smithy(s: Work, me: str, action: A.Action) -> None:
    """Pay 2 gold to draw 3 cards, once a turn."""
    main_phase(s)
    p = edit(s, me)
    check("smithy" in p.city, "you have no Smithy")
    check(not s.smithy_used, "the Smithy was already used this turn")
    check(p.gold >= 2, "the Smithy costs 2 gold")
    p.gold -= 2
    cards = draw(s, 3)
    p.hand = p.hand + cards
    s.smithy_used = True
    emit(s, "smithy", me, {"count": len(cards)}, {me: {"cards": cards}})


# --- the registry ---------------------------------------------------------------------------

EFFECTS: dict[str, Effect] = {
    "haunted_quarter": Effect(types_wildcard=True),
    "keep": Effect(indestructible=True),
    "observatory": Effect(draws=3),
    "library": Effect(keeps_all=True),
    "school_of_magic": Effect(income_wildcard=True),
    "great_wall": Effect(shields_others=1),
    "graveyard": Effect(on_destroyed=_graveyard_offer),
    "laboratory": Effect(offers=_laboratory_offers, turn_flag="laboratory_used",
                         handlers={A.UseLaboratory: use_laboratory}),
    "smithy": Effect(offers=_smithy_offers, turn_flag="smithy_used",
                     handlers={A.UseSmithy: use_smithy}),
    "map_room": Effect(bonus=lambda gold, hand: hand),  # +1 per card in hand
    "imperial_treasury": Effect(bonus=lambda gold, hand: gold),  # +1 per gold
    # University and Dragon Gate: their 8 points are data (`points`).
}

# The hooks by district, for the rules that ask them on every action.
_DRAWS = {d: e.draws for d, e in EFFECTS.items() if e.draws is not None}
_KEEPS_ALL = frozenset(d for d, e in EFFECTS.items() if e.keeps_all)
_INCOME_WILDCARDS = frozenset(d for d, e in EFFECTS.items() if e.income_wildcard)
TYPES_WILDCARDS = frozenset(d for d, e in EFFECTS.items() if e.types_wildcard)
INDESTRUCTIBLE = frozenset(d for d, e in EFFECTS.items() if e.indestructible)
_SHIELDS = {d: e.shields_others for d, e in EFFECTS.items() if e.shields_others}
BONUSES = {d: e.bonus for d, e in EFFECTS.items() if e.bonus is not None}
_OFFERS = {d: e.offers for d, e in EFFECTS.items() if e.offers is not None}
HANDLERS: dict[type[A.Action], Handler] = {
    kind: handler for e in EFFECTS.values() for kind, handler in e.handlers.items()}
TURN_FLAGS: tuple[str, ...] = tuple(e.turn_flag for e in EFFECTS.values() if e.turn_flag)
INCOME: dict[str, str | None] = {c.id: c.income for c in CHARACTERS.values()}


def draw_counts(city: list[str]) -> tuple[int, int]:
    """Cards `draw_cards` draws and keeps for a city (normally 2 and 1)."""
    drawn = max((_DRAWS[d] for d in city if d in _DRAWS), default=2)
    return drawn, drawn if any(d in _KEEPS_ALL for d in city) else 1


def income(city: list[str], character: str) -> int | None:
    """Gold `character` collects for `city`; None if it collects no income. A wildcard counts
    as the character's type: the owner chooses, and always chooses this one."""
    kind = INCOME[character]
    if kind is None:
        return None
    return sum(1 for d in city if KIND[d] == kind or d in _INCOME_WILDCARDS)


def city_destroy_cost(city: list[str], district: str) -> int:
    """What the Warlord pays for a district of `city`: its cost - 1, plus what the city's other
    districts add (a Great Wall)."""
    shield = sum(_SHIELDS.get(d, 0) for d in city if d != district)
    return COST[district] - 1 + shield


def destroy_cost(owner: Player, district: str) -> int:
    return city_destroy_cost(owner.city, district)


def destroy_costs(city: list[str]) -> dict[str, int]:
    """city_destroy_cost of every district of the city."""
    return {d: city_destroy_cost(city, d) for d in city}


def on_destroyed(s: Work, warlord: str, district: str) -> bool:
    """Offer a destroyed district to the first city that may take it (a Graveyard's owner);
    False if none does (the card then goes under the deck)."""
    for p in s.players:
        for d in p.city:
            hook = EFFECTS[d].on_destroyed if d in EFFECTS else None
            if hook is not None and hook(s, p, warlord, district):
                return True
    return False


def offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    """The actions the acting player's city offers now, appended to `out` (in EFFECTS' order,
    whatever the city's)."""
    city = me.city
    for d, offer in _OFFERS.items():
        if d in city:
            offer(s, me, out)


def start_turn(s: Work) -> None:
    """A new turn: every once-a-turn district may be used again."""
    for flag in TURN_FLAGS:
        setattr(s, flag, False)
