"""Sampling a full state consistent with one player's view (for information-set search).

Everything is rebuilt from `view(state, seat)` alone, so two states that look the same to
`seat` give the same result for the same generator state. Hidden cards (other hands, the deck,
cards another player is choosing among) are re-dealt from the unseen ones; hidden characters are
re-assigned so that every draft offer `seat` saw, every reveal, every absence and the murder stay
as `seat` observed them. Not modelled: `seat`'s memory of cards seen in an earlier Magician swap
or sent to the bottom of the deck.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import cast
from .cards import DRAFT, DRAFT_NINE, RANK
from .districts import TURN_FLAGS
from .draft import facedown_step, random_discard_step, sequence
from .state import DraftStep, GameState, Options, Player
from .views import view


@dataclass
class _Slot:
    name: str
    present: frozenset[int]  # draft steps at which its card was in the chooser's hands
    owner: str | None = None  # the player who picked it, if anyone
    either: bool = False  # 7 players: picked by the 7th or discarded, decided later
    allowed: list[str] = field(default_factory=list)


def determinize(state: GameState, seat: str | None, rng: random.Random) -> GameState:
    """A state consistent with `seat`'s view; for None, with the public view (a spectator's)."""
    return from_view(view(state, seat), rng)


def from_view(v: dict[str, Any], rng: random.Random) -> GameState:
    seat: str | None = v["you"]
    chars = _characters(v, rng)
    hands = _deal(v, rng)
    players = []
    for p in v["players"]:
        players.append(Player(id=p["id"], gold=p["gold"], city=list(p["city"]),
                              hand=hands[p["id"]], museum=hands["museum:" + p["id"]],
                              beautified=list(p["beautified"])))
    turn = v["turn"] or {}
    state = GameState(
        players=players, deck=hands["__deck__"], crown=v["crown"], round=v["round"],
        finished=v["finished"], winner=v["winner"], options=Options(**v["options"]),
        city_size=v["city_size"], phase=v["phase"],
        faceup=list(v["faceup_discards"]), facedown=chars["facedown"],
        draft_pool=chars["pool"], draft_step=(v["draft"] or {}).get("step_index", 0),
        draft_history=chars["history"], current=v["current_character"],
        holders=chars["holders"],
        murdered=v["murdered"], robbed=v["robbed"], revealed=list(v["revealed"]),
        absent=list(v["absent"]), gathered=turn.get("gathered", False),
        drawn=hands["__drawn__"], builds_left=turn.get("builds_left", 0),
        income_taken=turn.get("income_taken", False), power_used=turn.get("power_used", False),
        graveyard_card=v["graveyard_card"],
        first_complete=v["first_complete"], rng=rng.getrandbits(64),
        awaiting=v["to_act"][0] if v["to_act"] else None,
        cast=tuple(v["cast"]), pending=v["pending"], bewitched=v["bewitched"],
        resumed=v["resumed"], restricted=v["restricted"], tax_collector=v["tax_collector"],
        assassin_built=v["assassin_built"], crowned_by_emperor=v["crowned_by_emperor"],
        tribute_from=v["tribute_from"], wizard_target=v["wizard_target"],
        bell_tower=v["bell_tower"], built=turn.get("built", 0),
        build_spent=turn.get("build_spent", 0), beautified_now=turn.get("beautified_now", 0),
    )
    assert seat is None or seat in (p.id for p in players)
    # The unique districts' once-a-turn flags (laboratory_used...).
    return state.model_copy(update={flag: turn.get(flag, False) for flag in TURN_FLAGS})


# --- cards ----------------------------------------------------------------------------------

def _deal(v: dict[str, Any], rng: random.Random) -> dict[str, list[str]]:
    """Others' hands, the deck and another player's drawn cards, re-dealt from unseen cards."""
    seat = v["you"]
    unseen = Counter(cast.deck(Options(**v["options"])))
    nobody: dict[str, Any] = {"hand": [], "museum": []}  # a spectator holds nothing
    me = next((p for p in v["players"] if p["id"] == seat), nobody)
    seen = list(me["hand"]) + list(me["museum"]) + [d for p in v["players"] for d in p["city"]]
    turn = v["turn"] or {}
    seen += turn.get("drawn", [])
    if v["graveyard_card"]:
        seen.append(v["graveyard_card"])
    # What `seat` sees now of another hand (the Wizard's look) or of the deck (the Lighthouse).
    looked, target = v.get("looked_at"), v["wizard_target"]
    seen += (looked or []) + v.get("deck", [])
    unseen.subtract(seen)
    pile = sorted(unseen.elements())
    rng.shuffle(pile)
    out: dict[str, list[str]] = {}
    if seat is not None:
        out.update({seat: list(me["hand"]), "museum:" + seat: list(me["museum"])})
    for p in v["players"]:
        if p["id"] != seat:
            if looked is not None and p["id"] == target:
                out[p["id"]] = list(looked)
            else:
                out[p["id"]], pile = pile[:p["hand_size"]], pile[p["hand_size"]:]
            out["museum:" + p["id"]], pile = pile[:p["museum_count"]], pile[p["museum_count"]:]
    if "deck" in v:  # the deck is `seat`'s to look through: it holds exactly those cards
        pile = pile + list(v["deck"])
        rng.shuffle(pile)
    if turn.get("drawn"):
        out["__drawn__"] = list(turn["drawn"])
    else:
        n = turn.get("drawn_count", 0)
        out["__drawn__"], pile = pile[:n], pile[n:]
    out["__deck__"] = pile
    return out


# --- characters -----------------------------------------------------------------------------

def _characters(v: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    seat = v["you"]
    n = len(v["players"])
    order, nine = v["cast"], len(v["cast"]) == 9
    seq = sequence(n, nine)
    history = v["draft_history"]
    drafting = v["phase"] == "draft"
    cur = v["draft"]["step_index"] if drafting else len(seq)
    mine = {i: h for i, h in enumerate(history) if h["player"] == seat}
    options = v["draft"].get("options") if drafting else None  # `seat` is choosing now
    # With 7 players the last chooser gets the leftover L and the face-down card I.
    last = facedown_step(n, nine)
    pair: list[str] | None = None
    if last is not None and cur >= last:
        pair = mine[last]["offered"] if last in mine else options
    seven = last is not None and cur >= last and pair is None

    slots: list[_Slot] = []
    for i, h in enumerate(history):
        if h["player"] != seat and not (seven and i == last):
            owner = h["player"] if h["kind"] == "pick" else None
            slots.append(_Slot(f"step{i}", frozenset(range(i + 1)), owner))
    if seven and last is not None:
        slots.append(_Slot("L", frozenset(range(last + 1)), either=True))
        slots.append(_Slot("I", frozenset({last}), either=True))
    elif pair is None:
        slots.append(_Slot("init", frozenset()))
    if drafting and options is None and not seven:
        slots += [_Slot(f"pool{k}", frozenset(range(cur + 1)))
                  for k in range(v["draft"]["pool_size"])]
    # 3 players, 9 characters: the card discarded at random before the 4th step.
    rnd = random_discard_step(n, nine)
    if rnd is not None and cur >= rnd:
        slots.append(_Slot("random", frozenset(range(rnd))))
    if not drafting and last is None:
        slots += [_Slot(f"leftover{k}", frozenset(range(len(seq))))
                  for k in range(_leftovers(n, nine))]

    known = {h["chosen"] for h in mine.values()} | set(options or ()) | set(pair or ())
    unknown = [c for c in order if c not in v["faceup_discards"] and c not in known]
    revealed_by = {p["id"]: set(p["revealed"]) for p in v["players"]}
    all_revealed = set(v["revealed"])
    called = _called_rank(v)
    for slot in slots:
        slot.allowed = [c for c in unknown if _fits(c, slot, mine, revealed_by, all_revealed,
                                                  called, v["murdered"])]
    seven_owner = (history[last]["player"] if seven and last is not None
                   and len(history) > last else None)
    assignment = _solve(slots, rng, seven_owner, revealed_by, called, v["murdered"], seat)
    if seven:
        init = assignment["I"]
    elif pair is None:
        init = assignment["init"]
    else:  # `seat` saw both: either labelling replays the same, so take a fixed one
        kept = mine[last]["chosen"] if last is not None and last in mine else None
        init = max((c for c in pair if c != kept), key=RANK.__getitem__)
    return _assemble(v, assignment, mine, init, seven)


def _leftovers(n: int, nine: bool) -> int:
    """Cards left face down after the draft's last step (2 with 2 players and 9 characters)."""
    faceup, facedown, _ = (DRAFT_NINE if nine else DRAFT)[n]
    dealt = (9 if nine else 8) - faceup - facedown
    return dealt - len(sequence(n, nine)) - (random_discard_step(n, nine) is not None)


def _called_rank(v: dict[str, Any]) -> int:
    if v["phase"] == "over":
        return 99
    if v["phase"] == "turns" and v["current_character"]:
        return RANK[v["current_character"]]
    return 0


def _fits(c: str, slot: _Slot, mine: dict[int, dict[str, Any]], revealed_by: dict[str, set[str]],
          all_revealed: set[str], called: int, murdered: str | None) -> bool:
    # Every offer `seat` saw contained exactly the cards still in the chooser's hands then.
    for i, h in mine.items():
        if (c in h["offered"]) != (i in slot.present):
            return False
    if slot.either:
        return True
    if slot.owner is None:
        return c not in all_revealed
    return _may_hold(c, slot.owner, revealed_by, called, murdered)


def _may_hold(c: str, owner: str, revealed_by: dict[str, set[str]], called: int,
              murdered: str | None) -> bool:
    """Could owner hold c, given the characters called so far this round?"""
    if c in revealed_by[owner]:
        return True
    if any(c in r for r in revealed_by.values()):
        return False
    return RANK[c] > called or c == murdered


def _solve(slots: list[_Slot], rng: random.Random, seven_owner: str | None,
           revealed_by: dict[str, set[str]], called: int, murdered: str | None,
           seat: str | None) -> dict[str, str]:
    order = sorted(slots, key=lambda s: (len(s.allowed), s.name))
    used: set[str] = set()
    out: dict[str, str] = {}

    def complete() -> bool:
        held: dict[str, set[str]] = {}
        for s in slots:
            if s.owner:
                held.setdefault(s.owner, set()).add(out[s.name])
        if seven_owner is not None and seven_owner != seat:
            # The 7th player kept L or I; one of them must fit what he revealed.
            options = [(out["L"], out["I"]), (out["I"], out["L"])]
            rng.shuffle(options)
            for c, other in options:
                if (_may_hold(c, seven_owner, revealed_by, called, murdered)
                        and not any(other in r for r in revealed_by.values())):
                    out["seven"] = c
                    held.setdefault(seven_owner, set()).add(c)
                    break
            else:
                return False
        return all(r <= held.get(q, set()) for q, r in revealed_by.items() if q != seat)

    def search(k: int) -> bool:
        if k == len(order):
            return complete()
        slot = order[k]
        options = [c for c in slot.allowed if c not in used]
        rng.shuffle(options)
        for c in options:
            used.add(c)
            out[slot.name] = c
            if search(k + 1):
                return True
            used.discard(c)
        return False

    if not search(0):
        raise ValueError("no character assignment fits this view")  # a bug, never bad luck
    return out


def _assemble(v: dict[str, Any], a: dict[str, str], mine: dict[int, dict[str, Any]], init: str,
              seven: bool) -> dict[str, Any]:
    """Replay the draft with the sampled cards to rebuild pools, offers, hands and discards."""
    n, nine = len(v["players"]), len(v["cast"]) == 9
    last = facedown_step(n, nine)
    rnd = random_discard_step(n, nine)
    history = v["draft_history"]
    pool = sorted(set(v["cast"]) - set(v["faceup_discards"]) - {init},
                  key=RANK.__getitem__)
    facedown = [init]
    steps: list[DraftStep] = []
    holders: dict[str, str] = {}  # in pick order, as the engine keeps them
    for i, h in enumerate(history):
        if i == rnd:
            pool.remove(a["random"])
            facedown.append(a["random"])
        if i == last:
            pool, facedown = sorted(pool + facedown, key=RANK.__getitem__), []
        if i in mine:
            chosen = h["chosen"]
        elif seven and i == last:
            chosen = a["seven"]
        else:
            chosen = a[f"step{i}"]
        steps.append(DraftStep(player=h["player"], kind=h["kind"], offered=list(pool),
                               chosen=chosen))
        pool.remove(chosen)
        if h["kind"] == "pick":
            holders[chosen] = h["player"]
        else:
            facedown.append(chosen)
    if len(history) == rnd:  # discarded as this step was offered
        pool.remove(a["random"])
        facedown.append(a["random"])
    if v["phase"] != "draft":
        facedown, pool = facedown + pool, []
    elif len(history) == last:
        pool, facedown = sorted(pool + facedown, key=RANK.__getitem__), []
    return {"holders": holders, "facedown": facedown, "pool": pool, "history": steps}
