"""Which games exist: a game id names its package in each layer.

    registry.game("citadels")            # the rules object (rules.game.Game)
    registry.entry("citadels").ui        # "cogs.citadels", the Discord extension to load

Modules are named, not imported, so `rules` never imports a Discord or AI package; each layer
imports its own part when it needs it. Adding a game is one line in GAMES (or one `register`
call, as the tests do for their own small game).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from .game import Game


@dataclass(frozen=True)
class Entry:
    id: str
    rules: str              # module with GAME, a rules.game.Game
    ai: str | None = None   # module with STRENGTHS and make_player(strength)
    ui: str | None = None   # discord.py extension with the game's cog and renderers


GAMES: dict[str, Entry] = {}


def register(entry: Entry) -> None:
    GAMES[entry.id] = entry


def unregister(game_id: str) -> None:
    GAMES.pop(game_id, None)


def entry(game_id: str) -> Entry:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; registered: {sorted(GAMES)}") from None


def game(game_id: str) -> Game[Any, Any]:
    """The rules object of `game_id`."""
    found: Game[Any, Any] = importlib.import_module(entry(game_id).rules).GAME
    return found


def games() -> list[str]:
    return list(GAMES)


register(Entry("citadels", rules="rules.citadels.game", ai="ai.citadels", ui="cogs.citadels"))
register(Entry("catan", rules="rules.catan.game", ai="ai.catan", ui="cogs.catan"))
register(Entry("cities", rules="rules.cities", ai="ai.cities", ui="cogs.cities"))
