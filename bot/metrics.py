"""Metrics for the people who run the bot: Prometheus's text format at /metrics and a /health
answer, served on the bot's own event loop (aiohttp, which discord.py already brings) when a
port is set (`METRICS_PORT`; off by default).

Every figure comes from one `prometheus_client` registry per bot: REST calls are counted by an
aiohttp trace on discord.py's HTTP session (route, status, 429s, and whether the call counts
against Discord's global limit: interaction callbacks and webhook calls with an interaction's
token are exempt), an interaction's acknowledgement time is its callback's end minus the time in
its snowflake, and the live figures (games, timers, leases) are read from the service at each
scrape. /health answers 503 when the gateway is not connected or the store does not answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from bot.shards import shard_of

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

API = re.compile(r"/api/v\d+")
IDS = re.compile(r"/\d{5,}")
TOKEN = re.compile(r"/(interactions/\{id\}|webhooks/\{id\})/[^/]+")
# Discord's own: interaction callbacks, and the webhook calls made with an interaction's token,
# do not count against the bot's global limit.
EXEMPT = ("/interactions/", "/webhooks/")
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback")
LIMIT_KINDS = ("token", "channel", "global")
LAG_EVERY = 0.5     # seconds between two looks at the event loop's lag
HEALTH_TIMEOUT = 2.0  # seconds the store has to answer /health
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
SLOW = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 60.0)


def route(url: str) -> str:
    """A REST URL as its route: ids and tokens replaced, so routes group ("/channels/{id}/
    messages/{id}")."""
    path = IDS.sub("/{id}", API.sub("", urlsplit(url).path))
    return TOKEN.sub(lambda m: f"/{m.group(1)}/{{token}}", path)


def limit_kind(path: str, headers: Mapping[str, str]) -> str:
    """Which limit answered a 429: an interaction token's bucket, the bot's global limit
    (Discord says so in the headers), or else a channel's (or another route's) bucket."""
    if any(part in path for part in EXEMPT):
        return "token"
    if headers.get("X-RateLimit-Global") == "true" or headers.get("X-RateLimit-Scope") == "global":
        return "global"
    return "channel"


class Metrics:
    """The bot's metrics: what each part of it observes, and the live figures read at scrape."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.registry = CollectorRegistry()
        r = self.registry
        self.interactions = Counter("bot_interactions", "Interactions acknowledged",
                                    registry=r)
        self.ack = Histogram("bot_interaction_ack_seconds",
                             "From an interaction's creation to its acknowledgement",
                             buckets=FAST, registry=r)
        self.rest = Counter("bot_rest_calls", "REST calls made, by route and status",
                            ["method", "route", "status"], registry=r)
        self.rate_limited = Counter("bot_rest_429", "REST calls answered 429, by route",
                                    ["method", "route"], registry=r)
        self.refused = Counter(
            "bot_rate_limited", "REST calls answered 429, by the limit that refused them: an "
            "interaction token's bucket (token), a channel's or another route's (channel), the "
            "bot's global limit (global)", ["kind"], registry=r)
        for kind in LIMIT_KINDS:
            self.refused.labels(kind)  # 0 from the start: an alert can compare against it
        self.waits = Histogram(
            "bot_bucket_wait_seconds", "Calls that waited for their turn in a bucket the bot "
            "keeps itself so that Discord need not refuse them: an interaction token's (token) "
            "or the globally-limited calls' budget (global)", ["bucket"], buckets=FAST,
            registry=r)
        self.limited = Counter("bot_globally_limited_calls",
                               "REST calls that count against Discord's global limit "
                               "(rate() of it: calls per second)", registry=r)
        self.commits = Histogram("bot_store_commit_seconds", "A game change's save to the store",
                                 buckets=FAST, registry=r)
        self.table_lag = Histogram("bot_table_lag_seconds",
                                   "From a change to the table edit that shows it",
                                   buckets=SLOW, registry=r)
        self.table_lag_next = Histogram(
            "bot_table_lag_next_seat_seconds",
            "From handing a decision to new seats to the table edit that shows it",
            buckets=SLOW, registry=r)
        self.loop_lag = Histogram("bot_event_loop_lag_seconds",
                                  "How late the event loop ran a timer it was given",
                                  buckets=FAST, registry=r)
        r.register(_Live(bot))
        # Told the headers of every answer (the publisher learns whether Discord announces
        # rate-limit buckets).
        self.listeners: list[Callable[[Mapping[str, str]], None]] = []
        self._watch: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    # -- what the bot's parts observe ---------------------------------------------------------

    def trace(self) -> aiohttp.TraceConfig:
        """A trace for discord.py's HTTP session: every REST call counted as it ends."""
        config = aiohttp.TraceConfig()

        async def ended(session: Any, context: Any, params: Any) -> None:
            self.called(params.method, str(params.url), params.response.status,
                        params.response.headers)
            for listener in self.listeners:
                listener(params.response.headers)

        config.on_request_end.append(ended)
        return config

    def called(self, method: str, url: str, status: int,
               headers: Mapping[str, str] | None = None) -> None:
        path = route(url)
        self.rest.labels(method, path, str(status)).inc()
        if status == 429:
            self.rate_limited.labels(method, path).inc()
            self.refused.labels(limit_kind(path, headers or {})).inc()
        if not any(part in path for part in EXEMPT):
            self.limited.inc()
        if method == "POST" and (found := CALLBACK.search(url)) is not None:
            self.interactions.inc()
            created = ((int(found.group(1)) >> 22) + 1420070400000) / 1000
            self.ack.observe(max(0.0, time.time() - created))

    def waited(self, bucket: str, seconds: float) -> None:
        """A call waited `seconds` for its turn in one of the bot's own buckets."""
        self.waits.labels(bucket).observe(seconds)

    # -- serving --------------------------------------------------------------------------------

    async def start(self, host: str, port: int) -> None:
        """Serve /metrics and /health on `port` (0: any free port, then `self.port`)."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        self._watch = asyncio.create_task(self._watch_loop(), name="metrics-loop-lag")
        log.info("Metrics on http://%s:%s/metrics", host, self.port)

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(self.registry),
                            content_type="text/plain", charset="utf-8")

    async def _health(self, request: web.Request) -> web.Response:
        problems = [p for p in (self._gateway(), await self._store()) if p]
        if problems:
            return web.json_response({"ok": False, "problems": problems}, status=503)
        return web.json_response({"ok": True})

    def _gateway(self) -> str | None:
        bot = self.bot
        shards = getattr(bot, "shards", None)  # a sharded bot: every connection must be up
        down = (bot.is_closed() or not bot.is_ready()
                or (any(s.is_closed() for s in shards.values()) if shards
                    else bot.ws is None or not bot.ws.open))
        return "gateway: not connected" if down else None

    async def _store(self) -> str | None:
        store = getattr(self.bot, "store", None)
        if store is None:
            return "store: not open"
        try:
            await asyncio.wait_for(store.get_meta("health"), HEALTH_TIMEOUT)
        except Exception as exc:
            return f"store: {type(exc).__name__}"
        return None

    async def _watch_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_EVERY)
            self.loop_lag.observe(max(0.0, loop.time() - start - LAG_EVERY))


class _Live(Collector):
    """The figures read from the service at each scrape: games live by game and shard, timers
    due, shard leases held."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def collect(self) -> Iterator[GaugeMetricFamily]:
        games = GaugeMetricFamily("bot_games_live", "Games in a lobby or running",
                                  labels=["game", "status", "shard"])
        timers = GaugeMetricFamily("bot_timers_due", "Turn timers running (one per waiting "
                                   "person)")
        leases = GaugeMetricFamily("bot_shard_leases_held", "Shards this process drives")
        service = getattr(self.bot, "service", None)
        counts: dict[tuple[str, str, str], int] = {}
        running = 0
        count = self.bot.sharding.count
        for record in list(service.games.values()) if service is not None else []:
            key = (record.game, record.status, str(shard_of(record.guild_id, count)))
            counts[key] = counts.get(key, 0) + 1
            running += len(record.timers)
        for labels, n in counts.items():
            games.add_metric(list(labels), n)
        timers.add_metric([], running)
        lease = self.bot.lease
        held = len(self.bot.sharding.ids) if lease is not None and lease.expires_at > time.time() \
            else 0
        leases.add_metric([], held)
        yield from (games, timers, leases)
