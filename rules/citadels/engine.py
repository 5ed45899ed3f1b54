"""The public entry points: new_game, to_act, legal_actions, apply."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.kernel.tx import construct

from . import cast, draft, pending, rng, turns
from .actions import (
    ACTION_TYPES,
    GRAVEYARD_NO,
    GRAVEYARD_YES,
    Action,
    DiscardCharacter,
    EndTurn,
    Graveyard,
    PickCharacter,
)
from .cards import CITY_SIZE, MAX_PLAYERS, MIN_PLAYERS
from .errors import IllegalAction
from .events import Event
from .scoring import decide_winner
from .state import GameState, Options, Player
from .tx import Work, begin, done, emit


def new_game(player_ids: list[str], seed: int, options: Options | None = None) -> GameState:
    """Shuffle, deal 4 cards and 2 gold each, give the crown to the first seat, open the draft."""
    ids = list(player_ids)
    if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
        raise ValueError(f"Citadels needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(ids)}")
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i for i in ids):
        raise ValueError("player ids must be distinct non-empty strings")
    options = Options() if options is None else Options.model_validate(options)
    cast.check_players(options, len(ids))  # InvalidOptions (a ValueError) if barred
    deck = list(cast.deck(options))
    state = rng.shuffle(rng.seed_state(seed), deck)
    # Everything here is checked above or made here: validating it again would cost more
    # than a random game's first dozen actions.
    players = [construct(Player, {"id": seat, "gold": 2, "hand": deck[4 * i:4 * i + 4]})
               for i, seat in enumerate(ids)]
    city_size = options.city_size or CITY_SIZE[len(ids)]
    s = construct(GameState, {
        "players": players, "deck": deck[4 * len(ids):], "crown": ids[0], "options": options,
        "city_size": city_size, "rng": state, "cast": cast.cast(options)})
    work = begin(s)
    draft.start_round(work)
    return done(work)


def to_act(state: GameState) -> list[str]:
    """The players who must decide now: one at a time in Citadels; [] once the game is over."""
    awaiting = state.awaiting
    return [awaiting] if awaiting is not None else []


def legal_actions(state: GameState, seat: str) -> list[Action]:
    """Every action `seat` may take now; [] if it has nothing to decide."""
    s = state
    if seat != s.awaiting:
        return []
    if s.phase == "draft":
        return draft.legal(s)
    if s.graveyard_card is not None:
        return [GRAVEYARD_YES, GRAVEYARD_NO]
    if s.pending is not None:
        return pending.legal(s, seat)
    return turns.legal(s, seat)


def random_action(state: GameState, seat: str, rng: random.Random) -> Action | None:
    """An action drawn uniformly from legal_actions(state, seat), without listing them all.

    The Magician's discard_and_draw options grow as 2^hand, so random playouts use this.
    It draws with one rng.random(), a C call (rng.choice makes three Python calls).
    """
    # Read in the state's field dict: a model's attribute reads take CPython's slow path.
    fields = state.__dict__
    if seat != fields["awaiting"]:
        return None
    if fields["phase"] == "draft":
        pool = fields["draft_pool"]
        table = draft.offers(len(fields["players"]), len(fields["cast"]) == 9,
                             fields["draft_step"])
        return table[pool[int(rng.random() * len(pool))]]
    if fields["graveyard_card"] is not None:
        return GRAVEYARD_YES if rng.random() < 0.5 else GRAVEYARD_NO
    if fields["pending"] is not None:
        options = pending.legal(state, seat)
        return options[int(rng.random() * len(options))]
    return turns.sample(state, fields, seat, rng.random())


def apply(state: GameState, seat: str, action: Action | dict[str, Any]
          ) -> tuple[GameState, list[Event]]:
    """Return the state after `seat`'s action and what happened; the input is never changed.

    Raises IllegalAction, and changes nothing, for anything the rules do not allow now.
    """
    # The class first: isinstance with a model class (ABCMeta's check) costs more.
    if type(action) in _ACTION_CLASSES:
        act: Action = action  # type: ignore[assignment]  # an Action: its class is one
    else:
        act = Action.parse(action)
    s = begin(state)  # a clone: its checks below read plain attributes, not the model's
    if s.finished:
        raise IllegalAction("the game is over")
    if seat != s.awaiting:
        raise IllegalAction(f"it is not {seat!r}'s decision now (waiting for {s.awaiting})")
    # Whoever decides next is set (`awaiting`) where the decision passes: the draft's next
    # chooser, a character's reveal, a Graveyard offer and its answer, the end of the game.
    kind = type(act)  # dispatch on the class: reading act.type is a slow model read
    if s.phase == "draft":
        # type(act), not kind: mypy narrows act on it (and a tuple isinstance goes via ABCMeta)
        if type(act) is not PickCharacter and type(act) is not DiscardCharacter:
            raise IllegalAction(f"{act.type} is not possible during the character draft")
        if draft.choose(s, seat, act.character,
                        "pick" if kind is PickCharacter else "discard"):
            s.phase = "turns"
            _next_character(s)
    elif s.graveyard_card is not None:
        if kind is not Graveyard:
            raise IllegalAction("the Graveyard's owner must decide first")
        turns.graveyard(s, seat, act)
    elif s.pending is not None:
        pending.apply(s, seat, act)
    else:
        handler = TURN_HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"{act.type} is not possible during a turn")
        handler(s, seat, act)
    if s.pending is not None:
        _settle(s, seat)
    events = s.events
    return done(s), events


# Every action class: apply's quick test that an action needs no parsing.
_ACTION_CLASSES = frozenset(ACTION_TYPES)


def _end_turn(s: Work, seat: str, act: Action) -> None:
    turns.main_phase(s)
    turns.end_of_turn(s, seat)
    _turn_over(s, seat)


def _turn_over(s: Work, seat: str) -> None:
    emit(s, "turn_ended", seat, {"character": s.current})
    if not turns.resume_witch(s):
        _next_character(s)


def _settle(s: Work, seat: str) -> None:
    """A turn stopped at once ("end": the Witch's, an action-only one, a forgotten greeting)
    or a round's end that may go on ("round_over", after the murdered Emperor's crown)."""
    if s.pending == "end":
        s.pending = None
        _turn_over(s, seat)
    elif s.pending == "round_over":
        s.pending = None
        _close_round(s, turns.round_over(s))


# Every action of the turn phase by class (end_turn lives here: it calls the next character).
TURN_HANDLERS: dict[type[Action], Callable[[Work, str, Action], None]] = {
    **turns.HANDLERS, EndTurn: _end_turn,
}


def _next_character(s: Work) -> None:
    if turns.call_next(s):
        return
    over = turns.end_round(s)
    if over is not None:
        _close_round(s, over)


def _close_round(s: Work, over: bool) -> None:
    if over:
        s.phase, s.finished, s.awaiting = "over", True, None
        s.winner = decide_winner(s)
        emit(s, "game_over", s.winner, {})
        return
    s.round += 1
    draft.start_round(s)
