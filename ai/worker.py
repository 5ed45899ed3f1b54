"""Run a decision off the bot's event loop, with a wall-clock cap; any game.

    action = await decide_async(state, seat, player, seed=42, cap=2.0, game=registry.game(id))

The decision runs in a worker thread (`asyncio.to_thread`), so the loop stays free. The player
sees only the seat's view and legal actions, and is told a deadline a little before the cap; if
the thread still has not answered by the cap, the player's instant `fallback` move is returned
(the late thread's answer is discarded). A player that fails (raises) is answered the same way,
and if its fallback fails too, a legal move drawn from the seed is played: a computer seat never
stalls its game.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Sequence
from typing import Any

from rules.game import Game

from .player import Hint, Player, suggest

log = logging.getLogger(__name__)


async def decide_async(state: Any, seat: str, player: Player, seed: int, cap: float = 2.0,
                       margin: float = 0.8, *, game: Game[Any, Any]) -> Any:
    """`seat`'s move from `player`, never later than about `cap` seconds: the player is told a
    deadline `cap * margin` seconds from now, and past `cap` its `fallback` move is returned.
    `game` is the rules object (rules.game.Game) of the state's game: the caller names it."""
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    deadline = time.monotonic() + cap * margin

    def run() -> Any:
        return player.choose(view, legal, random.Random(seed), deadline=deadline)

    try:
        return await asyncio.wait_for(asyncio.to_thread(run), timeout=cap)
    except TimeoutError:
        return _fallback(player, view, legal, seed)
    except Exception:
        log.exception("A computer player failed to decide for %s; its fallback plays", seat)
        return _fallback(player, view, legal, seed)


def _fallback(player: Player, view: Any, legal: Sequence[Any], seed: int) -> Any:
    """The player's instant move; a legal move drawn from `seed` if even that fails."""
    try:
        return player.fallback(view, legal)
    except Exception:
        log.exception("A computer player's fallback failed; a legal move is drawn")
        return random.Random(seed).choice(list(legal))


async def suggest_async(state: Any, seat: str, seed: int, cap: float = 2.0, margin: float = 0.8,
                        *, game: Game[Any, Any]) -> Hint | None:
    """A hint for `seat` from its own view (ai.player.suggest), off the loop; None if the game
    gives none, or it fails or is not ready within `cap` seconds."""
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat)
    deadline = time.monotonic() + cap * margin

    def run() -> Hint | None:
        return suggest(game.id, view, legal, random.Random(seed), deadline)

    try:
        return await asyncio.wait_for(asyncio.to_thread(run), timeout=cap)
    except TimeoutError:
        return None
    except Exception:
        log.exception("A hint for %s failed", seat)
        return None
