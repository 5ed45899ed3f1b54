"""Heuristics shared by the basic player and the expert's leaf evaluation and opponent model.

Everything here reads public facts (cities, gold, hand sizes) plus, where given, one hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from rules import citadels
from rules.citadels import districts, scoring, turns
from rules.citadels.cards import DISTRICT_TYPES

DISTRICTS = citadels.DISTRICTS
CHARACTERS = citadels.CHARACTERS
ORDER = citadels.CHARACTER_ORDER
RANK = {c: ch.rank for c, ch in CHARACTERS.items()}  # every character, Dark City's too
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


# --- characters: what each would earn a player this round ----------------------------------

def character_values(me: dict[str, Any], others: Sequence[dict[str, Any]], complete: int,
                     hand: Sequence[str] | None) -> dict[str, float]:
    """Rough gold-equivalent each character would earn `me` (a view player entry) this round.

    `hand` is me's hand if known; otherwise only its size is used.
    """
    city, gold, n_hand = me["city"], me["gold"], me["hand_size"]
    good = useful(hand, city) if hand is not None else None
    n_good = len(good) if good is not None else min(n_hand, 3)
    opp_gold = max((o["gold"] for o in others), default=0)
    opp_hand = max((o["hand_size"] for o in others), default=0)
    near_end = any(len(o["city"]) >= complete - 2 for o in others)
    v = {
        "assassin": 2.2,
        "thief": 0.8 + 0.45 * opp_gold,
        "magician": 0.8 * max(0, opp_hand - n_hand) + (1.5 if n_good == 0 else 0.0),
        "king": income(city, "king") + 1.2,
        "bishop": income(city, "bishop") + 0.6 + (0.25 * len(city) if near_end else 0.1),
        "merchant": income(city, "merchant") + 1.3,
        "architect": 1.5 + (1.5 * min(2, n_good - 1) if n_good >= 2 and gold >= 4 else 0.0),
        "warlord": income(city, "warlord") + (1.5 if near_end else 0.7),
    }
    v.update(_dark_city_values(me, others, n_good, gold, near_end, opp_hand))
    if good is not None and good:
        # Gold that lets me build this turn is worth more than gold for later.
        short = min(cost(d) for d in good) - gold - 2
        if short > 0:
            for c in ("king", "bishop", "merchant", "warlord", "emperor", "abbot", "diplomat"):
                if income(city, c) + (c == "merchant") >= short:
                    v[c] += 1.0
    if n_good == 0:
        v["architect"] += 0.5
    return v


def _dark_city_values(me: dict[str, Any], others: Sequence[dict[str, Any]], n_good: int,
                      gold: int, near_end: bool, opp_hand: int) -> dict[str, float]:
    """The same rough worth for Dark City's characters (what each power tends to bring)."""
    city = me["city"]
    richest = max((o["gold"] for o in others), default=0)
    return {
        "witch": 2.0,  # the assassin's harm, and a second power
        "tax_collector": 0.5 + 0.3 * len(others),  # 1 gold from each who builds
        "wizard": 0.8 + 0.3 * min(opp_hand, 4) + (1.0 if n_good == 0 else 0.0),
        "emperor": income(city, "emperor") + 1.0,  # and the tribute
        "abbot": income(city, "abbot") + 0.5 + (1.0 if richest > gold else 0.0),
        "alchemist": 0.5 + (0.6 * min(gold, 6) if n_good else 0.0),  # builds for free
        "navigator": 2.5 - (1.5 if n_good and gold >= 3 else 0.0),  # but builds nothing
        "diplomat": income(city, "diplomat") + (1.3 if near_end else 0.6),
        "artist": 0.4 + 0.8 * min(2, gold, len(city)),
        "queen": 3.0 * min(1.0, 2 / max(1, len(others))),  # 3 gold beside the crown
    }


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
        # Every character here has a value (_dark_city_values too); one a new cast adds
        # without a heuristic of its own counts as average.
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
