"""Computer players: who decides for computer seats, away people and the timer, and when.

Each game's players come from its `ai` package in the registry (STRENGTHS, STAND_IN,
make_player); a decision runs off the event loop with a wall-clock cap (ai.worker).

The computers read the games the service keeps and hand each decision to it (`play`, given by
the service, which applies it under the game's lock if the seat's decision still stands):
nothing here knows the service.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from ai.player import Player, make_player, players_for, strengths
from ai.worker import decide_async
from bot.changes import Change, Refused, still_deciding, waiting
from bot.records import GameRecord

By = Literal["computer", "timer"]
# Applies a decision for a seat, made on the game at a version: (game, version, seat, action, by).
Play = Callable[[int, int, str, Any, By], Awaitable[Change]]

log = logging.getLogger(__name__)


def stand_in_for(game_id: str) -> str:
    """The strength that plays a person's seat while they are away or after they left."""
    found: str = players_for(game_id).STAND_IN
    return found


# Decisions searched at once in this process. Each holds the GIL while it thinks, so two at once
# are no faster than one after the other, and the event loop (every click's answer) competes
# with each: with two, eight Catan set-up searches (about a second each) left it a p99 lag of
# 18-20 ms; with one, 2-3 ms (`python -m bench.deciders --setup`).
THINKING = 1


class ComputerPlayers:
    """A runner task per computer seat the game waits for: several seats waited for at once
    (every discard on a Catan 7) decide side by side, none waiting for another's commit."""

    def __init__(self, *, games: dict[int, GameRecord], play: Play, pause: float, cap: float,
                 closing: Callable[[], bool] = lambda: False) -> None:
        self.games = games  # the service's running games, by id (read only here)
        self.play = play
        self.pause = pause  # seconds a computer player waits, so people can follow
        self.cap = cap      # wall-clock cap of one decision
        self.closing = closing
        self._runners: dict[tuple[int, str], asyncio.Task[None]] = {}
        self._players: dict[tuple[str, str], Player] = {}
        self._thinking = asyncio.Semaphore(THINKING)

    def kick(self, game_id: int) -> None:
        """Start a runner for each computer seat the game waits for that has none."""
        record = self.games.get(game_id)
        if self.closing() or record is None:
            return
        for seat in waiting(record):
            task = self._runners.get((game_id, seat))
            if record.seat(seat).computer and (task is None or task.done()):
                self._runners[(game_id, seat)] = asyncio.create_task(
                    self._run(game_id, seat), name=f"computers-{game_id}-{seat}")

    async def close(self) -> None:
        tasks = list(self._runners.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self, game_id: int) -> None:
        """Wait until the game's computer players have nothing to do (tests, demo)."""
        while tasks := [t for (g, _), t in list(self._runners.items())
                        if g == game_id and not t.done()]:
            await asyncio.gather(*(asyncio.shield(t) for t in tasks), return_exceptions=True)

    def _turn(self, game_id: int, seat: str) -> GameRecord | None:
        """The game's record while it waits for the computer seat `seat`, else None."""
        record = self.games.get(game_id)
        if record is None or seat not in waiting(record) or not record.seat(seat).computer:
            return None
        return record

    async def _run(self, game_id: int, seat: str) -> None:
        while not self.closing() and (record := self._turn(game_id, seat)) is not None:
            await asyncio.sleep(self.pause)
            try:
                await self.move(game_id, record.version, seat)
            except Refused:
                continue  # a person or the host changed the game meanwhile; look again
            except Exception:
                log.exception("Computer move failed in game %s; retrying", game_id)
                await asyncio.sleep(5)

    async def move(self, game_id: int, version: int, seat: str, by: By = "computer") -> Change:
        """Decide for `seat` (seen from its own view only) and have it played if its decision
        is still the one seen at `version` (others may have decided meanwhile). A timeout plays
        the game's default action where its rules name one."""
        record = self._current(game_id, version, seat)
        assert record.state is not None
        action = record.rules.default_action(record.state, seat) if by == "timer" else None
        if action is None:
            async with self._thinking:  # the newest state once it is this seat's turn to think
                record = self._current(game_id, version, seat)
                player = self._player(record.game, record.seat(seat).ai
                                      or stand_in_for(record.game))
                action = await decide_async(record.state, seat, player, game=record.rules,
                                            seed=(record.seed + version) % 2**62, cap=self.cap)
        return await self.play(game_id, version, seat, action, by)

    def _current(self, game_id: int, version: int, seat: str) -> GameRecord:
        """The running game while `seat`'s decision is still the one seen at `version`."""
        record = self.games.get(game_id)
        if record is None or not still_deciding(record, seat, version):
            raise Refused("errors.stale", stale=True)
        return record

    def _player(self, game_id: str, strength: str) -> Player:
        key = (game_id, strength)
        if key not in self._players:
            self._players[key] = make_player(strength, game_id)
        return self._players[key]


__all__ = ["ComputerPlayers", "stand_in_for", "strengths"]
