"""Every game that ends, remembered: what it was, who sat where, how it ended, its whole public
log round by round; and the ratings it moves.

Pure: a `FinishedGame` is built from a record and its action log through the game interface,
and `rate` is OpenSkill's Plackett-Luce model over the game's ranks. The store keeps both, in
one transaction (bot/storage), so a game updates the ratings exactly once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from bot.finished import FinishedGame, Rating, SeatResult
from bot.records import ActionEntry, GameRecord, Seat
from bot.storage.replay import initial_state
from bot.ui import ui_for

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)
MODEL = PlackettLuce()


class Recorder:
    """Keeps every game that ends (the service tells it), and at start-up any game that ended
    while the bot was stopping; the store makes each one count exactly once."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tasks: set[asyncio.Task[bool]] = set()
        # The replay of a whole game is tens of milliseconds of Python: on the event loop it
        # would hold every click behind it. One thread replays the games one after another.
        self._replayer: ThreadPoolExecutor | None = None

    def ended(self, record: GameRecord) -> None:
        """Record `record` soon (the caller must not wait for the replay and the write)."""
        if record.state is None:
            return  # a lobby that never started: nothing was played
        task = asyncio.create_task(self.record(record), name=f"history-{record.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def record(self, record: GameRecord) -> bool:
        try:
            return await self.store.record_finished(await self.replayed(record), rate)
        except Exception:
            log.exception("Could not keep ended game %s (kept at the next start)", record.id)
            return False

    async def replayed(self, record: GameRecord) -> FinishedGame:
        """`record`'s game as the history keeps it (its log so far, for one still played),
        replayed in the history's own thread, off the event loop."""
        entries = await self.store.actions(record.id)
        if self._replayer is None:
            self._replayer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history")
        return await asyncio.get_running_loop().run_in_executor(
            self._replayer, finished_game, record, entries)

    async def sweep(self) -> int:
        """Keep the ended games that are not kept yet; how many were."""
        done = 0
        for game_id in await self.store.unrecorded_games():
            record = await self.store.get(game_id)
            if record is not None and await self.record(record):
                done += 1
        return done

    async def idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """Keep the games being kept, then let the replaying thread go."""
        await self.idle()
        if self._replayer is not None:
            self._replayer.shutdown(wait=False)
            self._replayer = None


def readable(seats: Iterable[Seat], former: Callable[[str], str]) -> list[Seat]:
    """`seats` as people read them once someone asked to be forgotten: a forgotten person's
    seat (its name gone) is named `former(seat)` and stays a person's seat, with a user id of 0
    where the id is gone too (a seat without one reads as a computer's)."""
    return [seat if seat.name else seat.model_copy(update={
        "name": former(seat.id), "user_id": seat.user_id if seat.user_id is not None else 0})
        for seat in seats]


def identity(seat: Seat) -> str:
    if seat.user_id is not None:
        return f"user:{seat.user_id}"
    return f"ai:{seat.ai or 'computer'}"


def finished_game(record: GameRecord, entries: Iterable[ActionEntry]) -> FinishedGame:
    """What is kept of an ended game, from its record and whole action log: the log is
    replayed through the engine to recover every public event (the record keeps the last few)."""
    rules = record.rules
    result = rules.result(record.state) if record.state is not None else None
    rounds = public_rounds(record, entries)
    roles: dict[str, list[str]] = {}
    for event in (e for r in rounds for e in r):
        if (played := rules.role_played(event)) is not None:
            roles.setdefault(played[0], []).append(played[1])
    seats = []
    for seat in record.seats:
        rank = result.ranks.get(seat.id) if result else None
        seats.append(SeatResult(
            id=seat.id, identity=identity(seat), name=seat.name, user_id=seat.user_id,
            ai=seat.ai, left=seat.left, rank=rank,
            score=result.scores.get(seat.id) if result else None,
            breakdown=dict(result.breakdown.get(seat.id, {})) if result else {},
            roles=roles.get(seat.id, [])))
    return FinishedGame(
        game_id=record.id, game=record.game, guild_id=record.guild_id,
        channel_id=record.channel_id, result_message_id=record.result_message_id,
        ended_reason=record.ended_reason or "cancelled", options=dict(record.settings.options),
        seats=seats, rounds=rounds,
        final=rules.view(record.state, None) if record.state is not None else {},
        started_at=record.created_at, ended_at=record.updated_at)


def public_rounds(record: GameRecord, entries: Iterable[ActionEntry]) -> list[list[dict]]:
    """Every public event of the game, grouped by the round the table showed at the time."""
    if record.state is None:
        return []
    rules = record.rules
    opens: frozenset[str] = frozenset()
    try:
        ui = ui_for(record.game)
        opens = ui.round_opens

        def round_of(state: Any) -> int:
            return ui.table_round(record.model_copy(update={"state": state}))
    except LookupError:  # no UI loaded (a bare service): the whole game as one round
        def round_of(state: Any) -> int:
            return 0
    state = initial_state(record)
    rounds: list[list[dict[str, Any]]] = [[]]
    current = round_of(state)
    for entry in sorted(entries, key=lambda e: e.version):
        state, events = rules.apply(state, entry.seat, rules.parse_action(entry.action))
        now = round_of(state)
        public = [e.visible_to(None) for e in events]
        if now != current:  # the new round's page begins with the event that opened it
            at = next((i for i, e in enumerate(public) if e.get("type") in opens), 0)
            rounds[-1].extend(public[:at])
            rounds.append([])
            public, current = public[at:], now
        rounds[-1].extend(public)
    return [r for r in rounds if r]


def rate(game: FinishedGame, current: dict[str, Rating]) -> dict[str, Rating]:
    """The new (mu, sigma) of each identity seated in `game`, from `current` (missing: a new
    player). Plackett-Luce over the seats' places (`FinishedGame.placed`: ties share a rank; a
    person who left is placed below everyone who stayed, never rated with the result of the
    computer that took the seat). Two seats of the same identity (two "expert" computers) are
    rated as the players they were, and the identity takes the mean of their new ratings."""
    placed = game.placed()
    seats = [s for s in game.seats if s.id in placed]
    teams = [[MODEL.create_rating(list(current.get(s.identity, (MODEL.mu, MODEL.sigma))))]
             for s in seats]
    rated = MODEL.rate(teams, ranks=[float(placed[s.id]) for s in seats])
    gathered: dict[str, list[Rating]] = {}
    for seat, [rating] in zip(seats, rated, strict=True):
        gathered.setdefault(seat.identity, []).append((rating.mu, rating.sigma))
    return {who: (sum(m for m, _ in values) / len(values), sum(s for _, s in values) / len(values))
            for who, values in gathered.items()}


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating shown to people: mu - 3 sigma."""
    return mu - 3 * sigma
