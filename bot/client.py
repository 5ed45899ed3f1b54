"""The bot: a `commands.Bot` that loads the cogs, localizes and syncs its slash commands."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
import time
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.command_sync import StoreFingerprints, SyncedTreeStore, SyncOutcome, sync_commands
from bot.command_translator import CatalogTranslator
from bot.errors import report_error
from bot.i18n import Catalog
from bot.metrics import Metrics
from bot.publisher import Publisher
from bot.service import Change, GameService
from bot.settings import Settings
from bot.shards import Lease, Shards
from bot.storage import Store, open_store
from bot.throttle import Throttle
from rules import registry

log = logging.getLogger(__name__)


def _extensions() -> tuple[str, ...]:
    """The platform's generic cog, then every registered game's: the `cog` module of its UI
    package. Not the package itself: discord.py forgets an extension's modules when it unloads
    it, and the game's renderers must stay the modules everyone else imported."""
    games = (registry.entry(g).ui for g in registry.games())
    return ("cogs.platform", *(f"{ui}.cog" for ui in games if ui))


# The cyclic collector's thresholds once the bot runs (Python's default: 700, 10, 10). With
# hundreds of games, every change leaves a new record that outlives two young collections, so
# full collections (every object walked while the event loop waits) came every ~10 s and took
# a few hundred ms. A middle pass walks up to the first two thresholds' product of objects: at
# (10_000, 20) it held the loop up to 83 ms at 200 games, at (2_000, 10) 25 ms, for the same
# total (`python -m bench.bot_load`'s gc line); the third keeps full passes as rare as before,
# one per 4 million allocations at most (Python also waits for the old objects to grow 25%).
GC_THRESHOLDS = (2_000, 10, 200)
# How long a thread may hold the GIL while another waits for it (Python's default: 5 ms). The
# store's thread and the picture thread each take it back a few times per job; every time the
# event loop is running Python, they waited up to 5 ms, and the loop as long for them. At 1 ms,
# `python -m bench.bot_load --games 200` gave an ack p99 of 75 ms instead of 136 ms (the
# durable commit's slowest 10%: 22 ms instead of 32 ms), for the same CPU.
SWITCH_INTERVAL = 0.001


class GameTree(app_commands.CommandTree["GameBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(self.client.catalog, interaction, error)


class GameBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        extensions: Sequence[str] | None = None,
        force_sync: bool = False,
        computer_pause: float | None = None,
        tune_runtime: bool = True,
        **options: Any,
    ) -> None:
        # Slash commands and components need no privileged intents, and fewer intents means
        # less gateway traffic; members are not chunked because the game never lists them.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=GameTree,
            chunk_guilds_at_startup=False,
            # Nothing a message says pings anyone unless that message names whom (publisher).
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.settings = settings
        # Counted for the metrics endpoint, whether it is served or not: the trace costs little.
        self.metrics = Metrics(self)
        self.http.http_trace = self.metrics.trace()
        self.catalog = Catalog.load(settings.default_language)
        self.initial_extensions = tuple(extensions if extensions is not None else _extensions())
        self.force_sync = force_sync or settings.sync_commands
        self.sync_outcome: SyncOutcome | None = None
        self.computer_pause = computer_pause
        self.tune_runtime = tune_runtime
        self.store: Store
        self.service: GameService
        self.sharding = Shards.of(settings.shard_count, settings.shard_ids)
        self.publisher = Publisher(self)
        self.throttle = Throttle()  # one person's flood of clicks, while the bot is busy
        self.resumed_at: float | None = None  # perf_counter when every stored game was resumed
        self.lease: Lease | None = None
        self._keeping: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.store = await open_store(self.settings.database())
        # Before any game is loaded: another process may still be driving this one's games.
        self.lease = Lease(self.store, self.sharding, seconds=self.settings.lease_seconds)
        await self.lease.acquire()
        pause = self.settings.computer_pause if self.computer_pause is None else self.computer_pause
        self.service = GameService(self.store, computer_pause=pause, owns=self.sharding.owns)
        self.service.listener = self.publisher
        self.service.commit_took = self.metrics.commits.observe
        await self.tree.set_translator(CatalogTranslator(self.catalog))
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        assert self.application_id is not None  # login fetched the application
        self.sync_outcome = await sync_commands(
            self.tree,
            StoreFingerprints(self.store) if self.settings.database_url
            else SyncedTreeStore(self.settings.database_path),
            application_id=self.application_id,
            dev_guild_id=self.settings.dev_guild_id,
            force=self.force_sync,
        )
        # Components are registered (by the cogs) before any game is resumed, so the buttons of
        # every stored game answer from the first event on.
        for record in await self.service.load():
            if record.status == "running":
                self.publisher.changed(Change("resumed", record))
        self.resumed_at = time.perf_counter()
        log.info("Resumed %d games", len(self.service.games))
        self._keeping = asyncio.create_task(self.lease.keep(self._lost_lease))
        if self.settings.metrics_port is not None:
            await self.metrics.start(self.settings.metrics_host, self.settings.metrics_port)
        if self.tune_runtime:
            settle_gc()
            sys.setswitchinterval(SWITCH_INTERVAL)

    async def _lost_lease(self) -> None:
        """Another process drives these shards now: stop at once (a supervisor restarts us,
        and we wait for the lease again)."""
        self._keeping = None
        await self.close()

    async def close(self) -> None:
        if self._keeping is not None:
            self._keeping.cancel()
        await self.metrics.stop()
        if hasattr(self, "service"):
            await self.service.close()
            await self.publisher.idle()
            await self.publisher.close()
        if hasattr(self, "store"):
            if self.lease is not None:
                await self.lease.release()
            await self.store.close()
        await super().close()

    async def on_ready(self) -> None:
        log.info("Ready as %s in %d guilds", self.user, len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Each person's interaction lends its token to the public messages of its channel
        (bot/couriers.py): they then travel outside the global rate limit."""
        self.publisher.couriers.seen(interaction)


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot running the shards its settings name (all of `shard_count` by default), each on
    its own gateway connection, in one process."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        shards = Shards.of(settings.shard_count, settings.shard_ids)
        super().__init__(settings, shard_count=shards.count, shard_ids=list(shards.ids),
                         **options)


def make_bot(settings: Settings, **options: Any) -> GameBot:
    """The bot the settings ask for: sharded when they give a shard count."""
    if settings.shard_count is None:
        return GameBot(settings, **options)
    return ShardedGameBot(settings, **options)


def settle_gc() -> None:
    """Move everything alive after start-up (modules, classes, the cogs, the resumed games) out
    of the cyclic collector's sight, and make its full passes rare (GC_THRESHOLDS). Objects that
    later die are still freed by reference counting; only cycles among start-up objects would
    wait for a `gc.unfreeze()`."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
