"""The public entry points: new_game, to_act, legal_actions, apply."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import draft, rng, turns
from .actions import GRAVEYARD_NO, GRAVEYARD_YES, Action, nth_discard_and_draw
from .cards import DECK, MAX_PLAYERS, MIN_PLAYERS
from .errors import IllegalAction
from .events import Event
from .scoring import decide_winner
from .state import GameState, Options, Player, build
from .tx import Tx, reader


def new_game(player_ids: list[str], seed: int, options: Options | None = None) -> GameState:
    """Shuffle, deal 4 cards and 2 gold each, give the crown to the first seat, open the draft."""
    ids = list(player_ids)
    if not MIN_PLAYERS <= len(ids) <= MAX_PLAYERS:
        raise ValueError(f"Citadels needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(ids)}")
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i for i in ids):
        raise ValueError("player ids must be distinct non-empty strings")
    options = Options() if options is None else Options.model_validate(options)
    deck = list(DECK)
    state = rng.shuffle(rng.seed_state(seed), deck)
    # Everything here is checked above or made here: validating it again would cost more
    # than a random game's first dozen actions.
    players = [build(Player, id=pid, gold=2, hand=deck[4 * i:4 * i + 4])
               for i, pid in enumerate(ids)]
    city_size = options.city_size or (8 if len(ids) <= 3 else 7)
    s = build(GameState, players=players, deck=deck[4 * len(ids):], crown=ids[0],
              options=options, city_size=city_size, rng=state)
    tx = Tx(s)
    draft.start_round(tx)
    return tx.done()


def to_act(state: GameState) -> list[str]:
    """The players who must decide now: one at a time in Citadels; [] once the game is over."""
    awaiting = state.awaiting
    return [awaiting] if awaiting is not None else []


def legal_actions(state: GameState, pid: str) -> list[Action]:
    """Every action pid may take now; [] if pid has nothing to decide."""
    s = reader(state)
    if pid != s.awaiting:
        return []
    if s.phase == "draft":
        return draft.legal(s)
    if s.graveyard_card is not None:
        return [GRAVEYARD_YES, GRAVEYARD_NO]
    return turns.legal(s, pid)


def random_action(state: GameState, pid: str, rng: random.Random) -> Action | None:
    """An action drawn uniformly from legal_actions(state, pid), without listing them all.

    The Magician's discard_and_draw options grow as 2^hand, so random playouts use this.
    """
    s = reader(state)
    if pid != s.awaiting:
        return None
    if s.phase == "draft":
        return rng.choice(draft.legal(s))
    if s.graveyard_card is not None:
        return rng.choice([GRAVEYARD_YES, GRAVEYARD_NO])
    listed = turns.legal(s, pid, discards=False)
    discards = turns.discard_count(s, pid) if s.current == "magician" else 0
    if not discards:
        return rng.choice(listed)  # the same draw as randrange(len(listed)), one call fewer
    i = rng.randrange(len(listed) + discards)
    if i < len(listed):
        return listed[i]
    return nth_discard_and_draw(s.player(pid).hand, i - len(listed))


def apply(state: GameState, pid: str, action: Action | dict[str, Any]
          ) -> tuple[GameState, list[Event]]:
    """Return the state after pid's action and what happened; the input is never changed.

    Raises IllegalAction, and changes nothing, for anything the rules do not allow now.
    """
    act = action if isinstance(action, Action) else Action.parse(action)
    tx = Tx(state)  # a clone: its checks below read plain attributes, not the model's
    s = tx.s
    if s.finished:
        raise IllegalAction("the game is over")
    if pid != s.awaiting:
        raise IllegalAction(f"it is not {pid!r}'s decision now (waiting for {s.awaiting})")
    # Whoever decides next is set (`awaiting`) where the decision passes: the draft's next
    # chooser, a character's reveal, a Graveyard offer and its answer, the end of the game.
    if s.phase == "draft":
        _draft_action(tx, pid, act)
    elif s.graveyard_card is not None:
        turns.check(act.type == "graveyard", "the Graveyard's owner must decide first")
        turns.graveyard(tx, pid, act)
    else:
        handler = TURN_HANDLERS.get(act.type)
        if handler is None:
            raise IllegalAction(f"{act.type} is not possible during a turn")
        handler(tx, pid, act)
    return tx.done(), tx.events


def _draft_action(tx: Tx, pid: str, act: Action) -> None:
    if act.type not in ("pick_character", "discard_character"):
        raise IllegalAction(f"{act.type} is not possible during the character draft")
    kind = "pick" if act.type == "pick_character" else "discard"
    if draft.choose(tx, pid, act.character, kind):  # type: ignore[attr-defined]
        tx.s.phase = "turns"
        _next_character(tx)


def _end_turn(tx: Tx, pid: str, act: Action) -> None:
    turns.main_phase(tx.s)
    tx.emit("turn_ended", pid, {"character": tx.s.current})
    _next_character(tx)


# Every action of the turn phase by type (end_turn lives here: it calls the next character).
TURN_HANDLERS: dict[str, Callable[[Tx, str, Action], None]] = {
    **turns.HANDLERS, "end_turn": _end_turn,
}


def _next_character(tx: Tx) -> None:
    if turns.call_next(tx):
        return
    if turns.end_round(tx):
        s = tx.s
        s.phase, s.finished, s.awaiting = "over", True, None
        s.winner = decide_winner(s)
        tx.emit("game_over", s.winner, {})
        return
    tx.s.round += 1
    draft.start_round(tx)
