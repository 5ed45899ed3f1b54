"""An interaction token's routes have rate-limit buckets of their own, as a webhook's do
(fakediscord/config.py names the figures and where they were published): a bucket per token and
route, announced in the X-RateLimit-* headers of every answer, a 429 with `retry_after` past
it, and none of it counted against the bot's global limit."""

from __future__ import annotations

import asyncio
from typing import Any

from fakediscord import Discord, Emulator
from tests.fakediscord import test_tokens
from tests.fakediscord.test_tokens import Keeper, tokens
from tests.fakediscord_fixtures import BotRest, Table

keeper = test_tokens.keeper  # the probe bot that keeps its interactions (a fixture)

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset-After",
           "X-RateLimit-Bucket")


async def two_tokens(keeper: Keeper, table: Table) -> list[tuple[int, str]]:
    return [(i.application_id, i.token) for i in await tokens(keeper, table, 2)]


async def post(bot_rest: BotRest, app: int, token: str, text: str) -> tuple[int, Any, dict]:
    return await bot_rest.raw("POST", f"/webhooks/{app}/{token}?wait=true", {"content": text})


async def edit(bot_rest: BotRest, app: int, token: str, message: str, text: str
               ) -> tuple[int, Any, dict]:
    return await bot_rest.raw("PATCH", f"/webhooks/{app}/{token}/messages/{message}",
                              {"content": text})


async def test_the_default_is_five_calls_per_two_seconds(emulator: Emulator) -> None:
    assert emulator.world.config.webhook_rate == (5, 2.0)


async def test_a_token_route_refuses_its_sixth_call_within_two_seconds(
        keeper: Keeper, table: Table, bot_rest: BotRest) -> None:
    [(app, token), _] = await two_tokens(keeper, table)
    answers = [await post(bot_rest, app, token, f"note {n}") for n in range(6)]
    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    assert [int(h["X-RateLimit-Remaining"]) for _, h, _ in answers[:5]] == [4, 3, 2, 1, 0]
    for _, headers, _ in answers:
        assert all(name in headers for name in HEADERS)
        assert headers["X-RateLimit-Limit"] == "5"
        assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 2.0
    status, headers, body = answers[-1]
    assert body["global"] is False and 0 < body["retry_after"] <= 2.0
    assert float(headers["Retry-After"]) == body["retry_after"] or \
        abs(float(headers["Retry-After"]) - body["retry_after"]) < 0.01
    assert headers["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in headers
    seen = [m.text for m in await table.alice.sees(table.general)]
    assert "note 5" not in seen and "note 4" in seen  # the refused call did nothing


async def test_the_bucket_refills_after_its_window(
        keeper: Keeper, table: Table, bot_rest: BotRest, discord_api: Discord) -> None:
    await discord_api.configure(webhook_rate=[2, 0.3])
    [(app, token), _] = await two_tokens(keeper, table)
    assert [(await post(bot_rest, app, token, "x"))[0] for _ in range(3)] == [200, 200, 429]
    await asyncio.sleep(0.35)
    status, headers, _ = await post(bot_rest, app, token, "again")
    assert status == 200 and headers["X-RateLimit-Remaining"] == "1"


async def test_each_token_and_each_route_has_its_own_bucket(
        keeper: Keeper, table: Table, bot_rest: BotRest, discord_api: Discord) -> None:
    await discord_api.configure(webhook_rate=[2, 30.0])
    [(app, first), (_, second)] = await two_tokens(keeper, table)
    _, posted_headers, posted = await post(bot_rest, app, first, "one")
    await post(bot_rest, app, first, "two")
    assert (await post(bot_rest, app, first, "three"))[0] == 429
    # Another token: its own bucket, with the same bucket id (the route's, not the token's).
    status, headers, _ = await post(bot_rest, app, second, "other token")
    assert status == 200 and headers["X-RateLimit-Remaining"] == "1"
    assert headers["X-RateLimit-Bucket"] == posted_headers["X-RateLimit-Bucket"]
    # Another route of the spent token (edits): a bucket of its own, with another id.
    status, headers, _ = await edit(bot_rest, app, first, posted["id"], "one, edited")
    assert status == 200 and headers["X-RateLimit-Remaining"] == "1"
    assert headers["X-RateLimit-Bucket"] != posted_headers["X-RateLimit-Bucket"]


async def test_the_original_response_shares_the_edit_bucket(
        keeper: Keeper, table: Table, bot_rest: BotRest, discord_api: Discord) -> None:
    await discord_api.configure(webhook_rate=[2, 30.0])
    [(app, token), _] = await two_tokens(keeper, table)
    _, _, posted = await post(bot_rest, app, token, "follow-up")
    assert (await edit(bot_rest, app, token, "@original", "response, edited"))[0] == 200
    assert (await edit(bot_rest, app, token, posted["id"], "follow-up, edited"))[0] == 200
    status, _, body = await edit(bot_rest, app, token, "@original", "once more")
    assert status == 429 and body["retry_after"] > 0


async def test_deletes_have_a_bucket_and_refused_calls_count_and_say_so(
        keeper: Keeper, table: Table, bot_rest: BotRest, discord_api: Discord) -> None:
    await discord_api.configure(webhook_rate=[2, 30.0])
    [(app, token), _] = await two_tokens(keeper, table)
    _, _, posted = await post(bot_rest, app, token, "soon gone")
    path = f"/webhooks/{app}/{token}/messages"
    async with bot_rest.session.delete(bot_rest.base + f"{path}/{posted['id']}") as answer:
        assert answer.status == 204 and answer.headers["X-RateLimit-Remaining"] == "1"
    # Unknown Message: refused, yet counted in the bucket, and its headers say so.
    status, headers, body = await bot_rest.raw("DELETE", f"{path}/{posted['id']}")
    assert (status, body["code"]) == (404, 10008) and headers["X-RateLimit-Remaining"] == "0"
    status, _, body = await bot_rest.raw("DELETE", f"{path}/{posted['id']}")
    assert status == 429 and body["global"] is False


async def test_the_call_log_keeps_what_each_bucket_had_left(
        keeper: Keeper, table: Table, bot_rest: BotRest, discord_api: Discord) -> None:
    await discord_api.configure(webhook_rate=[1, 30.0])
    [(app, token), _] = await two_tokens(keeper, table)
    first = len(await discord_api.calls())
    await post(bot_rest, app, token, "one")
    await post(bot_rest, app, token, "two")
    logged = [c for c in await discord_api.calls(first) if c["kind"] == "webhook"]
    assert [(c["status"], c["remaining"], c["limited"]) for c in logged] == [
        (200, 0, None), (429, 0, "route")]
