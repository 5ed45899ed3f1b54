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
from typing import Any, Literal

from bot import failpoints
from bot.changes import (
    Change,
    ChangeKind,
    Listener,
    Refused,
    awaiting,
    decisions,
    may_act,
    still_deciding,
)
from bot.computers import By, ComputerPlayers, stand_in_for, strengths
from bot.history import Recorder
from bot.records import ActionEntry, GameRecord, GameSettings, Seat, Strength, Timer
from bot.storage import Store, initial_state
from bot.timers import TurnTimers
from rules import registry
from rules.game import GameEvent, IllegalAction, InvalidOptions

log = logging.getLogger(__name__)

LOG_LENGTH = 20          # public events kept on the record for the table
COMPUTER_PAUSE = 1.5     # seconds a computer player waits, so people can follow
COMPUTER_CAP = 2.0       # wall-clock cap of one computer decision
AWAY_AFTER = 3           # timeouts in a row that hand a seat to the computer


class GameService:
    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 computer_pause: float = COMPUTER_PAUSE, computer_cap: float = COMPUTER_CAP,
                 minute: float = 60.0,
                 owns: Callable[[int | None], bool] = lambda guild_id: True) -> None:
        self.store = store
        self.owns = owns  # whether a server's games are this process's to drive (bot/shards.py)
        self.clock = clock
        self.listener: Listener | None = None
        self.commit_took: Callable[[float], None] | None = None  # seconds of each game save
        self.games: dict[int, GameRecord] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._starting: set[int] = set()  # lobbies whose Start press is being carried out
        # The computers and the timers hand what they decide back through `play` and `_remind`,
        # which commit it as any change: they never write, nor know the service.
        self.computers = ComputerPlayers(games=self.games, play=self.play,
                                         pause=computer_pause, cap=computer_cap,
                                         closing=lambda: self.closing)
        self.timers = TurnTimers(clock=clock, minute=minute, remind=self._remind,
                                 due=self._due, closing=lambda: self.closing)
        self.history = Recorder(store)
        self.closing = False

    @property
    def minute(self) -> float:
        """Seconds in a turn-limit minute (tests shorten it)."""
        return self.timers.minute

    @minute.setter
    def minute(self, seconds: float) -> None:
        self.timers.minute = seconds

    @property
    def computer_pause(self) -> float:
        """Seconds a computer player waits, so people can follow."""
        return self.computers.pause

    @computer_pause.setter
    def computer_pause(self, seconds: float) -> None:
        self.computers.pause = seconds

    @property
    def computer_cap(self) -> float:
        """The wall-clock cap of one computer decision."""
        return self.computers.cap

    @computer_cap.setter
    def computer_cap(self, seconds: float) -> None:
        self.computers.cap = seconds

    # -- loading and lookup ----------------------------------------------------------------

    async def load(self) -> list[GameRecord]:
        """Cache every active game of this process's servers and resume its computer players
        (start-up)."""
        for record in await self.store.active_games():
            if self.owns(record.guild_id):
                self.games[record.id] = record
        for record in self.games.values():
            self.computers.kick(record.id)
            self.timers.arm(record)
        await self.history.sweep()
        return list(self.games.values())

    async def close(self) -> None:
        self.closing = True
        await asyncio.gather(self.computers.close(), self.timers.close(), self.history.close())

    async def get(self, game_id: int) -> GameRecord | None:
        return self.games.get(game_id) or await self.store.get(game_id)

    def in_channel(self, channel_id: int) -> GameRecord | None:
        return next((g for g in self.games.values() if g.channel_id == channel_id), None)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock: every change to one game happens under it, one at a time."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def active(self, game_id: int) -> GameRecord:
        record = self.games.get(game_id)
        if record is None:
            raise Refused("errors.game_over")
        return record

    # -- committing ------------------------------------------------------------------------

    async def _commit(self, old: GameRecord, new: GameRecord, kind: ChangeKind, *,
                      action: ActionEntry | None = None, events: list[GameEvent] | None = None,
                      actor: str | None = None, seat: str | None = None) -> Change:
        """Save `new` over `old` (caller holds the lock), then cache and announce it."""
        new.updated_at = self.clock()
        new.decisions = decisions(new, old)
        new.timers = self.timers.timers_for(new)
        started = time.perf_counter()
        # A save under way lands even if its caller is cancelled (a bot closing, a computer's
        # runner stopped): the cache, the table and whoever plays next must then follow it,
        # or the game's next change is refused as stale.
        saving = asyncio.ensure_future(
            self.store.save(new, expected_version=old.version, action=action))
        cancelled = False
        try:
            await asyncio.shield(saving)
        except asyncio.CancelledError:
            if saving.cancelled():
                raise
            cancelled = True
            await saving
        if self.commit_took is not None:
            self.commit_took(time.perf_counter() - started)
        failpoints.reach("after_commit")
        if new.active:
            self.games[new.id] = new
        else:
            self.games.pop(new.id, None)
            if old.active:
                self.history.ended(new)
        change = Change(kind, new, old, events or [], actor, seat)
        self.announce(change)
        self.computers.kick(new.id)
        self.timers.arm(new)
        if cancelled:
            raise asyncio.CancelledError
        return change

    def announce(self, change: Change) -> None:
        if self.listener is not None:
            self.listener.changed(change)

    def _bump(self, record: GameRecord, **update: Any) -> GameRecord:
        return record.model_copy(update={"version": record.version + 1, **update})

    # -- lobby -----------------------------------------------------------------------------

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, host_id: int,
                         host_name: str, locale: str | None, settings: GameSettings,
                         game: str, parent_channel_id: int | None = None) -> GameRecord:
        """A new lobby with the host seated; ChannelBusy if the channel has an active game,
        Refused if the game does not allow the settings (the command declared the same
        ranges, but any client can send any value)."""
        settings = _checked(game, settings)
        now = self.clock()
        record = GameRecord(
            game=game,
            guild_id=guild_id, channel_id=channel_id, parent_channel_id=parent_channel_id,
            host_id=host_id, settings=settings, created_at=now, updated_at=now,
            seats=[Seat(id="p1", name=host_name, user_id=host_id, locale=locale)],
        )
        record = await self.store.create(record)
        self.games[record.id] = record
        if self.listener is not None:
            self.listener.changed(Change("lobby", record))
        return record

    async def rematch(self, game_id: int, user_id: int, name: str, locale: str | None
                      ) -> GameRecord:
        """A new lobby where the finished game `game_id` was opened, with its options and
        computer players; whoever asked is its host, the other people join as they wish.
        Refused unless `user_id` played in it; ChannelBusy if the channel has a game."""
        old = await self.get(game_id)
        if old is None or old.status != "finished":
            raise Refused("errors.game_over")
        if old.seat_of_user(user_id) is None:
            raise Refused("rematch.not_seated")
        record = await self.open_lobby(
            guild_id=old.guild_id, channel_id=old.parent_channel_id or old.channel_id,
            host_id=user_id, host_name=name, locale=locale, settings=old.settings,
            game=old.game)
        for seat in old.seats:
            if seat.user_id is None and seat.ai is not None:
                await self.add_computer(record.id, user_id, seat.ai)
        return self.games[record.id]

    async def join(self, game_id: int, user_id: int, name: str, locale: str | None) -> Change:
        async with self.lock(game_id):
            record = self._lobby(game_id)
            if record.seat_of_user(user_id) is not None:
                raise Refused("lobby.already_joined")
            if len(record.seats) >= record.max_players:
                raise Refused("lobby.full")
            seat = Seat(id=_free_seat(record), name=name, user_id=user_id, locale=locale)
            return await self._commit(record, self._bump(record, seats=[*record.seats, seat]),
                                      "lobby")

    async def leave_lobby(self, game_id: int, user_id: int) -> Change:
        """A seated person leaves the lobby; a host hands the lobby to the next person seated,
        and a lobby left by its last person is cancelled."""
        async with self.lock(game_id):
            record = self._lobby(game_id)
            if record.seat_of_user(user_id) is None:
                raise Refused("lobby.not_joined")
            seats = [s for s in record.seats if s.user_id != user_id]
            heir = _next_host(record, seats, user_id)
            if heir is None:
                new = self._bump(record, seats=seats, status="cancelled",
                                 ended_reason="cancelled")
                return await self._commit(record, new, "ended")
            return await self._commit(record, self._bump(record, seats=seats, host_id=heir),
                                      "lobby")

    async def add_computer(self, game_id: int, user_id: int, strength: Strength) -> Change:
        async with self.lock(game_id):
            record = self._lobby(game_id, host=user_id)
            if strength not in strengths(record.game):
                raise Refused("errors.unknown_component")
            if len(record.seats) >= record.max_players:
                raise Refused("lobby.full")
            seat = Seat(id=_free_seat(record), name=strength, ai=strength)
            return await self._commit(record, self._bump(record, seats=[*record.seats, seat]),
                                      "lobby")

    async def set_options(self, game_id: int, user_id: int, options: dict[str, Any]
                          ) -> Change:
        """The host changes the game's options in the lobby; checked as `open_lobby` checks
        them (Refused, with the game's reason, if the table may not play them)."""
        async with self.lock(game_id):
            record = self._lobby(game_id, host=user_id)
            settings = _checked(record.game, record.settings.model_copy(
                update={"options": options}))
            return await self._commit(record, self._bump(record, settings=settings), "lobby")

    async def remove_computer(self, game_id: int, user_id: int) -> Change:
        async with self.lock(game_id):
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
        return _seated_enough(record)

    def claim_start(self, game_id: int, user_id: int) -> None:
        """Reserve the lobby's start for this press, at once (no await between the check and
        the claim): a second press meanwhile is refused as "already starting", so one start
        makes one game and at most one thread. `release_start` ends the claim."""
        self._lobby(game_id, host=user_id)
        if game_id in self._starting:
            raise Refused("lobby.already_starting")
        self._starting.add(game_id)

    def release_start(self, game_id: int) -> None:
        self._starting.discard(game_id)

    async def start(self, game_id: int, user_id: int, *, seed: int | None = None,
                    thread_id: int | None = None) -> Change:
        """Deal and open the first draft; with `thread_id` the game moves to that thread."""
        async with self.lock(game_id):
            record = self._lobby(game_id, host=user_id)
            if not _seated_enough(record):
                raise Refused("lobby.need_players", least=record.rules.min_players,
                              most=record.max_players)
            if (problem := seating_problem(record)) is not None:
                raise problem
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
        async with self.lock(game_id):
            record = self._lobby(game_id, host=user_id)
            new = self._bump(record, status="cancelled", ended_reason="cancelled")
            return await self._commit(record, new, "ended")

    def _lobby(self, game_id: int, host: int | None = None) -> GameRecord:
        record = self.active(game_id)
        if record.status != "lobby":
            raise Refused("lobby.already_started")
        if host is not None and host != record.host_id:
            raise Refused("lobby.host_only")
        return record

    # -- playing ---------------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, version: int, action: dict[str, Any]
                  ) -> Change:
        """A person's decision, from a click on a panel built at game `version`: any seat the
        game waits for may act, in any order, while its own decision is the one its panel
        showed (`GameRecord.fresh`)."""
        async with self.lock(game_id):
            record = self.running(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            if seat.away:  # said first: whatever the panel's age, Back is what they need
                raise Refused("errors.away")
            if not record.fresh(seat.id, version):
                raise Refused("errors.stale", stale=True)
            if not may_act(record, seat.id):
                raise Refused("errors.not_your_turn", stale=True)
            return await self.apply(record, seat, action, user_id=user_id, by="player")

    async def apply(self, record: GameRecord, seat: Seat, action: Any, *, user_id: int | None,
                     by: Literal["player", "computer", "timer"]) -> Change:
        assert record.state is not None
        rules = record.rules
        try:
            parsed = rules.parse_action(action)
            state, events = rules.apply(record.state, seat.id, parsed)
        except IllegalAction as exc:
            raise Refused("errors.illegal", stale=True) from exc
        seats, notes = self._seat_after(record, seat, by)
        public = [*notes, *(e.visible_to(None) for e in events)]
        new = self._bump(record, state=state, seats=seats, log=_append_log(record.log, public))
        over = rules.is_over(state)
        if over:
            new = new.model_copy(update={"status": "finished", "ended_reason": "completed"})
        entry = ActionEntry(
            game_id=record.id, version=new.version, seat=seat.id, user_id=user_id, by=by,
            engine_version=rules.engine_version, action=rules.dump_action(parsed),
            at=self.clock())
        kind: ChangeKind = "ended" if over else "action"
        return await self._commit(record, new, kind, action=entry, events=events, actor=seat.id)

    async def play(self, game_id: int, version: int, seat: str, action: Any, by: By) -> Change:
        """A computer's or the timer's decision for `seat`, made on the game at `version`:
        applied if that seat's decision is still the one seen then (others decide meanwhile)."""
        async with self.lock(game_id):
            record = self.running(game_id)
            if not still_deciding(record, seat, version):
                raise Refused("errors.stale", stale=True)
            return await self.apply(record, record.seat(seat), action, user_id=None, by=by)

    async def _due(self, game_id: int, timer: Timer) -> None:
        """A seat's time is up: its game's default, or the computer, decides for it."""
        await self.computers.move(game_id, timer.version, timer.seat, by="timer")

    async def _remind(self, game_id: int, timer: Timer, said: int) -> None:
        """A timer's reminder is due: committed as a change of its own (the version stays), so
        it is said once, even across a restart."""
        async with self.lock(game_id):
            record = self.games.get(game_id)
            current = record.timer_of(timer.seat) if record is not None else None
            if record is None or current is None or current.version != timer.version:
                raise Refused("errors.stale", stale=True)
            timers = [t.model_copy(update={"reminded": said}) if t is current else t
                      for t in record.timers]
            await self._commit(record, record.model_copy(update={"timers": timers}),
                               "reminder", seat=timer.seat)

    def _seat_after(self, record: GameRecord, seat: Seat, by: str
                    ) -> tuple[list[Seat], list[dict[str, Any]]]:
        """Count the timer's decisions in a row; the third hands the seat to the computer."""
        if by == "computer":
            return record.seats, []
        timeouts = seat.timeouts + 1 if by == "timer" else 0
        notes: list[dict[str, Any]] = []
        update: dict[str, Any] = {"timeouts": timeouts}
        if by == "timer":
            notes.append({"type": "timeout", "player": seat.id})
            if timeouts >= AWAY_AFTER:
                update["away"] = True
                notes.append({"type": "seat_away", "player": seat.id})
        if timeouts == seat.timeouts and not update.get("away"):
            return record.seats, notes
        return [s.model_copy(update=update) if s is seat else s for s in record.seats], notes

    def running(self, game_id: int) -> GameRecord:
        record = self.active(game_id)
        if record.status != "running":
            raise Refused("errors.not_started")
        return record

    async def leave_game(self, game_id: int, user_id: int) -> Change:
        """The user leaves for good: the computer plays their seat; no humans left ends it."""
        async with self.lock(game_id):
            record = self.active(game_id)
            if record.status == "lobby":
                raise Refused("errors.use_lobby_leave")
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            seats = [s.model_copy(update={"left": True, "ai": s.ai or stand_in_for(record.game)})
                     if s is seat else s for s in record.seats]
            new = self._bump(record, seats=seats, log=_append_log(
                record.log, [{"type": "player_left", "player": seat.id}]))
            heir = _next_host(record, [s for s in seats if s.human], user_id)
            if heir is None:
                new = new.model_copy(update={"status": "cancelled", "ended_reason": "no_humans"})
                return await self._commit(record, new, "ended")
            return await self._commit(record, new.model_copy(update={"host_id": heir}), "seats")

    async def back(self, game_id: int, user_id: int) -> Change | None:
        """"I'm back": the owner of an away seat takes it over from the computer again."""
        async with self.lock(game_id):
            record = self.running(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            if not seat.away:
                return None
            seats = [s.model_copy(update={"away": False, "timeouts": 0}) if s is seat else s
                     for s in record.seats]
            new = self._bump(record, seats=seats, log=_append_log(
                record.log, [{"type": "seat_back", "player": seat.id}]))
            return await self._commit(record, new, "seats")

    async def end(self, game_id: int, user_id: int, *, can_manage: bool) -> Change:
        """End a lobby or game early: the host or a member who may manage the server."""
        async with self.lock(game_id):
            record = self.active(game_id)
            if user_id != record.host_id and not can_manage:
                raise Refused("errors.end_not_allowed")
            new = self._bump(record, status="cancelled", ended_reason="ended_by_host")
            return await self._commit(record, new, "ended")

    async def abandon(self, game_id: int, reason: str) -> Change | None:
        """End a game the bot can no longer run (channel deleted, permission removed)."""
        async with self.lock(game_id):
            record = self.games.get(game_id)
            if record is None:
                return None
            new = self._bump(record, status="cancelled", ended_reason=reason)
            return await self._commit(record, new, "ended")

    async def set_dms(self, game_id: int, user_id: int, on: bool) -> None:
        """Opt in or out of DM notifications for this game (not a game change)."""
        async with self.lock(game_id):
            record = self.active(game_id)
            seat = record.seat_of_user(user_id)
            if seat is None or not seat.human:
                raise Refused("errors.not_playing")
            seats = [s.model_copy(update={"dms": on}) if s is seat else s for s in record.seats]
            new = record.model_copy(update={"seats": seats})
            new.updated_at = self.clock()
            await self.store.save(new, expected_version=record.version)
            self.games[game_id] = new

    async def set_messages(self, game_id: int, **fields: Any) -> None:
        """Remember the ids of the game's messages (lobby, table, result, pings): not a game
        change, so the version stays; an ended game's record is updated in the store."""
        async with self.lock(game_id):
            record = self.games.get(game_id) or await self.store.get(game_id)
            if record is None:
                return
            new = record.model_copy(update=fields)
            new.updated_at = self.clock()
            await self.store.save(new, expected_version=record.version)
            if new.active:
                self.games[game_id] = new

    async def idle(self, game_id: int) -> None:
        """Wait until the game's computer players have nothing to do (tests, demo)."""
        await self.computers.idle(game_id)


def _free_seat(record: GameRecord) -> str:
    used = {s.id for s in record.seats}
    return next(f"p{i}" for i in range(1, len(used) + 2) if f"p{i}" not in used)


def _next_host(record: GameRecord, staying: list[Seat], leaving: int) -> int | None:
    """Who hosts once `leaving` is gone: the host if they stay, else the next person seated
    after the leaver (in seat order, wrapping round); None if no person stays."""
    people = [s.user_id for s in staying if s.user_id is not None]
    if record.host_id != leaving and record.host_id in people:
        return record.host_id
    order = [s.user_id for s in record.seats if s.user_id is not None]
    start = order.index(leaving) if leaving in order else 0
    return next((u for u in order[start + 1:] + order[:start] if u in people), None)


def _seated_enough(record: GameRecord) -> bool:
    return record.rules.min_players <= len(record.seats) <= record.max_players


def _checked(game: str, settings: GameSettings) -> GameSettings:
    """`settings` with the game's options validated and defaults filled in."""
    rules = registry.game(game)
    try:
        options = rules.options(settings.options, players=settings.max_players)
    except InvalidOptions as exc:
        raise refusal(rules, exc) from None
    return settings.model_copy(update={"options": options.model_dump()})


def refusal(rules: Any, exc: InvalidOptions) -> Refused:
    """Options the game refuses, as people read it: the game's own reason when a rule is
    behind it ("8 players need a rank-9 character"), else the values the option allows."""
    if exc.reason is not None:
        return Refused(f"{rules.id}.options.{exc.reason}", **exc.params)
    return Refused("errors.bad_option", option=exc.field, allowed=allowed_values(rules, exc.field))


def seating_problem(record: GameRecord) -> Refused | None:
    """Why the people seated now may not play the lobby's options (Citadels: the Queen with
    4 players), or None."""
    try:
        record.rules.options(record.settings.options, players=len(record.seats))
    except InvalidOptions as exc:
        return refusal(record.rules, exc)
    return None


def allowed_values(rules: Any, field: str) -> str:
    """What the game's options allow for `field`, from their schema: "7, 8" or "2–7"."""
    if field == "players":
        return f"{rules.min_players}–{rules.max_players}"
    schema = rules.Options.model_json_schema().get("properties", {}).get(field, {})
    for part in [schema, *schema.get("anyOf", [])]:
        if "enum" in part:
            return ", ".join(str(v) for v in part["enum"])
        if "minimum" in part or "maximum" in part:
            return f"{part.get('minimum', '…')}–{part.get('maximum', '…')}"
    return "?"


def _append_log(log_: list[dict[str, Any]], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [*log_, *entries][-LOG_LENGTH:]



__all__ = ["Change", "ChangeKind", "GameService", "Listener", "Refused", "awaiting"]
