"""The test-side API: people using Discord, and what a test can inspect or break.

    async with Emulator() as emulator, run_client(bot, emulator):
        discord = Discord.local(emulator)
        guild = await discord.guild("Test")
        general = await discord.channel(guild, "general")
        alice = await discord.user("alice", guild=guild)
        result = await alice.slash(general, "citadels about")
        reply = await result.response()
        assert "Citadels" in reply.text

`Discord.remote(url)` gives the same API against an emulator in another process.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import copy
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import aiohttp
import discord

from fakediscord.config import Config
from fakediscord.control import CONTROL_PREFIX
from fakediscord.errors import UsageError
from fakediscord.limits import BUTTON, SELECTS, TEXT_DISPLAY, walk
from fakediscord.models import EPHEMERAL, LOADING
from fakediscord.patch import discord_pointed_at
from fakediscord.server import Emulator

T = TypeVar("T")


class FakeDiscordError(AssertionError):
    """The test asked for something impossible, or a wait ran out."""


class Backend(Protocol):
    async def call(self, operation: str, **arguments: Any) -> Any: ...


class LocalBackend:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator

    async def call(self, operation: str, **arguments: Any) -> Any:
        try:
            result = await self.emulator.control.call(operation, arguments)
        except UsageError as error:
            raise FakeDiscordError(str(error)) from None
        # A snapshot, as a remote caller would get: later edits must not change what a test saw.
        return snapshot(result)


_ATOMS = (str, int, float, bool, bytes, type(None))


def snapshot(value: Any) -> Any:
    """A deep copy of JSON-like data: dicts and lists copied, scalars shared. A few times
    faster than copy.deepcopy, which the e2e tests would otherwise spend much of their time in;
    anything else still goes through deepcopy."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else snapshot(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else snapshot(v) for v in value]
    return value if kind in _ATOMS else copy.deepcopy(value)


class RemoteBackend:
    def __init__(self, url: str, session: aiohttp.ClientSession) -> None:
        self.url = url.rstrip("/") + CONTROL_PREFIX
        self.session = session

    async def call(self, operation: str, **arguments: Any) -> Any:
        async with self.session.post(f"{self.url}/{operation}", json=arguments) as response:
            body = await response.json()
        if "error" in body:
            raise FakeDiscordError(body["error"])
        return body["result"]


@dataclass(frozen=True)
class Ref:
    id: str
    name: str


@dataclass(frozen=True)
class SeenMessage:
    """A message as one user sees it."""

    data: dict[str, Any]

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def channel_id(self) -> str:
        return self.data["channel_id"]

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.data.get("embeds") or []

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def attachments(self) -> list[dict[str, Any]]:
        return self.data.get("attachments") or []

    def image_attachment(self, embed: int = 0) -> dict[str, Any] | None:
        """The attachment an embed shows as its image (`attachment://` resolved), if any."""
        url = ((self.embeds[embed].get("image") or {}).get("url") if len(self.embeds) > embed
               else None)
        return next((a for a in self.attachments if a["url"] == url), None)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """The "Bot is thinking..." placeholder of a deferred response."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        return self.data.get("edited_timestamp") is not None

    @property
    def text(self) -> str:
        """Everything readable: content, embed texts, V2 text displays."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for field in embed.get("fields") or []:
                parts += [field.get("name") or "", field.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += [c.get("content") or "" for c in self.components() if c["type"] == TEXT_DISPLAY]
        return "\n".join(p for p in parts if p)

    def components(self) -> list[dict[str, Any]]:
        return [c for _, c in walk(self.data.get("components") or [])]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.components() if c["type"] == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.components() if c["type"] in SELECTS]

    def button(self, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        for button in self.buttons():
            if custom_id is not None and button.get("custom_id") == custom_id:
                return button
            if label is not None and button.get("label") == label:
                return button
        labels = [b.get("label") for b in self.buttons()]
        raise FakeDiscordError(f"no button {label or custom_id!r} on message; buttons: {labels}")

    def select(self, custom_id: str | None = None, placeholder: str | None = None) -> dict:
        for select in self.selects():
            if custom_id in (None, select.get("custom_id")) and placeholder in (
                None, select.get("placeholder")
            ):
                return select
        raise FakeDiscordError(f"no select {custom_id or placeholder!r} on message")


class InteractionResult:
    """An interaction a person started, as the emulator saw the bot handle it."""

    def __init__(self, person: Person, status: dict[str, Any]) -> None:
        self.person = person
        self.status = status

    @property
    def id(self) -> str:
        return self.status["id"]

    @property
    def ack_type(self) -> int | None:
        """The callback type the bot answered with (4 message, 5 defer, 6/7 update, 9 modal)."""
        return self.status["ack_type"]

    @property
    def failed(self) -> bool:
        """The user saw "This interaction failed": no acknowledgement within the deadline."""
        return self.status["failed"]

    @property
    def modal(self) -> dict[str, Any] | None:
        return self.status["modal"]

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        return self.status["choices"]

    async def refresh(self) -> InteractionResult:
        self.status = await self.person.discord.backend.call("interaction", interaction_id=self.id)
        return self

    async def acknowledged(self, timeout: float | None = None) -> InteractionResult:
        """Wait until the bot acknowledged the interaction or its deadline passed."""
        limit = timeout if timeout is not None else max(self.status["deadline_in"], 0) + 2.0

        async def settled() -> bool:
            await self.refresh()
            return self.ack_type is not None or self.failed

        await self.person.discord.wait_for(settled, limit, f"interaction {self.id} to settle")
        return self

    async def response(self, timeout: float = 5.0) -> SeenMessage:
        """The bot's response message once it is no longer "thinking"."""

        async def ready() -> SeenMessage | None:
            await self.refresh()
            if self.failed:
                raise FakeDiscordError(f"interaction {self.id} failed: the bot never answered")
            if self.status["original_id"] is None:
                return None
            seen = await self.person.message(self.status["original_id"])
            return None if seen.loading else seen

        return await self.person.discord.wait_for(ready, timeout, f"a response to {self.id}")

    async def followups(self, count: int = 0, timeout: float = 5.0) -> list[SeenMessage]:
        """The followup messages, once there are at least `count` of them."""

        async def enough() -> bool:
            await self.refresh()
            return len(self.status["followup_ids"]) >= count

        await self.person.discord.wait_for(enough, timeout, f"{count} followups to {self.id}")
        return [await self.person.message(i) for i in self.status["followup_ids"]]


class Person:
    """A Discord user: runs commands, clicks, chooses, fills modals, reads channels."""

    def __init__(self, discord_: Discord, data: dict[str, Any]) -> None:
        self.discord = discord_
        self.id: str = data["id"]
        self.name: str = data["username"]
        self.locale: str = data["locale"]

    def __repr__(self) -> str:
        return f"<Person {self.name} {self.locale}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    async def _start(self, operation: str, wait: bool, **arguments: Any) -> InteractionResult:
        status = await self.discord.backend.call(operation, user_id=self.id, **arguments)
        result = InteractionResult(self, status)
        return await result.acknowledged() if wait else result

    async def slash(
        self, channel: Ref, command: str, *, wait: bool = True, forge: bool = False,
        **options: Any
    ) -> InteractionResult:
        """Run `/command` (e.g. "citadels new") with options; waits for the acknowledgement.
        With `forge`, values outside the options' choices or ranges are sent anyway."""
        return await self._start("slash", wait, channel_id=channel.id, command=command,
                                 options=options, **({"forge": True} if forge else {}))

    async def autocomplete(
        self, channel: Ref, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """Type into option `focused` of a command; returns the choices the bot offered."""
        result = await self._start("autocomplete", True, channel_id=channel.id, command=command,
                                   options=options, focused=focused)
        if result.choices is None:
            raise FakeDiscordError("the bot answered autocomplete without choices")
        return result.choices

    async def click(
        self, message: SeenMessage, label: str | None = None, *, custom_id: str | None = None,
        wait: bool = True, forge: bool = False,
    ) -> InteractionResult:
        """Click a button of `message`; with `forge` (a modified client), send `custom_id`
        whether or not the message has such a button."""
        if forge and custom_id is not None:
            return await self._start("click", wait, message_id=message.id, custom_id=custom_id,
                                     forge=True)
        button = message.button(label, custom_id)
        return await self._start("click", wait, message_id=message.id,
                                 custom_id=button["custom_id"])

    async def choose(
        self, message: SeenMessage, values: list[str], *, custom_id: str | None = None,
        placeholder: str | None = None, wait: bool = True,
    ) -> InteractionResult:
        select = message.select(custom_id, placeholder)
        return await self._start("select", wait, message_id=message.id,
                                 custom_id=select["custom_id"], values=values)

    async def submit_modal(
        self, opened_by: InteractionResult, *, wait: bool = True, **values: Any
    ) -> InteractionResult:
        """Fill the modal the bot opened in answer to `opened_by`, by field custom_id."""
        return await self._start("submit_modal", wait, interaction_id=opened_by.id,
                                 values=values)

    async def sees(self, channel: Ref, ephemeral: bool = True) -> list[SeenMessage]:
        """The channel's messages as this user sees them: their own ephemerals included,
        unless `ephemeral` is False (a game's panels pile up: leaving them out is cheaper)."""
        data = await self.discord.backend.call("messages", user_id=self.id, channel_id=channel.id,
                                               ephemeral=ephemeral)
        return [SeenMessage(d) for d in data]

    async def last_message(self, channel: Ref) -> SeenMessage:
        seen = await self.sees(channel)
        if not seen:
            raise FakeDiscordError(f"{self.name} sees no message in #{channel.name}")
        return seen[-1]

    async def message(self, message_id: str) -> SeenMessage:
        data = await self.discord.backend.call("message", user_id=self.id, message_id=message_id)
        return SeenMessage(data)

    async def mentions(self) -> list[SeenMessage]:
        """Messages that notified this user (created with a mention, never edits)."""
        return [SeenMessage(d) for d in await self.discord.backend.call("mentions",
                                                                         user_id=self.id)]

    async def notified(self) -> list[SeenMessage]:
        """Every message that ever notified this user, including those deleted since (the
        "deleted" key of each one's `data` says which)."""
        return [SeenMessage(d) for d in await self.discord.backend.call("notified",
                                                                         user_id=self.id)]

    async def dms(self) -> list[SeenMessage]:
        channel_id = await self.discord.backend.call("dm_channel", user_id=self.id)
        if channel_id is None:
            return []
        return await self.sees(Ref(channel_id, f"dm-{self.name}"))

    async def set_dms_open(self, is_open: bool) -> None:
        await self.discord.backend.call("set_dms_open", user_id=self.id, is_open=is_open)


class Discord:
    """The world as a test shapes and inspects it."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    @classmethod
    def local(cls, emulator: Emulator) -> Discord:
        return cls(LocalBackend(emulator))

    @classmethod
    @contextlib.asynccontextmanager
    async def remote(cls, url: str) -> AsyncIterator[Discord]:
        async with aiohttp.ClientSession() as session:
            yield cls(RemoteBackend(url, session))

    # -- shaping the world ----------------------------------------------------------------------

    async def guild(self, name: str = "Test Server", locale: str = "en-US") -> Ref:
        data = await self.backend.call("create_guild", name=name, locale=locale)
        return Ref(data["id"], data["name"])

    async def channel(self, guild: Ref, name: str = "general", *, bot_can_send: bool = True) -> Ref:
        data = await self.backend.call("create_channel", guild_id=guild.id, name=name,
                                       bot_can_send=bot_can_send)
        return Ref(data["id"], data["name"])

    async def delete_channel(self, channel: Ref) -> None:
        await self.backend.call("delete_channel", channel_id=channel.id)

    async def set_bot_access(self, channel: Ref, allowed: bool) -> None:
        """Take the bot's Send Messages permission in `channel` away, or give it back."""
        await self.backend.call("set_bot_access", channel_id=channel.id, allowed=allowed)

    async def set_bot_permission(self, channel: Ref, permission: str, allowed: bool) -> None:
        """Deny the bot one permission in `channel` ("attach_files", "embed_links",
        "send_messages", "view_channel"), or allow it again."""
        await self.backend.call("set_bot_permission", channel_id=channel.id,
                                permission=permission, allowed=allowed)

    async def attachment(self, attachment: dict[str, Any] | str) -> bytes:
        """The bytes the bot uploaded as this attachment (an attachment object, or its id)."""
        attachment_id = attachment if isinstance(attachment, str) else attachment["id"]
        encoded = await self.backend.call("attachment", attachment_id=attachment_id)
        return base64.b64decode(encoded)

    async def user(self, name: str, *, locale: str = "en-US", guild: Ref | None = None) -> Person:
        person = Person(self, await self.backend.call("create_user", name=name, locale=locale))
        if guild is not None:
            await self.backend.call("add_member", guild_id=guild.id, user_id=person.id)
        return person

    async def configure(self, **changes: Any) -> dict[str, Any]:
        return await self.backend.call("configure", **changes)

    async def info(self) -> dict[str, Any]:
        return await self.backend.call("info")

    # -- inspecting -------------------------------------------------------------------------------

    async def calls(self, since: int = 0) -> list[dict[str, Any]]:
        """Every REST call the bot made, in order (method, route template, status, code...)."""
        return await self.backend.call("calls", since=since)

    async def count_calls(
        self, method: str | None = None, route: str | None = None, since: int = 0
    ) -> int:
        return sum(
            1 for c in await self.calls(since)
            if method in (None, c["method"]) and route in (None, c["route"])
        )

    async def errors(self, since: int = 0) -> list[dict[str, Any]]:
        """Calls Discord refused (4xx/5xx): what a bot must not cause."""
        return [c for c in await self.calls(since) if c["status"] >= 400]

    async def interaction_timings(self, since: int = 0) -> list[dict[str, Any]]:
        """Interactions from the `since`-th on: created, ack_at, ack_type, failed..."""
        return await self.backend.call("interaction_timings", since=since)

    async def mention_counts(self) -> dict[str, list[Any]]:
        """user id -> [number of notifying messages, newest message id]."""
        return await self.backend.call("mention_counts")

    async def failed_interactions(self) -> list[str]:
        return await self.backend.call("failed_interactions")

    async def commands(self, guild: Ref | None = None) -> list[dict[str, Any]]:
        return await self.backend.call("commands", guild_id=guild.id if guild else None)

    async def gateway(self) -> dict[str, Any]:
        return await self.backend.call("gateway")

    async def wait_for(
        self, check: Callable[[], Awaitable[T | None]], timeout: float = 5.0,
        what: str = "a condition"
    ) -> T:
        """Re-run `check` whenever the emulator's state changes until it returns a truthy value."""
        deadline = time.monotonic() + timeout
        while True:
            version = await self.backend.call("version")
            value = await check()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise FakeDiscordError(f"timed out after {timeout}s waiting for {what}")
            # Bounded waits also notice time-based changes (deadlines) that bump no version.
            await self.backend.call("wait_change", since=version, timeout=min(left, 0.25))

    async def wait_connected(self, timeout: float = 10.0) -> None:
        async def connected() -> bool:
            return (await self.gateway())["connected"] > 0

        await self.wait_for(connected, timeout, "the bot to connect to the gateway")

    # -- breaking things --------------------------------------------------------------------------

    async def inject_fault(
        self, status: int, *, method: str | None = None, path: str = "", count: int = 1,
        retry_after: float = 0.0, is_global: bool = False,
    ) -> None:
        """The next `count` bot requests matching method and path (a regex) answer `status`."""
        await self.backend.call("inject_fault", status=status, method=method, path=path,
                                count=count, retry_after=retry_after, is_global=is_global)

    async def clear_faults(self) -> None:
        await self.backend.call("clear_faults")

    async def advance_clock(self, seconds: float) -> None:
        """Move deadlines forward (ack deadline, token lifetime) without sleeping."""
        await self.backend.call("advance_clock", seconds=seconds)

    async def gateway_reconnect(self) -> None:
        await self.backend.call("gateway_reconnect")

    async def gateway_invalidate(self, resumable: bool = False) -> None:
        await self.backend.call("gateway_invalidate", resumable=resumable)

    async def gateway_drop(self, code: int = 4000) -> None:
        await self.backend.call("gateway_drop", code=code)


async def _until_ready(client: discord.Client) -> None:
    # `wait_until_ready` cannot be awaited before `start` has initialised the client.
    while not client.is_ready():
        await asyncio.sleep(0.005)


@contextlib.asynccontextmanager
async def run_client(
    client: discord.Client,
    emulator: Emulator | str,
    token: str | None = None,
    timeout: float = 10.0,
) -> AsyncIterator[discord.Client]:
    """Run a real discord.py client in this event loop until ready, against an emulator here
    or at a URL (then pass the token it accepts, by default `Config.token`)."""
    url = emulator if isinstance(emulator, str) else emulator.url
    token = token or (Config.token if isinstance(emulator, str) else emulator.config.token)
    with discord_pointed_at(url):
        task = asyncio.create_task(client.start(token))
        ready = asyncio.create_task(_until_ready(client))
        try:
            done, _ = await asyncio.wait({task, ready}, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                task.result()  # login or setup failed: raise that error here
            if ready not in done:
                raise FakeDiscordError(f"the client was not ready after {timeout}s")
            yield client
        finally:
            ready.cancel()
            await client.close()
            with contextlib.suppress(asyncio.CancelledError, discord.ConnectionClosed):
                await task
