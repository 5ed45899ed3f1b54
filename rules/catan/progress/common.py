"""What every progress card module shares: the card data (data/progress.json), the handler
types, and small helpers over the board and hands."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .. import board, scoring
from ..actions import Action, PlayProgress
from ..board import TOPOLOGY as T
from ..errors import IllegalAction
from ..state import CARDS, RULES, Decision, GameState
from ..tx import Tx

DATA: dict[str, dict[str, Any]] = json.loads(
    resources.files("rules.catan").joinpath("data/progress.json").read_text("utf-8"))["cards"]
PLAYABLE: frozenset[str] = frozenset(c for c, d in DATA.items() if not d.get("vp"))
ABILITY_LEVEL = int(RULES["ability_level"])


@dataclass(frozen=True)
class Card:
    """A card's legal plays now (what legal_actions lists; [] = it cannot be played) and its
    effect, which checks the play itself (apply accepts any spelling of a legal play)."""

    plays: Callable[[GameState, int], list[PlayProgress]]
    effect: Callable[[Tx, int, PlayProgress], None]


@dataclass(frozen=True)
class Ask:
    """A decision a card raises (§3.5): its legal answers, applying one, and the default."""

    actions: Callable[[GameState, Decision], list[Action]]
    answer: Callable[[Tx, Decision, Action], None]
    default: Callable[[GameState, Decision, random.Random], Action]


def play(card: str, **fields: Any) -> PlayProgress:
    """A play built without validation (every field is known valid; the lists are long)."""
    return PlayProgress.model_construct(card=card, **fields)


# --- parsing ids at the boundary ------------------------------------------------------------

def parsed(parse: Callable[[str], int], text: str | None, what: str) -> int:
    if text is None:
        raise IllegalAction(f"name the {what}")
    try:
        return parse(text)
    except ValueError:
        raise IllegalAction(f"no {what} {text!r} on the board") from None


def node(text: str | None) -> int:
    return parsed(board.parse_node, text, "intersection")


def edge(text: str | None) -> int:
    return parsed(board.parse_edge, text, "path")


def hex_(text: str | None) -> int:
    return parsed(board.parse_hex, text, "hex")


def seat(s: GameState, me: int, name: str | None) -> int:
    """An opponent named at the boundary."""
    found = None if name is None else s.seat_of(name)
    if found is None or found == me:
        raise IllegalAction(f"name an opponent, not {name!r}")
    return found


# --- the board and the hands ------------------------------------------------------------------

def opponents(s: GameState, me: int) -> list[int]:
    """The other seats, in turn order after `me`."""
    n = len(s.seats)
    return [(me + i) % n for i in range(1, n)]


def recount_roads(tx: Tx) -> None:
    """Longest Road after a board change (§8)."""
    old, new = scoring.award_longest_road(tx.s)
    if old != new:
        tx.emit("longest_road", new, taken_from=None if old is None else tx.name(old))


def buildings_hexes(s: GameState, me: int) -> set[int]:
    """Land hexes touching one of `me`'s settlements or cities."""
    return {h for n, b in s.buildings.items() if b.owner == me for h in T.node_hexes[n]}


def hand_list(s: GameState, who: int) -> list[str]:
    cards = s.players[who].cards
    return [c for c in CARDS for _ in range(cards[c])]


def random_pick(s: GameState, who: int, count: int, r: random.Random) -> dict[str, int]:
    """`count` cards drawn at random from a hand (all of them if fewer), as a multiset."""
    hand = hand_list(s, who)
    picked = r.sample(hand, min(count, len(hand)))
    return {c: picked.count(c) for c in sorted(set(picked))}


def single_cards(s: GameState, who: int, allowed: tuple[str, ...] = CARDS) -> list[dict[str, int]]:
    """One card of each type `who` holds: the listed answers of a card-choosing decision
    (apply takes any multiset of the right size or less, like a discard)."""
    cards = s.players[who].cards
    return [{c: 1} for c in allowed if cards[c]]
