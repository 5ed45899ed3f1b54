"""Turn timers: each person the game waits for gets a clock when it has a turn limit (from a
minute to three days: play by post); they are reminded at half time (and near the end of a
long limit), and at the end the game's default, or the computer, decides for them alone.

Timers are stored on the record (`GameRecord.timers`), so a restart neither drops nor doubles
them: `arm` after loading starts the task again from the stored deadlines.

The timers only keep time: what a reminder or a deadline does is the service's (`remind` and
`due`, given by it), which saves a reminder said through its one commit path, as any change.
Nothing here reads or writes the store, or knows the service.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.changes import Refused, waiting
from bot.records import GameRecord, Timer

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


# What a timer does when its time comes, given the game, the timer and (a reminder) how many
# of its reminders are said with this one.
Remind = Callable[[int, Timer, int], Awaitable[Any]]
Due = Callable[[int, Timer], Awaitable[Any]]


class TurnTimers:
    def __init__(self, *, clock: Callable[[], float], minute: float, remind: Remind, due: Due,
                 closing: Callable[[], bool] = lambda: False) -> None:
        self.clock = clock
        self.minute = minute  # seconds in a turn-limit minute (tests shorten it)
        self.remind = remind
        self.due = due
        self.closing = closing
        self._tasks: dict[tuple[int, str], tuple[Timer, asyncio.Task[None]]] = {}

    def timers_for(self, record: GameRecord) -> list[Timer]:
        """A clock for each person the game waits for, when it has a turn limit: kept while
        that person's decision stands (others deciding meanwhile), fresh for a new one."""
        limit = record.settings.turn_limit
        if not limit:
            return []
        minute = self.minute
        timers = []
        for seat in waiting(record):
            if record.seat(seat).computer:
                continue
            since = record.since(seat)
            kept = record.timer_of(seat)
            if kept is not None and kept.version == since:
                timers.append(kept)
                continue
            now = self.clock()
            timers.append(Timer(version=since, seat=seat, due_at=now + limit * minute,
                                reminders=[now + at * minute for at in reminders(limit)]))
        return timers

    def arm(self, record: GameRecord) -> None:
        """(Re)start the task of each waiting seat's timer whose clock changed, and stop those
        of seats no longer waited for. A reminder said changes no clock: its task goes on."""
        live = {t.seat: t for t in record.timers} if record.active and not self.closing() \
            else {}
        for key in [k for k in self._tasks if k[0] == record.id]:
            timer, task = self._tasks[key]
            if _same_clock(live.get(key[1]), timer) and not task.done():
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
        clock = self.clock
        try:
            for i in range(timer.reminded, len(timer.reminders)):
                await asyncio.sleep(max(0.0, timer.reminders[i] - clock()))
                await self.remind(game_id, timer, i + 1)
            await asyncio.sleep(max(0.0, timer.due_at - clock()))
            await self.due(game_id, timer)
        except Refused:
            pass  # the decision was made (or the game ended) just before the deadline
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Turn timer failed in game %s", game_id)


def _same_clock(timer: Timer | None, running: Timer) -> bool:
    """Whether `timer` is the clock `running` keeps (its reminders said so far aside)."""
    return timer is not None and (timer.version, timer.due_at, timer.reminders) == (
        running.version, running.due_at, running.reminders)
