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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from . import actions as A
from .cards import CHARACTERS, COST, DISTRICTS, KIND, RULINGS
from .checks import acting, check, main_phase
from .errors import IllegalAction
from .state import GameState, Player
from .tx import Work, draw, edit, emit, removed

Handler = Callable[[Work, str, A.Action], None]
# Points a district is worth beyond its printed cost (University, Dragon Gate).
_EXTRA = {d.id: d.points - d.cost for d in DISTRICTS.values() if d.points != d.cost}


@dataclass(frozen=True)
class Effect:
    """What a unique district does while it stands in its owner's city; every hook optional."""

    draws: int | None = None        # cards `draw_cards` draws instead of 2
    keeps_all: bool = False         # `draw_cards` keeps every card drawn, not 1
    income_wildcard: bool = False   # counts as the collecting character's type
    types_wildcard: bool = False    # counts as any one type for the five-types bonus
    indestructible: bool = False    # the Warlord cannot destroy it
    shields_others: int = 0         # gold more the Warlord pays for the city's other districts
    # Points at the end from (gold, cards in hand, city, cards under a Museum); its id names
    # the score part.
    bonus: Callable[[int, int, list[str], int], int] | None = None
    # The owner may take a district the Warlord destroyed: (state, owner, warlord, district)
    # -> True if it is offered to the owner (the decision then waits for the owner).
    on_destroyed: Callable[[Work, Player, str, str], bool] | None = None
    # Actions it offers in its owner's turn, appended to the list; their handlers.
    offers: Callable[[GameState, Player, list[A.Action]], None] | None = None
    handlers: Mapping[type[A.Action], Handler] = field(default_factory=dict)
    turn_flag: str | None = None    # the GameState flag of a once-a-turn use, reset each turn
    # A Dark City effect that lives inside a rule (build costs, the crown, the end of a
    # turn...): the module that asks for the district by id.
    acts_in: str | None = None


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
    assert type(action) is A.Graveyard
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
    assert type(action) is A.UseLaboratory
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


# --- Dark City: Museum, Armory ---------------------------------------------------------------

def _museum_offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    if not s.museum_used:
        out.extend(A.MUSEUM[d] for d in dict.fromkeys(me.hand))


def use_museum(s: Work, me: str, action: A.Action) -> None:
    """Put a card from the hand face down under the Museum, once a turn."""
    assert type(action) is A.UseMuseum
    main_phase(s)
    p = edit(s, me)
    check("museum" in p.city, "you have no Museum")
    check(not s.museum_used, "the Museum was already used this turn")
    check(action.district in p.hand, f"{action.district!r} is not in your hand")
    p.hand = removed(p.hand, action.district)
    p.museum = [*p.museum, action.district]
    s.museum_used = True
    emit(s, "museum", me, {"count": len(p.museum)}, {me: {"district": action.district}})


def _armory_offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    for p in s.players:
        if p.id != me.id:
            out.extend(A.armory(p.id, d) for d in dict.fromkeys(p.city))


def use_armory(s: Work, me: str, action: A.Action) -> None:
    """Destroy the Armory to destroy a district of another city: any city, even a complete
    one, the Keep and the Bishop's too (they guard against the Warlord only); no Graveyard."""
    assert type(action) is A.UseArmory
    main_phase(s)
    check("armory" in s.player(me).city, "you have no Armory")
    target = next((p for p in s.players if p.id == action.player), None)
    check(target is not None and action.player != me, f"cannot target {action.player!r}")
    assert target is not None
    check(action.district in target.city, f"{action.district!r} is not in that city")
    remove_district(s, me, "armory")
    remove_district(s, action.player, action.district)
    s.deck = [*s.deck, "armory", action.district]
    emit(s, "armory", me, {"victim": action.player, "district": action.district})


# --- Dark City: districts leaving a city, the crown, building costs --------------------------

def remove_district(s: Work, owner: str, district: str) -> None:
    """Take a destroyed district out of its city: gold on it goes to the bank, cards under a
    Museum to the bottom of the deck, a Bell Tower's announcement ends. The card itself is
    the caller's (deck, Graveyard)."""
    p = edit(s, owner)
    p.city = removed(p.city, district)
    if district in p.beautified:
        p.beautified = removed(p.beautified, district)
    if district == "museum" and p.museum:
        s.deck, p.museum = [*s.deck, *p.museum], []
    if district == "bell_tower" and s.bell_tower:
        s.bell_tower, s.city_size = False, s.city_size + 1
        emit(s, "bell_tower_silenced", owner, {"city_size": s.city_size})


def move_crown(s: Work, seat: str) -> None:
    """The crown goes to `seat`; a Throne Room's owner gains 1 each time it changes hands."""
    if s.crown == seat:
        return
    s.crown = seat
    for p in s.players:
        if "throne_room" in p.city:
            edit(s, p.id).gold += 1
            emit(s, "throne_room", p.id, {"amount": 1})


def build_cost(city: list[str], district: str) -> int:
    """What building `district` costs the owner of `city`: 1 less for his other unique
    districts with a Factory."""
    cost = COST[district]
    if KIND[district] == "unique" and district != "factory" and "factory" in city:
        return cost - 1
    return cost


def may_duplicate(city: list[str]) -> bool:
    """The Quarry lets its owner build a name his city has, one such duplicate at a time."""
    return "quarry" in city and len(set(city)) > len(city) - RULINGS["quarry_duplicates"]


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
    "map_room": Effect(bonus=lambda gold, hand, city, museum: hand),  # +1 per card in hand
    "imperial_treasury": Effect(bonus=lambda gold, hand, city, museum: gold),  # +1 per gold
    # University and Dragon Gate: cost 6, worth 8 (data: `points`); the 2 more are their bonus,
    # so a breakdown shows them on their own line.
    "university": Effect(bonus=lambda gold, hand, city, museum: _EXTRA["university"]),
    "dragon_gate": Effect(bonus=lambda gold, hand, city, museum: _EXTRA["dragon_gate"]),
    # Dark City: the others act in turns.py, pending.py, powers.py and scoring.py.
    "museum": Effect(offers=_museum_offers, turn_flag="museum_used",
                     handlers={A.UseMuseum: use_museum},
                     bonus=lambda gold, hand, city, museum: museum),  # +1 per card under it
    # +1 per other unique district (a Quarry duplicate too)
    "wishing_well": Effect(bonus=lambda gold, hand, city, museum: sum(
        1 for d in city if KIND[d] == "unique") - 1),
    "armory": Effect(offers=_armory_offers, handlers={A.UseArmory: use_armory}),
    "ball_room": Effect(acts_in="turns.py (_reveal), pending.py (greet)"),
    "bell_tower": Effect(acts_in="turns.py (place), pending.py (bell_tower), remove_district"),
    "factory": Effect(acts_in="build_cost"),
    "hospital": Effect(acts_in="turns.py (call_next)"),
    "lighthouse": Effect(acts_in="turns.py (place), pending.py (lighthouse)"),
    "park": Effect(acts_in="turns.py (end_of_turn)"),
    "poor_house": Effect(acts_in="turns.py (end_of_turn)"),
    "quarry": Effect(acts_in="may_duplicate"),
    "throne_room": Effect(acts_in="move_crown"),
}

# The hooks by district, for the rules that ask them on every action.
_DRAWS = {d: e.draws for d, e in EFFECTS.items() if e.draws is not None}
_DRAWING = frozenset(_DRAWS)
_KEEPS_ALL = frozenset(d for d, e in EFFECTS.items() if e.keeps_all)
_INCOME_WILDCARDS = frozenset(d for d, e in EFFECTS.items() if e.income_wildcard)
TYPES_WILDCARDS = frozenset(d for d, e in EFFECTS.items() if e.types_wildcard)
INDESTRUCTIBLE = frozenset(d for d, e in EFFECTS.items() if e.indestructible)
_SHIELDS = {d: e.shields_others for d, e in EFFECTS.items() if e.shields_others}
BONUSES = {d: e.bonus for d, e in EFFECTS.items() if e.bonus is not None}
_OFFERS = {d: e.offers for d, e in EFFECTS.items() if e.offers is not None}
OFFERING = frozenset(_OFFERS)  # the districts that offer actions
HANDLERS: dict[type[A.Action], Handler] = {
    kind: handler for e in EFFECTS.values() for kind, handler in e.handlers.items()}
TURN_FLAGS: tuple[str, ...] = tuple(e.turn_flag for e in EFFECTS.values() if e.turn_flag)
INCOME: dict[str, str | None] = {c.id: c.income for c in CHARACTERS.values()}


def draw_counts(city: list[str]) -> tuple[int, int]:
    """Cards `draw_cards` draws and keeps for a city (normally 2 and 1)."""
    # Set tests first: most cities have neither (a generator costs a dozen reads).
    drawn = 2 if _DRAWING.isdisjoint(city) else max(_DRAWS[d] for d in city if d in _DRAWS)
    return drawn, 1 if _KEEPS_ALL.isdisjoint(city) else drawn


def income(city: list[str], character: str) -> int | None:
    """Gold `character` collects for `city`; None if it collects no income. A wildcard counts
    as the character's type: the owner chooses, and always chooses this one."""
    kind = INCOME[character]
    if kind is None:
        return None
    count = 0
    for d in city:  # a loop: cheaper than a generator
        if KIND[d] == kind or d in _INCOME_WILDCARDS:
            count += 1
    return count


def city_destroy_cost(city: list[str], district: str, beautified: Sequence[str] = ()) -> int:
    """What the Warlord pays for a district of `city`: its cost - 1, plus what the city's other
    districts add (a Great Wall), plus 1 if the Artist beautified it."""
    shield = sum(_SHIELDS.get(d, 0) for d in city if d != district)
    return COST[district] - 1 + shield + (district in beautified)


def destroy_cost(owner: Player, district: str) -> int:
    return city_destroy_cost(owner.city, district, owner.beautified)


def destroy_costs(city: list[str], beautified: Sequence[str] = ()) -> dict[str, int]:
    """city_destroy_cost of every district of the city."""
    return {d: city_destroy_cost(city, d, beautified) for d in city}


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
    if OFFERING.isdisjoint(city):  # most cities: one C call instead of a scan per district
        return
    for d, offer in _OFFERS.items():
        if d in city:
            offer(s, me, out)


def start_turn(s: Work) -> None:
    """A new turn: every once-a-turn district may be used again."""
    # One dict update: a work object's fields are its __dict__ (tx.py), and setattr in a loop
    # costs a call per flag.
    s.__dict__.update(_TURN_FLAGS_OFF)


_TURN_FLAGS_OFF = dict.fromkeys(TURN_FLAGS, False)
