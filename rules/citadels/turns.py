"""The turn phase: calling characters by rank, resources, building, income, end of round.

Characters' powers are in powers.py and the unique districts' effects in districts.py; this
module calls them through their registries. The handlers run on every action of every
simulated game, so each refusal is an explicit `if ...: raise IllegalAction(...)`: a message is
only formatted when it is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from . import districts
from .cards import COST, DISTRICTS
from .checks import acting, check, main_phase
from .districts import (
    INCOME,
    build_cost,
    city_destroy_cost,
    destroy_cost,
    draw_counts,
    income,
    may_duplicate,
)
from .errors import IllegalAction
from .powers import POWERS, Power, pay_tax, rob
from .state import GameState
from .tx import Work, draw, edit, emit, removed

__all__ = ["acting", "check", "city_destroy_cost", "destroy_cost", "draw_counts", "income",
           "main_phase"]  # re-exported: rules and tests read them here too


# --- calling characters -------------------------------------------------------------------

def call_next(s: Work) -> bool:
    """Call the characters after the current one until someone plays; False at round end."""
    faceup, murdered, holders, cast, current = s.faceup, s.murdered, s.holders, s.cast, s.current
    # The characters after the current one by rank (the cast's order); all at the round's start.
    for character in cast if current is None else cast[cast.index(current) + 1:]:
        if character in faceup:
            continue  # publicly out of the round: nobody is called
        holder = holders.get(character)
        if character == murdered:
            if holder is not None and "hospital" in s.player(holder).city:
                s.current = character  # the Hospital: he still takes his action
                _reveal(s, holder, character, hospital=True)
                return True
            # The victim stays silent: nobody learns who (if anyone) held it.
            emit(s, "character_skipped", None, {"character": character, "murdered": True})
            continue
        if holder is not None:
            s.current = character
            _reveal(s, holder, character)
            return True
        s.absent = [*s.absent, character]
        emit(s, "character_absent", None, {"character": character})
    s.current = None
    return False


def _reveal(s: Work, seat: str, character: str, hospital: bool = False) -> None:
    s.revealed = [*s.revealed, character]
    emit(s, "character_revealed", seat, {"character": character})
    if character == s.robbed:
        rob(s, seat, character)
    power = POWERS[character]
    s.awaiting = seat
    s.gathered = False
    s.drawn = []
    s.builds_left = power.builds
    s.income_taken = s.power_used = False
    s.built = s.build_spent = s.beautified_now = 0
    s.resumed = False
    # His action only: murdered with a Hospital, or bewitched (the Witch plays the rest).
    s.restricted = hospital or character == s.bewitched
    districts.start_turn(s)
    if seat != s.crown and "ball_room" in s.player(s.crown).city:
        s.pending = "greet"  # pending.py calls on_reveal once greeted
    elif power.on_reveal is not None and not hospital:
        power.on_reveal(s, seat)


# --- legal actions --------------------------------------------------------------------------

def legal(s: GameState, seat: str, discards: bool = True) -> list[A.Action]:
    """The legal actions of the acting player `seat`; discards=False leaves out discard_and_draw."""
    drawn = s.drawn
    if drawn:
        return [A.KEEP[d] for d in dict.fromkeys(drawn)]
    if not s.gathered:
        return [A.TAKE_GOLD, A.DRAW_CARDS] if s.deck else [A.TAKE_GOLD]
    me = s.player(seat)
    current = s.current
    assert current is not None  # a turn is always some character's
    power, hand = POWERS[current], me.hand
    out = _builds_and_income(s.builds_left, not s.income_taken, current, power, hand, me.city,
                             me.gold)
    if power.targets is not None and not s.power_used:
        out += power.targets(s, me)
        if discards and power.discards and hand:
            out += A.discard_and_draw_options(tuple(sorted(hand)))
    districts.offers(s, me, out)
    out.append(A.END_TURN)
    return out


def _builds_and_income(builds_left: int, income_due: bool, current: str, power: Power,
                       hand: list[str], city: list[str], gold: int) -> list[A.Action]:
    """The main phase's first legal actions: builds, then income (from fields the callers
    read once: a model's attribute reads are slow)."""
    out: list[A.Action] = []
    # Plain loops, not comprehensions: each comprehension is one more function call.
    if builds_left:
        if power.duplicates or "quarry" in city or "factory" in city:
            _dark_builds(hand, city, gold, power.duplicates, out)
        else:
            named: list[str] = []  # each name once (not dict.fromkeys: it costs more)
            for d in hand:
                if COST[d] <= gold and d not in city and d not in named:
                    named.append(d)
                    out.append(A.BUILD[d])
    if income_due and INCOME[current]:
        out.append(A.COLLECT_INCOME)
    return out


def sample(s: GameState, fields: dict[str, Any], seat: str, r: float) -> A.Action:
    """The action of the acting player `seat` at `r` (in [0, 1)) of legal(s, seat, discards=False)
    followed by the discard_and_draw options: random_action's uniform draw, without building
    the actions a power can count (Power.sample) or the Magician's discards.

    `fields` is s.__dict__, where this reads s's fields: random_action runs on every decision
    of a playout, on a model, whose attribute reads take CPython's slow path (state.Layout).
    """
    drawn = fields["drawn"]
    if drawn:
        keep: list[str] = []  # each name once, as legal's dict.fromkeys
        for d in drawn:
            if d not in keep:
                keep.append(d)
        return A.KEEP[keep[int(r * len(keep))]]
    if not fields["gathered"]:
        return (A.TAKE_GOLD, A.DRAW_CARDS)[int(r * 2)] if fields["deck"] else A.TAKE_GOLD
    me = fields["players"][(fields.get("seat") or s.seat)[seat]]
    mine = me.__dict__
    current, hand, used = fields["current"], mine["hand"], fields["power_used"]
    power = POWERS[current]
    out = _builds_and_income(fields["builds_left"], not fields["income_taken"], current, power,
                             hand, mine["city"], mine["gold"])
    counted, nth, at, discards = 0, None, 0, 0
    if power.targets is not None and not used:
        if power.sample is not None:
            at = len(out)
            counted, nth = power.sample(s, me)
        else:
            out += power.targets(s, me)
    if power.discards and not used:
        discards = A.count_discard_and_draw(hand)
    if not districts.OFFERING.isdisjoint(mine["city"]):
        districts.offers(s, me, out)
    out.append(A.END_TURN)
    i = int(r * (len(out) + counted + discards))
    if i < at:
        return out[i]
    i -= at
    if i < counted:
        assert nth is not None
        return nth(i)
    i += at - counted
    if i < len(out):
        return out[i]
    return A.nth_discard_and_draw(hand, i - len(out))


def _dark_builds(hand: list[str], city: list[str], gold: int, wizard: bool,
                 out: list[A.Action]) -> None:
    """Builds with a Factory (cheaper purples), a Quarry or the Wizard (duplicates)."""
    twice = wizard or may_duplicate(city)
    named: list[str] = []  # each name once
    for d in hand:
        if d not in named and build_cost(city, d) <= gold and (twice or d not in city):
            named.append(d)
            out.append(A.BUILD[d])


# --- handlers -------------------------------------------------------------------------------

def _gathering(s: GameState) -> None:
    if s.gathered or s.drawn:
        raise IllegalAction("resources were already gathered this turn")


def take_gold(s: Work, me: str, action: A.Action) -> None:
    _gathering(s)
    edit(s, me).gold += 2
    emit(s, "gold_taken", me, {"amount": 2})
    _gathered(s, me)


def draw_cards(s: Work, me: str, action: A.Action) -> None:
    _gathering(s)
    if not s.deck:
        raise IllegalAction("the deck is empty: take gold instead")
    city = s.player(me).city
    count, keep = draw_counts(city)
    cards = draw(s, count)
    emit(s, "cards_drawn", me, {"count": len(cards)}, {me: {"cards": cards}})
    if keep == count or len(cards) == 1:
        p = edit(s, me)
        p.hand = p.hand + cards
        emit(s, "cards_kept", me, {"count": len(cards)}, {me: {"cards": cards}})
        _gathered(s, me)
    else:
        s.drawn = cards


def keep_card(s: Work, me: str, action: A.Action) -> None:
    if not s.drawn:
        raise IllegalAction("there are no drawn cards to choose from")
    assert type(action) is A.KeepCard  # HANDLERS dispatches by class
    district = action.district
    if district not in s.drawn:
        raise IllegalAction(f"{district!r} is not among the drawn cards")
    p = edit(s, me)
    p.hand = [*p.hand, district]
    s.deck = s.deck + removed(s.drawn, district)
    s.drawn = []
    emit(s, "cards_kept", me, {"count": 1}, {me: {"cards": [district]}})
    _gathered(s, me)


def _gathered(s: Work, me: str) -> None:
    """Resources are in: a power that adds to them (the Merchant's gold...) does it now."""
    s.gathered = True
    assert s.current is not None  # a turn is always some character's
    if s.restricted:
        s.pending = "end"  # his action only: the turn ends now
        return
    after = POWERS[s.current].after_resources
    if after is not None:
        after(s, me)


def build(s: Work, me: str, action: A.Action) -> None:
    assert type(action) is A.Build  # HANDLERS dispatches by class
    main_phase(s)
    district = action.district
    if district not in DISTRICTS:
        raise IllegalAction(f"unknown district {district!r}")
    if s.builds_left <= 0:
        raise IllegalAction("no more districts may be built this turn")
    p = edit(s, me)
    if district not in p.hand:
        raise IllegalAction(f"{district!r} is not in your hand")
    city = p.city
    if district in city and not (POWERS[s.current or ""].duplicates or may_duplicate(city)):
        raise IllegalAction(f"your city already has a {district!r}")
    cost = build_cost(city, district) if "factory" in city else COST[district]
    if p.gold < cost:
        raise IllegalAction(f"{district!r} costs {cost} gold")
    p.hand = removed(p.hand, district)
    s.builds_left -= 1
    place(s, me, district, cost)


def place(s: Work, me: str, district: str, cost: int) -> None:
    """Pay for a district and put it in the city: a build (also the Wizard's at once)."""
    p = edit(s, me)
    p.gold -= cost
    p.city = [*p.city, district]
    s.built += 1
    s.build_spent += cost
    if s.current == "assassin":
        s.assassin_built = True
    emit(s, "built", me, {"district": district, "cost": cost})
    if len(p.city) >= s.city_size and s.first_complete is None:
        s.first_complete = me
        emit(s, "city_completed", me, {"first": True})
    if district == "lighthouse" and s.deck:
        s.pending = "lighthouse"
    elif district == "bell_tower":
        s.pending = "bell_tower"


def collect_income(s: Work, me: str, action: A.Action) -> None:
    main_phase(s)
    assert s.current is not None  # a turn is always some character's
    kind = INCOME[s.current]
    if kind is None:
        raise IllegalAction(f"the {s.current} collects no income")
    if s.income_taken:
        raise IllegalAction("income was already collected this turn")
    p = edit(s, me)
    amount = income(p.city, s.current) or 0
    p.gold += amount
    s.income_taken = True
    emit(s, "income", me, {"amount": amount, "district_type": kind})


# By action class: apply dispatches on type(action), cheaper than reading its `type` field.
HANDLERS: dict[type[A.Action], Callable[[Work, str, A.Action], None]] = {
    A.TakeGold: take_gold, A.DrawCards: draw_cards, A.KeepCard: keep_card, A.Build: build,
    A.CollectIncome: collect_income, **districts.HANDLERS,
    **{kind: handler for power in POWERS.values() for kind, handler in power.handlers.items()},
}
graveyard = districts.graveyard  # the answer to a Graveyard offer: engine.apply routes it


def end_of_turn(s: Work, me: str) -> None:
    """The end-of-turn effects, in docs/rules/citadels-dark-city.md §3's order: tax, Poor House,
    Alchemist refund, Park."""
    tax_collector = s.tax_collector
    if tax_collector is not None and s.built and tax_collector != me:
        pay_tax(s, me, tax_collector)
    city = s.player(me).city
    if "poor_house" in city and s.player(me).gold == 0:
        edit(s, me).gold += 1
        emit(s, "poor_house", me, {"amount": 1})
    at_end = POWERS[s.current or ""].at_turn_end
    if at_end is not None:
        at_end(s, me)
    if "park" in city and not s.player(me).hand:
        p = edit(s, me)
        cards = draw(s, 2)
        p.hand = p.hand + cards
        emit(s, "park", me, {"count": len(cards)}, {me: {"cards": cards}})


def resume_witch(s: Work) -> bool:
    """After the bewitched character's action, the Witch's player plays the rest of its turn
    with its powers; False if there is nothing to resume."""
    witch = s.holders.get("witch")
    if s.resumed or s.current is None or s.current != s.bewitched or witch is None:
        return False
    power = POWERS[s.current]
    s.resumed, s.restricted, s.awaiting = True, False, witch
    s.gathered, s.drawn, s.builds_left = True, [], power.builds
    s.income_taken = s.power_used = False
    s.built = s.build_spent = s.beautified_now = 0
    districts.start_turn(s)
    emit(s, "witch_resumed", witch, {"character": s.current})
    if power.after_resources is not None:
        power.after_resources(s, witch)
    return True


def end_round(s: Work) -> bool | None:
    """Close the round (powers that act then, such as the murdered King's heir taking the
    crown). True if the game is over; None if a decision is pending (the murdered Emperor's
    crown), after which `round_over` says."""
    s.current, s.resumed = None, False
    for character in s.cast:
        at_end = POWERS[character].at_round_end
        if at_end is not None:
            at_end(s)
            if s.pending is not None:
                return None
    return round_over(s)


def round_over(s: GameState) -> bool:
    return s.first_complete is not None
