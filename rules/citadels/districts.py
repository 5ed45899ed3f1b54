"""The unique districts' effects, each in one place. Points and types are data
(data/classic.json); scoring bonuses (Haunted Quarter, Map Room, Imperial Treasury) live in
scoring.py, which counts them with the rest of the score."""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .cards import CHARACTERS, COST, KIND
from .checks import acting, check, main_phase
from .errors import IllegalAction
from .state import GameState, Player
from .tx import Work, draw, edit, emit, removed

INCOME: dict[str, str | None] = {c.id: c.income for c in CHARACTERS.values()}
INDESTRUCTIBLE = frozenset({"keep"})  # the Keep cannot be destroyed by the Warlord


def city_destroy_cost(city: list[str], district: str) -> int:
    """The Warlord pays a district's cost - 1; one more behind a Great Wall (but for itself)."""
    wall = 1 if district != "great_wall" and "great_wall" in city else 0
    return COST[district] - 1 + wall


def destroy_cost(owner: Player, district: str) -> int:
    return city_destroy_cost(owner.city, district)


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


def graveyard_keeper(s: GameState, warlord: str) -> Player | None:
    """Who may buy a district the Warlord destroyed: the Graveyard's owner, if not the Warlord
    and able to pay 1 gold."""
    keeper = next((p for p in s.players if "graveyard" in p.city), None)
    if keeper is not None and keeper.id != warlord and keeper.gold >= 1:
        return keeper
    return None


def graveyard(s: Work, me: str, action: A.Action) -> None:
    district = s.graveyard_card
    if district is None:
        raise IllegalAction("there is no destroyed district to take")
    accept = action.accept  # type: ignore[attr-defined]
    if accept:
        p = edit(s, me)
        p.gold -= 1
        p.hand = [*p.hand, district]
    else:
        s.deck = [*s.deck, district]
    s.graveyard_card = None
    s.awaiting = acting(s).id  # back to the Warlord
    emit(s, "graveyard_used" if accept else "graveyard_declined", me, {"district": district})


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


def offers(s: GameState, me: Player, out: list[A.Action]) -> None:
    """The actions the city's districts offer now, appended to `out`."""
    city, hand = me.city, me.hand
    if not s.laboratory_used and "laboratory" in city:
        for d in dict.fromkeys(hand):
            out.append(A.LABORATORY[d])
    if not s.smithy_used and me.gold >= 2 and "smithy" in city:
        out.append(A.USE_SMITHY)


HANDLERS: dict[type[A.Action], Callable[[Work, str, A.Action], None]] = {
    A.UseLaboratory: use_laboratory, A.UseSmithy: use_smithy,
}
