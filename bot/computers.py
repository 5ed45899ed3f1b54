"""Computer players: who decides for computer seats, away people and the timer, and when.

Each game's players come from its `ai` package in the registry (STRENGTHS, STAND_IN,
make_player); a decision runs off the event loop with a wall-clock cap (ai.worker).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Literal

from ai.player import Player, make_player, players_for, strengths
from ai.worker import decide_async
from bot.changes import Refused, awaiting
from bot.records import GameRecord

if TYPE_CHECKING:
    from bot.changes import Change
    from bot.service import GameService

log = logging.getLogger(__name__)


def stand_in_for(game_id: str) -> str:
    """The strength that plays a person's seat while they are away or after they left."""
    found: str = players_for(game_id).STAND_IN
    return found


class ComputerPlayers:
    """One runner task per game while a computer seat must decide."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._runners: dict[int, asyncio.Task[None]] = {}
        self._players: dict[tuple[str, str], Player] = {}

    def kick(self, game_id: int) -> None:
        """Start the game's runner if a computer seat must decide and none runs."""
        record = self.service.games.get(game_id)
        pid = _awaiting(record)
        if self.service.closing or record is None or pid is None or not record.seat(pid).computer:
            return
        task = self._runners.get(game_id)
        if task is None or task.done():
            self._runners[game_id] = asyncio.create_task(self._run(game_id),
                                                         name=f"computers-{game_id}")

    async def close(self) -> None:
        tasks = list(self._runners.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self, game_id: int) -> None:
        """Wait until the game's computer players have nothing to do (tests, demo)."""
        while (task := self._runners.get(game_id)) is not None and not task.done():
            await asyncio.shield(task)

    async def _run(self, game_id: int) -> None:
        service = self.service
        while not service.closing:
            record = service.games.get(game_id)
            pid = _awaiting(record)
            if record is None or pid is None or not record.seat(pid).computer:
                return
            await asyncio.sleep(service.computer_pause)
            try:
                await self.move(game_id, record.version, pid)
            except Refused:
                continue  # a person or the host changed the game meanwhile; look again
            except Exception:
                log.exception("Computer move failed in game %s; retrying", game_id)
                await asyncio.sleep(5)

    async def move(self, game_id: int, version: int, pid: str,
                   by: Literal["computer", "timer"] = "computer") -> Change:
        """Decide for `pid` (seen from its seat only) and apply it if the game has not moved.
        A timeout plays the game's default action where its rules name one."""
        service = self.service
        record = service.running(game_id)
        seat = record.seat(pid)
        assert record.state is not None
        action = record.rules.default_action(record.state, pid) if by == "timer" else None
        if action is None:
            player = self._player(record.game, seat.ai or stand_in_for(record.game))
            action = await decide_async(record.state, pid, player, game=record.rules,
                                        seed=(record.seed + version) % 2**62,
                                        cap=service.computer_cap)
        async with service.lock(game_id):
            record = service.running(game_id)
            if record.version != version:
                raise Refused("errors.stale", stale=True)
            return await service.apply(record, record.seat(pid), action, user_id=None, by=by)

    def _player(self, game_id: str, strength: str) -> Player:
        key = (game_id, strength)
        if key not in self._players:
            self._players[key] = make_player(strength, game_id)
        return self._players[key]


def _awaiting(record: GameRecord | None) -> str | None:
    return awaiting(record) if record is not None else None


__all__ = ["ComputerPlayers", "stand_in_for", "strengths"]
