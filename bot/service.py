"""The game service: lobbies and games, one change at a time per game, saved before anyone is told.

Every change follows the same path: take the game's lock, check the request against the cached
record (version, seat, engine legality), compute the new record, commit it to the store, then
replace the cached record and hand a `Change` to the listener (the Discord publisher), which
must not block. Nothing here knows about Discord.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ai.player import Player, make_player
from ai.worker import decide_async
from bot.records import ActionEntry, GameRecord, GameSettings, Seat, Strength, Timer
from bot.storage import Store, initial_state
from rules import citadels
from rules.citadels import ENGINE_VERSION, Event, IllegalAction

log = logging.getLogger(__name__)

LOG_LENGTH = 20          # public events kept on the record for the table
COMPUTER_PAUSE = 1.5     # seconds a computer player waits, so people can follow
COMPUTER_CAP = 2.0       # wall-clock cap of one computer decision
AWAY_AFTER = 3           # timeouts in a row that hand a seat to the computer
ChangeKind = Literal["lobby", "started", "action", "ended", "seats", "resumed", "reminder"]


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
    events: list[Event] = field(default_factory=list)
    actor: str | None = None  # the seat that acted


class Listener(Protocol):
    def changed(self, change: Change) -> None:
        """Told after every committed change; must return at once (schedule, don't await)."""


def awaiting(record: GameRecord) -> str | None:
    """The seat that must decide now, if the game is running."""
    if record.status != "running" or record.state is None:
        return None
    acting = citadels.to_act(record.state)
    return acting[0] if acting else None


class GameService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 computer_pause: float = COMPUTER_PAUSE, computer_cap: float = COMPUTER_CAP,
                 minute: float = 60.0) -> None:
        self.store = store
        self.clock = clock
        self.minute = minute  # seconds in a turn-limit minute (tests shorten it)
        self.computer_pause = computer_pause
        self.computer_cap = computer_cap
        self.listener: Listener | None = None
        self.games: dict[int, GameRecord] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._runners: dict[int, asyncio.Task[None]] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._players: dict[str, Player] = {}
        self._closing = False

    # -- loading and lookup ----------------------------------------------------------------

    async def load(self) -> list[GameRecord]:
        """Cache every active game and resume its computer players (start-up)."""
        for record in await self.store.active_games():
            self.games[record.id] = record
        for record in self.games.values():
            self._kick(record.id)
            self._arm(record)
        return list(self.games.values())

    async def close(self) -> None:
        self._closing = True
        runners = [*self._runners.values(), *self._timers.values()]
        for task in runners:
            task.cancel()
        await asyncio.gather(*runners, return_exceptions=True)

    async def get(self, game_id: int) -> GameRecord | None:
        return self.games.get(game_id) or await self.store.get(game_id)

    def in_channel(self, channel_id: int) -> GameRecord | None:
        return next((g for g in self.games.values() if g.channel_id == channel_id), None)

    def games_of_user(self, user_id: int) -> list[GameRecord]:
        return [g for g in self.games.values() if g.seat_of_user(user_id) is not None]

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _active(self, game_id: int) -> GameRecord:
        record = self.games.get(game_id)
        if record is None:
            raise Refused("errors.game_over")
        return record

    # -- committing ------------------------------------------------------------------------

    async def _commit(self, old: GameRecord, new: GameRecord, kind: ChangeKind, *,
                      action: ActionEntry | None = None, events: list[Event] | None = None,
                      actor: str | None = None) -> Change:
        """Save `new` over `old` (caller holds the lock), then cache and announce it."""
        new.updated_at = self.clock()
        new.timer = self._timer_for(new)
        await self.store.save(new, expected_version=old.version, action=action)
        if new.active:
            self.games[new.id] = new
        else:
            self.games.pop(new.id, None)
        change = Change(kind, new, old, events or [], actor)
        if self.listener is not None:
            self.listener.changed(change)
        self._kick(new.id)
        self._arm(new)
        return change

    def _bump(self, record: GameRecord, **update: Any) -> GameRecord:
        return record.model_copy(update={"version": record.version + 1, **update})

    # -- lobby -----------------------------------------------------------------------------

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host_id: int,
                         host_name: str, locale: str | None, settings: GameSettings,
                         parent_channel_id: int | None = None) -> GameRecord:
        """A new lobby with the host seated; ChannelBusy if the channel has an active game."""
        now = self.clock()
        record = GameRecord(
            guild_id=guild_id, channel_id=channel_id, parent_channel_id=parent_channel_id,
            host_id=host_id, settings=settings, created_at=now, updated_at=now,
            seats=[Seat(pid="p1", name=host_name, user_id=host_id, locale=locale)],
        )
        record = await self.store.create(record)
        self.games[record.id] = record
        if self.listener is not None:
            self.listener.changed(Change("lobby", record))
        return record

    async def join(self, game_id: int, user_id: int, name: str, locale: str | None) -> Change:
        async with self._lock(game_id):
            record = self._lobby(game_id)
            if record.seat_of_user(user_id) is not None:
                raise Refused("lobby.already_joined")
            if len(record.seats) >= record.settings.max_players:
                raise Refused("lobby.full")
            seat = Seat(pid=_free_pid(record), name=name, user_id=user_id, locale=locale)
            return await self._commit(record, self._bump(record, seats=[*record.seats, seat]),
                                      "lobby")

    async def leave_lobby(self, game_id: int, user_id: int) -> Change:
        async with self._lock(game_id):
            record = self._lobby(game_id)
            if user_id == record.host_id:
                raise Refused("lobby.host_cannot_leave")
            if record.seat_of_user(user_id) is None:
                raise Refused("lobby.not_joined")
            seats = [s for s in record.seats if s.user_id != user_id]
            return await self._commit(record, self._bump(record, seats=seats), "lobby")

    async def add_computer(self, game_id: int, user_id: int, strength: Strength) -> Change:
        async with self._lock(game_id):
            record = self._lobby(game_id, host=user_id)
            if len(record.seats) >= record.settings.max_players:
                raise Refused("lobby.full")
            seat = Seat(pid=_free_pid(record), name=strength, ai=strength)
            return await self._commit(record, self._bump(record, seats=[*record.seats, seat]),
                                      "lobby")

    async def remove_computer(self, game_id: int, user_id: int) -> Change:
        async with self._lock(game_id):
            record = self._lobby(game_id, host=user_id)
            computers = [s for s in record.seats if s.user_id is None]
            if not computers:
                raise Refused("lobby.no_computer")
            seats = [s for s in record.seats if s is not computers[-1]]
            return await self._commit(record, self._bump(record, seats=seats), "lobby")

    def can_start(self, game_id: int, user_id: int) -> bool:
        """Whether `start` would accept now (to prepare a thread only for a real start)."""
        try:
            record = self._lobby(game_id, host=user_id)
        except Refused:
            return False
        return 2 <= len(record.seats) <= 7

    async def start(self, game_id: int, user_id: int, *, seed: int | None = None,
                    thread_id: int | None = None) -> Change:
        """Deal and open the first draft; with `thread_id` the game moves to that thread."""
        async with self._lock(game_id):
            record = self._lobby(game_id, host=user_id)
            if not 2 <= len(record.seats) <= 7:
                raise Refused("lobby.need_players")
            seed = random.SystemRandom().randrange(2**62) if seed is None else seed
            seats = list(record.seats)
            random.Random(seed).shuffle(seats)  # seating order, and so the first crown, by lot
            new = self._bump(record, status="running", seats=seats, seed=seed)
            new.state = initial_state(new)  # the very start a replay of its log begins from
            if thread_id is not None:
                new = new.model_copy(update={"channel_id": thread_id,
                                             "parent_channel_id": record.channel_id})
            return await self._commit(record, new, "started")

    async def cancel(self, game_id: int, user_id: int) -> Change:
        async with self._lock(game_id):
            record = self._lobby(game_id, host=user_id)
            new = self._bump(record, status="cancelled", ended_reason="cancelled")
            return await self._commit(record, new, "ended")

    def _lobby(self, game_id: int, host: int | None = None) -> GameRecord:
        record = self._active(game_id)
        if record.status != "lobby":
            raise Refused("lobby.already_started")
        if host is not None and host != record.host_id:
            raise Refused("lobby.host_only")
        return record

    # -- playing ---------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, version: int, action: dict[str, Any]
                  ) -> Change:
        """A person's decision, from a click built on game `version`."""
        async with self._lock(game_id):
            record = self._running(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            if version != record.version:
                raise Refused("errors.stale", stale=True)
            if seat.away:
                raise Refused("errors.away")
            if awaiting(record) != seat.pid:
                raise Refused("errors.not_your_turn", stale=True)
            return await self._apply(record, seat, action, user_id=user_id, by="player")

    async def _apply(self, record: GameRecord, seat: Seat, action: Any, *, user_id: int | None,
                     by: Literal["player", "computer", "timer"]) -> Change:
        assert record.state is not None
        try:
            state, events = citadels.apply(record.state, seat.pid, action)
        except IllegalAction as exc:
            raise Refused("errors.illegal", stale=True) from exc
        seats, notes = self._seat_after(record, seat, by)
        public = [*notes, *(e.visible_to(None) for e in events)]
        new = self._bump(record, state=state, seats=seats, log=_append_log(record.log, public))
        if state.finished:
            new = new.model_copy(update={"status": "finished", "ended_reason": "completed"})
        entry = ActionEntry(
            game_id=record.id, version=new.version, pid=seat.pid, user_id=user_id, by=by,
            engine_version=ENGINE_VERSION, action=citadels.Action.parse(action).model_dump(),
            at=self.clock())
        kind: ChangeKind = "ended" if state.finished else "action"
        return await self._commit(record, new, kind, action=entry, events=events, actor=seat.pid)

    def _seat_after(self, record: GameRecord, seat: Seat, by: str
                    ) -> tuple[list[Seat], list[dict[str, Any]]]:
        """Count the timer's decisions in a row; the third hands the seat to the computer."""
        if by == "computer":
            return record.seats, []
        timeouts = seat.timeouts + 1 if by == "timer" else 0
        notes: list[dict[str, Any]] = []
        update: dict[str, Any] = {"timeouts": timeouts}
        if by == "timer":
            notes.append({"type": "timeout", "player": seat.pid})
            if timeouts >= AWAY_AFTER:
                update["away"] = True
                notes.append({"type": "seat_away", "player": seat.pid})
        if timeouts == seat.timeouts and not update.get("away"):
            return record.seats, notes
        return [s.model_copy(update=update) if s is seat else s for s in record.seats], notes

    def _running(self, game_id: int) -> GameRecord:
        record = self._active(game_id)
        if record.status != "running":
            raise Refused("errors.not_started")
        return record

    async def leave_game(self, game_id: int, user_id: int) -> Change:
        """The user leaves for good: the computer plays their seat; no humans left ends it."""
        async with self._lock(game_id):
            record = self._active(game_id)
            if record.status == "lobby":
                raise Refused("errors.use_lobby_leave")
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            seats = [s.model_copy(update={"left": True, "ai": s.ai or "basic"})
                     if s is seat else s for s in record.seats]
            new = self._bump(record, seats=seats, log=_append_log(
                record.log, [{"type": "player_left", "player": seat.pid}]))
            if not any(s.human for s in seats):
                new = new.model_copy(update={"status": "cancelled", "ended_reason": "no_humans"})
                return await self._commit(record, new, "ended")
            return await self._commit(record, new, "seats")

    async def back(self, game_id: int, user_id: int) -> Change | None:
        """"I'm back": the owner of an away seat takes it over from the computer again."""
        async with self._lock(game_id):
            record = self._running(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            if not seat.away:
                return None
            seats = [s.model_copy(update={"away": False, "timeouts": 0}) if s is seat else s
                     for s in record.seats]
            new = self._bump(record, seats=seats, log=_append_log(
                record.log, [{"type": "seat_back", "player": seat.pid}]))
            return await self._commit(record, new, "seats")

    async def end(self, game_id: int, user_id: int, *, can_manage: bool) -> Change:
        """End a lobby or game early: the host or a member who may manage the server."""
        async with self._lock(game_id):
            record = self._active(game_id)
            if user_id != record.host_id and not can_manage:
                raise Refused("errors.end_not_allowed")
            new = self._bump(record, status="cancelled", ended_reason="ended_by_host")
            return await self._commit(record, new, "ended")

    async def abandon(self, game_id: int, reason: str) -> Change | None:
        """End a game the bot can no longer run (channel deleted, permission removed)."""
        async with self._lock(game_id):
            record = self.games.get(game_id)
            if record is None:
                return None
            new = self._bump(record, status="cancelled", ended_reason=reason)
            return await self._commit(record, new, "ended")

    async def set_dms(self, game_id: int, user_id: int, on: bool) -> None:
        """Opt in or out of DM notifications for this game (not a game change)."""
        async with self._lock(game_id):
            record = self._active(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            seats = [s.model_copy(update={"dms": on}) if s is seat else s for s in record.seats]
            new = record.model_copy(update={"seats": seats})
            new.updated_at = self.clock()
            await self.store.save(new, expected_version=record.version)
            self.games[game_id] = new

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        """Remember the lobby/table message ids; not a game change, so the version stays."""
        async with self._lock(game_id):
            record = self.games.get(game_id)
            if record is None:
                return
            new = record.model_copy(update=ids)
            new.updated_at = self.clock()
            await self.store.save(new, expected_version=record.version)
            self.games[game_id] = new

    # -- turn timers ---------------------------------------------------------------------------

    def _timer_for(self, record: GameRecord) -> Timer | None:
        """A fresh clock for a person's decision when the game has a turn limit."""
        pid = awaiting(record)
        limit = record.settings.turn_limit * self.minute
        if pid is None or not limit or record.seat(pid).computer:
            return None
        if record.timer is not None and record.timer.version == record.version:
            return record.timer
        now = self.clock()
        return Timer(version=record.version, pid=pid, reminder_at=now + limit / 2,
                     due_at=now + limit)

    def _arm(self, record: GameRecord) -> None:
        """(Re)start the task that reminds and then plays for the player who is out of time."""
        task = self._timers.pop(record.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if record.timer is not None and record.active and not self._closing:
            self._timers[record.id] = asyncio.create_task(
                self._run_timer(record.id, record.timer), name=f"timer-{record.id}")

    async def _run_timer(self, game_id: int, timer: Timer) -> None:
        try:
            if not timer.reminded:
                await asyncio.sleep(max(0.0, timer.reminder_at - self.clock()))
                await self._remind(game_id, timer)
            await asyncio.sleep(max(0.0, timer.due_at - self.clock()))
            await self._computer_move(game_id, timer.version, timer.pid, by="timer")
        except Refused:
            pass  # the decision was made (or the game ended) just before the deadline
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Turn timer failed in game %s", game_id)

    async def _remind(self, game_id: int, timer: Timer) -> None:
        """Half the time is gone: remember it was said (a restart must not say it twice)."""
        async with self._lock(game_id):
            record = self.games.get(game_id)
            if record is None or record.timer is None or record.timer.version != timer.version:
                raise Refused("errors.stale", stale=True)
            new = record.model_copy(update={"timer": timer.model_copy(update={"reminded": True})})
            new.updated_at = self.clock()
            await self.store.save(new, expected_version=record.version)
            self.games[game_id] = new
        if self.listener is not None:
            self.listener.changed(Change("reminder", new, record))

    # -- computer players ------------------------------------------------------------------

    def _kick(self, game_id: int) -> None:
        """Start the game's computer runner if a computer seat must decide and none runs."""
        record = self.games.get(game_id)
        pid = awaiting(record) if record else None
        if self._closing or record is None or pid is None or not record.seat(pid).computer:
            return
        task = self._runners.get(game_id)
        if task is None or task.done():
            self._runners[game_id] = asyncio.create_task(self._run_computers(game_id),
                                                         name=f"computers-{game_id}")

    async def _run_computers(self, game_id: int) -> None:
        while not self._closing:
            record = self.games.get(game_id)
            pid = awaiting(record) if record else None
            if record is None or pid is None or not record.seat(pid).computer:
                return
            await asyncio.sleep(self.computer_pause)
            try:
                await self._computer_move(game_id, record.version, pid)
            except Refused:
                continue  # a person or the host changed the game meanwhile; look again
            except Exception:
                log.exception("Computer move failed in game %s; retrying", game_id)
                await asyncio.sleep(5)

    async def _computer_move(self, game_id: int, version: int, pid: str,
                             by: Literal["computer", "timer"] = "computer") -> Change:
        record = self._running(game_id)
        seat = record.seat(pid)
        assert record.state is not None
        strength = seat.ai or "basic"
        action = await decide_async(record.state, pid, self._player(strength),
                                    seed=(record.seed + version) % 2**62, cap=self.computer_cap)
        async with self._lock(game_id):
            record = self._running(game_id)
            if record.version != version:
                raise Refused("errors.stale", stale=True)
            return await self._apply(record, record.seat(pid), action, user_id=None, by=by)

    def _player(self, strength: str) -> Player:
        if strength not in self._players:
            self._players[strength] = make_player(strength)
        return self._players[strength]

    async def idle(self, game_id: int) -> None:
        """Wait until the game's computer players have nothing to do (tests, demo)."""
        while (task := self._runners.get(game_id)) is not None and not task.done():
            await asyncio.shield(task)


def _free_pid(record: GameRecord) -> str:
    used = {s.pid for s in record.seats}
    return next(f"p{i}" for i in range(1, 8) if f"p{i}" not in used)


def _append_log(log_: list[dict[str, Any]], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*log_, *entries][-LOG_LENGTH:]

