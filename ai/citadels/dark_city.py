"""The basic heuristics for Dark City's decisions: its characters' powers and its districts.

Like the rest of `basic`, each reads only the seat's view (public facts and its own hand) and
returns one of the legal actions it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import citadels
from rules.citadels.actions import (
    Beautify,
    BellTower,
    Bewitch,
    Exchange,
    GiveCrown,
    Lighthouse,
    LookAtHand,
    NavigatorBonus,
    TakeCard,
    Tribute,
    UseArmory,
    UseMuseum,
)

from . import evaluate as E

Action = citadels.Action
View = dict[str, Any]
Entry = dict[str, Any]


def _others(view: View, seat: str) -> list[Entry]:
    return [p for p in view["players"] if p["id"] != seat]


def threats(view: View, me: str) -> dict[str, float]:
    """How dangerous each opponent is, relative to the others (1 = least)."""
    st = E.view_standings(view)
    low = min(st.values())
    return {p: st[p] - low + 1.0 for p in sorted(st) if p != me}


def _near_end(view: View) -> bool:
    return any(len(p["city"]) >= view["city_size"] - 2 for p in view["players"])


def _cheapest_want(me: Entry) -> int | None:
    good = E.useful(me.get("hand", []), me["city"])
    return min((E.cost(d) for d in good), default=None)


# --- decisions that are alone in their step ------------------------------------------------

def bewitch(view: View, me: Entry, options: list[Bewitch]) -> Action:
    """The character whose power is worth most to me, weighted by the chance somebody holds it
    (nobody: she never resumes), plus the harm of taking a leader's turn away."""
    beliefs = E.holder_beliefs(view)
    threat = threats(view, me["id"])
    mine = set(me.get("characters", []))
    worth = E.character_values(me, _others(view, me["id"]), view["city_size"], me.get("hand"))

    def value(c: str) -> float:
        if c in mine:
            return -100.0
        held = min(1.0, sum(probs.get(c, 0.0) for probs in beliefs.values()))
        harm = sum(probs.get(c, 0.0) * threat[seat] for seat, probs in beliefs.items())
        return held * worth.get(c, 1.0) + 0.5 * harm

    return max(options, key=lambda a: (value(a.character), a.character))


def give_crown(view: View, me: Entry, options: list[GiveCrown]) -> Action:
    """The crown to the least dangerous player who can pay the tribute."""
    threat = threats(view, me["id"])

    def key(a: GiveCrown) -> tuple[bool, float, str]:
        p = E.seat_entry(view, a.player)
        pays = p["gold"] > 0 or p["hand_size"] > 0
        return (pays, -threat.get(a.player, 0.0), a.player)

    return max(options, key=key)


def tribute(view: View, me: Entry, options: list[Tribute]) -> Action:
    """A card (taken at random) when the hand holds some I cannot use or gold is short."""
    by_kind = {a.kind: a for a in options}
    if len(by_kind) == 1:
        return options[0]
    hand = me.get("hand", [])
    junk = len(hand) - len(E.useful(hand, me["city"]))
    want = _cheapest_want(me)
    short = want is not None and me["gold"] <= want
    return by_kind["card"] if junk > 0 or short or me["gold"] <= 1 else by_kind["gold"]


def navigator(view: View, me: Entry, options: list[NavigatorBonus]) -> Action:
    """Gold when the hand holds districts worth building next turn, else cards."""
    by_kind: dict[str, Action] = {a.kind: a for a in options}
    good = E.useful(me.get("hand", []), me["city"])
    need = sum(sorted(E.cost(d) for d in good)[:2])
    pick = "gold" if good and me["gold"] < need + 1 else "cards"
    return by_kind.get(pick, options[0])


def take_card(view: View, me: Entry, options: list[TakeCard]) -> Action:
    """The Wizard's card: the best for my city, built at once when that is offered."""
    return max(options, key=lambda a: (E.district_worth(a.district, me["city"]), a.build,
                                       a.district))


def lighthouse(view: View, me: Entry, options: list[Lighthouse]) -> Action:
    return max(options, key=lambda a: (E.district_worth(a.district, me["city"]), a.district))


def bell_tower(view: View, me: Entry, options: list[BellTower]) -> Action:
    """Shorten the game only when I lead the race to finish and the standings."""
    standings = E.view_standings(view)
    mine = len(me["city"])
    ahead = all(mine >= len(p["city"]) for p in _others(view, me["id"]))
    leading = standings[me["id"]] >= max(standings.values()) - 1e-9
    return next((a for a in options if a.announce == (ahead and leading)), options[0])


# --- decisions of the main step: each returns None to let the turn go on ---------------------

def look_at_hand(view: View, me: Entry, options: list[LookAtHand]) -> Action | None:
    """The Wizard looks at the biggest hand, the more dangerous owner first."""
    threat = threats(view, me["id"])
    best = max(options, key=lambda a: (E.seat_entry(view, a.player)["hand_size"],
                                       threat.get(a.player, 0.0), a.player))
    return best if E.seat_entry(view, best.player)["hand_size"] > 0 else None


def exchange(view: View, me: Entry, options: list[Exchange]) -> Action | None:
    """A swap that gains me points and costs a dangerous player some, worth its price."""
    threat = threats(view, me["id"])
    best, best_score = None, 1.0
    for a in options:
        owner = E.seat_entry(view, a.player)
        rest = [d for d in me["city"] if d != a.give]
        gain = E.district_worth(a.take, rest) - E.district_worth(a.give, rest)
        price = max(0, E.cost(a.take) - E.cost(a.give))
        if price > me["gold"]:
            continue
        hurt = (E.cost(a.take) - E.cost(a.give)) * 0.3 * threat.get(owner["id"], 1.0)
        score = gain + hurt - 0.9 * price
        if score > best_score:
            best, best_score = a, score
    return best


def armory(view: View, me: Entry, options: list[UseArmory]) -> Action | None:
    """Give up the Armory only to stop a dangerous player about to complete a city."""
    threat = threats(view, me["id"])
    top = max(threat.values(), default=0.0)
    best, best_score = None, 3.5  # the Armory's own 3 points, and then some
    for a in options:
        owner = E.seat_entry(view, a.player)
        urgent = len(owner["city"]) >= view["city_size"] - 1
        if not urgent or threat[a.player] < top:
            continue
        score = E.cost(a.district) + (2.0 if urgent else 0.0)
        if score > best_score:
            best, best_score = a, score
    return best


def beautify(view: View, me: Entry, options: list[Beautify]) -> Action | None:
    """1 gold for 1 point: spare gold, or any gold near the end; the dearest district first
    (it also costs the Warlord more)."""
    want = _cheapest_want(me)
    spare = me["gold"] - (want if want is not None else 0)
    if me["gold"] < 1 or (spare < 2 and not _near_end(view)):
        return None
    return max(options, key=lambda a: (E.cost(a.district), a.district))


def museum(view: View, me: Entry, options: list[UseMuseum]) -> Action | None:
    """A card I cannot use goes under the Museum for 1 point; near the end, any card."""
    hand = me.get("hand", [])
    junk = [a for a in options
            if a.district in me["city"] or hand.count(a.district) > 1
            or E.cost(a.district) > me["gold"] + 6]
    pool = junk or (options if _near_end(view) or len(hand) > 4 else [])
    return min(pool, key=lambda a: (E.district_worth(a.district, me["city"]), a.district),
               default=None)


SOLE: dict[str, Callable[[View, Entry, Any], Action]] = {
    "bewitch": bewitch, "give_crown": give_crown, "tribute": tribute,
    "navigator_bonus": navigator, "take_card": take_card, "lighthouse": lighthouse,
    "bell_tower": bell_tower,
}
MAIN: dict[str, Callable[[View, Entry, Any], Action | None]] = {
    "look_at_hand": look_at_hand, "exchange": exchange, "use_armory": armory,
    "beautify": beautify, "use_museum": museum,
}
TYPES = frozenset({*SOLE, *MAIN, "collect_from_richest", "greet"})


def sole(view: View, me: Entry, by_type: dict[str, list[Action]]) -> Action | None:
    """The move for a step that offers one of Dark City's lone decisions, if it does."""
    for kind, choose in SOLE.items():
        if kind in by_type:
            return choose(view, me, by_type[kind])
    return None


def main_first(view: View, me: Entry, by_type: dict[str, list[Action]]) -> Action | None:
    """What comes before building: the Abbot's gold, the Wizard's look."""
    if "collect_from_richest" in by_type:
        return by_type["collect_from_richest"][0]
    if "look_at_hand" in by_type:
        return look_at_hand(view, me, by_type["look_at_hand"])  # type: ignore[arg-type]
    return None


def main_last(view: View, me: Entry, by_type: dict[str, list[Action]],
              order: Sequence[str] = ("exchange", "use_armory", "use_museum", "beautify")
              ) -> Action | None:
    """What is worth doing once nothing better is left to build."""
    for kind in order:
        if kind in by_type:
            move = MAIN[kind](view, me, by_type[kind])
            if move is not None:
                return move
    return None
