"""Discord's message and component limits: the emulator refuses what Discord refuses."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from fakediscord import Discord, Emulator, run_client
from tests.fakediscord_fixtures import BotRest, Table


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


V2 = 1 << 15

REFUSED = {
    "content over 2000": {"content": "x" * 2001},
    "embed description over 4096": {"embeds": [{"description": "x" * 4097}]},
    "embeds over 6000 in total": {"embeds": [{"description": "x" * 4000}, {"description":
                                                                             "y" * 2001}]},
    "26 embed fields": {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
    "custom_id over 100": {"components": [row(button("c" * 101))]},
    "6 buttons in a row": {"components": [row(*[button(f"b{i}") for i in range(6)])]},
    "6 action rows": {"components": [row(button(f"r{i}")) for i in range(6)]},
    "26 select options": {"components": [row({"type": 3, "custom_id": "s", "options": [
        {"label": str(i), "value": str(i)} for i in range(26)]})]},
    "duplicate custom_id": {"components": [row(button("same"), button("same"))]},
    "button outside a row": {"components": [button("lonely")]},
    "41 V2 components": {"flags": V2, "components": [text(str(i)) for i in range(41)]},
    "V2 text over 4000": {"flags": V2, "components": [text("x" * 2001), text("y" * 2000)]},
    "V2 with content": {"flags": V2, "content": "hi", "components": [text("t")]},
}


@pytest.mark.parametrize("payload", REFUSED.values(), ids=REFUSED.keys())
async def test_over_the_limit_is_invalid_form_body(
    bot_rest: BotRest, table: Table, payload: dict[str, Any]
):
    status, body = await bot_rest.send(table.general.id, payload)
    assert (status, body["code"]) == (400, 50035)
    assert body["errors"]
    assert await table.alice.sees(table.general) == []


async def test_at_the_limits_is_accepted(bot_rest: BotRest, table: Table):
    classic = {
        "content": "x" * 2000,
        "components": [row(*[button(f"{r}-{b}-" + "c" * 90) for b in range(5)])
                       for r in range(4)]
        + [row({"type": 3, "custom_id": "s", "options": [
            {"label": str(i), "value": str(i)} for i in range(25)]})],
    }
    v2 = {"flags": V2, "components": [text("x" * 100) for _ in range(40)]}
    for payload in (classic, v2):
        status, body = await bot_rest.send(table.general.id, payload)
        assert status == 200, body
    assert len(await table.bruno.sees(table.general)) == 2


async def test_empty_message_is_refused(bot_rest: BotRest, table: Table):
    status, body = await bot_rest.send(table.general.id, {"content": ""})
    assert (status, body["code"]) == (400, 50006)


async def test_v2_flag_cannot_be_removed(bot_rest: BotRest, table: Table):
    _, sent = await bot_rest.send(table.general.id, {"flags": V2, "components": [text("table")]})
    path = f"/channels/{table.general.id}/messages/{sent['id']}"
    status, body = await bot_rest.request("PATCH", path, {"flags": 0, "content": "plain"})
    assert (status, body["code"]) == (400, 50035)
    status, _ = await bot_rest.request("PATCH", path, {"components": [text("round 2")]})
    assert status == 200
    assert "round 2" in (await table.alice.message(sent["id"])).text


async def test_missing_permission_and_unknown_channel(
    bot_rest: BotRest, table: Table, discord_api: Discord
):
    readonly = await discord_api.channel(table.guild, "rules", bot_can_send=False)
    status, body = await bot_rest.send(readonly.id, {"content": "hi"})
    assert (status, body["code"]) == (403, 50013)
    status, body = await bot_rest.send("123", {"content": "hi"})
    assert (status, body["code"]) == (404, 10003)


async def test_wrong_token_is_401(emulator: Emulator, table: Table):
    async with aiohttp.ClientSession() as session, session.get(
        emulator.url + "/api/v10/users/@me", headers={"Authorization": "Bot nope"}
    ) as response:
        assert response.status == 401


async def test_real_discord_py_sees_the_refusal(emulator: Emulator, table: Table):
    client = discord.Client(intents=discord.Intents(guilds=True), guild_ready_timeout=0.05)
    async with run_client(client, emulator):
        channel = client.get_channel(int(table.general.id))
        with pytest.raises(discord.HTTPException) as raised:
            await channel.send("x" * 2001)
        assert (raised.value.status, raised.value.code) == (400, 50035)
        message = await channel.send("fine")
        await message.edit(content="still fine")
        fetched = await channel.fetch_message(message.id)
        assert fetched.content == "still fine"
        await fetched.delete()
    assert await table.alice.sees(table.general) == []


async def test_everyone_pings_only_when_allowed_mentions_permit(bot_rest: BotRest, table: Table):
    """As Discord: @everyone in content pings unless allowed_mentions leaves it out."""
    cases = [({"content": "hi @everyone"}, True),
             ({"content": "hi @everyone", "allowed_mentions": {"parse": []}}, False),
             ({"content": "hi @here", "allowed_mentions": {"parse": ["everyone"]}}, True),
             ({"content": "hi @\u200beveryone"}, False)]
    for payload, pings in cases:
        status, body = await bot_rest.send(table.general.id, payload)
        assert status == 200 and body["mention_everyone"] is pings, payload
