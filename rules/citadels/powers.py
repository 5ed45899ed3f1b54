"""Each character's power, in one place: the actions it offers, its handlers, and what it does
when revealed, after gathering resources and at the end of the round. Rank, names and texts are
data (data/classic.json); adding a character is its data row and its `Power` here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from . import actions as A
from .cards import CHARACTER_ORDER, CHARACTERS
from .checks import check, use_power
from .districts import INDESTRUCTIBLE, destroy_cost, destroy_costs, on_destroyed
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


# --- Assassin -------------------------------------------------------------------------------

_MURDERS = tuple(A.ASSASSINATE[c] for c in CHARACTER_ORDER if c != "assassin")


def _murders(s: GameState, me: Player) -> list[A.Action]:
    return list(_MURDERS)


def assassinate(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "assassin")
    assert isinstance(action, A.Assassinate)  # dispatched by class (Power.handlers)
    target = action.character
    if target not in CHARACTERS or target == "assassin":
        raise IllegalAction(f"cannot murder {target!r}")
    s.murdered, s.power_used = target, True
    emit(s, "murder", me, {"character": target})


def _murder_candidates(s: GameState, me: Player) -> Targets:
    return {"assassinate": [{"character": c, "reason": "self" if c == "assassin" else None}
                            for c in CHARACTER_ORDER]}


# --- Thief ----------------------------------------------------------------------------------

# The Thief's targets by the character murdered this round (None: nobody yet).
_THEFTS = {
    murdered: tuple(A.STEAL[c] for c in CHARACTER_ORDER if c not in ("assassin", "thief", murdered))
    for murdered in (None, *CHARACTER_ORDER)
}


def _thefts(s: GameState, me: Player) -> list[A.Action]:
    return list(_THEFTS[s.murdered])


def _theft_candidates(s: GameState, me: Player) -> Targets:
    def why(c: str) -> str | None:
        return ("self" if c == "thief" else "rank_one" if c == "assassin"
                else "murdered" if c == s.murdered else None)

    return {"steal": [{"character": c, "reason": why(c)} for c in CHARACTER_ORDER]}


def steal(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "thief")
    assert isinstance(action, A.Steal)  # dispatched by class (Power.handlers)
    target = action.character
    if target not in CHARACTERS:
        raise IllegalAction(f"unknown character {target!r}")
    if target in ("assassin", "thief", s.murdered):
        raise IllegalAction(f"cannot rob the {target}")
    s.robbed, s.power_used = target, True
    emit(s, "theft", me, {"character": target})


def rob(s: Work, pid: str, character: str) -> None:
    """The robbed character is revealed: the Thief takes all its holder's gold."""
    thief = s.holders.get("thief")
    if thief is not None and thief != pid:
        victim = edit(s, pid)
        loot, victim.gold = victim.gold, 0
        edit(s, thief).gold += loot
        emit(s, "gold_stolen", thief, {"victim": pid, "character": character, "amount": loot})


# --- Magician -------------------------------------------------------------------------------

def _swaps(s: GameState, me: Player) -> list[A.Action]:
    # discard_and_draw options are added by turns.legal(): they can number in the thousands.
    return [A.swap(p.id) for p in s.players if p.id != me.id]


def _swap_candidates(s: GameState, me: Player) -> Targets:
    return {"swap_hands": [{"player": p.id, "reason": "self" if p.id == me.id else None}
                           for p in s.players]}


def swap_hands(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "magician")
    assert isinstance(action, A.SwapHands)  # dispatched by class (Power.handlers)
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
    assert isinstance(action, A.DiscardAndDraw)  # dispatched by class (Power.handlers)
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

def _crown(s: Work, pid: str) -> None:
    if s.crown != pid:
        s.crown = pid
        emit(s, "crown_passed", pid, {})


def _heir(s: Work) -> None:
    """A murdered King's holder still takes the crown, at the end of the round."""
    if s.murdered == "king":
        heir = s.holders.get("king")
        if heir is not None:
            s.crown = heir
            emit(s, "king_heir", heir, {"character": "king"})


# --- Bishop ---------------------------------------------------------------------------------

def protected(s: GameState) -> str | None:
    """The living Bishop's player, whose city the Warlord cannot touch."""
    if s.murdered == "bishop":
        return None
    return s.holders.get("bishop")


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
        for d, cost in destroy_costs(p.city).items():
            reason = ("complete_city" if len(p.city) >= s.city_size
                      else "bishop" if p.id == shielded
                      else d if d in INDESTRUCTIBLE
                      else "too_expensive" if cost > me.gold else None)
            out.append({"player": p.id, "district": d, "cost": cost, "reason": reason})
    return {"destroy": out}


def destroy(s: Work, me: str, action: A.Action) -> None:
    use_power(s, "warlord")
    assert isinstance(action, A.Destroy)  # dispatched by class (Power.handlers)
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
    victim = edit(s, target)
    victim.city = removed(victim.city, district)
    s.power_used = True
    emit(s, "destroyed", me, {"victim": target, "district": district, "cost": cost})
    if not on_destroyed(s, me, district):
        s.deck = [*s.deck, district]


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
}
assert set(POWERS) == set(CHARACTERS), "every character has its Power"
