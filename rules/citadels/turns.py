"""The turn phase: calling characters by rank, resources, building, powers, end of round.

The handlers run on every action of every simulated game, so each refusal is an explicit
`if ...: raise IllegalAction(...)`: a message is only formatted when it is needed.
"""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .cards import CHARACTER_ORDER, CHARACTERS, COST, DISTRICTS, KIND
from .errors import IllegalAction
from .state import GameState, Player
from .tx import Work, draw, edit, emit, removed


def check(ok: bool, reason: str) -> None:
    if not ok:
        raise IllegalAction(reason)


# --- calling characters -------------------------------------------------------------------

# The characters called after each one (None: the round's first call), by rank.
_AFTER: dict[str | None, tuple[str, ...]] = {
    None: CHARACTER_ORDER,
    **{c: CHARACTER_ORDER[i + 1:] for i, c in enumerate(CHARACTER_ORDER)},
}
INCOME: dict[str, str | None] = {c.id: c.income for c in CHARACTERS.values()}


def call_next(s: Work) -> bool:
    """Call the characters after the current one until someone plays; False at round end."""
    faceup, murdered, holders = s.faceup, s.murdered, s.holders
    for character in _AFTER[s.current]:
        if character in faceup:
            continue  # publicly out of the round: nobody is called
        if character == murdered:
            # The victim stays silent: nobody learns who (if anyone) held it.
            emit(s, "character_skipped", None, {"character": character, "murdered": True})
            continue
        holder = holders.get(character)
        if holder is not None:
            s.current = character
            _reveal(s, holder, character)
            return True
        s.absent = [*s.absent, character]
        emit(s, "character_absent", None, {"character": character})
    s.current = None
    return False


def _reveal(s: Work, pid: str, character: str) -> None:
    s.revealed = [*s.revealed, character]
    emit(s, "character_revealed", pid, {"character": character})
    if character == s.robbed:
        thief = s.holders.get("thief")
        if thief is not None and thief != pid:
            victim = edit(s, pid)
            loot, victim.gold = victim.gold, 0
            edit(s, thief).gold += loot
            emit(s, "gold_stolen", thief,
                 {"victim": pid, "character": character, "amount": loot})
    if character == "king" and s.crown != pid:
        s.crown = pid
        emit(s, "crown_passed", pid, {})
    s.awaiting = pid
    s.gathered = False
    s.drawn = []
    s.builds_left = 3 if character == "architect" else 1
    s.income_taken = s.power_used = s.laboratory_used = s.smithy_used = False


def acting(s: GameState) -> Player:
    """The player who holds the current character."""
    holder = s.holder(s.current) if s.current else None
    assert holder is not None, "no character is playing"
    return holder


# --- legal actions --------------------------------------------------------------------------

def discard_count(s: GameState, pid: str) -> int:
    """How many discard_and_draw actions the Magician, pid, has now (0 if none)."""
    if s.current != "magician" or s.power_used or not s.gathered or s.drawn:
        return 0
    return A.count_discard_and_draw(s.player(pid).hand)


def legal(s: GameState, pid: str, discards: bool = True) -> list[A.Action]:
    """The legal actions of the acting player pid; discards=False leaves out discard_and_draw."""
    drawn = s.drawn
    if drawn:
        return [A.KEEP[d] for d in dict.fromkeys(drawn)]
    if not s.gathered:
        return [A.TAKE_GOLD, A.DRAW_CARDS] if s.deck else [A.TAKE_GOLD]
    me = s.player(pid)
    current, hand, city, gold = s.current, me.hand, me.city, me.gold
    assert current is not None  # a turn is always some character's
    out: list[A.Action] = []
    # Plain loops, not comprehensions: each comprehension is one more function call.
    if s.builds_left:
        for d in dict.fromkeys(hand):
            if COST[d] <= gold and d not in city:
                out.append(A.BUILD[d])
    if not s.income_taken and INCOME[current]:
        out.append(A.COLLECT_INCOME)
    power = None if s.power_used else POWER_LEGAL.get(current)
    if power is not None:
        out += power(s, me)
        if discards and current == "magician" and hand:
            out += A.discard_and_draw_options(tuple(sorted(hand)))
    if not s.laboratory_used and "laboratory" in city:
        for d in dict.fromkeys(hand):
            out.append(A.LABORATORY[d])
    if not s.smithy_used and gold >= 2 and "smithy" in city:
        out.append(A.USE_SMITHY)
    out.append(A.END_TURN)
    return out


_MURDERS = tuple(A.ASSASSINATE[c] for c in CHARACTER_ORDER if c != "assassin")
# The Thief's targets by the character murdered this round (None: nobody yet).
_THEFTS = {
    murdered: tuple(A.STEAL[c] for c in CHARACTER_ORDER if c not in ("assassin", "thief", murdered))
    for murdered in (None, *CHARACTER_ORDER)
}


def _assassin_targets(s: GameState, me: Player) -> list[A.Action]:
    return list(_MURDERS)


def _thief_targets(s: GameState, me: Player) -> list[A.Action]:
    return list(_THEFTS[s.murdered])


def _magician_options(s: GameState, me: Player) -> list[A.Action]:
    # discard_and_draw options are added by legal(): they can number in the thousands.
    return [A.swap(p.id) for p in s.players if p.id != me.id]


def _warlord_targets(s: GameState, me: Player) -> list[A.Action]:
    out: list[A.Action] = []
    shielded, size, gold = _shielded(s), s.city_size, me.gold
    for p in s.players:
        city = p.city
        if len(city) >= size or p.id == shielded:
            continue
        for d in city:
            if d != "keep" and destroy_cost(p, d) <= gold:
                out.append(A.destroy(p.id, d))
    return out


POWER_LEGAL: dict[str, Callable[[GameState, Player], list[A.Action]]] = {
    "assassin": _assassin_targets,
    "thief": _thief_targets,
    "magician": _magician_options,
    "warlord": _warlord_targets,
}


def _shielded(s: GameState) -> str | None:
    """The living Bishop's player, whose city the Warlord cannot touch."""
    if s.murdered == "bishop":
        return None
    return s.holders.get("bishop")


def destroy_cost(owner: Player, district: str) -> int:
    """What the Warlord pays for `district` in owner's city: cost - 1, +1 behind a Great Wall."""
    return city_destroy_cost(owner.city, district)


def city_destroy_cost(city: list[str], district: str) -> int:
    wall = 1 if district != "great_wall" and "great_wall" in city else 0
    return COST[district] - 1 + wall


def draw_counts(city: list[str]) -> tuple[int, int]:
    """Cards `draw_cards` draws and keeps: 3 with the Observatory, all with the Library."""
    drawn = 3 if "observatory" in city else 2
    return drawn, drawn if "library" in city else 1


def income(city: list[str], character: str) -> int | None:
    """Gold `character` collects for `city`; None if it collects no income. The School of
    Magic counts as the type of the character's choice: always this one."""
    kind = INCOME[character]
    if kind is None:
        return None
    return sum(1 for d in city if KIND[d] == kind or d == "school_of_magic")


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
    district = action.district  # type: ignore[attr-defined]
    if district not in s.drawn:
        raise IllegalAction(f"{district!r} is not among the drawn cards")
    p = edit(s, me)
    p.hand = [*p.hand, district]
    s.deck = s.deck + removed(s.drawn, district)
    s.drawn = []
    emit(s, "cards_kept", me, {"count": 1}, {me: {"cards": [district]}})
    _gathered(s, me)


def _gathered(s: Work, me: str) -> None:
    """Resources are in: the Merchant's extra gold and the Architect's two cards come now."""
    s.gathered = True
    if s.current == "merchant":
        edit(s, me).gold += 1
        emit(s, "bonus_gold", me, {"amount": 1})
    elif s.current == "architect":
        cards = draw(s, 2)
        p = edit(s, me)
        p.hand = p.hand + cards
        emit(s, "bonus_cards", me, {"count": len(cards)}, {me: {"cards": cards}})


def main_phase(s: GameState) -> None:
    if not s.gathered:
        raise IllegalAction("gather resources first: take gold or draw cards")
    if s.drawn:
        raise IllegalAction("choose which drawn card to keep first")


def build(s: Work, me: str, action: A.Action) -> None:
    main_phase(s)
    district = action.district  # type: ignore[attr-defined]
    if district not in DISTRICTS:
        raise IllegalAction(f"unknown district {district!r}")
    if s.builds_left <= 0:
        raise IllegalAction("no more districts may be built this turn")
    p = edit(s, me)
    if district not in p.hand:
        raise IllegalAction(f"{district!r} is not in your hand")
    if district in p.city:
        raise IllegalAction(f"your city already has a {district!r}")
    cost = COST[district]
    if p.gold < cost:
        raise IllegalAction(f"{district!r} costs {cost} gold")
    p.gold -= cost
    p.hand = removed(p.hand, district)
    p.city = [*p.city, district]
    s.builds_left -= 1
    emit(s, "built", me, {"district": district, "cost": cost})
    if len(p.city) >= s.city_size and s.first_complete is None:
        s.first_complete = me
        emit(s, "city_completed", me, {"first": True})


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


def _power(s: GameState, character: str) -> None:
    main_phase(s)
    if s.current != character:
        raise IllegalAction(f"only the {character} can do that")
    if s.power_used:
        raise IllegalAction(f"the {character}'s power was already used this turn")


def assassinate(s: Work, me: str, action: A.Action) -> None:
    _power(s, "assassin")
    target = action.character  # type: ignore[attr-defined]
    if target not in CHARACTERS or target == "assassin":
        raise IllegalAction(f"cannot murder {target!r}")
    s.murdered, s.power_used = target, True
    emit(s, "murder", me, {"character": target})


def steal(s: Work, me: str, action: A.Action) -> None:
    _power(s, "thief")
    target = action.character  # type: ignore[attr-defined]
    if target not in CHARACTERS:
        raise IllegalAction(f"unknown character {target!r}")
    if target in ("assassin", "thief", s.murdered):
        raise IllegalAction(f"cannot rob the {target}")
    s.robbed, s.power_used = target, True
    emit(s, "theft", me, {"character": target})


def swap_hands(s: Work, me: str, action: A.Action) -> None:
    _power(s, "magician")
    other = action.player  # type: ignore[attr-defined]
    check(other != me and any(p.id == other for p in s.players), f"cannot swap with {other!r}")
    mine, theirs = edit(s, me), edit(s, other)
    mine.hand, theirs.hand = theirs.hand, mine.hand
    s.power_used = True
    secret = {me: {"hand": list(mine.hand)}, other: {"hand": list(theirs.hand)}}
    counts = {me: len(mine.hand), other: len(theirs.hand)}
    emit(s, "hands_swapped", me, {"other": other, "counts": counts}, secret)


def discard_and_draw(s: Work, me: str, action: A.Action) -> None:
    _power(s, "magician")
    cards = action.districts  # type: ignore[attr-defined]
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


def destroy(s: Work, me: str, action: A.Action) -> None:
    _power(s, "warlord")
    target, district = action.player, action.district  # type: ignore[attr-defined]
    owner = next((p for p in s.players if p.id == target), None)
    if owner is None:
        raise IllegalAction(f"unknown player {target!r}")
    check(district in owner.city, f"{district!r} is not in {target}'s city")
    check(district != "keep", "the Keep cannot be destroyed")
    check(len(owner.city) < s.city_size, "districts in a completed city cannot be destroyed")
    check(target != _shielded(s), "the Bishop's districts are protected this round")
    cost = destroy_cost(owner, district)
    check(s.player(me).gold >= cost, f"destroying {district!r} costs {cost} gold")
    edit(s, me).gold -= cost
    victim = edit(s, target)
    victim.city = removed(victim.city, district)
    s.power_used = True
    emit(s, "destroyed", me, {"victim": target, "district": district, "cost": cost})
    keeper = next((p for p in s.players if "graveyard" in p.city), None)
    if keeper is not None and keeper.id != me and keeper.gold >= 1:
        s.graveyard_card = district
        s.awaiting = keeper.id
        emit(s, "graveyard_offer", keeper.id, {"district": district})
    else:
        s.deck = [*s.deck, district]


def graveyard(s: Work, me: str, action: A.Action) -> None:
    district = s.graveyard_card
    if district is None:
        raise IllegalAction("there is no destroyed district to take")
    if action.accept:  # type: ignore[attr-defined]
        p = edit(s, me)
        p.gold -= 1
        p.hand = [*p.hand, district]
    else:
        s.deck = [*s.deck, district]
    s.graveyard_card = None
    s.awaiting = acting(s).id  # back to the Warlord
    kind = "graveyard_used" if action.accept else "graveyard_declined"  # type: ignore[attr-defined]
    emit(s, kind, me, {"district": district})


def use_laboratory(s: Work, me: str, action: A.Action) -> None:
    main_phase(s)
    district = action.district  # type: ignore[attr-defined]
    p = edit(s, me)
    check("laboratory" in p.city, "you have no Laboratory")
    check(not s.laboratory_used, "the Laboratory was already used this turn")
    check(district in p.hand, f"{district!r} is not in your hand")
    p.hand = removed(p.hand, district)
    p.gold += 2
    s.deck = [*s.deck, district]
    s.laboratory_used = True
    emit(s, "laboratory", me, {"amount": 2}, {me: {"district": district}})


def use_smithy(s: Work, me: str, action: A.Action) -> None:
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


# By action class: apply dispatches on type(action), cheaper than reading its `type` field.
HANDLERS: dict[type[A.Action], Callable[[Work, str, A.Action], None]] = {
    A.TakeGold: take_gold, A.DrawCards: draw_cards, A.KeepCard: keep_card, A.Build: build,
    A.CollectIncome: collect_income, A.Assassinate: assassinate, A.Steal: steal,
    A.SwapHands: swap_hands, A.DiscardAndDraw: discard_and_draw, A.Destroy: destroy,
    A.UseLaboratory: use_laboratory, A.UseSmithy: use_smithy,
}


def end_round(s: Work) -> bool:
    """Close the round: the murdered King's heir takes the crown. True if the game is over."""
    if s.murdered == "king":
        heir = s.holders.get("king")
        if heir is not None:
            s.crown = heir
            emit(s, "king_heir", heir, {"character": "king"})
    return s.first_complete is not None
