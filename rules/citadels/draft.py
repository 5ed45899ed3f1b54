"""The character draft (rulebook: "Fase de Selección", and the 2-, 3- and 7-player procedures)."""

from __future__ import annotations

from functools import cache
from typing import Literal

from . import rng
from .actions import DISCARD, PICK, Action
from .cards import (
    DRAFT,
    DRAFT_NINE,
    DRAFT_STEPS,
    DRAFT_STEPS_NINE,
    LAST_TAKES_FACEDOWN,
    LAST_TAKES_FACEDOWN_NINE,
    RANDOM_DISCARD_AFTER,
    RANK,
)
from .errors import IllegalAction
from .powers import POWERS
from .state import GameState, draft_step
from .tx import Work, emit, removed

Step = tuple[int, Literal["pick", "discard"]]  # (seat offset from the crown, kind)


@cache
def sequence(n: int, nine: bool = False) -> tuple[Step, ...]:
    """Who decides at each draft step, as seat offsets from the crowned player: the data's
    steps (2 players: each keeps 1 and discards 1 of what is passed; the last discard, of the
    one card left, is forced and no step), else each seat picks in turn, round after round.
    `nine`: the cast has 9 characters (the Dark City tables)."""
    steps = DRAFT_STEPS_NINE if nine else DRAFT_STEPS
    if n in steps:
        return tuple((offset, "pick" if kind == "pick" else "discard")
                     for offset, kind in steps[n])
    rounds = (DRAFT_NINE if nine else DRAFT)[n][2]
    return tuple((i, "pick") for _ in range(rounds) for i in range(n))


def facedown_step(n: int, nine: bool = False) -> int | None:
    """The draft step whose chooser also gets the face-down card (with 7 players, or 8 with
    9 characters, the last: the data's `last_takes_facedown`); None when nobody does."""
    return n - 1 if n in (LAST_TAKES_FACEDOWN_NINE if nine else LAST_TAKES_FACEDOWN) else None


def random_discard_step(n: int, nine: bool) -> int | None:
    """The step before which one card of the pool is discarded face down at random (3 players
    with 9 characters: after the third pick); None for the other drafts."""
    return RANDOM_DISCARD_AFTER.get(n) if nine else None


def chooser(s: GameState) -> tuple[str, str]:
    """(player id, 'pick' or 'discard') of the draft's current step."""
    offset, kind = sequence(len(s.players), len(s.cast) == 9)[s.draft_step]
    return s.players[(s.seat[s.crown] + offset) % len(s.players)].id, kind


@cache
def faceup_split(cast: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cast's characters that may be discarded face up, and those that never are (the
    King, the Emperor)."""
    return (tuple(c for c in cast if not POWERS[c].never_faceup),
            tuple(c for c in cast if POWERS[c].never_faceup))


def start_round(s: Work) -> None:
    """Clear the last round and deal the characters: face-up, face-down, the rest to the crown."""
    cast = s.cast
    faceup_n, facedown_n, _ = (DRAFT_NINE if len(cast) == 9 else DRAFT)[len(s.players)]
    # The King may never be face up: face-up cards come from the others (same odds as
    # drawing again and shuffling him back), then the face-down card from all that remain.
    # Only the cards set aside are drawn: the chooser's hand is sorted anyway.
    ok, never = faceup_split(cast)
    others = list(ok)
    state = rng.shuffle(s.rng, others, faceup_n)
    faceup = sorted(others[:faceup_n], key=RANK.__getitem__)
    rest = others[faceup_n:] + list(never)
    state = rng.shuffle(state, rest, facedown_n)
    s.rng = state
    s.faceup, s.facedown = faceup, rest[:facedown_n]
    s.draft_pool = sorted(rest[facedown_n:], key=RANK.__getitem__)
    s.draft_step, s.draft_history = 0, []
    s.phase, s.current, s.murdered, s.robbed = "draft", None, None, None
    s.holders, s.revealed, s.absent = {}, [], []
    if cast != CLASSIC:  # the Dark City round state (a Classic game never sets it)
        _clear_dark_round(s)
    emit(s, "round_started", None, {"round": s.round, "crown": s.crown, "faceup": faceup})
    _offer(s)


CLASSIC = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")


def _clear_dark_round(s: Work) -> None:
    s.bewitched, s.resumed, s.restricted, s.tax_collector = None, False, False, None
    s.assassin_built, s.crowned_by_emperor = False, None


@cache
def _steps(n: int, nine: bool) -> tuple[tuple[int, str, bool, bool], ...]:
    """sequence(n, nine) with, for each step, whether a card of the pool is discarded at random
    before it (random_discard_step) and whether its chooser also gets the face-down card
    (facedown_step): what _offer asks at every pick, in one look-up."""
    rnd, last = random_discard_step(n, nine), facedown_step(n, nine)
    return tuple((offset, kind, i == rnd, i == last)
                 for i, (offset, kind) in enumerate(sequence(n, nine)))


def _offer(s: Work) -> None:
    """Announce the next chooser, who may also get the face-down card (facedown_step)."""
    players = s.players
    n = len(players)
    offset, kind, discard_first, facedown = _steps(n, len(s.cast) == 9)[s.draft_step]
    if discard_first:
        s.rng, k = rng.below(s.rng, len(s.draft_pool))
        gone = s.draft_pool[k]
        s.draft_pool, s.facedown = removed(s.draft_pool, gone), [*s.facedown, gone]
        emit(s, "character_discarded_at_random", None, {})
    if facedown:
        s.draft_pool = sorted(s.draft_pool + s.facedown, key=RANK.__getitem__)
        s.facedown = []
    seat = players[(s.seat[s.crown] + offset) % n].id  # chooser(s)
    s.awaiting = seat
    # Event data shares the state's lists, which are never changed in place.
    emit(s, "draft_turn", seat, {"kind": kind}, {seat: {"options": s.draft_pool}})


def offer_table(s: GameState) -> dict[str, Action]:
    """The actions of this draft step by character: picks, or the 2-player discards."""
    return offers(len(s.players), len(s.cast) == 9, s.draft_step)


def offers(n: int, nine: bool, step: int) -> dict[str, Action]:
    """offer_table from the fields it depends on (random_action reads them in a dict)."""
    return PICK if _steps(n, nine)[step][1] == "pick" else DISCARD


def legal(s: GameState) -> list[Action]:
    table = offer_table(s)
    return [table[c] for c in s.draft_pool]


def choose(s: Work, seat: str, character: str, kind: Literal["pick", "discard"]) -> bool:
    """Apply a pick or discard; return True when the draft is over."""
    n = len(s.players)
    steps = sequence(n, len(s.cast) == 9)
    step_no = s.draft_step
    want = steps[step_no][1]
    if kind != want:
        raise IllegalAction(f"this draft step is a {want}, not a {kind}")
    offered = s.draft_pool
    if character not in offered:
        raise IllegalAction(f"{character!r} is not among the characters offered")
    s.draft_pool = removed(offered, character)
    step = draft_step(seat, kind, offered, character)
    s.draft_history = [*s.draft_history, step]
    if kind == "pick":
        s.holders = {**s.holders, character: seat}
    else:
        s.facedown = [*s.facedown, character]
    emit(s, "character_" + ("picked" if kind == "pick" else "discarded"), seat, {},
         {seat: {"character": character}})
    s.draft_step = step_no + 1
    if step_no + 1 < len(steps):
        _offer(s)
        return False
    # What nobody kept is discarded face down.
    s.facedown = s.facedown + s.draft_pool
    s.draft_pool = []
    return True
