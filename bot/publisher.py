"""Keeps each game's public messages current: the table, pings, the final scores, notices.

The service tells the publisher about every committed change; the publisher queues it and a
worker per game does the Discord calls in order, rendering the table from the *latest* record
(so a burst of computer moves costs one edit, not one per move). Public texts use the game's
language and come from the public view only.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot import codec, render
from bot.i18n import Catalog
from bot.panels import unstored
from bot.service import Change, awaiting
from rules import citadels

if TYPE_CHECKING:
    from bot.client import CitadelsBot
    from bot.records import GameRecord

log = logging.getLogger(__name__)
RETRIES = 4
PUBLIC_RATE = 40.0  # public message calls per second, below Discord's global 50
T = TypeVar("T")


class Publisher:
    def __init__(self, bot: CitadelsBot) -> None:
        self.bot = bot
        self._pending: dict[int, list[Change]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._pinged: dict[int, str | None] = {}  # game -> seat last told it was their decision
        # Public messages share the bot's global rate limit: a few calls in flight at once keeps
        # a burst (every game resuming after a restart) from turning into a storm of 429s.
        self._gate = asyncio.Semaphore(6)
        self._pace = Pace(PUBLIC_RATE)

    async def _retry(self, call: Callable[[], Awaitable[T]]) -> T:
        return await _retry(call, self._gate, self._pace)

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
        while workers := [w for w in self._workers.values() if not w.done()]:
            await asyncio.gather(*workers, return_exceptions=True)

    async def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()
        await asyncio.gather(*self._workers.values(), return_exceptions=True)

    async def _work(self, game_id: int) -> None:
        while changes := self._pending.pop(game_id, []):
            try:
                await self._publish(game_id, changes)
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
        if record.ended_reason == "channel_unavailable":
            await self._tell_host(record)  # nothing can be posted in the channel any more
            return
        if kinds & {"started", "action", "seats", "resumed", "ended"} and record.state:
            await self._show_table(record)
        if "ended" in kinds:
            await self._announce_end(record)
        elif record.status == "running":
            await self._ping(record, resumed="resumed" in kinds,
                             again=moved_since(awaiting(record), changes))
            if "reminder" in kinds and record.timer is not None and record.timer.reminded:
                await self._remind(record)

    # -- the table -------------------------------------------------------------------------

    def table_message(self, record: GameRecord) -> tuple[discord.Embed, discord.ui.View | None]:
        assert record.state is not None
        lang = record.settings.language
        embed = render.table_embed(citadels.view(record.state, None), record.seats, record.log,
                                   self.bot.catalog, lang)
        if record.status != "running":
            return embed, None
        away = any(seat.away for seat in record.seats)
        return embed, table_buttons(record.id, self.bot.catalog, lang, away=away)

    async def _show_table(self, record: GameRecord) -> None:
        """Edit this round's table message, or post a fresh one for a new round. The table is
        rendered when its turn to be sent comes, from the newest record, so a change that
        waited behind the rate limit goes out already up to date."""
        assert record.state is not None
        channel = self._channel(record)
        if record.table_message_id and record.table_round == record.state.round:
            message = channel.get_partial_message(record.table_message_id)
            try:
                await self._retry(lambda: message.edit(**self._table_now(record)))
                return
            except discord.NotFound:
                pass  # deleted by someone: post it again below
        message = await self._retry(lambda: channel.send(**self._table_now(record)))
        await self.bot.service.set_messages(record.id, table_message_id=message.id,
                                            table_round=record.state.round)

    def _table_now(self, record: GameRecord) -> dict[str, Any]:
        latest = self.bot.service.games.get(record.id)
        if latest is None or latest.version < record.version or latest.state is None:
            latest = record
        embed, view = self.table_message(latest)
        return {"embed": embed, "view": view}

    async def repost_table(self, record: GameRecord) -> discord.Message:
        """Post the table at the bottom of the channel (`/citadels table`)."""
        assert record.state is not None
        embed, view = self.table_message(record)
        message = await self._channel(record).send(embed=embed, view=view)
        await self.bot.service.set_messages(record.id, table_message_id=message.id,
                                            table_round=record.state.round)
        return message

    # -- pings, the end ----------------------------------------------------------------------

    async def _ping(self, record: GameRecord, *, resumed: bool = False, again: bool = False
                    ) -> None:
        """Mention the person whose decision it now is, once per hand-over."""
        pid = awaiting(record)
        if pid is None or (self._pinged.get(record.id) == pid and not (resumed or again)):
            return
        self._pinged[record.id] = pid
        seat = record.seat(pid)
        lang = record.settings.language
        if seat.computer or seat.user_id is None:
            if resumed:  # nobody to mention, but everyone should know the game goes on
                notice = self.bot.catalog.text("ping.resumed", lang)
                await self._retry(lambda: self._channel(record).send(notice))
            return
        phase = record.state.phase if record.state else "turns"
        text = self.bot.catalog.text(f"ping.{phase}", lang, mention=f"<@{seat.user_id}>")
        if resumed:
            text = self.bot.catalog.text("ping.resumed", lang) + "\n" + text
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=self.bot.catalog.text("table.act", lang),
                                        custom_id=codec.table_id(record.id, "act"),
                                        style=discord.ButtonStyle.primary))
        unstored(view)
        await self._retry(lambda: self._channel(record).send(
            text, view=view, allowed_mentions=discord.AllowedMentions(users=True)))
        if seat.dms:
            await self._direct(record, seat.user_id, "dm.turn")

    async def _direct(self, record: GameRecord, user_id: int, key: str) -> bool:
        """An opt-in DM with a link to the game; closed DMs (50007) are fine: the channel ping
        already went out, and the game never depends on DMs."""
        lang = record.settings.language
        link = f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(self.bot.catalog.text(key, lang, link=link, game=record.id))
        except discord.HTTPException as exc:
            log.info("No DM to %s for game %s (%s)", user_id, record.id, exc)
            return False
        return True

    async def _tell_host(self, record: GameRecord) -> None:
        """The game's channel is gone or closed to the bot: the host hears it by DM if possible."""
        await self._direct(record, record.host_id, "dm.channel_unavailable")

    async def _remind(self, record: GameRecord) -> None:
        """Half the decision's time is gone: one more mention, the only other one."""
        assert record.timer is not None
        seat = record.seat(record.timer.pid)
        if seat.user_id is None or seat.computer or awaiting(record) != seat.pid:
            return
        lang = record.settings.language
        minutes = record.settings.turn_limit
        text = self.bot.catalog.text("ping.reminder", lang, mention=f"<@{seat.user_id}>",
                                     minutes=minutes / 2)
        await self._retry(lambda: self._channel(record).send(
            text, allowed_mentions=discord.AllowedMentions(users=True)))

    async def _announce_end(self, record: GameRecord) -> None:
        lang = record.settings.language
        channel = self._channel(record)
        self._pinged.pop(record.id, None)
        if record.status == "finished" and record.state is not None:
            embed = render.final_embed(citadels.view(record.state, None), record.seats,
                                       self.bot.catalog, lang)
            await self._retry(lambda: channel.send(embed=embed))
            return
        if record.ended_reason == "channel_unavailable":
            return
        text = self.bot.catalog.text(f"ended.{record.ended_reason}", lang)
        await self._retry(lambda: channel.send(text))

    def _channel(self, record: GameRecord) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)


def table_buttons(game_id: int, catalog: Catalog, lang: str, *, away: bool = False
                  ) -> discord.ui.View:
    """"My hand" and "Act" for everyone; "I'm back" while the computer plays someone's seat."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=catalog.text("table.hand", lang),
                                    custom_id=codec.table_id(game_id, "hand")))
    view.add_item(discord.ui.Button(label=catalog.text("table.act", lang),
                                    custom_id=codec.table_id(game_id, "act"),
                                    style=discord.ButtonStyle.primary))
    if away:
        view.add_item(discord.ui.Button(label=catalog.text("table.back", lang),
                                        custom_id=codec.table_id(game_id, "back"),
                                        style=discord.ButtonStyle.success))
    return view


def moved_since(pid: str | None, changes: list[Change]) -> bool:
    """Whether someone other than `pid` acted in these changes: the decision left `pid` and
    came back (one publish batch can hold a whole round of computer moves), so `pid` must be
    mentioned again even though they were the last one mentioned."""
    return any(c.actor is not None and c.actor != pid for c in changes)


class Pace:
    """At most `rate` calls per second, evenly spaced: the bot's global limit is 50/s for all
    its REST calls, and public messages must leave room for the rest."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next = 0.0

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self.next)
        self.next = start + self.interval
        if start > now:
            await asyncio.sleep(start - now)


async def _retry(call: Callable[[], Awaitable[T]], gate: asyncio.Semaphore, pace: Pace) -> T:
    """Retry Discord's transient failures (5xx, and 429s discord.py gave up on) with backoff."""
    for attempt in range(RETRIES):
        try:
            async with gate:
                await pace.wait()
                return await call()
        except discord.HTTPException as exc:
            transient = exc.status >= 500 or exc.status == 429
            if not transient or attempt == RETRIES - 1:
                raise
            await asyncio.sleep(0.5 * 2**attempt)
    raise AssertionError("unreachable")
