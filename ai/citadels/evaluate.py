"""Heuristics shared by the basic player and the expert's leaf evaluation and opponent model.

Everything here reads public facts (cities, gold, hand sizes) plus, where given, one hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import citadels
from rules.citadels import districts, scoring, turns
from rules.citadels.cards import DISTRICT_TYPES, RANK

DISTRICTS = citadels.DISTRICTS
CHARACTERS = citadels.CHARACTERS
ORDER = citadels.CHARACTER_ORDER
WILDCARDS = districts.TYPES_WILDCARDS  # count as any one type toward the five (the engine's)

# Worth of a unique district beyond its points: what its effect tends to earn over a game.
EFFECT = {
    "library": 1.5, "observatory": 1.0, "school_of_magic": 1.0, "haunted_quarter": 1.5,
    "keep": 0.5, "great_wall": 0.5, "imperial_treasury": 1.0, "map_room": 1.0,
    "laboratory": 0.5, "smithy": 0.5, "graveyard": 0.3,
}


def cost(d: str) -> int:
    return DISTRICTS[d].cost


def kinds(city: Iterable[str]) -> set[str]:
    """The district types a city shows, wildcards aside."""
    return {DISTRICTS[d].type for d in city if d not in WILDCARDS}


def types_covered(city: Sequence[str]) -> int:
    """How many of the five types the city could count (a wildcard fills one missing)."""
    shown = len(kinds(city))
    wild = sum(1 for d in city if d in WILDCARDS)
    return min(len(DISTRICT_TYPES), shown + wild)


def five_types(city: Sequence[str]) -> bool:
    return scoring.five_types(list(city))


def district_worth(d: str, city: Sequence[str]) -> float:
    """What building d adds to this city: points, a step toward the five types, its effect."""
    if d in city:
        return -10.0
    w = DISTRICTS[d].points + EFFECT.get(d, 0.0)
    if not five_types(city) and types_covered([*city, d]) > types_covered(city):
        w += 1.0
    return w


def income(city: Sequence[str], character: str) -> int:
    """The income `character` would collect for `city` (the engine's rule)."""
    return turns.income(list(city), character) or 0


def destroy_cost(city: Sequence[str], district: str) -> int:
    """What the Warlord pays to destroy `district` of `city` (the engine's rule)."""
    return districts.city_destroy_cost(list(city), district)


def useful(hand: Sequence[str], city: Sequence[str]) -> list[str]:
    """Distinct hand cards that could still be built in this city."""
    return sorted({d for d in hand if d not in city})


# --- standing: how well a player is doing -------------------------------------------------

def points(city: Sequence[str], gold: int, hand_size: int, complete: int, first: bool) -> float:
    """The city's score now (the engine's rule), `first` if it would be the first complete."""
    done = len(city) >= complete
    parts, _ = scoring.city_score(list(city), gold, hand_size, first=first and done,
                                  complete=done)
    return float(sum(parts.values()))


def standing(city: Sequence[str], gold: int, hand_size: int, complete: int, first: bool,
             rounds_left: int) -> float:
    """Points now plus what gold, cards and district count should still turn into."""
    v = points(city, gold, hand_size, complete, first)
    if not five_types(city):
        v += 0.5 * types_covered(city)
    horizon = max(0, min(rounds_left, complete - len(city)))
    v += (0.9 if horizon >= 2 else 0.5 if horizon == 1 else 0.0) * min(gold, 4 * horizon + 2)
    v += 1.0 * min(hand_size, horizon + 1) + 0.2 * max(0, hand_size - horizon - 1)
    v += 0.8 * len(city)  # districts also race the game to its end
    return v


def rounds_left(cities: Iterable[Sequence[str]], complete: int) -> int:
    return max(0, complete - max((len(c) for c in cities), default=0))


def view_standings(view: dict[str, Any]) -> dict[str, float]:
    """Every seat's standing from public facts only."""
    complete = view["city_size"]
    left = rounds_left((p["city"] for p in view["players"]), complete)
    return {p["id"]: standing(p["city"], p["gold"], p["hand_size"], complete,
                              view["first_complete"] == p["id"], left)
            for p in view["players"]}


def state_eval(state: citadels.GameState, me: str) -> float:
    """Leaf value of a (sampled) state for me: my standing against the best other's."""
    complete = state.city_size
    if state.finished:
        sc = citadels.scores(state)
        total = sc[me].total
        best = max(s.total for p, s in sc.items() if p != me)
        return 20.0 if state.winner == me else -20.0 + 0.5 * (total - best)
    left = rounds_left((p.city for p in state.players), complete)
    vals = {p.id: standing(p.city, p.gold, len(p.hand), complete, state.first_complete == p.id,
                           left) for p in state.players}
    mine = vals.pop(me)
    others = sorted(vals.values(), reverse=True)
    return mine - (0.75 * others[0] + 0.25 * sum(others) / len(others))


# --- characters: one record each, what it would earn a player this round -------------------

Entry = dict[str, Any]  # a player of the view
View = dict[str, Any]
# A character's own action chosen in its turn's main step (None: not now).
Chooser = Callable[[View, Entry, list[citadels.Action]], citadels.Action | None]


@dataclass(frozen=True)
class Round:
    """What a character's worth is judged from: a player (a view entry) and the table."""
    city: Sequence[str]
    gold: int
    n_hand: int
    n_good: int  # cards of the hand it could build (known, or guessed from its size)
    others: Sequence[Entry]
    opp_gold: int  # the most gold another player holds
    opp_hand: int  # the biggest hand of another
    near_end: bool  # another city is two districts short of complete


@dataclass(frozen=True)
class Policy:
    """How the computer players treat one character."""
    worth: Callable[[Round], float]  # rough gold-equivalent it would earn this round
    # The gold its turn brings before a build (income, a bonus), which may make a wanted
    # district affordable (None: none worth counting).
    earns: Callable[[Sequence[str]], int] | None = None
    # Its own actions by type, for those no other heuristic knows (a character added later):
    # chosen first in its turn's main step.
    actions: Mapping[str, Chooser] = field(default_factory=dict)
    # Why a hint picks it, beyond its income (hints.py): "threat" (near a complete city),
    # "rich" (the richest's gold), "build" (cards to build), "cards" (none), "crown".
    hint: str | None = None
    # The basic player's shading of its draft value: added when the player leads (a leader's
    # picks draw the Assassin), and whether a player with 5 gold or more fears the Thief on it
    # (its worth falls by 0.05 a gold; the Thief's own `rich` bonus rises instead).
    leading: float = 0.0
    robbed: bool = False
    rich: float = 0.0


def _income(character: str, bonus: int = 0) -> Callable[[Sequence[str]], int]:
    return lambda city: income(city, character) + bonus


POLICIES: dict[str, Policy] = {
    "assassin": Policy(lambda r: 2.2, hint="threat"),
    "thief": Policy(lambda r: 0.8 + 0.45 * r.opp_gold, hint="rich", rich=0.3),
    "magician": Policy(lambda r: 0.8 * max(0, r.opp_hand - r.n_hand)
                       + (1.5 if r.n_good == 0 else 0.0), hint="cards"),
    "king": Policy(lambda r: income(r.city, "king") + 1.2, _income("king"), hint="crown",
                   leading=-0.5, robbed=True),
    "bishop": Policy(lambda r: income(r.city, "bishop") + 0.6
                     + (0.25 * len(r.city) if r.near_end else 0.1), _income("bishop"),
                     leading=0.5, robbed=True),
    "merchant": Policy(lambda r: income(r.city, "merchant") + 1.3, _income("merchant", 1),
                       leading=-0.5, robbed=True),
    "architect": Policy(lambda r: 1.5 + (1.5 * min(2, r.n_good - 1)
                                         if r.n_good >= 2 and r.gold >= 4 else 0.0)
                        + (0.5 if r.n_good == 0 else 0.0),
                        hint="build", leading=-0.5, robbed=True),
    "warlord": Policy(lambda r: income(r.city, "warlord") + (1.5 if r.near_end else 0.7),
                      _income("warlord"), hint="threat", robbed=True),
    # Dark City's: what each power tends to bring
    "witch": Policy(lambda r: 2.0, hint="threat"),  # the assassin's harm, and a second power
    "tax_collector": Policy(lambda r: 0.5 + 0.3 * len(r.others),  # 1 gold from each builder
                            hint="rich"),
    "wizard": Policy(lambda r: 0.8 + 0.3 * min(r.opp_hand, 4)
                     + (1.0 if r.n_good == 0 else 0.0), hint="cards"),
    "emperor": Policy(lambda r: income(r.city, "emperor") + 1.0,  # and the tribute
                      _income("emperor"), hint="crown"),
    "abbot": Policy(lambda r: income(r.city, "abbot") + 0.5
                    + (1.0 if r.opp_gold > r.gold else 0.0), _income("abbot")),
    "alchemist": Policy(lambda r: 0.5 + (0.6 * min(r.gold, 6) if r.n_good else 0.0),
                        hint="build"),  # builds for free
    "navigator": Policy(lambda r: 2.5 - (1.5 if r.n_good and r.gold >= 3 else 0.0),
                        hint="cards"),  # but builds nothing
    "diplomat": Policy(lambda r: income(r.city, "diplomat") + (1.3 if r.near_end else 0.6),
                       _income("diplomat"), hint="threat"),
    "artist": Policy(lambda r: 0.4 + 0.8 * min(2, r.gold, len(r.city))),
    "queen": Policy(lambda r: 3.0 * min(1.0, 2 / max(1, len(r.others)))),  # 3 gold by the crown
}


def chooser(action_type: str) -> Chooser | None:
    """The chooser of a character's own action type (None: no character's record has one)."""
    return next((p.actions[action_type] for p in POLICIES.values()
                 if action_type in p.actions), None)


def character_values(me: Entry, others: Sequence[Entry], complete: int,
                     hand: Sequence[str] | None) -> dict[str, float]:
    """Rough gold-equivalent each character would earn `me` (a view player entry) this round.

    `hand` is me's hand if known; otherwise only its size is used.
    """
    city, gold, n_hand = me["city"], me["gold"], me["hand_size"]
    good = useful(hand, city) if hand is not None else None
    n_good = len(good) if good is not None else min(n_hand, 3)
    table = Round(city, gold, n_hand, n_good, others,
                  max((o["gold"] for o in others), default=0),
                  max((o["hand_size"] for o in others), default=0),
                  any(len(o["city"]) >= complete - 2 for o in others))
    v = {c: p.worth(table) for c, p in POLICIES.items()}
    if good is not None and good:
        # Gold that lets me build this turn is worth more than gold for later.
        short = min(cost(d) for d in good) - gold - 2
        if short > 0:
            for c, p in POLICIES.items():
                if p.earns is not None and p.earns(city) >= short:
                    v[c] += 1.0
    return v


def softmax(values: dict[str, float], temperature: float) -> dict[str, float]:
    top = max(values.values())
    ex = {k: math.exp((x - top) / temperature) for k, x in sorted(values.items())}
    total = sum(ex.values())
    return {k: x / total for k, x in ex.items()}


def seat_entry(view: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(p for p in view["players"] if p["id"] == seat)


def holder_beliefs(view: dict[str, Any], temperature: float = 1.5
                   ) -> dict[str, dict[str, float]]:
    """P(opponent holds character), per opponent, from my draft offers and what was revealed.

    Within what an opponent could have taken, picks follow a softmax of character_values.
    """
    me = view["you"]
    mine = set(seat_entry(view, me).get("characters", []))
    history = view["draft_history"]
    out: dict[str, dict[str, float]] = {}
    gone = set(view["faceup_discards"]) | mine | set(view["absent"])
    revealed_by = {p["id"]: set(p["revealed"]) for p in view["players"]}
    all_revealed = set(view["revealed"])
    called = RANK[view["current_character"]] if view.get("current_character") else 0
    for step, h in enumerate(history):
        seat = h["player"]
        if seat == me or h["kind"] != "pick":
            continue
        possible = set(view.get("cast") or ORDER) - gone - all_revealed
        before = [i for i in range(step) if history[i]["player"] == me]
        after = [i for i in range(step + 1, len(history)) if history[i]["player"] == me]
        if before:
            offered = history[before[-1]]
            possible &= set(offered["offered"]) - {offered["chosen"]}
        if after:
            possible -= set(history[after[0]]["offered"])
        # Characters already called that this player did not reveal: not theirs (unless murdered).
        possible = {c for c in possible if RANK[c] > called or c == view["murdered"]}
        possible |= revealed_by[seat]
        entry = seat_entry(view, seat)
        others = [p for p in view["players"] if p["id"] != seat]
        vals = character_values(entry, others, view["city_size"], None)
        if not possible:
            continue
        # Every character with a record (POLICIES) has a value; one a new cast adds without
        # a record counts as average.
        average = sum(vals.values()) / len(vals)
        probs = softmax({c: vals.get(c, average) for c in sorted(possible)}, temperature)
        acc = out.setdefault(seat, {})
        for c, p in probs.items():
            acc[c] = min(1.0, acc.get(c, 0.0) + p)
    for seat, shown in revealed_by.items():
        for c in shown:
            if seat != me:
                out.setdefault(seat, {})[c] = 1.0
    return out
