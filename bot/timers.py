"""Turn timers: a person's decision gets a clock when the game has a turn limit; at half time
they are reminded once, at the end the computer decides for them.

Timers are stored on the record (`GameRecord.timer`), so a restart neither drops nor doubles
them: `arm` after loading starts the task again from the stored deadlines.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.changes import Change, Refused, awaiting
from bot.records import GameRecord, Timer

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)


class TurnTimers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def timer_for(self, record: GameRecord) -> Timer | None:
        """A fresh clock for a person's decision when the game has a turn limit."""
        pid = awaiting(record)
        limit = record.settings.turn_limit * self.service.minute
        if pid is None or not limit or record.seat(pid).computer:
            return None
        if record.timer is not None and record.timer.version == record.version:
            return record.timer
        now = self.service.clock()
        return Timer(version=record.version, pid=pid, reminder_at=now + limit / 2,
                     due_at=now + limit)

    def arm(self, record: GameRecord) -> None:
        """(Re)start the task that reminds and then plays for the player who is out of time."""
        task = self._tasks.pop(record.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if record.timer is not None and record.active and not self.service.closing:
            self._tasks[record.id] = asyncio.create_task(
                self._run(record.id, record.timer), name=f"timer-{record.id}")

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, game_id: int, timer: Timer) -> None:
        clock = self.service.clock
        try:
            if not timer.reminded:
                await asyncio.sleep(max(0.0, timer.reminder_at - clock()))
                await self._remind(game_id, timer)
            await asyncio.sleep(max(0.0, timer.due_at - clock()))
            await self.service.computers.move(game_id, timer.version, timer.pid, by="timer")
        except Refused:
            pass  # the decision was made (or the game ended) just before the deadline
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Turn timer failed in game %s", game_id)

    async def _remind(self, game_id: int, timer: Timer) -> None:
        """Half the time is gone: remember it was said (a restart must not say it twice)."""
        service = self.service
        async with service.lock(game_id):
            record = service.games.get(game_id)
            if record is None or record.timer is None or record.timer.version != timer.version:
                raise Refused("errors.stale", stale=True)
            new = record.model_copy(update={"timer": timer.model_copy(update={"reminded": True})})
            new.updated_at = service.clock()
            await service.store.save(new, expected_version=record.version)
            service.games[game_id] = new
        service.announce(Change("reminder", new, record))
