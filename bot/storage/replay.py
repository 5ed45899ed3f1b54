"""A game's state rebuilt from its seed and action log (pure: no database involved)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.records import ActionEntry, GameRecord


def initial_state(record: GameRecord) -> Any:
    """The state a game starts in: the seats, in order, are the engine's seats (seating order
    decides who starts). Starting a game any other way would make its log unreplayable."""
    rules = record.rules
    seats = [seat.id for seat in record.seats]
    return rules.new_game(seats, rules.options(record.settings.options), record.seed)


def replay_state(record: GameRecord, entries: Iterable[ActionEntry]) -> Any:
    """The state after applying `entries`, in version order, to the game's initial state.

    Versions may have gaps (lobby edits and timer changes bump the version too). ValueError for
    an entry from another engine version (its rules may give a different state) or a repeated
    version; IllegalAction if an entry does not apply.
    """
    rules = record.rules
    state = initial_state(record)
    previous = 0
    for entry in sorted(entries, key=lambda e: e.version):
        if entry.engine_version != rules.engine_version:
            raise ValueError(
                f"game {record.id} v{entry.version}: logged by engine {entry.engine_version}, "
                f"this is engine {rules.engine_version}"
            )
        if entry.version <= previous:
            raise ValueError(f"game {record.id}: two log entries for version {entry.version}")
        previous = entry.version
        state, _ = rules.apply(state, entry.seat, entry.action)
    return state
