"""File uploads: multipart bodies on every route Discord takes them, with Discord's limits."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from typing import cast

import aiohttp
import discord
import pytest

from fakediscord import Config, Discord, Emulator, run_client
from tests.fakediscord_fixtures import Table
from tests.fakediscord_probe import Probe, png


@pytest.fixture
async def probe(emulator: Emulator, table: Table) -> AsyncIterator[Probe]:
    client = Probe()
    async with run_client(client, emulator):
        yield client


def channel_of(probe: Probe, table: Table) -> discord.TextChannel:
    return cast(discord.TextChannel, probe.get_channel(int(table.general.id)))


def picture(name: str, width: int = 4, height: int = 3) -> discord.File:
    return discord.File(io.BytesIO(png(width, height)), name)


async def test_a_sent_file_is_stored_and_shown_by_the_embed(
        probe: Probe, table: Table, discord_api: Discord):
    embed = discord.Embed(title="t").set_image(url="attachment://table.png")
    sent = await channel_of(probe, table).send(embed=embed, file=picture("table.png", 7, 5))
    seen = await table.alice.message(str(sent.id))
    [attachment] = seen.attachments
    assert attachment["filename"] == "table.png"
    assert (attachment["width"], attachment["height"]) == (7, 5)
    assert attachment["size"] == len(png(7, 5))
    assert seen.image_attachment() == attachment  # attachment://table.png was resolved
    assert await discord_api.attachment(attachment) == png(7, 5)
    async with aiohttp.ClientSession() as session, session.get(attachment["url"]) as response:
        assert response.status == 200 and await response.read() == png(7, 5)
    assert sent.attachments[0].width == 7  # discord.py reads the same attachment back


async def test_an_edit_keeps_named_attachments_and_replaces_the_rest(
        probe: Probe, table: Table, discord_api: Discord):
    sent = await channel_of(probe, table).send("x", files=[picture("a.png"), picture("b.png")])
    first, second = sent.attachments
    kept = await sent.edit(attachments=[first])
    assert [a.id for a in kept.attachments] == [first.id]
    replaced = await kept.edit(attachments=[picture("c.png", 9, 9)])
    [new] = (await table.alice.message(str(sent.id))).attachments
    assert new["filename"] == "c.png" and new["id"] not in (str(first.id), str(second.id))
    assert await discord_api.attachment(new) == png(9, 9)
    assert [a.filename for a in replaced.attachments] == ["c.png"]
    untouched = await replaced.edit(content="text only")  # no attachments key: they stay
    assert [a.filename for a in untouched.attachments] == ["c.png"]


async def test_an_interaction_response_and_a_followup_carry_files(
        probe: Probe, table: Table, discord_api: Discord):
    result = await table.alice.slash(table.general, "probe picture")
    reply = await result.response()
    assert reply.image_attachment() is not None
    assert await discord_api.attachment(reply.image_attachment()) == png(3, 2)
    [followup] = await result.followups(1)
    assert followup.ephemeral and followup.attachments[0]["filename"] == "more.png"
    assert await discord_api.attachment(followup.attachments[0]) == png(5, 4)
    assert probe.errors == []


async def test_more_than_ten_files_are_refused(probe: Probe, table: Table):
    with pytest.raises(discord.HTTPException) as raised:
        await channel_of(probe, table).send(files=[picture(f"{n}.png") for n in range(11)])
    assert raised.value.status == 400 and raised.value.code == 50035


async def test_a_file_over_the_size_limit_is_refused(
        probe: Probe, table: Table, discord_api: Discord):
    await discord_api.configure(attachment_size_limit=1000)
    big = discord.File(io.BytesIO(b"\0" * 1001), "big.bin")
    with pytest.raises(discord.HTTPException) as raised:
        await channel_of(probe, table).send(file=big)
    assert raised.value.status == 413 and raised.value.code == 40005
    ok = await channel_of(probe, table).send(file=discord.File(io.BytesIO(b"\0" * 1000), "ok"))
    assert ok.attachments[0].size == 1000


async def test_uploading_needs_attach_files(probe: Probe, table: Table, discord_api: Discord):
    await discord_api.set_bot_permission(table.general, "attach_files", False)
    channel = channel_of(probe, table)
    with pytest.raises(discord.Forbidden) as raised:
        await channel.send("with a file", file=picture("t.png"))
    assert raised.value.code == 50013
    text = await channel.send("text still goes")  # only files need the permission
    with pytest.raises(discord.Forbidden):
        await text.edit(attachments=[picture("t.png")])
    await discord_api.set_bot_permission(table.general, "attach_files", True)
    assert (await channel.send(file=picture("t.png"))).attachments


async def test_an_unknown_kept_attachment_is_refused(emulator: Emulator, table: Table,
                                                     probe: Probe):
    sent = await channel_of(probe, table).send("x")
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"attachments": [{"id": "123456789012345678"}]}),
                   content_type="application/json")
    headers = {"Authorization": f"Bot {Config.token}"}
    url = f"{emulator.url}/api/v10/channels/{table.general.id}/messages/{sent.id}"
    async with aiohttp.ClientSession() as session, session.patch(
            url, data=form, headers=headers) as response:
        body = await response.json()
    assert response.status == 400 and body["code"] == 50035
    assert json.dumps(body["errors"]).count("Unknown attachment") == 1
