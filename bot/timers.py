"""Turn timers: each person the game waits for gets a clock when it has a turn limit (from a
minute to three days: play by post); they are reminded at half time (and near the end of a
long limit), and at the end the game's default, or the computer, decides for them alone.

Timers are stored on the record (`GameRecord.timers`), so a restart neither drops nor doubles
them: `arm` after loading starts the task again from the stored deadlines.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from bot.changes import Change, Refused, waiting
from bot.records import GameRecord, Timer

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)


# Play by post: a limit of half an hour or more also has a last call before its end, this
# share of the limit before it (at most an hour).
LAST_CALL = 0.1
LAST_CALL_AT_LEAST = 30   # minutes of limit that get a last call
LAST_CALL_AT_MOST = 60    # minutes before the end


def reminders(limit: int) -> list[float]:
    """When a decision of `limit` minutes is reminded, in minutes from its start: at half
    time, and for a limit of half an hour or more also near its end."""
    points = [limit / 2]
    if limit >= LAST_CALL_AT_LEAST:
        points.append(limit - min(limit * LAST_CALL, LAST_CALL_AT_MOST))
    return points


class TurnTimers:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._tasks: dict[tuple[int, str], tuple[Timer, asyncio.Task[None]]] = {}

    def timers_for(self, record: GameRecord) -> list[Timer]:
        """A clock for each person the game waits for, when it has a turn limit: kept while
        that person's decision stands (others deciding meanwhile), fresh for a new one."""
        limit = record.settings.turn_limit
        if not limit:
            return []
        minute = self.service.minute
        timers = []
        for seat in waiting(record):
            if record.seat(seat).computer:
                continue
            since = record.since(seat)
            kept = record.timer_of(seat)
            if kept is not None and kept.version == since:
                timers.append(kept)
                continue
            now = self.service.clock()
            timers.append(Timer(version=since, seat=seat, due_at=now + limit * minute,
                                reminders=[now + at * minute for at in reminders(limit)]))
        return timers

    def arm(self, record: GameRecord) -> None:
        """(Re)start the task of each waiting seat's timer whose clock changed, and stop those
        of seats no longer waited for."""
        live = {t.seat: t for t in record.timers} if record.active and not self.service.closing \
            else {}
        for key in [k for k in self._tasks if k[0] == record.id]:
            timer, task = self._tasks[key]
            if live.get(key[1]) == timer and not task.done():
                live.pop(key[1])
                continue
            del self._tasks[key]
            if task is not asyncio.current_task():
                task.cancel()
        for seat, timer in live.items():
            self._tasks[(record.id, seat)] = (timer, asyncio.create_task(
                self._run(record.id, timer), name=f"timer-{record.id}-{seat}"))

    async def close(self) -> None:
        tasks = [task for _, task in self._tasks.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, game_id: int, timer: Timer) -> None:
        clock = self.service.clock
        try:
            for i in range(timer.reminded, len(timer.reminders)):
                await asyncio.sleep(max(0.0, timer.reminders[i] - clock()))
                await self._remind(game_id, timer, i + 1)
            await asyncio.sleep(max(0.0, timer.due_at - clock()))
            await self.service.computers.move(game_id, timer.version, timer.seat, by="timer")
        except Refused:
            pass  # the decision was made (or the game ended) just before the deadline
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Turn timer failed in game %s", game_id)

    async def _remind(self, game_id: int, timer: Timer, said: int) -> None:
        """A reminder is due: remember it was said (a restart must not say it twice)."""
        service = self.service
        async with service.lock(game_id):
            record = service.games.get(game_id)
            current = record.timer_of(timer.seat) if record is not None else None
            if record is None or current is None or current.version != timer.version:
                raise Refused("errors.stale", stale=True)
            timers = [t.model_copy(update={"reminded": said}) if t is current else t
                      for t in record.timers]
            new = record.model_copy(update={"timers": timers})
            new.updated_at = service.clock()
            await service.store.save(new, expected_version=record.version)
            service.games[game_id] = new
        service.announce(Change("reminder", new, record, seat=timer.seat))
