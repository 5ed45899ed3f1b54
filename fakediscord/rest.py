"""Discord's REST API as the bot sees it, under `/api/v10`."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from fakediscord.calls import CallLog
from fakediscord.commands import CommandRegistry
from fakediscord.errors import ApiError, unknown
from fakediscord.faults import Faults
from fakediscord.gateway import Gateway
from fakediscord.interactions import Interactions
from fakediscord.models import THREAD_TYPES
from fakediscord.ratelimits import RateLimiter, Verdict
from fakediscord.uploads import read_multipart
from fakediscord.world import World

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
MESSAGE_ROUTES = ("/channels/{channel_id}/messages", "/channels/{channel_id}/messages/{message_id}")


def _bucket_fields(verdict: list[Verdict]) -> dict[str, Any]:
    """What the call log keeps of a request's rate limit: what its bucket had left after it,
    and which limit refused it ("global" or "route"), if one did."""
    if not verdict:
        return {}
    left = verdict[0].headers.get("X-RateLimit-Remaining")
    refused = None if verdict[0].retry_after is None else (
        "global" if verdict[0].is_global else "route")
    return {"remaining": None if left is None else int(left), "limited": refused}


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None):
    # discord.py only parses bodies whose content type is exactly application/json.
    # aiohttp would append "; charset=utf-8" to a text body, so send bytes.
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json",
        headers=headers,
    )


async def read_payload(request: web.Request, file_limit: int = 10 * 1024 * 1024
                       ) -> dict[str, Any]:
    """The request's JSON payload; a multipart one's files put in its attachment entries."""
    if request.content_type.startswith("multipart/"):
        return await read_multipart(request, file_limit)
    if not request.can_read_body:
        return {}
    text = await request.text()
    return json.loads(text) if text else {}


class Rest:
    def __init__(
        self,
        world: World,
        commands: CommandRegistry,
        interactions: Interactions,
        gateway: Gateway,
    ) -> None:
        self.world = world
        self.commands = commands
        self.interactions = interactions
        self.gateway = gateway
        self.log = CallLog()
        self.faults = Faults()
        self.limiter = RateLimiter()
        self.unhandled: list[str] = []

    # -- routing ------------------------------------------------------------------------------

    def routes(self) -> list[tuple[str, str, Handler, str]]:
        """(method, template, handler, kind): kind decides authentication and rate limits."""
        app, guild_cmds = "/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"
        return [
            ("GET", "/gateway", self.get_gateway, "open"),
            ("GET", "/gateway/bot", self.get_gateway, "bot"),
            ("GET", "/users/@me", self.get_me, "bot"),
            ("GET", "/users/{user_id}", self.get_user, "bot"),
            ("GET", "/oauth2/applications/@me", self.get_application, "bot"),
            ("GET", "/applications/@me", self.get_application, "bot"),
            ("POST", "/users/@me/channels", self.open_dm, "bot"),
            ("GET", app + "/commands", self.list_commands, "bot"),
            ("PUT", app + "/commands", self.overwrite_commands, "bot"),
            ("POST", app + "/commands", self.upsert_command, "bot"),
            ("DELETE", app + "/commands/{command_id}", self.delete_command, "bot"),
            ("GET", guild_cmds + "/commands", self.list_commands, "bot"),
            ("PUT", guild_cmds + "/commands", self.overwrite_commands, "bot"),
            ("POST", guild_cmds + "/commands", self.upsert_command, "bot"),
            ("DELETE", guild_cmds + "/commands/{command_id}", self.delete_command, "bot"),
            ("GET", "/guilds/{guild_id}", self.get_guild, "bot"),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member, "bot"),
            ("GET", "/channels/{channel_id}", self.get_channel, "bot"),
            ("PATCH", "/channels/{channel_id}", self.edit_channel, "bot"),
            ("POST", "/channels/{channel_id}/typing", self.no_content, "bot"),
            ("GET", "/channels/{channel_id}/messages", self.list_messages, "bot"),
            ("POST", "/channels/{channel_id}/messages", self.send_message, "bot"),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message, "bot"),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message, "bot"),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message, "bot"),
            ("POST", "/channels/{channel_id}/threads", self.start_thread, "bot"),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_thread,
             "bot"),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.no_content, "bot"),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.no_content, "bot"),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback, "callback"),
            ("POST", "/webhooks/{app_id}/{token}", self.followup, "webhook"),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message,
             "webhook"),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}",
             self.edit_webhook_message, "webhook"),
            ("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}",
             self.delete_webhook_message, "webhook"),
        ]

    async def payload(self, request: web.Request) -> dict[str, Any]:
        return await read_payload(request, self.world.config.attachment_size_limit)

    def install(self, app: web.Application) -> None:
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}",
                           self.get_attachment)
        for method, template, handler, kind in self.routes():
            app.router.add_route(method, API + template, self._wrap(template, handler, kind))
        app.router.add_route("*", API + "/{tail:.*}", self._wrap("*", self.not_found, "open"))

    def _wrap(self, template: str, handler: Handler, kind: str) -> Handler:
        async def endpoint(request: web.Request) -> web.StreamResponse:
            started = time.monotonic()
            code: int | None = None
            verdict: list[Verdict] = []  # the request's rate-limit buckets, once counted
            try:
                response = await self._guarded(request, template, handler, kind, verdict)
            except ApiError as error:
                code = error.code
                # A refused request counted in its buckets too, and says so (as on Discord).
                response = json_response(error.body(), error.status,
                                         verdict[0].headers if verdict else None)
            self.log.add(
                method=request.method, route=template, path=request.path,
                status=response.status, code=code, kind=kind, started=started,
                duration=time.monotonic() - started, **_bucket_fields(verdict),
            )
            self.world.touch()
            return response

        return endpoint

    async def _guarded(
        self, request: web.Request, template: str, handler: Handler, kind: str,
        counted: list[Verdict],
    ) -> web.StreamResponse:
        authorized = request.headers.get("Authorization") == f"Bot {self.world.config.token}"
        if kind == "bot" and not authorized:
            raise ApiError(401, 0, "401: Unauthorized")
        fault = self.faults.take(request.method, request.path)
        if fault is not None and fault.status != 429:
            raise ApiError(fault.status, 0, "Injected server error")
        if fault is not None:
            verdict: Verdict | None = Verdict.too_many(fault.retry_after, fault.is_global)
        else:
            verdict = self._rate_limit(request, template, kind)
        if verdict is not None:
            counted.append(verdict)
        if verdict is not None and verdict.retry_after is not None:
            return json_response(verdict.body(), 429, verdict.headers)
        response = await handler(request)
        if verdict is not None:
            response.headers.update(verdict.headers)
        return response

    def _rate_limit(self, request: web.Request, template: str, kind: str) -> Verdict | None:
        """Count the request in its buckets; interaction callbacks are exempt, as on Discord."""
        config = self.world.config
        if not config.rate_limits or kind in ("callback", "open"):
            return None
        info = request.match_info
        if kind == "webhook":
            major, rate, global_rate = info["token"], config.webhook_rate, None
        else:
            major = info.get("channel_id") or info.get("guild_id") or ""
            rate = config.channel_message_rate if template in MESSAGE_ROUTES else config.route_rate
            global_rate = config.global_rate
        return self.limiter.check(f"{request.method} {template}", major, rate, global_rate)

    # -- login and gateway --------------------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway.url,
                              "shards": self.world.config.recommended_shards,
                              "session_start_limit": limit})

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response({**self.world.bot.payload(), "verified": True, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self.world.user(request.match_info["user_id"]).payload())

    async def get_application(self, request: web.Request) -> web.Response:
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return json_response({
            "id": str(self.world.application_id),
            "name": self.world.bot.username,
            "icon": None,
            "description": "",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner,
            "summary": "",
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "bot": self.world.bot.payload(),
        })

    async def open_dm(self, request: web.Request) -> web.Response:
        payload = await self.payload(request)
        channel = self.world.open_dm(int(payload["recipient_id"]))
        return json_response(channel.payload(self.world.users))

    # -- application commands ------------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        return self.world.guild(guild_id).id if guild_id else None

    async def list_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.list(self._scope(request)))

    async def overwrite_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload = json.loads(await request.text())
        return json_response(self.commands.overwrite(scope, payload))

    async def upsert_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response(self.commands.upsert(scope, await self.payload(request)), 201)

    async def delete_command(self, request: web.Request) -> web.Response:
        if not self.commands.delete(self._scope(request), request.match_info["command_id"]):
            raise unknown("command")
        return web.Response(status=204)

    # -- guilds and channels --------------------------------------------------------------------

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self.world.guild(request.match_info["guild_id"])
        return json_response(self.world.guild_payload(guild))

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guild(request.match_info["guild_id"])
        user = self.world.user(request.match_info["user_id"])
        if user.id not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(self.world.member_payload(guild, user.id))

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        return json_response(channel.payload(self.world.users))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        if channel.type not in THREAD_TYPES:
            raise ApiError(403, 50013, "Missing Permissions")
        thread = self.world.update_thread(channel, await self.payload(request))
        return json_response(thread.payload())

    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self.world.channel(request.match_info["channel_id"])
        payload = await self.payload(request)
        message_id = request.match_info.get("message_id")
        if message_id is not None:
            self.world.message(parent.id, message_id)
        thread = self.world.create_thread(
            parent, payload.get("name", "thread"), private=payload.get("type") == 12,
            from_message=int(message_id) if message_id else None,
        )
        return json_response(thread.payload(), 201)

    async def no_content(self, request: web.Request) -> web.Response:
        self.world.channel(request.match_info["channel_id"])
        return web.Response(status=204)

    # -- channel messages -----------------------------------------------------------------------

    def _public_message(self, request: web.Request):
        """Ephemeral messages do not exist for channel routes: only their token reaches them."""
        info = request.match_info
        message = self.world.message(info["channel_id"], info["message_id"])
        if message.ephemeral_for is not None:
            raise unknown("message")
        return message

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        limit = int(request.query.get("limit", 50))
        found = [self.world.messages[m] for m in reversed(channel.message_ids)]
        public = [m.data for m in found if m.ephemeral_for is None and not m.deleted]
        return json_response(public[:limit])

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self.world.channel(request.match_info["channel_id"])
        self.world.check_can_send(channel)
        payload = await self.payload(request)
        self.world.check_can_attach(channel, payload)
        if channel.type in THREAD_TYPES and channel.archived:
            self.world.update_thread(channel, {"archived": False})
        message = self.world.post_message(channel, payload)
        return json_response(message.data)

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._public_message(request).data)

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._public_message(request)
        self.world.check_can_view(self.world.channel(message.channel_id))
        if message.data["author"]["id"] != str(self.world.bot.id):
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        payload = await self.payload(request)
        self.world.check_can_attach(self.world.channel(message.channel_id), payload)
        return json_response(self.world.edit_message(message, payload).data)

    async def delete_message(self, request: web.Request) -> web.Response:
        self.world.delete_message(self._public_message(request))
        return web.Response(status=204)

    async def get_attachment(self, request: web.Request) -> web.Response:
        """An uploaded file's bytes (Discord's CDN)."""
        info = request.match_info
        if not info["attachment_id"].isdigit():
            raise web.HTTPNotFound()
        try:
            data = self.world.attachment(int(info["attachment_id"]))
        except ApiError:
            raise web.HTTPNotFound() from None
        return web.Response(body=data, content_type="application/octet-stream")

    # -- interactions ---------------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        info = request.match_info
        result = self.interactions.callback(
            info["interaction_id"], info["token"], await self.payload(request)
        )
        if request.query.get("with_response") in ("1", "true", "True"):
            return json_response(result)
        return web.Response(status=204)

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self.interactions.by_webhook(request.match_info["app_id"],
                                                   request.match_info["token"])
        message = self.interactions.followup(interaction, await self.payload(request))
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.data)
        return web.Response(status=204)

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        info = request.match_info
        interaction = self.interactions.by_webhook(info["app_id"], info["token"])
        return json_response(self.interactions.message_of(interaction, info["message_id"]).data)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        info = request.match_info
        interaction = self.interactions.by_webhook(info["app_id"], info["token"])
        payload = await self.payload(request)
        return json_response(self.interactions.edit(interaction, info["message_id"], payload).data)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        info = request.match_info
        interaction = self.interactions.by_webhook(info["app_id"], info["token"])
        self.world.delete_message(self.interactions.message_of(interaction, info["message_id"]))
        return web.Response(status=204)

    async def not_found(self, request: web.Request) -> web.Response:
        self.unhandled.append(f"{request.method} {request.path}")
        raise ApiError(404, 0, "404: Not Found")

