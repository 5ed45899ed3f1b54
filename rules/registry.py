"""Which games exist: a game id names its package in each layer, and `register` adds one.

    registry.game("citadels")            # the rules object (rules.game.Game)
    registry.entry("citadels").ai        # "ai.citadels", its computer players
    registry.entry("citadels").ui        # "cogs.citadels", its Discord UI package

Modules are named, not imported, so `rules` never imports a Discord or AI package; each layer
imports its own part when it needs it (the bot loads `<ui>.cog` as a discord.py extension, and
finds `<ui>/locales` without importing the package; ai.player imports `<ai>`). The three games
are the `register` calls at the end of this module; adding a game is one more (the tests
register their own small games so: tests/games/).
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
    ai: str | None = None   # package: STRENGTHS, STAND_IN, make_player(strength); `hints` if any
    ui: str | None = None   # package whose `cog` module (an extension) registers its GameUI


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
