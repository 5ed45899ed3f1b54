"""The Dark City's forced decisions (`GameState.pending`): what the turn, or the round's end,
waits for before anything else. A Classic game never has one.

- greet: the Ball Room's owner holds the crown; the called player must greet first, and any
  other move loses the whole turn;
- crown / round_crown: the Emperor's player gives the crown (at his call; at the round's end
  when murdered, without tribute); tribute: the new holder gives him 1 gold or 1 card;
- bewitch: the Witch names a character, and her turn stops;
- navigator: 4 gold or 4 cards; wizard: the card taken from the hand looked at;
- lighthouse: the card taken from the deck; bell_tower: announce or not.

Two values only ever live inside one `apply`: "end" (the turn is over, without its end-of-turn
effects) and "round_over" (the round's end may go on); engine.py settles them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from . import actions as A
from . import rng
from .cards import RULINGS
from .checks import check
from .districts import build_cost, move_crown
from .errors import IllegalAction
from .powers import POWERS, crowns, queen_gold, queen_player
from .state import GameState
from .turns import place
from .tx import Work, draw, edit, emit, removed

GATHER = (A.TakeGold, A.DrawCards)


def legal(s: GameState, seat: str) -> list[A.Action]:
    return LEGAL[s.pending or ""](s, seat)


def _greet(s: GameState, seat: str) -> list[A.Action]:
    return [A.GREET, A.TAKE_GOLD, A.DRAW_CARDS] if s.deck else [A.GREET, A.TAKE_GOLD]


def _crown(s: GameState, seat: str) -> list[A.Action]:
    return list(crowns(tuple(s.seat), seat, s.crown))


def _tribute(s: GameState, seat: str) -> list[A.Action]:
    me = s.player(seat)
    return [A.TRIBUTE[k] for k, ok in (("gold", me.gold > 0), ("card", bool(me.hand))) if ok]


def _bewitch(s: GameState, seat: str) -> list[A.Action]:
    return list(_bewitchable(s.cast))


@cache
def _bewitchable(cast: tuple[str, ...]) -> tuple[A.Action, ...]:
    return tuple(A.BEWITCH[c] for c in cast if c != "witch")


def _navigator(s: GameState, seat: str) -> list[A.Action]:
    return [A.NAVIGATOR["gold"], A.NAVIGATOR["cards"]]


def _wizard(s: GameState, seat: str) -> list[A.Action]:
    me = s.player(seat)
    city, gold = me.city, me.gold
    out: list[A.Action] = []
    for d in dict.fromkeys(s.player(s.wizard_target or seat).hand):
        out.append(A.TAKE[d, False])
        if build_cost(city, d) <= gold:
            out.append(A.TAKE[d, True])
    return out


def _lighthouse(s: GameState, seat: str) -> list[A.Action]:
    return [A.LIGHTHOUSE[d] for d in sorted(set(s.deck))]


def _bell_tower(s: GameState, seat: str) -> list[A.Action]:
    return [A.BELL_TOWER[True], A.BELL_TOWER[False]]


LEGAL: dict[str, Callable[[GameState, str], list[A.Action]]] = {
    "greet": _greet, "crown": _crown, "round_crown": _crown, "tribute": _tribute,
    "bewitch": _bewitch, "navigator": _navigator, "wizard": _wizard,
    "lighthouse": _lighthouse, "bell_tower": _bell_tower,
}


# --- handlers -------------------------------------------------------------------------------

def apply(s: Work, seat: str, act: A.Action) -> None:
    """Resolve the pending decision; IllegalAction for any other action (but a greeting's)."""
    kind = s.pending or ""
    if kind == "greet":
        _greeted(s, seat, act)
        return
    if not _listed(act, LEGAL[kind](s, seat)):
        raise IllegalAction(f"{act.type} is not possible now: waiting for {kind}")
    HANDLERS[kind](s, seat, act)


def _listed(act: A.Action, options: list[A.Action]) -> bool:
    """`act in options`, by identity first: legal_actions hands out shared instances, and a
    model's == is slow."""
    for option in options:
        if option is act:
            return True
    return act in options


def _greeted(s: Work, seat: str, act: A.Action) -> None:
    if type(act) is A.Greet:
        s.pending = None
        emit(s, "greeted", seat, {"text": RULINGS["greeting"], "to": s.crown})
        call = POWERS[s.current or ""].on_reveal
        if call is not None and s.current != s.murdered:  # no power with a Hospital
            call(s, seat)
        return
    if type(act) not in GATHER:
        raise IllegalAction(f"{act.type} is not possible now: greet or take an action")
    if type(act) is A.DrawCards and not s.deck:
        raise IllegalAction("the deck is empty: take gold instead")
    s.pending = "end"  # any other move first: the whole turn is lost
    emit(s, "greeting_forgotten", seat, {"to": s.crown})


def _give_crown(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.GiveCrown
    move_crown(s, act.player)
    emit(s, "crown_given", seat, {"to": act.player})
    if s.pending == "round_crown":
        queen = queen_player(s)
        if queen is not None:
            queen_gold(s, queen, act.player)
        s.pending = "round_over"
        return
    s.crowned_by_emperor = act.player
    receiver = s.player(act.player)
    if receiver.gold > 0 or receiver.hand:
        s.pending, s.tribute_from, s.awaiting = "tribute", act.player, act.player
    else:
        s.pending = None


def _pay_tribute(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.Tribute
    emperor = s.holders["emperor"]
    giver = edit(s, seat)
    if act.kind == "gold":
        giver.gold -= 1
        edit(s, emperor).gold += 1
        emit(s, "tribute", seat, {"to": emperor, "kind": "gold"})
    else:  # a card at random from his hand
        s.rng, k = rng.below(s.rng, len(giver.hand))
        card = giver.hand[k]
        giver.hand = removed(giver.hand, card)
        taker = edit(s, emperor)
        taker.hand = [*taker.hand, card]
        emit(s, "tribute", seat, {"to": emperor, "kind": "card"},
             {seat: {"district": card}, emperor: {"district": card}})
    s.pending, s.tribute_from, s.awaiting = None, None, emperor


def _bewitched(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.Bewitch
    s.bewitched = act.character
    emit(s, "bewitched", seat, {"character": act.character})
    s.pending = "end"  # her turn stops at once


def _navigated(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.NavigatorBonus
    p = edit(s, seat)
    n = RULINGS["navigator_bonus"]
    if act.kind == "gold":
        p.gold += n
        emit(s, "bonus_gold", seat, {"amount": n})
    else:
        cards = draw(s, n)
        p.hand = p.hand + cards
        emit(s, "bonus_cards", seat, {"count": len(cards)}, {seat: {"cards": cards}})
    s.pending = None


def _took(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.TakeCard
    other = s.wizard_target
    assert other is not None
    victim = edit(s, other)
    victim.hand = removed(victim.hand, act.district)
    s.pending, s.wizard_target = None, None
    emit(s, "card_taken", seat, {"from": other, "build": act.build},
         {seat: {"district": act.district}, other: {"district": act.district}})
    me = edit(s, seat)
    if act.build:
        place(s, seat, act.district, build_cost(me.city, act.district))
    else:
        me.hand = [*me.hand, act.district]


def _lighthouse_take(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.Lighthouse
    check(act.district in s.deck, "not in the deck")
    p = edit(s, seat)
    p.hand = [*p.hand, act.district]
    deck = removed(s.deck, act.district)
    s.rng = rng.shuffle(s.rng, deck)
    s.deck, s.pending = deck, None
    emit(s, "lighthouse", seat, {}, {seat: {"district": act.district}})


def _bell(s: Work, seat: str, act: A.Action) -> None:
    assert type(act) is A.BellTower
    s.pending = None
    if act.announce:
        s.bell_tower, s.city_size = True, s.city_size - 1
        emit(s, "bell_tower_rung", seat, {"city_size": s.city_size})
        if s.first_complete is None:
            done = [p.id for p in s.players if len(p.city) >= s.city_size]
            if done:
                s.first_complete = seat if seat in done else done[0]
                emit(s, "city_completed", s.first_complete, {"first": True})


HANDLERS: dict[str, Callable[[Work, str, A.Action], None]] = {
    "crown": _give_crown, "round_crown": _give_crown, "tribute": _pay_tribute,
    "bewitch": _bewitched, "navigator": _navigated, "wizard": _took,
    "lighthouse": _lighthouse_take, "bell_tower": _bell,
}
