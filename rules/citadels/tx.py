"""Copy-on-write working state for one `apply`: the input state is never touched.

Copying a whole GameState per action would dominate the engine's cost, so a Tx copies the
state object shallowly and copies each player or list only the first time it is written.
"""

from __future__ import annotations

from typing import Any

from .events import Event
from .state import GameState, Player

_osa = object.__setattr__


def _shallow(model: Any) -> Any:
    clone = object.__new__(model.__class__)
    _osa(clone, "__dict__", model.__dict__.copy())
    _osa(clone, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _osa(clone, "__pydantic_extra__", None)
    _osa(clone, "__pydantic_private__", None)
    return clone


class Tx:
    __slots__ = ("s", "events", "_players", "_lists")

    def __init__(self, state: GameState) -> None:
        self.s: GameState = _shallow(state)
        self.s.__dict__["players"] = list(state.players)
        self.events: list[Event] = []
        self._players: set[int] = set()
        self._lists: set[str] = set()

    def player(self, pid: str) -> Player:
        """A writable copy of player pid (hand and city lists included)."""
        players = self.s.players
        for i, p in enumerate(players):
            if p.id == pid:
                if i not in self._players:
                    p = _shallow(p)
                    d = p.__dict__
                    d["hand"] = list(d["hand"])
                    d["city"] = list(d["city"])
                    d["characters"] = list(d["characters"])
                    players[i] = p
                    self._players.add(i)
                return p
        raise KeyError(pid)

    def list(self, name: str) -> list:
        """A writable copy of the state's list field `name`."""
        d = self.s.__dict__
        if name not in self._lists:
            d[name] = list(d[name])
            self._lists.add(name)
        return d[name]

    def emit(self, type_: str, player: str | None = None,
             private: dict[str, dict[str, Any]] | None = None, **data: Any) -> None:
        self.events.append(Event(type_, player, data, private))

    def draw(self, n: int) -> list[str]:
        """Take up to n cards from the top of the deck."""
        deck = self.list("deck")
        cards = deck[:n]
        del deck[:n]
        return cards
