"""Games for the storage tests: records with real engine states, played through a store."""

from __future__ import annotations

import random
import time

from bot.records import ActionEntry, GameRecord, GameSettings, Seat
from bot.storage import Store, initial_state
from demo.stores import all_ended, games_and_logs, opened, stored_games
from rules.citadels import ENGINE_VERSION, apply, random_action, to_act

__all__ = ["all_ended", "games_and_logs", "lobby", "opened", "play", "start", "step",
           "stored_games"]


def lobby(channel_id: int = 100, *, guild_id: int | None = 1, players: int = 4,
          seed: int = 7, city_size: int | None = None) -> GameRecord:
    seats = [Seat(id=f"p{i}", name=f"Player {i}", user_id=1000 + i) for i in range(1, players + 1)]
    options = {} if city_size is None else {"city_size": city_size}
    return GameRecord(game="citadels", guild_id=guild_id, channel_id=channel_id, host_id=1001,
                      seed=seed, seats=seats, settings=GameSettings(options=options))


def start(record: GameRecord) -> GameRecord:
    """The record as the service starts it: running, with the engine's initial state."""
    record.status = "running"
    record.state = initial_state(record)
    record.version += 1
    return record


def step(record: GameRecord, rng: random.Random) -> ActionEntry:
    """Play one random legal action on `record` in memory; returns its log entry."""
    assert record.state is not None
    seat_id = to_act(record.state)[0]
    action = random_action(record.state, seat_id, rng)
    assert action is not None
    record.state, events = apply(record.state, seat_id, action)
    record.version += 1
    record.log = (record.log + [e.visible_to(None) for e in events])[-20:]
    if record.state.finished:
        record.status, record.ended_reason = "finished", "completed"
    seat = record.seat(seat_id)
    return ActionEntry(game_id=record.id, version=record.version, seat=seat_id,
                       user_id=seat.user_id, by="player", engine_version=ENGINE_VERSION,
                       action=action.model_dump(), at=time.time())


async def play(store: Store, record: GameRecord, rng: random.Random,
               moves: int | None = None) -> int:
    """Play and save `moves` actions (None: to the end of the game); returns how many."""
    played = 0
    while (moves is None or played < moves) and not record.state.finished:
        entry = step(record, rng)
        await store.save(record, expected_version=record.version - 1, action=entry)
        played += 1
    return played
