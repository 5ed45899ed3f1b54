"""What an interaction's token may do, as Discord documents it: post follow-ups in its channel
for 15 minutes, edit or delete only the messages it posted ("from the same token"), outside the
bot's global rate limit (interaction endpoints are not bound to it). The bot's publisher relies
on exactly these rules (bot/couriers.py), so the emulator refuses everything else."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator

import discord
import pytest

from fakediscord import Discord, Emulator, FakeDiscordError, run_client
from tests.fakediscord_fixtures import BotRest, Table
from tests.fakediscord_probe import Probe, png


class Keeper(Probe):
    """The probe bot, keeping every interaction it receives (and so its token)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[discord.Interaction] = []

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(interaction)


@pytest.fixture
async def keeper(emulator: Emulator, table: Table) -> AsyncIterator[Keeper]:
    client = Keeper()
    async with run_client(client, emulator):
        yield client


async def tokens(keeper: Keeper, table: Table, count: int) -> list[discord.Interaction]:
    """`count` answered interactions of people in #general, oldest first."""
    before = len(keeper.seen)
    people = [table.alice, table.bruno]
    for n in range(count):
        await people[n % 2].slash(table.general, "probe say", text=f"hello {n}")
    for _ in range(200):
        if len(keeper.seen) >= before + count:
            break
        await asyncio.sleep(0.01)
    got = keeper.seen[before:]
    assert len(got) == count and all(i.response.is_done() for i in got)
    return got


async def test_a_followup_is_edited_and_deleted_only_through_its_own_token(
        keeper: Keeper, table: Table) -> None:
    first, second = await tokens(keeper, table, 2)
    posted = await first.followup.send("the table", wait=True)
    assert not posted.flags.ephemeral and str(posted.channel.id) == table.general.id
    edited = await first.followup.edit_message(posted.id, content="the table, later")
    assert edited.content == "the table, later"
    with pytest.raises(discord.NotFound) as refused:
        await second.followup.edit_message(posted.id, content="not yours")
    assert refused.value.code == 10008
    with pytest.raises(discord.NotFound):
        await second.followup.delete_message(posted.id)
    seen = await table.alice.message(str(posted.id))
    assert seen.text == "the table, later"
    # The bot wrote it: the channel route edits it too (what the bot does without a token).
    channel = keeper.get_partial_messageable(int(table.general.id))
    await channel.get_partial_message(posted.id).edit(content="by the channel route")
    await first.followup.delete_message(posted.id)
    with pytest.raises(FakeDiscordError):
        await table.alice.message(str(posted.id))  # gone


async def test_a_token_works_for_15_minutes_only(keeper: Keeper, table: Table,
                                                 discord_api: Discord) -> None:
    [interaction] = await tokens(keeper, table, 1)
    posted = await interaction.followup.send("soon out of reach", wait=True)
    await discord_api.advance_clock(15 * 60 - 5)
    await interaction.followup.edit_message(posted.id, content="still mine")
    await discord_api.advance_clock(10)
    for call in (lambda: interaction.followup.edit_message(posted.id, content="too late"),
                 lambda: interaction.followup.send("too late", wait=True),
                 lambda: interaction.followup.delete_message(posted.id)):
        with pytest.raises(discord.HTTPException) as refused:
            await call()
        assert (refused.value.status, refused.value.code) == (401, 50027)


async def test_token_routes_are_outside_the_global_limit(
        keeper: Keeper, table: Table, discord_api: Discord, bot_rest: BotRest) -> None:
    [interaction] = await tokens(keeper, table, 1)
    app, token = interaction.application_id, interaction.token
    await discord_api.configure(global_rate=[3, 60.0], webhook_rate=[50, 1.0])
    statuses = []
    for n in range(8):  # far past the global budget: none is refused
        status, body = await bot_rest.request("POST", f"/webhooks/{app}/{token}?wait=true",
                                              {"content": f"follow-up {n}"})
        statuses.append(status)
        status, _ = await bot_rest.request("PATCH", f"/webhooks/{app}/{token}/messages/"
                                           f"{body['id']}", {"content": f"edited {n}"})
        statuses.append(status)
    assert set(statuses) == {200}
    refused = [await bot_rest.raw("POST", f"/channels/{table.general.id}/messages",
                                  {"content": f"channel {n}"}) for n in range(4)]
    assert [status for status, _, _ in refused] == [200, 200, 200, 429]
    assert refused[-1][2]["global"] is True


async def test_a_mention_in_a_followup_notifies(keeper: Keeper, table: Table) -> None:
    [interaction] = await tokens(keeper, table, 1)
    mention = discord.AllowedMentions(users=[discord.Object(int(table.bruno.id))])
    posted = await interaction.followup.send(f"<@{table.bruno.id}>, your turn",
                                             allowed_mentions=mention, wait=True)
    assert str(posted.id) in [m.id for m in await table.bruno.notified()]


async def test_a_public_followup_needs_attach_files_for_a_file(
        keeper: Keeper, table: Table, discord_api: Discord) -> None:
    first, second = await tokens(keeper, table, 2)
    await discord_api.set_bot_permission(table.general, "attach_files", False)
    picture = discord.File(io.BytesIO(png(4, 4)), "board.png")
    with pytest.raises(discord.Forbidden) as refused:
        await first.followup.send("the board", file=picture, wait=True)
    assert refused.value.code == 50013
    posted = await second.followup.send("the board, in words", wait=True)
    with pytest.raises(discord.Forbidden):
        await second.followup.edit_message(posted.id, attachments=[
            discord.File(io.BytesIO(png(4, 4)), "board.png")])


async def test_a_followup_into_a_deleted_channel_is_unknown_channel(
        keeper: Keeper, table: Table, discord_api: Discord) -> None:
    [interaction] = await tokens(keeper, table, 1)
    await discord_api.delete_channel(table.general)
    with pytest.raises(discord.NotFound) as refused:
        await interaction.followup.send("anyone?", wait=True)
    assert refused.value.code == 10003
