"""What the service tells its listener and callers: a committed change, or a refusal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from bot.records import Decision, GameRecord
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
    seat: str | None = None   # the seat a reminder or a ping is for


class Listener(Protocol):
    def changed(self, change: Change) -> None:
        """Told after every committed change; must return at once (schedule, don't await)."""


def waiting(record: GameRecord) -> list[str]:
    """The seats the game waits for now (`Game.must_decide`), in the game's order: each is
    timed, pinged and, for a computer seat, played on its own. Not those that only may act, as
    a Catan offerer who may cancel: nobody times, pings or plays for that."""
    if record.status != "running" or record.state is None:
        return []
    return list(record.rules.must_decide(record.state))


def awaiting(record: GameRecord) -> str | None:
    """The first seat the game waits for (the only one, in a game of one decision at a time)."""
    seats = waiting(record)
    return seats[0] if seats else None


def still_deciding(record: GameRecord, seat: str, version: int) -> bool:
    """Whether the running game still waits for the decision `seat` faced at `version` (a
    computer's or the timer's move made on it may still be played)."""
    return record.status == "running" and record.fresh(seat, version) \
        and seat in waiting(record)


def may_act(record: GameRecord, seat: str) -> bool:
    """Whether `seat` may act now: any seat the game waits for, in any order, or that may act
    without being waited for."""
    return (record.status == "running" and record.state is not None
            and seat in record.rules.to_act(record.state))


def decisions(record: GameRecord, previous: GameRecord | None) -> dict[str, Decision]:
    """Each seat's named decision in `record`, keeping the version it began at from
    `previous` while its key is unchanged."""
    if record.state is None or record.status != "running":
        return {}
    rules = record.rules
    named: dict[str, Decision] = {}
    for seat in record.seats:
        key = rules.decision_key(record.state, seat.id)
        if key is None:
            continue
        before = previous.decisions.get(seat.id) if previous is not None else None
        same = before is not None and before.key == key
        named[seat.id] = before if same and before else Decision(key=key, since=record.version)
    return named
