"""The test-side control API: what people do in Discord, and what tests may inspect or break.

Every operation takes and returns JSON-able values, so the same operations serve tests in the
emulator's process (direct calls) and in another process (`POST /_fake/{operation}`).
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

from aiohttp import web

from fakediscord.errors import ApiError, UsageError

if TYPE_CHECKING:
    from fakediscord.server import Emulator

CONTROL_PREFIX = "/_fake"


class Control:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.world = emulator.world
        self.interactions = emulator.interactions

    async def call(self, operation: str, arguments: dict[str, Any]) -> Any:
        method = getattr(self, f"op_{operation}", None)
        if method is None:
            raise UsageError(f"unknown operation {operation!r}")
        try:
            return await method(**arguments)
        except ApiError as error:
            raise UsageError(error.message) from None

    async def handle(self, request: web.Request) -> web.Response:
        arguments = await request.json() if request.can_read_body else {}
        try:
            result = await self.call(request.match_info["operation"], arguments)
        except (UsageError, TypeError, ValueError) as error:
            return web.json_response({"error": str(error)}, status=422)
        return web.json_response({"result": result})

    def install(self, app: web.Application) -> None:
        app.router.add_post(CONTROL_PREFIX + "/{operation}", self.handle)

    # -- the world ------------------------------------------------------------------------------

    async def op_info(self) -> dict[str, Any]:
        world = self.world
        return {
            "bot_id": str(world.bot.id),
            "application_id": str(world.application_id),
            "url": self.emulator.url,
            "config": world.config.as_dict(),
        }

    async def op_configure(self, **changes: Any) -> dict[str, Any]:
        self.world.config.update(**changes)
        return self.world.config.as_dict()

    async def op_create_user(self, name: str, locale: str = "en-US") -> dict[str, Any]:
        user = self.world.create_user(name, locale)
        return {**user.payload(), "locale": user.locale}

    async def op_create_guild(
        self, name: str, locale: str = "en-US", owner_id: str | None = None
    ) -> dict[str, Any]:
        guild = self.world.create_guild(name, int(owner_id) if owner_id else None, locale)
        return {"id": str(guild.id), "name": guild.name, "owner_id": str(guild.owner_id)}

    async def op_create_channel(
        self, guild_id: str, name: str, bot_can_send: bool = True
    ) -> dict[str, Any]:
        channel = self.world.create_channel(int(guild_id), name, bot_can_send=bot_can_send)
        return channel.payload()

    async def op_delete_channel(self, channel_id: str) -> None:
        self.world.delete_channel(int(channel_id))

    async def op_set_bot_access(self, channel_id: str, allowed: bool) -> None:
        self.world.set_bot_access(int(channel_id), allowed)

    async def op_set_bot_permission(self, channel_id: str, permission: str, allowed: bool
                                    ) -> None:
        self.world.set_bot_permission(int(channel_id), permission, allowed)

    async def op_attachment(self, attachment_id: str) -> str:
        """An uploaded file's bytes, base64 (JSON carries no bytes)."""
        if not attachment_id.isdigit():
            raise UsageError(f"bad attachment id {attachment_id!r}")
        return base64.b64encode(self.world.attachment(int(attachment_id))).decode()

    async def op_add_member(self, guild_id: str, user_id: str) -> None:
        self.world.add_member(int(guild_id), int(user_id))

    async def op_set_dms_open(self, user_id: str, is_open: bool) -> None:
        self.world.set_dms_open(int(user_id), is_open)

    async def op_dm_channel(self, user_id: str) -> str | None:
        channel_id = self.world.dm_channels.get(int(user_id))
        return str(channel_id) if channel_id else None

    async def op_threads(self, channel_id: str) -> list[dict[str, Any]]:
        return [
            c.payload() for c in self.world.channels.values() if c.parent_id == int(channel_id)
        ]

    # -- what people do ----------------------------------------------------------------------------

    async def op_slash(
        self, user_id: str, channel_id: str, command: str, options: dict[str, Any] | None = None,
        forge: bool = False,
    ) -> dict[str, Any]:
        interaction = self.interactions.slash(int(user_id), int(channel_id), command,
                                              options or {}, forge=forge)
        return self.interactions.status(interaction)

    async def op_autocomplete(
        self, user_id: str, channel_id: str, command: str, options: dict[str, Any], focused: str
    ) -> dict[str, Any]:
        interaction = self.interactions.slash(int(user_id), int(channel_id), command, options,
                                              focused)
        return self.interactions.status(interaction)

    async def op_click(self, user_id: str, message_id: str, custom_id: str,
                       forge: bool = False) -> dict[str, Any]:
        interaction = self.interactions.click(int(user_id), int(message_id), custom_id,
                                              forge=forge)
        return self.interactions.status(interaction)

    async def op_select(
        self, user_id: str, message_id: str, custom_id: str, values: list[str]
    ) -> dict[str, Any]:
        interaction = self.interactions.select(int(user_id), int(message_id), custom_id, values)
        return self.interactions.status(interaction)

    async def op_submit_modal(
        self, user_id: str, interaction_id: str, values: dict[str, Any]
    ) -> dict[str, Any]:
        interaction = self.interactions.submit_modal(int(user_id), int(interaction_id), values)
        return self.interactions.status(interaction)

    # -- what people see ---------------------------------------------------------------------------

    async def op_interaction(self, interaction_id: str) -> dict[str, Any]:
        interaction = self.interactions.by_id.get(int(interaction_id))
        if interaction is None:
            raise UsageError(f"unknown interaction {interaction_id}")
        return self.interactions.status(interaction)

    async def op_messages(self, user_id: str, channel_id: str, ephemeral: bool = True
                          ) -> list[dict[str, Any]]:
        return [m.data for m in self.world.visible_messages(int(user_id), int(channel_id),
                                                            ephemeral)]

    async def op_message(self, user_id: str, message_id: str) -> dict[str, Any]:
        return self.world.visible_message(int(user_id), int(message_id)).data

    async def op_mentions(self, user_id: str) -> list[dict[str, Any]]:
        ids = self.world.mentions.get(int(user_id), [])
        return [self.world.messages[i].data for i in ids if not self.world.messages[i].deleted]

    async def op_notified(self, user_id: str) -> list[dict[str, Any]]:
        """Every message that notified the user, deleted or not (a deletion removes a message,
        not the notification already shown), each with "deleted"."""
        ids = self.world.mentions.get(int(user_id), [])
        return [{**self.world.messages[i].data, "deleted": self.world.messages[i].deleted}
                for i in ids]

    # -- what tests inspect ---------------------------------------------------------------------

    async def op_calls(self, since: int = 0) -> list[dict[str, Any]]:
        return [c.as_dict() for c in self.emulator.rest.log.since(since)]

    async def op_interaction_timings(self, since: int = 0) -> list[dict[str, Any]]:
        """Every interaction from the `since`-th on, in creation order, with when it was
        created and acknowledged (emulator clock seconds): what load benchmarks measure."""
        interactions = list(self.interactions.by_id.values())[since:]
        return [
            {"id": str(i.id), "user_id": str(i.user_id), "channel_id": str(i.channel_id),
             "type": i.type, "created": i.created, "ack_at": i.ack_at, "ack_type": i.ack_type,
             "failed": self.interactions.failed(i),
             "name": _interaction_name(i.payload.get("data") or {})}
            for i in interactions
        ]

    async def op_mention_counts(self) -> dict[str, list[Any]]:
        """user id -> [how many messages notified them, the newest one's id]: one cheap poll
        for many scripted people waiting to be pinged."""
        return {
            str(user): [len(ids), str(ids[-1])]
            for user, ids in self.world.mentions.items() if ids
        }

    async def op_failed_interactions(self) -> list[str]:
        return [str(i) for i in self.interactions.failed_ids()]

    async def op_unhandled_routes(self) -> list[str]:
        return list(self.emulator.rest.unhandled)

    async def op_commands(self, guild_id: str | None = None) -> list[dict[str, Any]]:
        return self.emulator.commands.list(int(guild_id) if guild_id else None)

    async def op_gateway(self) -> dict[str, Any]:
        gateway = self.emulator.gateway
        return {
            "connected": len(gateway.connected),
            "sessions": len(gateway.sessions),
            "identify_count": gateway.identify_count,
            "resume_count": gateway.resume_count,
            "shards": gateway.shards(),
        }

    async def op_wait_change(self, since: int, timeout: float = 5.0) -> int:
        return await self.world.wait_change(since, min(timeout, 30.0))

    async def op_version(self) -> int:
        return self.world.version

    # -- what tests break ------------------------------------------------------------------------

    async def op_inject_fault(
        self, status: int, method: str | None = None, path: str = "", count: int = 1,
        retry_after: float = 0.0, is_global: bool = False,
    ) -> None:
        self.emulator.rest.faults.add(status, method=method, path=path, count=count,
                                      retry_after=retry_after, is_global=is_global)

    async def op_clear_faults(self) -> None:
        self.emulator.rest.faults.clear()

    async def op_advance_clock(self, seconds: float) -> None:
        self.world.clock.advance(seconds)
        self.world.touch()

    async def op_gateway_reconnect(self) -> None:
        await self.emulator.gateway.request_reconnect()

    async def op_gateway_invalidate(self, resumable: bool = False) -> None:
        await self.emulator.gateway.invalidate(resumable)

    async def op_gateway_drop(self, code: int = 4000) -> None:
        await self.emulator.gateway.drop(code)


def _interaction_name(data: dict[str, Any]) -> str | None:
    """What an interaction was: a command's name, or a component's custom_id."""
    name = data.get("custom_id") or data.get("name")
    return str(name) if name is not None else None
