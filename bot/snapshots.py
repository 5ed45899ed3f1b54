"""One game state's views, legal actions and waiting seats, each computed once.

A change is shown many times over: the table's text and its picture, its round, the mention
and its quick move, the clicker's panel and its picture of places, the computers, the timers
and the next decision's key all read the same state. `GameRecord.rules` answers every question
about the record's own state from that state's `Snapshot`, so each is asked of the engine
once per change, whoever asks first; a question about any other state (the move being
applied, the AI's search) goes to the game itself. The engines stay pure: the memo lives here,
keyed by the state object (a state is never changed in place: `Game.apply` returns a new
one), for the states asked about most recently in this process (`KEPT`).

What is handed out is shared: the views are the engine's JSON, which nobody may change (the
tests check the UIs leave them whole); the lists are copies, cheap and safe to sort.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rules.game import JSON, Game

# The questions answered from a snapshot: Game's methods of (state, *args) whose answers depend
# on the state alone.
VIEWS = ("view", "public_view", "private_view")
LISTS = ("legal_actions", "to_act", "must_decide")
SCALARS = ("decision_key",)
KEPT = 256  # states whose snapshots are kept, the most recently asked about (about 100 KB
#   each, its state included: seconds of changes at 200 games, enough to share within one)


class Snapshot:
    """The answers about one state, each computed on the first question."""

    __slots__ = ("answers", "rules", "state")

    def __init__(self, rules: Game[Any, Any], state: Any) -> None:
        self.rules = rules
        self.state = state
        self.answers: dict[tuple[str, tuple[Any, ...]], Any] = {}

    @staticmethod
    def of(rules: Game[Any, Any], state: Any) -> Snapshot:
        """The snapshot of `state` under `rules` (made now if none is kept)."""
        found = rules_of(rules, state)
        return found.snapshot if isinstance(found, SnapshotRules) else Snapshot(rules, state)

    def ask(self, name: str, *args: Any) -> Any:
        key = _same_as_view(self.rules, name, args) or (name, args)
        if key not in self.answers:
            self.answers[key] = getattr(self.rules, key[0])(self.state, *key[1])
        return self.answers[key]

    @property
    def public(self) -> JSON:
        """The public view (the table's, the pictures', the mentions')."""
        view: JSON = self.ask("public_view")
        return view

    def view(self, seat: str | None) -> JSON:
        view: JSON = self.ask("view", seat)
        return view

    def legal(self, seat: str) -> list[Any]:
        return list(self.ask("legal_actions", seat))


def _same_as_view(rules: Game[Any, Any], name: str, args: tuple[Any, ...]
                  ) -> tuple[str, tuple[Any, ...]] | None:
    """`view`'s question when `name` is Game's own public_view or private_view, which ask it:
    one view per seat however it is asked."""
    if name == "public_view" and type(rules).public_view is Game.public_view:
        return "view", (None,)
    if name == "private_view" and type(rules).private_view is Game.private_view:
        return "view", args
    return None


class SnapshotRules:
    """A game's rules that answer about one state from its snapshot: what `GameRecord.rules`
    hands out. Every other question, and these about another state, are the game's own."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.game = snapshot.rules
        for name in (*VIEWS, *LISTS, *SCALARS):
            setattr(self, name, self._answer(name, list if name in LISTS else None))

    def _answer(self, name: str, copy: Callable[[Any], Any] | None) -> Callable[..., Any]:
        game, snapshot = self.game, self.snapshot

        def answer(state: Any, *args: Any) -> Any:
            if state is not snapshot.state:
                return getattr(game, name)(state, *args)
            found = snapshot.ask(name, *args)
            return copy(found) if copy is not None else found
        return answer

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


_kept: OrderedDict[int, SnapshotRules] = OrderedDict()  # by id(state); each holds its state
_keeping = threading.Lock()  # the table's picture may be drawn, and ask, in a worker thread


def rules_of(rules: Game[Any, Any], state: Any) -> Game[Any, Any]:
    """`rules`, answering about `state` from its snapshot (none for no state: a lobby)."""
    if state is None:
        return rules
    with _keeping:
        found = _kept.get(id(state))
        if found is not None and found.snapshot.state is state and found.game is rules:
            _kept.move_to_end(id(state))
        else:
            found = _kept[id(state)] = SnapshotRules(Snapshot(rules, state))
            _kept.move_to_end(id(state))
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    return found  # type: ignore[return-value]  # a Game: the game's, with answers kept
