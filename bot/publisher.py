"""Keeps each game's public messages current: the table, pings, the final scores, notices.

The service tells the publisher about every committed change; the publisher queues it and a
worker per game does the Discord calls in order, rendering the table from the *latest* record
(so a burst of computer moves costs one edit, not one per move). Public texts use the game's
language and come from the public view only.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.changes import Change, waiting
from bot.components import RematchButton, TableButton, unstored
from bot.couriers import Courier, Couriers, token_refused
from bot.i18n import Catalog
from bot.lobby import lobby_message
from bot.pace import LAST, LOW, Pace, retry
from bot.painter import Painter, drawing_modules
from bot.pictures import Picture, Pictures
from bot.ui import KeyedUI, Table, quick_action, table_of, ui_for

if TYPE_CHECKING:
    from bot.client import GameBot
    from bot.records import GameRecord, Seat

log = logging.getLogger(__name__)
# Public message calls per second (Discord allows a bot 50/s across all routes but interaction
# callbacks): under heavy load the table edits of each game coalesce instead (one edit shows
# every change since the last), so a table lags by seconds while mentions go first.
PUBLIC_RATE = 20.0
# Threads opened per second for starting games: a budget of their own, so a burst of starts
# never waits behind table edits (the person who pressed Start waits for it).
START_RATE = 10.0
IN_FLIGHT = 6       # public message calls at once
# Under load (tables of BUSY_GAMES games or more sent in the last second), seconds between two
# edits of a game's table while the seats it waits for stay the same: a turn of several clicks
# costs one edit (and one picture), not one per click. A hand-over (someone else's decision
# now) is shown at once: the next seat looks at the table.
TABLE_GAP = 2.0
BUSY_GAMES = 20
# When the painter (one thread) has this many pictures waiting, or a picture takes longer than
# PICTURE_PATIENCE, a table edit goes with its text at once and the board as last drawn; its
# new picture follows PICTURE_GAP seconds later: the text says everything the picture shows.
PAINTER_BEHIND = 3
PICTURE_GAP = 5.0
PICTURE_PATIENCE = 0.3  # seconds an edit of the table waits for its picture
# With public messages on tokens, every globally-limited call of the publisher (threads, the
# first tables, the fallbacks, clearing up) fits in this many per so many seconds, shared by
# the bot's processes: Discord allows 50/s, and a burst (200 games starting at once) must not
# spend it. Clearing up (the channel-posted first tables once moved to a token) goes last.
GLOBAL_BUDGET = (95, 10.0)
TABLE_KINDS = frozenset({"started", "action", "seats", "resumed", "ended"})  # redraw the table
T = TypeVar("T")


class _Posted(Protocol):
    id: int


M = TypeVar("M", bound=_Posted)  # a message just posted
MISSING_PERMISSIONS = 50013  # Discord's code for a call the channel's permissions refuse


@dataclass
class Outgoing:
    """A public message's content, and the key of the picture it uploads or keeps (if any)."""

    content: dict[str, Any]
    picture: str | None = None


class Publisher:
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._pending: dict[int, list[Change]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        # game -> seat the game waits for -> loop time of the hand-over or its last click: a
        # late ping is due `ping_after` seconds after that
        self._since: dict[int, dict[str, float]] = {}
        self._later: dict[tuple[int, str], asyncio.Task[None]] = {}  # seats to ping late
        self._stale_tables: set[int] = set()  # games whose table message awaits an edit
        self._stale_since: dict[int, float] = {}  # when each such table became out of date
        self.table_lags: list[float] = []  # seconds from a change to the edit that showed it
        # The same for the seats a change handed the decision to: from the hand-over to the
        # table showing whom the game waits for (what the next seat looks at).
        self.next_lags: list[float] = []
        self._handed: dict[int, float] = {}  # game -> when its awaited seats last changed
        self._awaited: dict[int, frozenset[str]] = {}  # game -> the seats its table shows
        self._edited: dict[int, float] = {}  # game -> when its table was last sent
        self._recent: deque[tuple[float, int]] = deque()  # (when, game) of the last second's
        self._repaints: dict[int, asyncio.Task[None]] = {}  # games whose picture follows
        self._ready: dict[int, Picture] = {}  # game -> its board drawn for the table to show
        self._newest: dict[int, str] = {}  # game -> key of the picture its table last asked for
        self._redrawers: dict[int, asyncio.Task[None]] = {}
        # One table call of a game at a time (see _table_lock): an edit of this round's table
        # still on its way when the next round's table is posted would give the retired table
        # its buttons back.
        self._table_locks: dict[int, asyncio.Lock] = {}
        # Public messages share the bot's global rate limit: a few calls in flight at once keeps
        # a burst (every game resuming after a restart) from turning into a storm of 429s.
        # With shards across processes, each process takes its shards' share of the budget.
        share = bot.sharding.share
        self._pace = Pace(PUBLIC_RATE * share, width=IN_FLIGHT)
        self._starts = Pace(START_RATE * share, width=IN_FLIGHT)
        self.pictures = Pictures(process=Painter(bot.catalog, drawing_modules())
                                 if bot.settings.painter == "process" else None)
        self._shown: dict[int, str] = {}  # message -> key of the picture it carries
        # How public messages travel (the operator's PUBLIC_MESSAGES): on interaction tokens,
        # outside the global limit, or on the channel routes only, inside it.
        tokens = bot.settings.public_messages == "tokens"
        self.couriers = Couriers(enabled=tokens,
                                 observe=lambda waited: bot.metrics.waited("token", waited))
        self._budget: Pace | None = None
        if tokens:
            # Evenly spaced as well: a window alone lets a burst spend it, then stalls the
            # mentions and first tables people wait for until that burst ages out.
            calls, seconds = GLOBAL_BUDGET
            self._budget = Pace(calls / seconds * share, window=(int(calls * share), seconds))
            self._budget.observe = lambda waited: bot.metrics.waited("global", waited)
        self._sweeps: set[asyncio.Task[None]] = set()  # moved tables deleted in the background
        # Whether Discord announces rate-limit buckets (X-RateLimit-* headers; Discord always
        # does, an emulator may not): only then are the budget and each token's pace kept.
        self.limited = False
        if (metrics := getattr(bot, "metrics", None)) is not None:
            metrics.listeners.append(self._heard)
        self.start_waits: list[float] = []  # seconds each game's opening call took, turns included

    def _heard(self, headers: Mapping[str, str]) -> None:
        self.limited = self.limited or "X-RateLimit-Limit" in headers

    @property
    def budget(self) -> Pace | None:
        """The budget of globally-limited calls, while Discord announces buckets."""
        return self._budget if self.limited else None

    async def _retry(self, call: Callable[[], Awaitable[T]], *, urgent: bool = False,
                     rank: int | None = None) -> T:
        return await retry(call, self._pace, urgent=urgent, rank=rank, budget=self.budget)

    def opening_waits(self) -> bool:
        """Whether a game's opening call would have to wait its turn now."""
        return not self._starts.ready() or (self.budget is not None
                                            and not self.budget.ready())

    async def opening(self, call: Callable[[], Awaitable[T]]) -> T:
        """A call that starts a game (opening its thread): globally limited too, at a rate of
        its own, so that starts never queue behind table edits. In the budget, the games
        already running go first (a thread without its table helps nobody), then the starts,
        then clearing up (see _sweep)."""
        start = asyncio.get_running_loop().time()
        try:
            return await retry(call, self._starts, rank=LOW, budget=self.budget)
        finally:
            self.start_waits.append(asyncio.get_running_loop().time() - start)

    # -- the service's listener --------------------------------------------------------------

    def changed(self, change: Change) -> None:
        game_id = change.record.id
        self._pending.setdefault(game_id, []).append(change)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.create_task(self._work(game_id),
                                                         name=f"publish-{game_id}")

    async def idle(self) -> None:
        """Wait until every queued change is on Discord (tests, shutdown)."""
        while workers := [w for w in [*self._workers.values(), *self._redrawers.values(),
                                      *self._sweeps] if not w.done()]:
            await asyncio.gather(*workers, return_exceptions=True)

    async def close(self) -> None:
        tasks = [*self._workers.values(), *self._redrawers.values(), *self._later.values(),
                 *self._repaints.values(), *self._sweeps]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pictures.close()

    async def _work(self, game_id: int) -> None:
        while changes := self._pending.pop(game_id, []):
            async with self._failures(game_id):
                await self._publish(game_id, changes)

    @contextlib.asynccontextmanager
    async def _failures(self, game_id: int) -> AsyncIterator[None]:
        try:
            yield
        except (discord.Forbidden, discord.NotFound) as exc:
            log.warning("Game %s lost its channel (%s); ending it", game_id, exc)
            await self.bot.service.abandon(game_id, "channel_unavailable")
        except Exception:
            log.exception("Could not publish game %s", game_id)

    async def _publish(self, game_id: int, changes: list[Change]) -> None:
        kinds = {c.kind for c in changes}
        record = self.bot.service.games.get(game_id) or changes[-1].record
        if changes[-1].record.version > record.version:
            record = changes[-1].record
        if game_id not in self.bot.service.games:  # ended: a table posted since is stored
            stored = await self.bot.service.store.get(game_id)
            if stored is not None and stored.version >= record.version:
                record = stored
        if record.ended_reason == "channel_unavailable":
            await self._tell_host(record)  # nothing can be posted in the channel any more
            return
        table = bool(kinds & TABLE_KINDS and record.state)
        if table:
            self._out_of_date(record)
        # A new round's table is a new message: it goes first, so the mention stays below it.
        # An edit of the table waits apart (see _redraw): the mention is what people wait for.
        if table and ("ended" in kinds or not _edits_table(record)):
            await self._show_table(record)
            table = False
        # A start is made by the lobby's Start button, whose answer already shows where the
        # game went; the end needs the lobby message edited here.
        if "ended" in kinds:
            await self.refresh_lobby(record)
            await self._clear_pings(record, keep=None)
            await self._announce_end(record)
        elif record.status == "running":
            await self._follow_turn(record, changes, kinds)
            for seat in {c.seat for c in changes if c.kind == "reminder" and c.seat}:
                await self._remind(record, seat)
        if table:
            self._stale_tables.add(game_id)
            redrawer = self._redrawers.get(game_id)
            if redrawer is None or redrawer.done():
                self._redrawers[game_id] = asyncio.create_task(self._redraw(game_id),
                                                               name=f"table-{game_id}")

    async def _redraw(self, game_id: int) -> None:
        """Edit the game's table while it is out of date, from the newest record when its turn
        comes: table edits queue behind mentions, and however many changes came meanwhile,
        one edit shows them all (under load a table lags by seconds, never a mention)."""
        while game_id in self._stale_tables:
            gap = self._edited.get(game_id, -TABLE_GAP) + TABLE_GAP \
                - asyncio.get_running_loop().time()
            if gap > 0 and game_id not in self._handed and self.busy():
                await asyncio.sleep(gap)  # a hand-over meanwhile waits no longer than this
            async with self._failures(game_id), self._table_lock(game_id):
                await self._edit_table(game_id)

    def busy(self) -> bool:
        """Whether tables of many games were sent in the last second (bot/throttle.py too)."""
        now = asyncio.get_running_loop().time()
        while self._recent and self._recent[0][0] < now - 1.0:
            self._recent.popleft()
        return len(self._recent) >= BUSY_GAMES and \
            len({game for _, game in self._recent}) >= BUSY_GAMES

    async def _edit_table(self, game_id: int) -> None:
        self._stale_tables.discard(game_id)  # a change from here on asks for another edit
        record = self.bot.service.games.get(game_id)
        if record is None or record.state is None or not _edits_table(record):
            return  # over (its worker shows the end), or a new round (its worker posts it)
        await self._refresh_table(record)

    def _out_of_date(self, record: GameRecord) -> None:
        """The table no longer shows `record`: from now its lag counts, and if the seats the
        game waits for changed, the next seat's lag too."""
        now = asyncio.get_running_loop().time()
        self._stale_since.setdefault(record.id, now)
        awaited = frozenset(waiting(record))
        if self._awaited.get(record.id) != awaited:
            self._awaited[record.id] = awaited
            self._handed.setdefault(record.id, now)

    @contextlib.asynccontextmanager
    async def _showing(self, game_id: int) -> AsyncIterator[None]:
        """Around a table call: once it is done, the changes before it are shown (a change
        during the call waits for the next one)."""
        since = self._stale_since.pop(game_id, None)
        handed = self._handed.pop(game_id, None)
        yield
        now = asyncio.get_running_loop().time()
        self._edited[game_id] = now
        self._recent.append((now, game_id))
        if since is not None:
            self.table_lags.append(now - since)
            self.bot.metrics.table_lag.observe(now - since)
        if handed is not None:
            self.next_lags.append(now - handed)
            self.bot.metrics.table_lag_next.observe(now - handed)

    def _table_lock(self, game_id: int) -> asyncio.Lock:
        """Taken before a slot of the pace, never inside one: a call holding a slot while it
        waited for a game's lock, whose holder waits for a slot, could stall every game."""
        return self._table_locks.setdefault(game_id, asyncio.Lock())

    # -- the table -------------------------------------------------------------------------

    def table_message(self, record: GameRecord) -> tuple[discord.Embed, discord.ui.View | None]:
        """The table's text and buttons (no picture)."""
        table, view = self._table(record, picture=False)
        return table.embed, view

    def _table(self, record: GameRecord, *, picture: bool
               ) -> tuple[Table, discord.ui.View | None]:
        """The table in one call to the game's UI (with its picture if `picture` and the
        settings and the channel allow), and its buttons while the game runs."""
        assert record.state is not None
        lang = record.settings.language
        table = table_of(record, self.bot.catalog, lang,
                         picture=picture and self._pictures_allowed(record))
        if record.status != "running":
            return table, None
        away = any(seat.away for seat in record.seats)
        quick = quick_action(record)
        keyed = isinstance(ui_for(record.game), KeyedUI)
        return table, table_buttons(record.id, self.bot.catalog, lang, away=away,
                                    key=f"{record.game}.table.key" if keyed else None,
                                    quick=quick[1] if quick else None)

    async def _show_table(self, record: GameRecord) -> None:
        """Edit this round's table message, or post a fresh one for a new round. The table is
        rendered when its turn to be sent comes, from the newest record, so a change that
        waited behind the rate limit goes out already up to date."""
        assert record.state is not None
        async with self._table_lock(record.id):
            if _edits_table(record):
                await self._refresh_table(record)
            else:
                async with self._showing(record.id):
                    await self._post(record)

    async def _refresh_table(self, record: GameRecord) -> None:
        """Edit this round's table; post it again if someone deleted it, or when a fresher
        token should carry it (see bot/couriers.py)."""
        assert record.table_message_id is not None
        async with self._showing(record.id):
            try:
                if await self._edit(record, record.table_message_id):
                    return
                await self._post(record, moved=True)
            except discord.NotFound:
                await self._post(record)  # deleted by someone

    async def _edit(self, record: GameRecord, message_id: int) -> bool:
        """Edit the table message: with the token that posted it while that token lives,
        else by the channel route. False when the table should rather move to the channel's
        newest token (its own is near its end, or it has none and a token is at hand)."""
        couriers = self.couriers
        owner = couriers.owner(message_id) if self._may_post(record) else None
        newest = self._courier(record)
        if owner is not None and (newest in (None, owner) or not couriers.expiring(message_id)):
            edit = functools.partial(owner.webhook.edit_message, message_id)
            if await self._through(owner, lambda: self._send(record, message_id, edit)):
                return True
            newest = self._courier(record)
        if newest is not None:
            return False
        message = self._channel(record).get_partial_message(message_id)
        await self._retry(lambda: self._send(record, message_id, message.edit))
        return True

    async def _post(self, record: GameRecord, *, moved: bool = False) -> None:
        """Post the table as a new message, then retire the one it replaces (the table as the
        service knows it now: another table call may have posted one meanwhile); `moved`:
        the same round's table went to a fresher token, so the old one is deleted."""
        assert record.state is not None
        if (picture := self._picture(self._latest(record), "table")) is not None:
            await self._file(picture)  # drawn before the call's turn
        old = (self.bot.service.games.get(record.id) or record).table_message_id
        message = await self._post_new(record, lambda send: self._send(record, None, send),
                                       urgent=True)
        await self.bot.service.set_messages(record.id, table_message_id=message.id,
                                            table_round=_round(record))
        if moved:
            await self._delete(record, old, later=True)
        else:
            await self.retire_table(record, old)

    # -- routes: an interaction's token while one lives, else the channel's, paced -----------

    async def _through(self, courier: Courier, call: Callable[[], Awaitable[T]], *,
                       urgent: bool = False) -> list[T]:
        """`[call()]` through `courier`'s token, outside the global limit, in its turn of the
        token's own bucket; [] if Discord refused the token itself (its life is over) or kept
        answering 429, for the caller to take another route (the newest table is never lost)."""
        try:
            pace = courier.pace if self.limited else None
            return [await retry(call, pace, urgent=urgent, patient=False)]
        except discord.HTTPException as exc:
            if exc.status == 429:
                log.warning("An interaction token's bucket refused a call (%s): another route",
                            exc)
                return []
            if not token_refused(exc):
                raise
            log.info("An interaction token was refused (%s): back to channel routes", exc)
            self.couriers.dead(courier)
            return []

    async def _post_new(self, record: GameRecord,
                        send: Callable[[Callable[..., Awaitable[Any]]], Awaitable[M]], *,
                        urgent: bool = False) -> M:
        """`send(call)`, `call` posting in the game's channel: the channel's newest token if
        one may, else the channel route within the global budget."""
        courier = self._courier(record)
        if courier is not None:
            by_token = functools.partial(_webhook_send, courier.webhook)
            sent = await self._through(courier, lambda: send(by_token), urgent=urgent)
            if sent:
                self.couriers.posted(sent[0].id, courier)
                return sent[0]
        channel = self._channel(record)
        return await self._retry(lambda: send(channel.send), urgent=urgent)

    def _courier(self, record: GameRecord) -> Courier | None:
        """The token to post with (see `_may_post`)."""
        return self.couriers.newest(record.channel_id) if self._may_post(record) else None

    def _may_post(self, record: GameRecord) -> bool:
        """Whether the bot may post in the game's channel, as far as the gateway's cache knows.
        A token would get through without it, but a game whose channel is closed to the bot
        ends (the channel route's refusal says so) rather than go on half seen."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return True
        allowed = channel.permissions_for(channel.guild.me)
        sends = (allowed.send_messages_in_threads if isinstance(channel, discord.Thread)
                 else allowed.send_messages)
        return allowed.view_channel and sends

    async def _delete(self, record: GameRecord, message_id: int | None, *,
                      later: bool = False) -> None:
        """Delete one of the game's messages, with the token that posted it if it lives;
        `later`: by the channel route, in the background, after every other globally-limited
        call (a moved table: the one people look at is already below it)."""
        if message_id is None:
            return
        owner = self.couriers.owner(message_id)
        self.couriers.forget(message_id)
        self._shown.pop(message_id, None)
        with contextlib.suppress(discord.NotFound):
            if owner is not None and await self._through(
                    owner, lambda: owner.webhook.delete_message(message_id)):
                return
            message = self._channel(record).get_partial_message(message_id)
            if not later:
                await self._retry(message.delete)
                return
            task = asyncio.create_task(self._sweep(message), name=f"sweep-{message_id}")
            self._sweeps.add(task)
            task.add_done_callback(self._sweeps.discard)

    async def _sweep(self, message: discord.PartialMessage) -> None:
        """Delete a moved table once nothing else waits for the global budget."""
        try:
            await self._retry(message.delete, rank=LAST)
        except discord.HTTPException as exc:  # gone already, or the channel with it
            log.info("A moved table was not deleted (%s)", exc)

    async def retire_reposted(self, record: GameRecord, message_id: int | None) -> None:
        """The game's table (or lobby) was posted again at the bottom (`/citadels table`): the
        old message loses its buttons, after any edit of it still on its way."""
        async with self._table_lock(record.id):
            await self.retire_table(record, message_id)

    async def retire_table(self, record: GameRecord, message_id: int | None) -> None:
        """An older table message keeps its picture of the game but loses its buttons: only
        the current table carries live components."""
        if message_id is None:
            return
        self._shown.pop(message_id, None)
        owner = self.couriers.owner(message_id)
        self.couriers.forget(message_id)
        with contextlib.suppress(discord.NotFound):
            if owner is not None and await self._through(
                    owner, lambda: owner.webhook.edit_message(message_id, view=None)):
                return
            message = self._channel(record).get_partial_message(message_id)
            await self._retry(lambda: message.edit(view=None))

    def _latest(self, record: GameRecord) -> GameRecord:
        latest = self.bot.service.games.get(record.id)
        # Newer news goes out at once, but never into another round's table message.
        if (latest is None or latest.version < record.version or latest.state is None
                or record.state is None or _round(latest) != _round(record)):
            latest = record
        return latest

    async def _send(self, record: GameRecord, message_id: int | None,
                    call: Callable[..., Awaitable[T]]) -> T:
        """Send (`message_id` None) or edit the table as it is now, its picture drawn now too
        (a picture drawn before waiting for the rate limit would often be out of date by the
        call, and drawn twice). Should the channel refuse the picture (no Attach Files), the
        table goes without it: its text is complete."""
        latest = self._latest(record)
        outgoing = await self._table_now(latest, message_id)

        async def attempt(picture: bool) -> T:
            nonlocal outgoing
            if not picture:
                outgoing = await self._table_now(latest, message_id, pictures=False)
            return await call(**outgoing.content)

        sent = await with_picture_or_without(attempt, outgoing.picture is not None)
        shown = getattr(sent, "id", None) or message_id
        if shown is not None:
            self.carries(shown, outgoing)
        return sent

    async def _table_now(self, record: GameRecord, message_id: int | None = None, *,
                         pictures: bool = True) -> Outgoing:
        table, view = self._table(record, picture=pictures)
        embed, picture = table.embed, table.picture
        outgoing = Outgoing({"embed": embed, "view": view})
        if picture is not None:
            self._newest[record.id] = picture.key
        if picture is None:
            if record.settings.pictures and not self._may_attach(record):
                embed.description = "\n".join(filter(None, [
                    embed.description, self._text(record, "pictures.no_permission")]))
            if message_id is not None:  # an edit keeps the files it does not name: drop the
                outgoing.content["attachments"] = []  # last picture, out of date from now on
            return outgoing
        if message_id is not None and self._shown.get(message_id) == picture.key:
            embed.set_image(url=picture.url())  # the message has it already: no upload
            outgoing.picture = picture.key
            return outgoing
        drawn: list[discord.File | None] = []
        shown = picture
        if message_id is None or message_id not in self._shown:
            drawn = [await self._file(picture)]  # a new message waits
        else:
            if self.pictures.backlog < PAINTER_BEHIND:
                # An edit waits for its picture a moment only; the drawing goes on meanwhile
                # (shielded) and lands in the cache.
                with contextlib.suppress(TimeoutError):
                    drawn = [await asyncio.wait_for(asyncio.shield(self._file(
                        picture, self._still_newest(record.id, picture.key))),
                        PICTURE_PATIENCE)]
            ready = self._ready.pop(record.id, None)
            if not drawn and ready is not None and ready.key != self._shown[message_id]:
                drawn, shown = [await self._file(ready)], ready  # from the cache
            if shown.key != picture.key or not drawn:
                self._repaint_later(record.id)  # the board is behind the text
        if not drawn:  # the board as last drawn, for now: the text goes at once
            embed.set_image(url=picture.url())
            outgoing.picture = self._shown[message_id or 0]
        elif (file := drawn[0]) is not None:
            embed.set_image(url=picture.url())
            outgoing.content["attachments" if message_id is not None else "files"] = [file]
            outgoing.picture = shown.key
        return outgoing

    def _still_newest(self, game_id: int, key: str) -> Callable[[], bool]:
        """Whether the picture `key` is still the newest the game's table asked for: one a
        newer table outdated before the painter came to it is not drawn (the repaint draws
        the newest)."""
        return lambda: self._newest.get(game_id) == key

    def _repaint_later(self, game_id: int) -> None:
        """The table's picture is behind its text: draw the board in PICTURE_GAP seconds,
        however long the painter takes then, and edit the table with it once drawn."""
        task = self._repaints.get(game_id)
        if task is None or task.done():
            self._repaints[game_id] = asyncio.create_task(self._repaint(game_id),
                                                          name=f"repaint-{game_id}")

    async def _repaint(self, game_id: int) -> None:
        await asyncio.sleep(PICTURE_GAP)
        record = self.bot.service.games.get(game_id)
        picture = self._picture(record, "table") if record and record.state else None
        if picture is None or await self._file(picture) is None:
            return
        if game_id not in self.bot.service.games:
            return
        self._ready[game_id] = picture
        self._stale_tables.add(game_id)
        redrawer = self._redrawers.get(game_id)
        if redrawer is None or redrawer.done():
            self._redrawers[game_id] = asyncio.create_task(self._redraw(game_id),
                                                           name=f"table-{game_id}")

    def _picture(self, record: GameRecord, which: str) -> Picture | None:
        """The table's or the result's picture, if the game's settings and the channel allow."""
        if not self._pictures_allowed(record):
            return None
        ui = ui_for(record.game)
        lang = record.settings.language
        if which == "table":
            return ui.table_picture(record, self.bot.catalog, lang)
        return ui.final_picture(record, self.bot.catalog, lang)

    async def _file(self, picture: Picture, wanted: Callable[[], bool] | None = None
                    ) -> discord.File | None:
        """A public message's picture, drawn `later` than the panels' asked meanwhile (a
        table may go out with its last board a moment; a panel's answer waits for its own)."""
        return await self.pictures.file(picture, wanted, later=True)

    def _pictures_allowed(self, record: GameRecord) -> bool:
        return record.settings.pictures and self._may_attach(record)

    def _may_attach(self, record: GameRecord) -> bool:
        """Whether the bot may attach files in the game's channel, as far as the gateway's
        cache knows (an unknown channel is tried: a refusal falls back to text)."""
        channel = self.bot.get_channel(record.channel_id)
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            return True
        return channel.permissions_for(channel.guild.me).attach_files

    async def table_content(self, record: GameRecord) -> Outgoing:
        """The table as a new message (the `table` command posts it at the bottom)."""
        return await self._table_now(record)

    def carries(self, message_id: int, outgoing: Outgoing) -> None:
        """`message_id` was sent with `outgoing`: an edit of it need not upload its picture (or,
        sent without one, must)."""
        if outgoing.picture is not None:
            self._shown[message_id] = outgoing.picture
        else:
            self._shown.pop(message_id, None)

    # -- the lobby ----------------------------------------------------------------------------

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Edit the lobby message to tell the truth: who is seated while it is open; where the
        game is played once started; that it ended, and its result, once over. A deleted
        lobby message is left alone."""
        if record.lobby_message_id is None:
            return
        channel_id = record.parent_channel_id or record.channel_id
        channel = self.bot.get_partial_messageable(channel_id, guild_id=record.guild_id)
        embed, view = lobby_message(record, self.bot.catalog)
        message = channel.get_partial_message(record.lobby_message_id)
        with contextlib.suppress(discord.NotFound):
            await self._retry(lambda: message.edit(embed=embed, view=view))

    # -- pings, the end ----------------------------------------------------------------------

    async def _follow_turn(self, record: GameRecord, changes: list[Change], kinds: set[Any]
                           ) -> None:
        """Mentions follow the decisions: those of decisions taken are deleted; each person the
        game waits for is mentioned at once, after `ping_after` seconds without a click of
        theirs, or never, as the game's settings say (after a restart, at once). When several
        seats decide at once, each is mentioned, and its mention deleted, on its own."""
        seats = waiting(record)
        again = {seat for seat in seats if moved_since(seat, changes, record)}
        record = await self._clear_pings(record, keep=set(seats) - again)
        since = self._since.setdefault(record.id, {})
        for gone in set(since) - set(seats):
            del since[gone]
        people = [seat for seat in seats if not record.seat(seat).computer]
        resumed = "resumed" in kinds
        if resumed and (not people or record.settings.ping_after is None):
            # nobody to mention, but everyone should know the game goes on
            await self._post_ping(record, seats[0] if seats else "",
                                  self._text(record, "ping.resumed"), None)
            resumed = False
        for seat in people:
            await self._follow_seat(record, record.seat(seat), changes, again=seat in again,
                                    resumed=resumed)
            resumed = False  # said once, in the first mention

    async def _follow_seat(self, record: GameRecord, seat: Seat, changes: list[Change], *,
                           again: bool, resumed: bool) -> None:
        assert seat.user_id is not None
        fresh = self._clock_turn(record.id, seat.id, changes, again)
        pinged = bool(record.pings.get(seat.id)) and not again
        after = record.settings.ping_after
        if after is None:  # never mentioned; an opted-in DM still says it is their turn
            if fresh and seat.dms:
                await self._direct(record, seat.user_id, "dm.turn")
            return
        if resumed or (not pinged and (after == 0 or self._due(record, seat.id))):
            await self._ping(record, seat, resumed=resumed)
        elif not pinged:
            self._ping_later(record.id, seat.id, after)

    def _clock_turn(self, game_id: int, seat: str, changes: list[Change], again: bool) -> bool:
        """Restart the wait before a late ping at a hand-over or a click of the seat's;
        whether the decision has just come to the seat."""
        since = self._since.setdefault(game_id, {})
        fresh = seat not in since or again
        if fresh or any(c.actor == seat for c in changes):
            since[seat] = asyncio.get_running_loop().time()
        return fresh

    def _due(self, record: GameRecord, seat: str) -> bool:
        since, after = self._since.get(record.id, {}).get(seat), record.settings.ping_after
        if since is None or after is None:
            return False
        waited = asyncio.get_running_loop().time() - since
        return seat in waiting(record) and waited >= self._seconds(after) * 0.99

    def _seconds(self, after: int) -> float:
        return after * self.bot.service.minute / 60  # tests shorten the minute

    def _ping_later(self, game_id: int, seat: str, after: int) -> None:
        task = self._later.get((game_id, seat))
        if task is None or task.done():
            self._later[(game_id, seat)] = asyncio.create_task(
                self._wait_to_ping(game_id, seat, after), name=f"ping-{game_id}-{seat}")

    async def _wait_to_ping(self, game_id: int, seat: str, after: int) -> None:
        """Sleep until the awaited player has gone `after` seconds without a click, then ask
        the game's worker to mention them (so the ping keeps its place in the message order)."""
        loop = asyncio.get_running_loop()
        while (since := self._since.get(game_id, {}).get(seat)) is not None:
            wait = since + self._seconds(after) - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            record = self.bot.service.games.get(game_id)
            if record is not None and seat in waiting(record):
                self.changed(Change("ping", record, seat=seat))
            return

    async def _ping(self, record: GameRecord, seat: Seat, *, resumed: bool = False) -> None:
        """Mention a person whose decision it is, with a button to their panel."""
        assert seat.user_id is not None
        text = self._text(record, ui_for(record.game).ping_key(record),
                          mention=f"<@{seat.user_id}>")
        if resumed:
            text = self._text(record, "ping.resumed") + "\n" + text
        view = discord.ui.View(timeout=None)
        view.add_item(TableButton(record.id, "act", self._text(record, "table.act"),
                                  discord.ButtonStyle.primary))
        quick = quick_action(record)
        if quick is not None and quick[0] == seat.id:
            view.add_item(TableButton(record.id, "quick", self._text(record, quick[1]),
                                      discord.ButtonStyle.success))
        await self._post_ping(record, seat.id, text, seat.user_id, view=unstored(view))
        if seat.dms:
            await self._direct(record, seat.user_id, "dm.turn")

    async def _post_ping(self, record: GameRecord, seat: str, text: str, user_id: int | None,
                         view: discord.ui.View | None = None) -> None:
        """Post a message about the seat's decision, remembered so it is deleted once that
        decision is taken (a finished game leaves no old mentions behind)."""
        mentions = only(user_id) if user_id is not None else discord.AllowedMentions.none()
        message = await self._post_new(record, lambda send: send(
            content=text, view=view or discord.utils.MISSING, allowed_mentions=mentions),
            urgent=True)
        latest = self.bot.service.games.get(record.id) or record
        pings = {**latest.pings, seat: [*latest.pings.get(seat, []), message.id]}
        await self.bot.service.set_messages(record.id, pings=pings)

    async def _clear_pings(self, record: GameRecord, *, keep: set[str] | None) -> GameRecord:
        """Delete the mentions of decisions already taken (all of them when `keep` is None,
        else those of seats not in `keep`); returns the newest record."""
        latest = self.bot.service.games.get(record.id) or await self.bot.service.get(record.id)
        latest = latest or record
        keep = keep or set()
        going = [i for seat, ids in latest.pings.items() if seat not in keep for i in ids]
        if not going:
            return latest
        for message_id in going:
            await self._delete(record, message_id)
        now = self.bot.service.games.get(record.id) or latest
        pings = {seat: ids for seat, ids in now.pings.items() if seat in keep}
        await self.bot.service.set_messages(record.id, pings=pings)
        return self.bot.service.games.get(record.id) or latest.model_copy(
            update={"pings": pings})

    def _text(self, record: GameRecord, key: str, **params: Any) -> str:
        return self.bot.catalog.text(key, record.settings.language, **params)

    async def _direct(self, record: GameRecord, user_id: int, key: str) -> bool:
        """An opt-in DM with a link to the game; closed DMs (50007) are fine: the channel ping
        already went out, and the game never depends on DMs."""
        lang = record.settings.language
        link = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            name = self.bot.catalog.text(f"{record.game}.name", lang)
            await user.send(self.bot.catalog.text(key, lang, link=link, game=record.id, name=name))
        except discord.HTTPException as exc:
            log.info("No DM to %s for game %s (%s)", user_id, record.id, exc)
            return False
        return True

    async def _tell_host(self, record: GameRecord) -> None:
        """The game's channel is gone or closed to the bot: the host hears it by DM if possible."""
        await self._direct(record, record.host_id, "dm.channel_unavailable")

    async def _remind(self, record: GameRecord, seat: str) -> None:
        """A reminder of the seat's timer is due: one more mention, saying when time runs out
        (Discord shows the deadline in each reader's own time)."""
        timer = record.timer_of(seat)
        holder = record.seat(seat)
        if (timer is None or not timer.reminded or holder.user_id is None or holder.computer
                or seat not in waiting(record) or record.settings.ping_after is None):
            return
        text = self._text(record, "ping.reminder", mention=f"<@{holder.user_id}>",
                          deadline=f"<t:{int(timer.due_at)}:R>")
        await self._post_ping(record, seat, text, holder.user_id)

    async def _announce_end(self, record: GameRecord) -> None:
        """The final result (or why the game ended), remembered so that any button of the
        ended game can link to it."""
        lang = record.settings.language
        self._since.pop(record.id, None)
        self._awaited.pop(record.id, None)
        self._edited.pop(record.id, None)
        self._newest.pop(record.id, None)
        if (repaint := self._repaints.pop(record.id, None)) is not None:
            repaint.cancel()
        self._ready.pop(record.id, None)
        self._table_locks.pop(record.id, None)
        self._shown.pop(record.table_message_id or 0, None)  # the table is edited no more
        if record.status == "finished" and record.state is not None:
            embed = ui_for(record.game).final(record, self.bot.catalog, lang)
            view = discord.ui.View(timeout=None)
            view.add_item(RematchButton(record.id, self.bot.catalog.text("rematch.button", lang)))
            picture = self._picture(record, "final")
            file = await self._file(picture) if picture is not None else None
            if picture is not None and file is not None:
                embed.set_image(url=picture.url())

            async def attempt(picture: bool) -> Any:
                async def post(send: Callable[..., Awaitable[Any]]) -> Any:
                    if file is None or not picture:
                        embed.set_image(url=None)
                        return await send(embed=embed, view=unstored(view))
                    file.reset()  # a retried call sends the file from its start again
                    return await send(embed=embed, view=unstored(view), file=file)
                return await self._post_new(record, post)

            message = await with_picture_or_without(attempt, file is not None)
        elif record.ended_reason == "channel_unavailable":
            return
        else:
            text = self.bot.catalog.text(f"ended.{record.ended_reason}", lang)
            message = await self._post_new(record, lambda send: send(content=text))
        await self.bot.service.set_messages(record.id, result_message_id=message.id)

    def _channel(self, record: GameRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)


async def with_picture_or_without(attempt: Callable[[bool], Awaitable[T]], picture: bool
                                  ) -> T:
    """`attempt(True)`: the message as prepared, with its picture if `picture`; should the
    channel refuse that picture (no Attach Files), `attempt(False)`: the message without it,
    whose text is complete anyway."""
    try:
        return await attempt(True)
    except discord.Forbidden as exc:
        if not picture or exc.code != MISSING_PERMISSIONS:
            raise
    return await attempt(False)


def table_buttons(game_id: int, catalog: Catalog, lang: str, *, away: bool = False,
                  key: str | None = None, quick: str | None = None) -> discord.ui.View:
    """"My hand" and "Act" for everyone; the game's quick move (its label the catalog's
    `quick`) when its seat may make it; "I'm back" while the computer plays someone's seat;
    "Key" (its label the catalog's `key`) where the game's table has a key."""
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(game_id, "hand", catalog.text("table.hand", lang)))
    view.add_item(TableButton(game_id, "act", catalog.text("table.act", lang),
                              discord.ButtonStyle.primary))
    if quick is not None:
        view.add_item(TableButton(game_id, "quick", catalog.text(quick, lang),
                                  discord.ButtonStyle.success))
    if away:
        view.add_item(TableButton(game_id, "back", catalog.text("table.back", lang),
                                  discord.ButtonStyle.success))
    if key is not None:
        view.add_item(TableButton(game_id, "key", catalog.text(key, lang)))
    return view


def _webhook_send(webhook: discord.Webhook, **content: Any) -> Awaitable[discord.WebhookMessage]:
    """A channel `send`'s arguments through an interaction's webhook (which has no `view=None`)."""
    if content.get("view") is None:
        content.pop("view", None)
    return webhook.send(wait=True, **content)


def only(user_id: int) -> discord.AllowedMentions:
    """Mentions that ping this one user and nobody else (never everyone, here or a role)."""
    return discord.AllowedMentions(everyone=False, roles=False,
                                   users=[discord.Object(id=user_id)], replied_user=False)


def moved_since(seat: str | None, changes: list[Change], record: GameRecord | None = None
                ) -> bool:
    """Whether the seat's decision is a new one since these changes began: someone other than
    `seat` acted (one publish batch can hold a whole round of computer moves), and, where the
    game names its decisions (`record.decisions`), the seat's began during the batch. Then
    `seat` is mentioned again even though they were the last one mentioned; a seat that goes on
    deciding while others decide beside it is not."""
    if not any(c.actor is not None and c.actor != seat for c in changes):
        return False
    decision = record.decisions.get(seat) if record is not None and seat is not None else None
    first = changes[0].previous
    return decision is None or first is None or decision.since > first.version


def _edits_table(record: GameRecord) -> bool:
    """Whether the table is this round's message, edited in place (else a new one is posted)."""
    return bool(record.table_message_id and record.state is not None
                and record.table_round == _round(record))


def _round(record: GameRecord) -> int:
    return ui_for(record.game).table_round(record)
