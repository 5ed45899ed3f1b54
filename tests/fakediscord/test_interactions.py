"""Interactions end to end: real discord.py (the probe bot) against the emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from fakediscord import Discord, Emulator, FakeDiscordError, run_client
from tests.fakediscord_fixtures import Table
from tests.fakediscord_probe import Probe


@pytest.fixture
async def probe(emulator: Emulator, table: Table) -> AsyncIterator[Probe]:
    client = Probe()
    async with run_client(client, emulator):
        yield client


async def test_slash_command_reply_is_public(probe: Probe, table: Table, discord_api: Discord):
    result = await table.alice.slash(table.general, "probe say", text="hello")
    reply = await result.response()
    assert result.ack_type == 4 and not result.failed
    assert reply.content == "hello" and not reply.ephemeral
    assert [m.content for m in await table.bruno.sees(table.general)] == ["hello"]
    assert await discord_api.errors() == []


async def test_ephemeral_reply_is_seen_only_by_its_user(probe: Probe, table: Table):
    result = await table.alice.slash(table.general, "probe say", text="secret", ephemeral=True)
    reply = await result.response()
    assert reply.ephemeral
    assert [m.content for m in await table.alice.sees(table.general)] == ["secret"]
    assert await table.alice.sees(table.general, ephemeral=False) == []  # the history's view
    assert await table.bruno.sees(table.general) == []
    with pytest.raises(FakeDiscordError):
        await table.bruno.message(reply.id)


async def test_ephemeral_message_is_unknown_to_channel_routes(probe: Probe, table: Table):
    reply = await (await table.alice.slash(table.general, "probe say", text="s",
                                           ephemeral=True)).response()
    channel = probe.get_channel(int(table.general.id))
    with pytest.raises(Exception) as raised:
        await channel.get_partial_message(int(reply.id)).edit(content="changed")
    assert getattr(raised.value, "code", None) == 10008


async def test_unsynced_command_cannot_be_run(probe: Probe, table: Table):
    with pytest.raises(FakeDiscordError, match="no slash command"):
        await table.alice.slash(table.general, "nothing here")


async def test_deferred_reply_shows_thinking_then_the_followup(probe: Probe, table: Table):
    result = await table.alice.slash(table.general, "probe think")
    assert result.ack_type == 5
    [thinking] = await table.alice.sees(table.general)
    assert thinking.loading and thinking.ephemeral
    probe.release.set()
    reply = await result.response()
    assert reply.id == thinking.id and reply.content == "thought" and reply.ephemeral
    assert await table.bruno.sees(table.general) == []


async def test_button_click_updates_the_message_for_everyone(probe: Probe, table: Table):
    panel = await (await table.alice.slash(table.general, "probe panel")).response()
    click = await table.bruno.click(panel, "Join")
    assert click.ack_type == 7
    assert (await table.alice.message(panel.id)).content == "joined by bruno"
    assert (await table.alice.message(panel.id)).edited


async def test_deferred_update_then_ephemeral_followup(probe: Probe, table: Table):
    panel = await (await table.alice.slash(table.general, "probe panel")).response()
    click = await table.bruno.click(panel, "Secret")
    assert click.ack_type == 6
    [note] = await click.followups(1)
    assert note.content == "only for bruno" and note.ephemeral
    assert "only for bruno" not in [m.content for m in await table.alice.sees(table.general)]


async def test_select_menu(probe: Probe, table: Table):
    panel = await (await table.alice.slash(table.general, "probe panel")).response()
    reply = await (await table.alice.choose(panel, ["a", "c"], placeholder="Pick")).response()
    assert reply.content == "chose a,c" and reply.ephemeral
    with pytest.raises(FakeDiscordError, match="not all options"):
        await table.alice.choose(panel, ["z"])
    with pytest.raises(FakeDiscordError, match="between"):
        await table.alice.choose(panel, ["a", "b", "c"])


async def test_modal_opened_from_a_button(probe: Probe, table: Table):
    panel = await (await table.alice.slash(table.general, "probe panel")).response()
    ask = await table.alice.click(panel, "Ask")
    assert ask.ack_type == 9 and ask.modal["title"] == "Your name"
    submitted = await table.alice.submit_modal(ask, **{"probe:name": "Ana"})
    assert submitted.ack_type == 7
    assert (await table.bruno.message(panel.id)).content == "named Ana"
    with pytest.raises(FakeDiscordError, match="no modal"):
        await table.alice.submit_modal(ask, **{"probe:name": "again"})


async def test_autocomplete(probe: Probe, table: Table):
    choices = await table.alice.autocomplete(table.general, "probe character", "name", name="i")
    assert [c["value"] for c in choices] == ["Assassin", "Thief", "Magician", "King"]
    choices = await table.alice.autocomplete(table.general, "probe character", "name", name="Th")
    assert [c["value"] for c in choices] == ["Thief"]


async def test_components_v2_message(probe: Probe, table: Table):
    panel = await (await table.alice.slash(table.general, "probe v2")).response()
    assert panel.content == "" and "Round 1: the King" in panel.text
    assert [b["label"] for b in panel.buttons()] == ["Go"]


async def test_new_message_mention_notifies_but_edit_does_not(probe: Probe, table: Table):
    await table.alice.slash(table.general, "probe ping", user=table.bruno.id)

    async def mentioned():
        return await table.bruno.mentions()

    [mention] = await table.alice.discord.wait_for(mentioned)
    assert mention.content.startswith(table.bruno.mention)
    await table.alice.discord.wait_for(
        lambda: _edited(table, mention.id), what="the mention to be edited"
    )
    assert len(await table.bruno.mentions()) == 1
    assert await table.alice.mentions() == []


async def _edited(table: Table, message_id: str) -> bool:
    return "(edited)" in (await table.alice.message(message_id)).content


async def test_dm_to_closed_dms_is_refused_with_50007(probe: Probe, table: Table):
    sent = await (await table.alice.slash(table.general, "probe dm", user=table.bruno.id)
                  ).response()
    assert sent.content == "sent"
    assert [m.content for m in await table.bruno.dms()] == ["psst"]
    await table.alice.set_dms_open(False)
    refused = await (await table.bruno.slash(table.general, "probe dm", user=table.alice.id)
                     ).response()
    assert refused.content == "closed 50007"
    assert await table.alice.dms() == []


async def test_thread_creation(probe: Probe, table: Table, emulator: Emulator):
    reply = await (await table.alice.slash(table.general, "probe thread", name="game-1")
                   ).response()
    thread_id = reply.content.removeprefix("thread ")
    [thread] = await table.alice.discord.backend.call("threads", channel_id=table.general.id)
    assert thread["id"] == thread_id and thread["name"] == "game-1"
    from fakediscord import Ref

    seen = await table.bruno.sees(Ref(thread_id, "game-1"))
    assert [m.content for m in seen] == ["welcome to the thread"]


async def test_missing_acknowledgement_fails_the_interaction(
    probe: Probe, table: Table, discord_api: Discord
):
    await discord_api.configure(ack_deadline=0.2)
    result = await table.alice.slash(table.general, "probe ignore")
    assert result.failed and result.ack_type is None
    assert await discord_api.failed_interactions() == [result.id]


async def test_late_acknowledgement_is_unknown_interaction(
    probe: Probe, table: Table, discord_api: Discord
):
    result = await table.alice.slash(table.general, "probe slow", wait=False)
    await discord_api.advance_clock(3.5)
    probe.release.set()
    await discord_api.wait_for(lambda: _has_error(discord_api, 10062), what="a 10062 answer")
    assert (await result.refresh()).failed
    assert getattr(probe.errors[0], "code", None) == 10062


async def test_token_expires_after_15_minutes(probe: Probe, table: Table, discord_api: Discord):
    result = await table.alice.slash(table.general, "probe think")
    assert result.ack_type == 5
    await discord_api.advance_clock(15 * 60 + 1)
    probe.release.set()
    await discord_api.wait_for(lambda: _has_error(discord_api, 50027), what="a 50027 answer")
    assert getattr(probe.errors[0], "status", None) == 401


async def _has_error(discord_api: Discord, code: int) -> bool:
    return any(c["code"] == code for c in await discord_api.errors())
