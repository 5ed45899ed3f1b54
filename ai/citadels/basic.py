"""The 'basic' strength: a sensible heuristic player.

It builds the most valuable district it can, heads for the five types, drafts the character
that earns it most (and, with 2 players, discards the one the opponent wants most), and aims
the Assassin, Thief, Magician and Warlord at whoever its beliefs say would hurt most.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from rules import citadels
from rules.citadels.actions import (
    Assassinate,
    Build,
    Destroy,
    DiscardCharacter,
    Graveyard,
    KeepCard,
    PickCharacter,
    Steal,
    SwapHands,
    UseLaboratory,
)

from . import dark_city as DC
from . import evaluate as E
from .strategy import Sampler, View

Action = citadels.Action
A = TypeVar("A", bound=Action)


def _of(kind: type[A], actions: Sequence[Action]) -> list[A]:
    """The actions of one kind, typed as such (their fields depend on the kind)."""
    return [a for a in actions if isinstance(a, kind)]


class BasicPlayer:
    name = "basic"

    def __init__(self, noise: float = 0.0) -> None:
        self.noise = noise  # chance of a uniformly random move (used for varied playouts)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random,
               sample: Sampler | None = None, deadline: float | None = None) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not known(legal):  # a decision it has no heuristic for (Dark City): at random
            return legal[rng.randrange(len(legal))]
        if self.noise and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return basic_move(view, legal)


# The actions the heuristics know: Classic's and Dark City's (ai.citadels.dark_city).
KNOWN_TYPES = frozenset({
    "pick_character", "discard_character", "take_gold", "draw_cards", "keep_card", "build",
    "collect_income", "assassinate", "steal", "swap_hands", "discard_and_draw", "destroy",
    "use_laboratory", "use_smithy", "graveyard", "end_turn"}) | DC.TYPES
CLASSIC = frozenset(citadels.CHARACTER_ORDER)


def known(legal: Sequence[Action]) -> bool:
    """Whether the heuristics can choose among `legal`: types they know, or a character's own
    that its record chooses (evaluate.POLICIES)."""
    return all(a.type in KNOWN_TYPES or E.chooser(a.type) is not None for a in legal)


def basic_move(view: View, legal: Sequence[Action]) -> Action:
    """The heuristic move; always one of `legal`."""
    greet = next((a for a in legal if a.type == "greet"), None)
    if greet is not None:
        return greet
    if not known(legal):
        return _first_known(legal)
    by_type: dict[str, list[Action]] = {}
    for a in legal:
        if a.type != "discard_and_draw":  # the Magician's subsets are rebuilt below
            by_type.setdefault(a.type, []).append(a)
    me = E.seat_entry(view, view["you"])
    alone = DC.sole(view, me, by_type)
    if alone is not None:
        return alone
    if "pick_character" in by_type:
        return _pick(view, me, _of(PickCharacter, by_type["pick_character"]))
    if "discard_character" in by_type:
        return _discard(view, me, _of(DiscardCharacter, by_type["discard_character"]))
    if "graveyard" in by_type:
        accept = me["gold"] >= 2 and view["graveyard_card"] not in me["city"]
        return next(a for a in _of(Graveyard, by_type["graveyard"]) if a.accept == accept)
    if "keep_card" in by_type:
        return max(_of(KeepCard, by_type["keep_card"]),
                   key=lambda a: (_card_want(a.district, me), a.district))
    if "take_gold" in by_type:
        return _gather(view, me, by_type)
    return _main(view, me, by_type, legal)


def _first_known(legal: Sequence[Action]) -> Action:
    """A Dark City decision without a heuristic: the first legal action."""
    return legal[0]


# --- draft --------------------------------------------------------------------------------

def _others(view: View, seat: str) -> list[dict[str, Any]]:
    return [p for p in view["players"] if p["id"] != seat]


def _pick(view: View, me: dict[str, Any], options: list[PickCharacter]) -> Action:
    vals = E.character_values(me, _others(view, me["id"]), view["city_size"], me.get("hand"))
    _adjust_for_threats(view, me, vals)
    return max(options, key=lambda a: (vals.get(a.character, 0.0), a.character))


def _adjust_for_threats(view: View, me: dict[str, Any], vals: dict[str, float]) -> None:
    """Leaders get assassinated and rich players robbed: shade those picks."""
    standings = E.view_standings(view)
    leader = max(standings.values())
    leading = standings[me["id"]] >= leader - 1e-9 and len(view["players"]) > 2
    rich = me["gold"] >= 5
    for c, policy in E.POLICIES.items():
        if leading and policy.leading:
            vals[c] += policy.leading
        if rich and policy.rich:
            vals[c] += policy.rich  # the Thief cannot rob himself
        if rich and policy.robbed:
            vals[c] -= 0.1 * me["gold"] / 2


def _discard(view: View, me: dict[str, Any], options: list[DiscardCharacter]) -> Action:
    """2 players: discard what the opponent would most like to have."""
    opp = _others(view, me["id"])[0]
    vals = E.character_values(opp, [me], view["city_size"], None)
    return max(options, key=lambda a: (vals.get(a.character, 0.0), a.character))


# --- turn ---------------------------------------------------------------------------------

def _card_want(d: str, me: dict[str, Any]) -> float:
    hand = me.get("hand", [])
    w: float = E.district_worth(d, me["city"])
    if d in hand:
        w -= 3.0
    return w - 0.3 * max(0, E.cost(d) - int(me["gold"]) - 2)


def _gather(view: View, me: dict[str, Any], by_type: dict[str, list[Action]]) -> Action:
    gold_action = by_type["take_gold"][0]
    if "draw_cards" not in by_type:
        return gold_action
    good = E.useful(me["hand"], me["city"])
    char = view["current_character"]
    if char == "architect":
        return gold_action if good else by_type["draw_cards"][0]
    if not good or (len(good) == 1 and me["gold"] >= E.cost(good[0]) + 2):
        return by_type["draw_cards"][0]
    return gold_action


def _main(view: View, me: dict[str, Any], by_type: dict[str, list[Action]],
          legal: Sequence[Action]) -> Action:
    char = view["current_character"]
    first = DC.main_first(view, me, by_type)
    if first is None:
        first = _own(view, me, by_type)
    if first is not None:
        return first
    if "assassinate" in by_type:
        return _assassinate(view, me, _of(Assassinate, by_type["assassinate"]))
    if "steal" in by_type:
        return _steal(view, me, _of(Steal, by_type["steal"]))
    if "swap_hands" in by_type:
        move = _magic(view, me, _of(SwapHands, by_type["swap_hands"]), legal)
        if move is not None:
            return move
    builds = _of(Build, by_type.get("build", []))
    best = max(builds, key=lambda a: (E.district_worth(a.district, me["city"]), a.district),
               default=None)
    if "collect_income" in by_type:
        # Build first if the new district pays income too; otherwise collect first: it may
        # afford a better district.
        pays = best is not None and (E.income([*me["city"], best.district], char)
                                     > E.income(me["city"], char))
        if not pays:
            return by_type["collect_income"][0]
    if best is not None:
        return best
    if "collect_income" in by_type:
        return by_type["collect_income"][0]
    last = DC.main_last(view, me, by_type)
    if last is not None:
        return last
    if "destroy" in by_type:
        move = _destroy(view, me, _of(Destroy, by_type["destroy"]))
        if move is not None:
            return move
    if "use_laboratory" in by_type:
        move = _laboratory(me, _of(UseLaboratory, by_type["use_laboratory"]))
        if move is not None:
            return move
    if "use_smithy" in by_type and me["gold"] >= 4 and len(E.useful(me["hand"], me["city"])) <= 1:
        return by_type["use_smithy"][0]
    return by_type["end_turn"][0]


def _own(view: View, me: dict[str, Any], by_type: dict[str, list[Action]]) -> Action | None:
    """A character's own action its record chooses now, if any."""
    for kind, options in by_type.items():
        if kind not in KNOWN_TYPES:
            choose = E.chooser(kind)
            move = choose(view, me, options) if choose is not None else None
            if move is not None:
                return move
    return None


def _threats(view: View, me: str) -> dict[str, float]:
    """How dangerous each opponent is, relative to the others (0 = least)."""
    st = E.view_standings(view)
    low = min(st.values())
    return {p: st[p] - low + 1.0 for p in sorted(st) if p != me}


def _assassinate(view: View, me: dict[str, Any], options: list[Assassinate]) -> Action:
    beliefs = E.holder_beliefs(view)
    threat = _threats(view, me["id"])
    mine = set(me.get("characters", []))

    def harm(c: str) -> float:
        if c in mine:
            return -100.0
        total = 0.0
        for seat, probs in sorted(beliefs.items()):
            p = probs.get(c, 0.0)
            if p:
                other = _others(view, seat)
                vals = E.character_values(E.seat_entry(view, seat), other, view["city_size"], None)
                total += p * threat[seat] * max(0.5, vals[c])
        return total

    return max(options, key=lambda a: (harm(a.character), a.character))


def _steal(view: View, me: dict[str, Any], options: list[Steal]) -> Action:
    beliefs = E.holder_beliefs(view)
    mine = set(me.get("characters", []))

    def loot(c: str) -> float:
        if c in mine:
            return -100.0
        total = 0.0
        for seat, probs in sorted(beliefs.items()):
            entry = E.seat_entry(view, seat)
            gain = entry["gold"] + 2 + E.income(entry["city"], c) + (c == "merchant")
            total += probs.get(c, 0.0) * gain
        return total

    return max(options, key=lambda a: (loot(a.character), a.character))


def _magic(view: View, me: dict[str, Any], swaps: list[SwapHands],
           legal: Sequence[Action]) -> Action | None:
    hand = me["hand"]
    good = E.useful(hand, me["city"])
    target = max(swaps, key=lambda a: (E.seat_entry(view, a.player)["hand_size"], a.player))
    theirs = E.seat_entry(view, target.player)["hand_size"]
    if theirs >= len(hand) + 2 or (not good and theirs >= 1 and theirs >= len(hand)):
        return target
    # Otherwise trade away what I cannot use: built already, duplicated, or far too dear.
    junk, seen = [], set()
    for d in sorted(hand):
        if d in me["city"] or d in seen or E.cost(d) > me["gold"] + 6:
            junk.append(d)
        seen.add(d)
    if not junk or view["deck_size"] < len(junk):  # it would draw some of its junk back
        return None
    move = citadels.Action.parse({"type": "discard_and_draw", "districts": junk})
    return move if move in legal else None


def _destroy(view: View, me: dict[str, Any], options: list[Destroy]) -> Action | None:
    threat = _threats(view, me["id"])
    complete = view["city_size"]
    gold = me["gold"]
    best, best_score = None, 0.0
    for a in options:
        if a.player == me["id"]:
            continue
        owner = E.seat_entry(view, a.player)
        price = E.destroy_cost(owner["city"], a.district)
        urgent = len(owner["city"]) >= complete - 1
        if price > (gold if urgent else min(2, gold - 2)) and price > 0:
            continue
        score = threat[a.player] * (3.0 if urgent else 1.0) + E.cost(a.district) - 1.5 * price
        if score > best_score:
            best, best_score = a, score
    return best


def _laboratory(me: dict[str, Any], options: list[UseLaboratory]) -> Action | None:
    hand = me["hand"]
    for a in options:
        if a.district in me["city"] or hand.count(a.district) > 1:
            return a
    if len(hand) >= 4:
        return max(options, key=lambda a: (E.cost(a.district), a.district))
    return None
