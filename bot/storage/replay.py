"""A game's state rebuilt from its seed and action log (pure: no database involved)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.records import ActionEntry, GameRecord
from rules.citadels import ENGINE_VERSION, GameState, Options, apply, new_game


def initial_state(record: GameRecord) -> GameState:
    """The state a game starts in: the seats, in order, are the engine's players, so the first
    seat holds the crown. Starting a game any other way would make its log unreplayable."""
    pids = [seat.pid for seat in record.seats]
    return new_game(pids, record.seed, Options(city_size=record.settings.city_size))


def replay_state(record: GameRecord, entries: Iterable[ActionEntry]) -> GameState:
    """The state after applying `entries`, in version order, to the game's initial state.

    Versions may have gaps (lobby edits and timer changes bump the version too). ValueError for
    an entry from another engine version (its rules may give a different state) or a repeated
    version; IllegalAction if an entry does not apply.
    """
    state = initial_state(record)
    previous = 0
    for entry in sorted(entries, key=lambda e: e.version):
        if entry.engine_version != ENGINE_VERSION:
            raise ValueError(
                f"game {record.id} v{entry.version}: logged by engine {entry.engine_version}, "
                f"this is engine {ENGINE_VERSION}"
            )
        if entry.version <= previous:
            raise ValueError(f"game {record.id}: two log entries for version {entry.version}")
        previous = entry.version
        state, _ = apply(state, entry.pid, entry.action)
    return state
