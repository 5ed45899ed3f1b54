"""What the service tells its listener and callers: a committed change, or a refusal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from bot.records import GameRecord
from rules.game import GameEvent

ChangeKind = Literal["lobby", "started", "action", "ended", "seats", "resumed", "reminder",
                     "ping"]  # "ping": a decision has waited long enough to mention its player


class Refused(Exception):
    """A request turned down; `key` names the catalog text that tells the user why."""

    def __init__(self, key: str, *, stale: bool = False, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.stale = stale      # the click was built on an older state: show a fresh panel
        self.params = params


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    record: GameRecord
    previous: GameRecord | None = None
    events: list[GameEvent] = field(default_factory=list)
    actor: str | None = None  # the seat that acted


class Listener(Protocol):
    def changed(self, change: Change) -> None:
        """Told after every committed change; must return at once (schedule, don't await)."""


def awaiting(record: GameRecord) -> str | None:
    """The seat that must decide now, if the game is running (not one that only may act, as
    a Catan offerer who may cancel: nobody times, pings or plays for that)."""
    if record.status != "running" or record.state is None:
        return None
    deciding = record.rules.must_decide(record.state)
    return deciding[0] if deciding else None
