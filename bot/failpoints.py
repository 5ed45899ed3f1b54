"""Failpoints for the fault tests: `BOT_CRASH_AT=point:n[,point:n...]` kills this process
(SIGKILL: no clean-up, as an OOM kill or a pulled plug would) the n-th time it reaches `point`.

The points are the moments a crash can cost an action:
- `in_commit`: a save's rows are written but its transaction is not committed;
- `after_commit`: the save is committed, nobody has been told;
- `after_answer`: the person who clicked has just been shown the move applied.

Unset, which is always outside the tests, reaching a point is one dict lookup.
"""

from __future__ import annotations

import os
import signal

ENV = "BOT_CRASH_AT"


def _plan(text: str) -> dict[str, int]:
    plan: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, count = part.partition(":")
        plan[name] = int(count or "1")
    return plan


_PLAN = _plan(os.environ.get(ENV, ""))
_reached: dict[str, int] = {}


def reach(point: str) -> None:
    """Die here if the plan says this is the time."""
    if point not in _PLAN:
        return
    _reached[point] = _reached.get(point, 0) + 1
    if _reached[point] == _PLAN[point]:
        os.kill(os.getpid(), signal.SIGKILL)
