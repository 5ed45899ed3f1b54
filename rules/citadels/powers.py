"""Each character's power, in one place: the actions it offers, its handlers, and what it does
when revealed, after gathering resources and at the end of the round. Rank, names and texts are
data (data/classic.json); adding a character is its data row and its `Power` here."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from . import actions as A
from .cards import CHARACTERS, COST, RULINGS
from .checks import check, use_power
from .districts import (
    INDESTRUCTIBLE,
    destroy_cost,
    destroy_costs,
    move_crown,
    on_destroyed,
    remove_district,
)
from .errors import IllegalAction
from .state import GameState, Player
from .tx import Work, draw, edit, emit, removed

Handler = Callable[[Work, str, A.Action], None]
# A candidate target, JSON-ready: what it names ("character", "player", "district", "cost")
# and its "reason" (None: legal now); views add "legal".
Target = dict[str, str | int | bool | None]
Targets = dict[str, list[Target]]  # by action type
Candidates = Callable[[GameState, Player], Targets]
TargetActions = Callable[[GameState, Player], list[A.Action]]
Hook = Callable[[Work, str], None]
Sample = Callable[[GameState, Player], tuple[int, Callable[[int], A.Action]]]


@dataclass(frozen=True)
class Power:
    targets: TargetActions | None = None  # the power's legal actions now (once a turn)
    # Every target the power could name, with why it may not now (reason None: legal); for the
    # acting player's view, by action type.
    candidates: Candidates | None = None
    handlers: Mapping[type[A.Action], Handler] = field(default_factory=dict)
    discards: bool = False                # also offers discard_and_draw (listed apart: 2^hand)
    builds: int = 1                       # districts it may build in a turn
    on_reveal: Hook | None = None         # when its holder is called
    after_resources: Hook | None = None   # once the turn's gold or cards are in
    at_round_end: Callable[[Work], None] | None = None
    never_faceup: bool = False            # never among the draft's face-up discards
    at_turn_end: Hook | None = None       # at the end of the turn (the Alchemist's refund)
    duplicates: bool = False              # may build a district its city already has
    # For random_action: how many actions `targets` lists and the nth of them, without
    # building them all (the Diplomat's run to hundreds).
    sample: Sample | None = None


def wielder(s: GameState, character: str) -> str | None:
    """Who wields `character`'s power this round: the Witch's player once she bewitched it
    (she resumes as it, and its powers apply to her gold, hand and city), else its holder;
    None if nobody holds it (then she does not resume). The crown handling of the King and
    the Emperor is the exception: it stays with the card's holder."""
    holder = s.holders.get(character)
    if holder is not None and character == s.bewitched:
        return s.holders.get("witch")
    return holder


# --- Assassin -------------------------------------------------------------------------------

@cache
def _murders_in(cast: tuple[str, ...]) -> tuple[A.Action, ...]:
    return tuple(A.ASSASSINATE[c] for c in cast if c != "assassin")


def _murders(s: GameState, me: Player) -> list[A.Action]:
    return list(_murders_in(s.cast))


def assassinate(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "assassin")
    assert type(action) is A.Assassinate  # dispatched by class (Power.handlers)
    target = action.character
    if target not in s.cast or target == "assassin":
        raise IllegalAction(f"cannot murder {target!r}")
    s.murdered, s.power_used = target, True
    emit(s, "murder", me, {"character": target})


def _murder_candidates(s: GameState, me: Player) -> Targets:
    return {"assassinate": [{"character": c, "reason": "self" if c == "assassin" else None}
                            for c in s.cast]}


# --- Thief ----------------------------------------------------------------------------------

@cache
def _thefts_in(cast: tuple[str, ...], barred: str | None) -> tuple[A.Action, ...]:
    """The Thief's targets: not rank 1 (Assassin or Witch), not himself, not `barred` (the
    murdered or the bewitched character)."""
    return tuple(A.STEAL[c] for c in cast[1:] if c not in ("thief", barred))


def _thefts(s: GameState, me: Player) -> list[A.Action]:
    return list(_thefts_in(s.cast, s.murdered or s.bewitched))


def _theft_candidates(s: GameState, me: Player) -> Targets:
    def why(c: str) -> str | None:
        return ("self" if c == "thief" else "rank_one" if c == s.cast[0]
                else "murdered" if c == s.murdered
                else "bewitched" if c == s.bewitched else None)

    return {"steal": [{"character": c, "reason": why(c)} for c in s.cast]}


def steal(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "thief")
    assert type(action) is A.Steal  # dispatched by class (Power.handlers)
    target = action.character
    if target not in s.cast:
        raise IllegalAction(f"unknown character {target!r}")
    if target in (s.cast[0], "thief", s.murdered, s.bewitched):
        raise IllegalAction(f"cannot rob the {target}")
    s.robbed, s.power_used = target, True
    emit(s, "theft", me, {"character": target})


def rob(s: Work, seat: str, character: str) -> None:
    """The robbed character is revealed: the Thief's wielder (the Witch's player if she
    robbed as the bewitched Thief) takes all its holder's gold."""
    thief = wielder(s, "thief")
    if thief is not None and thief != seat:
        victim = edit(s, seat)
        loot, victim.gold = victim.gold, 0
        edit(s, thief).gold += loot
        emit(s, "gold_stolen", thief, {"victim": seat, "character": character, "amount": loot})


# --- Magician -------------------------------------------------------------------------------

def _swaps(s: GameState, me: Player) -> list[A.Action]:
    # discard_and_draw options are added by turns.legal(): they can number in the thousands.
    return list(_swaps_from(tuple(s.seat), me.id))


# A game's lists of "every other player" by its seats (s.seat's keys, in seating order): the
# same few tuples all game long, instead of reading every player each time.
@lru_cache(maxsize=4096)
def _swaps_from(ids: tuple[str, ...], me: str) -> tuple[A.Action, ...]:
    return tuple(A.swap(p) for p in ids if p != me)


def _swap_candidates(s: GameState, me: Player) -> Targets:
    return {"swap_hands": [{"player": p.id, "reason": "self" if p.id == me.id else None}
                           for p in s.players]}


def swap_hands(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "magician")
    assert type(action) is A.SwapHands  # dispatched by class (Power.handlers)
    other = action.player
    check(other != me and any(p.id == other for p in s.players), f"cannot swap with {other!r}")
    mine, theirs = edit(s, me), edit(s, other)
    mine.hand, theirs.hand = theirs.hand, mine.hand
    s.power_used = True
    secret = {me: {"hand": list(mine.hand)}, other: {"hand": list(theirs.hand)}}
    counts = {me: len(mine.hand), other: len(theirs.hand)}
    emit(s, "hands_swapped", me, {"other": other, "counts": counts}, secret)


def discard_and_draw(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "magician")
    assert type(action) is A.DiscardAndDraw  # dispatched by class (Power.handlers)
    cards = action.districts
    check(bool(cards), "discard at least one card")
    p = edit(s, me)
    hand = list(p.hand)
    for d in cards:
        check(d in hand, f"{d!r} is not in your hand (or not that many times)")
        hand.remove(d)
    s.deck = s.deck + cards
    new = draw(s, len(cards))
    p.hand = hand + new
    s.power_used = True
    emit(s, "cards_exchanged", me, {"count": len(cards)},
         {me: {"discarded": list(cards), "drawn": new}})


# --- King -----------------------------------------------------------------------------------

def _crown(s: Work, seat: str) -> None:
    if s.crown != seat:
        move_crown(s, seat)
        emit(s, "crown_passed", seat, {})


def _heir(s: Work) -> None:
    """A murdered King's holder still takes the crown, at the end of the round."""
    if s.murdered == "king":
        heir = s.holders.get("king")
        if heir is not None:
            move_crown(s, heir)
            emit(s, "king_heir", heir, {"character": "king"})


# --- Bishop ---------------------------------------------------------------------------------

def protected(s: GameState) -> str | None:
    """The living Bishop's player, whose city the Warlord and the Diplomat cannot touch; the
    Witch's player if she bewitched the Bishop."""
    return None if s.murdered == "bishop" else wielder(s, "bishop")


# --- Merchant and Architect -----------------------------------------------------------------

def _merchant_gold(s: Work, me: str) -> None:
    edit(s, me).gold += 1
    emit(s, "bonus_gold", me, {"amount": 1})


def _architect_cards(s: Work, me: str) -> None:
    cards = draw(s, 2)
    p = edit(s, me)
    p.hand = p.hand + cards
    emit(s, "bonus_cards", me, {"count": len(cards)}, {me: {"cards": cards}})


# --- Warlord --------------------------------------------------------------------------------

def _destructions(s: GameState, me: Player) -> list[A.Action]:
    out: list[A.Action] = []
    shielded, size, gold = protected(s), s.city_size, me.gold
    for p in s.players:
        city = p.city
        if len(city) >= size or p.id == shielded:
            continue
        for d in city:
            if d not in INDESTRUCTIBLE and destroy_cost(p, d) <= gold:
                out.append(A.destroy(p.id, d))
    return out


def _destruction_candidates(s: GameState, me: Player) -> Targets:
    """Every district of every city; an indestructible one's reason is its own id."""
    shielded = protected(s)
    out: list[Target] = []
    for p in s.players:
        for d, cost in destroy_costs(p.city, p.beautified).items():
            reason = ("complete_city" if len(p.city) >= s.city_size
                      else "bishop" if p.id == shielded
                      else d if d in INDESTRUCTIBLE
                      else "too_expensive" if cost > me.gold else None)
            out.append({"player": p.id, "district": d, "cost": cost, "reason": reason})
    return {"destroy": out}


def destroy(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "warlord")
    assert type(action) is A.Destroy  # dispatched by class (Power.handlers)
    target, district = action.player, action.district
    owner = next((p for p in s.players if p.id == target), None)
    if owner is None:
        raise IllegalAction(f"unknown player {target!r}")
    check(district in owner.city, f"{district!r} is not in {target}'s city")
    check(district not in INDESTRUCTIBLE, f"the {district} cannot be destroyed")
    check(len(owner.city) < s.city_size, "districts in a completed city cannot be destroyed")
    check(target != protected(s), "the Bishop's districts are protected this round")
    cost = destroy_cost(owner, district)
    check(s.player(me).gold >= cost, f"destroying {district!r} costs {cost} gold")
    edit(s, me).gold -= cost
    remove_district(s, target, district)
    s.power_used = True
    emit(s, "destroyed", me, {"victim": target, "district": district, "cost": cost})
    if not on_destroyed(s, me, district):
        s.deck = [*s.deck, district]


# --- Witch ----------------------------------------------------------------------------------

def _bewitch_now(s: Work, me: str) -> None:
    """Her action taken, the Witch must name the character she bewitches (pending.py)."""
    s.pending = "bewitch"


def _bewitch_candidates(s: GameState, me: Player) -> Targets:
    return {"bewitch": [{"character": c, "reason": "self" if c == "witch" else None}
                        for c in s.cast]}


# --- Tax Collector --------------------------------------------------------------------------

def _tax_catch_up(s: Work, seat: str) -> None:
    """Revealed: the Assassin's player pays 1 if the Assassin built this round."""
    assassin = s.holders.get("assassin")
    if s.assassin_built and assassin is not None and assassin != seat:
        pay_tax(s, assassin, seat)


def _collect_taxes(s: Work, me: str) -> None:
    s.tax_collector = me  # from now on this round (the Witch's player if she bewitched him)


def pay_tax(s: Work, payer: str, collector: str) -> None:
    if s.player(payer).gold > 0:
        edit(s, payer).gold -= 1
        edit(s, collector).gold += 1
        emit(s, "tax_paid", payer, {"to": collector, "amount": 1})


# --- Wizard ---------------------------------------------------------------------------------

def _looks(s: GameState, me: Player) -> list[A.Action]:
    return list(_looks_from(tuple(s.seat), me.id))


@lru_cache(maxsize=4096)
def _looks_from(ids: tuple[str, ...], me: str) -> tuple[A.Action, ...]:
    return tuple(A.look_at_hand(p) for p in ids if p != me)


def _look_candidates(s: GameState, me: Player) -> Targets:
    return {"look_at_hand": [{"player": p.id, "reason": "self" if p.id == me.id
                              else "empty_hand" if not p.hand else None} for p in s.players]}


def look_at_hand(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "wizard")
    assert type(action) is A.LookAtHand
    other = action.player
    check(other != me and other in s.seat, f"cannot look at {other!r}'s hand")
    s.power_used = True
    hand = s.player(other).hand
    emit(s, "hand_looked_at", me, {"other": other}, {me: {"hand": list(hand)}})
    if hand:
        s.wizard_target, s.pending = other, "wizard"


# --- Emperor --------------------------------------------------------------------------------

def crown_receivers(s: GameState, giver: str) -> list[str]:
    """Who the Emperor's player may crown: neither himself nor the crown's holder."""
    return list(_receivers(tuple(s.seat), giver, s.crown))


@lru_cache(maxsize=4096)
def _receivers(ids: tuple[str, ...], giver: str, crown: str) -> tuple[str, ...]:
    return tuple(p for p in ids if p not in (giver, crown))


@lru_cache(maxsize=4096)
def crowns(ids: tuple[str, ...], giver: str, crown: str) -> tuple[A.Action, ...]:
    """The give_crown actions of the Emperor's player `giver` (crown_receivers')."""
    return tuple(A.give_crown(p) for p in _receivers(ids, giver, crown))


def _emperor_called(s: Work, seat: str) -> None:
    if crown_receivers(s, seat):
        s.pending = "crown"


def _emperor_murdered(s: Work) -> None:
    """A murdered Emperor's player moves the crown at the end of the round (no tribute)."""
    holder = s.holders.get("emperor")
    if s.murdered == "emperor" and holder is not None and crown_receivers(s, holder):
        s.pending, s.awaiting = "round_crown", holder


# --- Abbot ----------------------------------------------------------------------------------

def richest(s: GameState) -> str | None:
    """The one player with the most gold in his stash; None on a tie."""
    top = max(p.gold for p in s.players)
    rich = [p.id for p in s.players if p.gold == top]
    return rich[0] if len(rich) == 1 else None


def _abbot_targets(s: GameState, me: Player) -> list[A.Action]:
    return [A.COLLECT_FROM_RICHEST]


def _abbot_candidates(s: GameState, me: Player) -> Targets:
    rich = richest(s)
    reason = "tie" if rich is None else "self" if rich == me.id else None
    return {"collect_from_richest": [{"player": rich, "reason": reason}]}


def collect_from_richest(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "abbot")
    s.power_used = True
    rich = richest(s)
    if rich is None or rich == me:
        emit(s, "no_richest", me, {})
        return
    edit(s, rich).gold -= 1
    edit(s, me).gold += 1
    emit(s, "gold_given", rich, {"to": me, "amount": 1})


# --- Alchemist, Navigator -------------------------------------------------------------------

def _refund(s: Work, me: str) -> None:
    if s.build_spent:
        edit(s, me).gold += s.build_spent
        emit(s, "refund", me, {"amount": s.build_spent})


def _navigate(s: Work, me: str) -> None:
    s.pending = "navigator"


# --- Diplomat -------------------------------------------------------------------------------

def exchange_price(s: GameState, me: Player, give: str, owner: Player, take: str) -> int:
    """What the Diplomat pays for `take` against `give`: printed costs, +1 beautified, +1 for
    the owner's Great Wall (not his own)."""
    taken = COST[take] + (take in owner.beautified) + (
        take != "great_wall" and "great_wall" in owner.city)
    given = COST[give] + (give in me.beautified)
    return max(0, taken - given)


def _taken_prices(takes: Iterable[str], beautified: list[str], wall: bool) -> list[int]:
    """exchange_price's part for each district taken from one owner, for a whole city at once:
    its printed cost, +1 if beautified, +1 if he has a Great Wall (`wall`) and it is not the
    Wall itself."""
    if not beautified and not wall:  # most cities: the printed costs alone
        return [COST[t] for t in takes]
    return [COST[t] + (t in beautified) + (wall and t != "great_wall") for t in takes]


def _counterparts(s: GameState, me: Player) -> list[dict[str, Any]]:
    """The owners the Diplomat may deal with (not himself, not the Bishop's player, no
    complete city), as their fields (a model's attribute reads are slow)."""
    guarded = protected(s)
    my_id, size = me.id, s.city_size
    out = []
    for o in s.players:
        of = o.__dict__
        if of["id"] not in (my_id, guarded) and len(of["city"]) < size:
            out.append(of)
    return out


def _takeable(city: list[str], mine: list[str]) -> list[str]:
    """The districts of `city` the Diplomat could take, in its order, each name once."""
    # A plain loop: a comprehension or a dict.fromkeys costs as much as a dozen reads.
    named: list[str] = []
    for t in city:
        if t not in named and t not in INDESTRUCTIBLE and t not in mine:
            named.append(t)
    return named


def _exchange_refusal(s: GameState, me: Player, give: str, owner: Player, take: str
                      ) -> str | None:
    if owner.id == me.id:
        return "self"
    if len(owner.city) >= s.city_size:
        return "complete_city"
    if owner.id == protected(s):
        return "bishop"
    if take in INDESTRUCTIBLE:
        return take
    if give == take or take in removed(me.city, give) or give in removed(owner.city, take):
        return "duplicate"
    if exchange_price(s, me, give, owner, take) > me.gold:
        return "too_expensive"
    return None


# An owner the Diplomat may deal with: his id, his city, and what each district he could give
# up is worth against the Diplomat's gold, as (district, excess) in city order.
_Owner = tuple[str, list[str], list[tuple[str, int]]]


def _exchange_owners(s: GameState, me: Player) -> list[_Owner]:
    """exchange_price's terms, gathered once per owner instead of once per pair: at 8 players
    there are hundreds of pairs and most owners are out on their own."""
    mine, gold = me.city, me.gold
    owners: list[_Owner] = []
    for of in _counterparts(s, me):
        city, beautified = of["city"], of["beautified"]
        wall = "great_wall" in city
        named = _takeable(city, mine)
        takes = [(t, price - gold)
                 for t, price in zip(named, _taken_prices(named, beautified, wall), strict=True)]
        owners.append((of["id"], city, takes))
    return owners


def _exchanges(s: GameState, me: Player) -> list[A.Action]:
    """The pairs `_exchange_refusal` lets through, in the same order, without asking it each
    time."""
    owners = _exchange_owners(s, me)
    out: list[A.Action] = []
    for g in dict.fromkeys(me.city):
        given = COST[g] + (g in me.beautified)
        for oid, city, takes in owners:
            if g in city:  # he would hold two of g (and t == g is never offered)
                continue
            out += [A.exchange(g, oid, t) for t, over in takes if over <= given]
    return out


def _sample_exchanges(s: GameState, me: Player) -> tuple[int, Callable[[int], A.Action]]:
    """len(_exchanges(s, me)) and its nth action, counted instead of built.

    The count needs no order: each owner's takeable districts are a set difference and their
    prices a sorted list, made in C, then one bisect per (district given, owner). Only the
    nth action is looked for in _exchanges' order, in the one owner's city it falls in.
    """
    my = me.__dict__  # one slow model read instead of three
    mine, gold = my["city"], my["gold"]
    # (owner, the districts of his city, the sorted prices of those he could give)
    owners: list[tuple[str, set[str], list[int]]] = []
    for of in _counterparts(s, me):
        city = of["city"]
        built = set(city)
        takes = built.difference(INDESTRUCTIBLE, mine)
        if not takes:
            continue
        prices = _taken_prices(takes, of["beautified"], "great_wall" in city)
        prices.sort()
        owners.append((of["id"], built, prices))
    # (district given, owner, how many of his districts it buys), in _exchanges' order
    runs: list[tuple[str, str, int]] = []
    total, given_up, my_beautified = 0, [], my["beautified"]
    for g in mine:
        if g in given_up:  # each name once, as _exchanges' dict.fromkeys
            continue
        given_up.append(g)
        budget = COST[g] + (g in my_beautified) + gold
        for oid, built, prices in owners:
            if g not in built:
                k = bisect_right(prices, budget)
                if k:
                    runs.append((g, oid, k))
                    total += k

    def nth(n: int) -> A.Action:
        for g, oid, k in runs:
            if n >= k:
                n -= k
                continue
            owner = s.player(oid)
            for t in _takeable(owner.city, mine):  # _exchanges' order
                if exchange_price(s, me, g, owner, t) <= gold:
                    if not n:
                        return A.exchange(g, oid, t)
                    n -= 1
        raise IndexError("no such exchange")

    return total, nth


def _exchange_candidates(s: GameState, me: Player) -> Targets:
    return {"exchange": [
        {"give": g, "player": o.id, "take": t, "cost": exchange_price(s, me, g, o, t),
         "reason": _exchange_refusal(s, me, g, o, t)}
        for g in dict.fromkeys(me.city) for o in s.players if o.id != me.id
        for t in dict.fromkeys(o.city)]}


def exchange(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "diplomat")
    assert type(action) is A.Exchange
    give, victim, take = action.give, action.player, action.take  # model reads are slow
    owner = s.player(victim) if victim in s.seat else None
    mine = s.player(me)
    check(owner is not None and give in mine.city, "no such exchange")
    assert owner is not None
    check(take in owner.city, f"{take!r} is not in that city")
    reason = _exchange_refusal(s, mine, give, owner, take)
    check(reason is None, f"cannot exchange: {reason}")
    price = exchange_price(s, mine, give, owner, take)
    _swap(s, me, give, victim, take)
    edit(s, me).gold -= price
    edit(s, victim).gold += price
    s.power_used = True
    emit(s, "exchanged", me, {"give": give, "victim": victim, "take": take, "cost": price})


def _swap(s: Work, a: str, give: str, b: str, take: str) -> None:
    """Districts change cities with their Artist gold and Museum cards (not a build)."""
    pa, pb = edit(s, a), edit(s, b)
    pa.city, pb.city = [*removed(pa.city, give), take], [*removed(pb.city, take), give]
    ba, bb = give in pa.beautified, take in pb.beautified
    if ba:
        pa.beautified, pb.beautified = removed(pa.beautified, give), [*pb.beautified, give]
    if bb:
        pb.beautified, pa.beautified = removed(pb.beautified, take), [*pa.beautified, take]
    if "museum" in (give, take):
        pa.museum, pb.museum = pb.museum, pa.museum


# --- Artist ---------------------------------------------------------------------------------

def _plain(me: Player) -> list[str]:
    """Districts of the city not yet beautified (a duplicate counts apart)."""
    left = list(me.city)
    for d in me.beautified:
        left.remove(d)
    return list(dict.fromkeys(left))


def _beautifications(s: GameState, me: Player) -> list[A.Action]:
    if s.beautified_now >= RULINGS["artist_beautify"] or me.gold < 1:
        return []
    return [A.BEAUTIFY[d] for d in _plain(me)]


def _beautify_candidates(s: GameState, me: Player) -> Targets:
    plain = _plain(me)
    return {"beautify": [{"district": d, "reason": "beautified" if d not in plain
                          else "too_expensive" if me.gold < 1 else None}
                         for d in dict.fromkeys(me.city)]}


def beautify(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "artist")
    assert type(action) is A.Beautify
    p = edit(s, me)
    check(action.district in _plain(p), f"cannot beautify {action.district!r}")
    check(p.gold >= 1, "beautifying costs 1 gold")
    p.gold -= 1
    p.beautified = [*p.beautified, action.district]
    s.beautified_now += 1
    s.power_used = s.beautified_now >= RULINGS["artist_beautify"]
    emit(s, "beautified", me, {"district": action.district})


# --- Queen ----------------------------------------------------------------------------------

def _rank_four_player(s: GameState) -> str | None:
    """The King's player, or the player the Emperor crowned."""
    if "king" in s.holders:
        return s.holders["king"]
    return s.crowned_by_emperor


def queen_gold(s: Work, queen: str, royal: str | None) -> None:
    """3 gold if the Queen's player sits next to `royal`."""
    n = len(s.players)
    if royal is not None and (s.seat[queen] - s.seat[royal]) % n in (1, n - 1):
        edit(s, queen).gold += RULINGS["queen_gold"]
        emit(s, "queen_gold", queen, {"amount": RULINGS["queen_gold"], "next_to": royal})


def _queen_turn(s: Work, me: str) -> None:
    if s.murdered not in ("king", "emperor"):
        queen_gold(s, me, _rank_four_player(s))


def queen_player(s: GameState) -> str | None:
    """Who collects the Queen's gold: her holder, or the Witch's player if bewitched."""
    return None if s.murdered == "queen" else wielder(s, "queen")


def _queen_round_end(s: Work) -> None:
    """King murdered: she gains the gold when he reveals at the round's end."""
    queen = queen_player(s)
    if queen is not None and s.murdered == "king":
        queen_gold(s, queen, s.holders.get("king"))


# --- the registry ---------------------------------------------------------------------------

POWERS: dict[str, Power] = {
    "assassin": Power(targets=_murders, candidates=_murder_candidates,
                      handlers={A.Assassinate: assassinate}),
    "thief": Power(targets=_thefts, candidates=_theft_candidates, handlers={A.Steal: steal}),
    "magician": Power(targets=_swaps, candidates=_swap_candidates, discards=True,
                      handlers={A.SwapHands: swap_hands, A.DiscardAndDraw: discard_and_draw}),
    "king": Power(on_reveal=_crown, at_round_end=_heir, never_faceup=True),
    "bishop": Power(),
    "merchant": Power(after_resources=_merchant_gold),
    "architect": Power(builds=3, after_resources=_architect_cards),
    "warlord": Power(targets=_destructions, candidates=_destruction_candidates,
                     handlers={A.Destroy: destroy}),
    # Dark City (pending.py asks the forced decisions: bewitch, crown, navigator, wizard)
    "witch": Power(candidates=_bewitch_candidates, after_resources=_bewitch_now, builds=0),
    "tax_collector": Power(on_reveal=_tax_catch_up, after_resources=_collect_taxes),
    "wizard": Power(targets=_looks, candidates=_look_candidates, duplicates=True,
                    handlers={A.LookAtHand: look_at_hand}),
    "emperor": Power(on_reveal=_emperor_called, at_round_end=_emperor_murdered,
                     never_faceup=True),
    "abbot": Power(targets=_abbot_targets, candidates=_abbot_candidates,
                   handlers={A.CollectFromRichest: collect_from_richest}),
    "alchemist": Power(at_turn_end=_refund),
    "navigator": Power(builds=0, after_resources=_navigate),
    "diplomat": Power(targets=_exchanges, candidates=_exchange_candidates,
                      handlers={A.Exchange: exchange}, sample=_sample_exchanges),
    "artist": Power(targets=_beautifications, candidates=_beautify_candidates,
                    handlers={A.Beautify: beautify}),
    "queen": Power(after_resources=_queen_turn, at_round_end=_queen_round_end),
}
assert set(POWERS) == set(CHARACTERS), "every character has its Power"
# An action of a new kind may be declared beside its power, here: the parser reads it too.
A.EXTRA.update({cls.model_fields["type"].default: cls for power in POWERS.values()
                for cls in power.handlers if cls not in A.ACTION_TYPES})
