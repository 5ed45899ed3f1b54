"""A pace's window (bot/pace.py): at most so many calls in any stretch of seconds, each counted
from its end, urgent calls first and low ones last: an interaction token's bucket and the
bot's budget of globally-limited calls are kept this way (bot/couriers.py, bot/publisher.py)."""

from __future__ import annotations

import asyncio

from bot.pace import LAST, LOW, Pace, retry


async def started_at(pace: Pace, hold: float = 0.0) -> float:
    """When a call got its turn of `pace` (loop time); it then runs `hold` seconds."""
    async with pace.slot():
        start = asyncio.get_running_loop().time()
        await asyncio.sleep(hold)
    return start


async def test_a_window_lets_its_limit_through_then_waits_for_the_first_to_age() -> None:
    pace = Pace(None, window=(2, 0.3))
    begin = asyncio.get_running_loop().time()
    starts = await asyncio.gather(started_at(pace, 0.1), started_at(pace), started_at(pace))
    first, second, third = (s - begin for s in starts)
    assert first < 0.05 and second < 0.05
    # Two calls in the window (one ended at once, one 0.1 s in): the third waits 0.3 s from
    # the earlier end, not from when the calls began.
    assert 0.28 <= third < 0.4


async def test_a_call_counts_from_its_end_and_while_it_runs() -> None:
    pace = Pace(None, window=(1, 0.2))
    begin = asyncio.get_running_loop().time()
    long, after = await asyncio.gather(started_at(pace, 0.3), started_at(pace))
    assert long - begin < 0.05
    assert after - begin >= 0.49  # 0.3 s running, then 0.2 s from its end


async def test_each_rank_goes_before_the_next_whenever_it_came() -> None:
    pace = Pace(None, window=(1, 0.05))
    order: list[str] = []

    async def call(name: str, urgent: bool = False, rank: int | None = None) -> None:
        async with pace.slot(urgent, rank=rank):
            order.append(name)

    async with pace.slot():  # the window's only turn, held
        waiting = [asyncio.create_task(call("last", rank=LAST)),
                   asyncio.create_task(call("low", rank=LOW)),
                   asyncio.create_task(call("normal")),
                   asyncio.create_task(call("urgent", urgent=True))]
        await asyncio.sleep(0.01)
        assert not pace.ready()
    await asyncio.gather(*waiting)
    assert order == ["urgent", "normal", "low", "last"]


async def test_each_wait_is_told_and_a_call_at_once_is_not() -> None:
    pace = Pace(None, window=(1, 0.1))
    waits: list[float] = []
    pace.observe = waits.append
    await started_at(pace)
    assert waits == []
    await started_at(pace)
    assert len(waits) == 1 and 0.08 <= waits[0] < 0.2


async def test_a_call_takes_its_turn_of_the_budget_and_of_its_pace() -> None:
    budget, pace = Pace(None, window=(1, 0.2)), Pace(100.0)
    begin = asyncio.get_running_loop().time()
    times = await asyncio.gather(*(retry(lambda: asyncio.sleep(0, asyncio.get_running_loop()
                                                                .time()), pace, budget=budget)
                                   for _ in range(2)))
    assert times[0] - begin < 0.05 and times[1] - begin >= 0.19  # the budget held the second
