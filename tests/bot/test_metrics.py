"""The metrics endpoint, scraped while people play through the real bot on the emulator and
again after a restart; /health fails while the store or the gateway is down."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from bench.bot_load import scrape  # as Prometheus reads it
from bot.client import GameBot
from bot.metrics import Metrics, route
from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import click_id, lobby


def test_routes_group_ids_and_hide_tokens() -> None:
    assert route("http://127.0.0.1:1/api/v10/channels/1575860138089119756/messages/"
                 "1575860138248503312") == "/channels/{id}/messages/{id}"
    assert route("http://x/api/v10/interactions/1575860138089119756/aW50ZXJhY3Rpb24/callback"
                 "?with_response=false") == "/interactions/{id}/{token}/callback"
    assert route("http://x/api/v10/webhooks/1575860138089119700/aW50ZXJhY3Rpb24/messages/"
                 "@original") == "/webhooks/{id}/{token}/messages/@original"


def test_429s_are_counted_by_the_limit_that_refused_them_and_bucket_waits_by_bucket() -> None:
    metrics = Metrics(None)  # type: ignore[arg-type]  # no bot: nothing live is read here
    api = "http://x/api/v10"
    metrics.called("PATCH", f"{api}/webhooks/1575860138089119700/aW50ZXJhY3Rpb24/messages/"
                   "1575860138248503312", 429, {"X-RateLimit-Scope": "user"})
    metrics.called("POST", f"{api}/channels/1575860138089119756/messages", 429,
                   {"X-RateLimit-Scope": "user"})
    metrics.called("POST", f"{api}/channels/1575860138089119756/messages", 429,
                   {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"})
    metrics.called("DELETE", f"{api}/channels/1575860138089119756/messages/"
                   "1575860138248503312", 429, {"X-RateLimit-Scope": "global"})
    metrics.called("POST", f"{api}/channels/1575860138089119756/messages", 200, {})
    metrics.waited("token", 0.4)
    metrics.waited("global", 1.5)
    metrics.waited("global", 0.2)
    seen = metrics.registry.get_sample_value
    assert [seen("bot_rate_limited_total", {"kind": kind})
            for kind in ("token", "channel", "global")] == [1.0, 1.0, 2.0]
    assert seen("bot_bucket_wait_seconds_count", {"bucket": "token"}) == 1.0
    assert seen("bot_bucket_wait_seconds_count", {"bucket": "global"}) == 2.0
    assert seen("bot_bucket_wait_seconds_sum", {"bucket": "global"}) == 1.7


async def health(port: int) -> tuple[int, dict[str, object]]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}/health") as answer:
        return answer.status, await answer.json()


def total(samples: dict[str, float], prefix: str) -> float:
    return sum(v for k, v in samples.items() if k.startswith(prefix))


async def test_metrics_follow_play_and_a_restart(emulator: Emulator, discord_api: Discord,
                                                 table: Table, tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    database = tmp_path / "bot.sqlite3"
    settings = bot_settings(database, metrics_port=0, turn_limit=5)
    bot = GameBot(settings, computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        port = bot.metrics.port
        assert port and await health(port) == (200, {"ok": True})
        await (await table.alice.slash(table.general, "citadels new")).response()
        await click_id(table.bruno, await lobby(table.bruno, table.general), ":lobby.join")
        await click_id(table.alice, await lobby(table.alice, table.general), ":lobby.start")
        await bot.publisher.idle()
        seen = await scrape(port)
        assert total(seen, "bot_games_live{game=citadels,shard=0,status=running}") == 1
        assert seen["bot_interactions_total"] >= 3
        assert seen["bot_interaction_ack_seconds_count"] == seen["bot_interactions_total"]
        assert seen["bot_interaction_ack_seconds_sum"] < 3 * seen["bot_interactions_total"]
        assert total(seen, "bot_rest_calls_total{method=POST,route=/interactions/{id}/"
                           "{token}/callback") == seen["bot_interactions_total"]
        assert seen["bot_globally_limited_calls_total"] >= 2  # the lobby and the table posts
        assert seen["bot_store_commit_seconds_count"] >= 2  # the join and the start
        assert seen["bot_timers_due"] == 1  # the first draft pick is timed
        assert seen["bot_shard_leases_held"] == 1
        assert seen["bot_event_loop_lag_seconds_count"] >= 0
        assert total(seen, "bot_rest_429_total") == 0

        working = bot.store.get_meta

        async def down(key: str) -> str | None:
            raise ConnectionError("the database is gone")

        bot.store.get_meta = down  # type: ignore[method-assign]  # the store stops answering
        status, said = await health(port)
        assert status == 503 and said["problems"] == ["store: ConnectionError"]
        bot.store.get_meta = working  # type: ignore[method-assign]
        assert (await health(port))[0] == 200

    bot = GameBot(settings, computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        port = bot.metrics.port
        assert port and (await health(port))[0] == 200
        await bot.publisher.idle()
        seen = await scrape(port)
        # A fresh process: the game resumed, its counters begin again.
        assert total(seen, "bot_games_live{game=citadels,shard=0,status=running}") == 1
        assert seen["bot_timers_due"] == 1
        assert total(seen, "bot_rest_calls_total") >= 1  # the resumed table's notice
        assert bot.metrics._gateway() is None
    # The gateway closed: /health would say so (its server stops with the bot).
    assert bot.is_closed() and "gateway" in (bot.metrics._gateway() or "")
