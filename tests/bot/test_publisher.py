"""The publisher's pure parts: when to mention again, and the pace of public calls."""

from __future__ import annotations

import asyncio

from bot.publisher import Pace, moved_since
from bot.records import GameRecord
from bot.service import Change


def change(actor: str | None) -> Change:
    return Change("action", GameRecord(game="citadels", channel_id=1, host_id=1), actor=actor)


def test_a_decision_that_came_back_is_mentioned_again():
    # alice ends her turn, two computers move, it is alice's decision again: one batch.
    assert moved_since("p1", [change("p1"), change("p2"), change("p3")])
    # alice's own moves within her turn need no new mention.
    assert not moved_since("p1", [change("p1"), change("p1")])
    assert not moved_since("p1", [change(None)])


async def test_pace_spaces_calls_evenly():
    pace = Pace(50.0)
    loop = asyncio.get_running_loop()
    start = loop.time()
    for _ in range(11):
        async with pace.slot():
            pass
    assert loop.time() - start >= 10 / 50.0 - 0.005


async def test_pace_says_whether_a_call_would_wait():
    pace = Pace(10.0)
    assert pace.ready()
    async with pace.slot():
        assert not pace.ready()  # the next call waits its 0.1 s
    await asyncio.sleep(0.11)
    assert pace.ready()
