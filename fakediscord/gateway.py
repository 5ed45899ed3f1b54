"""The gateway: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME, and faults.

Each bot connection gets a session. Dispatched events are numbered and kept per session so a
RESUME after a dropped connection replays what was missed, as Discord does.

Shards as Discord has them: IDENTIFY may carry `shard: [shard_id, shard_count]`; a session then
hears only of the servers whose `(guild_id >> 22) % shard_count` is its shard_id (events outside
any server, such as DMs, go to shard 0), and READY lists only those servers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from fakediscord.snowflakes import new_token
from fakediscord.world import World

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that hears of a server: Discord's formula; outside any server, shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


# The events whose payload is a server itself, named by "id"; the others say "guild_id".
SERVER_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


@dataclass
class Session:
    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # (shard_id, shard_count)
    seq: int = 0
    buffer: deque[dict[str, Any]] = field(default_factory=deque)
    socket: web.WebSocketResponse | None = None
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)

    def hears(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.shard[1]) == self.shard[0]

    def push(self, event: str, data: dict[str, Any], limit: int) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        while len(self.buffer) > limit:
            self.buffer.popleft()
        if self.socket is not None:
            self.outbox.put_nowait(frame)


class Gateway:
    def __init__(self, world: World) -> None:
        self.world = world
        self.sessions: dict[str, Session] = {}
        self.url = ""  # set by the server once its port is known
        self.identify_count = 0
        self.resume_count = 0
        world.dispatch = self.dispatch

    @property
    def connected(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.socket is not None]

    def dispatch(self, event: str, data: dict[str, Any], intent: int) -> None:
        raw = data.get("id") if event in SERVER_EVENTS else data.get("guild_id")
        guild_id = int(raw) if raw is not None else None
        for session in self.sessions.values():
            if (intent == 0 or session.intents & intent) and session.hears(guild_id):
                session.push(event, data, self.world.config.resume_buffer)

    def shards(self) -> list[list[int]]:
        """The [shard_id, shard_count] of every connected session."""
        return sorted(list(s.shard) for s in self.connected)

    # -- faults a test can trigger -----------------------------------------------------------

    async def request_reconnect(self) -> None:
        """Opcode 7: the client should reconnect and resume."""
        for session in self.connected:
            session.outbox.put_nowait({"op": RECONNECT, "d": None})

    async def invalidate(self, resumable: bool) -> None:
        """Opcode 9; a non-resumable invalidation forgets the session, forcing a new IDENTIFY."""
        for session in self.connected:
            session.outbox.put_nowait({"op": INVALID_SESSION, "d": resumable})
            if not resumable:
                self.sessions.pop(session.id, None)

    async def drop(self, code: int = 4000) -> None:
        """Close connections abruptly, as a network failure or a Discord restart would."""
        for session in self.connected:
            socket, session.socket = session.socket, None
            if socket is not None:
                await socket.close(code=code, message=b"dropped by test")
        self.world.touch()

    # -- the connection ------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        await self._send(socket, {"op": HELLO, "d": {
            "heartbeat_interval": self.world.config.heartbeat_interval_ms}})
        session: Session | None = None
        writer: asyncio.Task[None] | None = None
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    await self._send(socket, {"op": HEARTBEAT_ACK})
                elif op in (IDENTIFY, RESUME) and session is None:
                    session = await self._start(socket, op, data)
                    if session is None:
                        break
                    writer = asyncio.create_task(self._write(session, socket))
                elif op == REQUEST_MEMBERS and session is not None:
                    session.push("GUILD_MEMBERS_CHUNK", self._members_chunk(data), 10**9)
        finally:
            if session is not None and session.socket is socket:
                session.socket = None
            if writer is not None:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer
            self.world.touch()
        return socket

    async def _start(
        self, socket: web.WebSocketResponse, op: int, data: dict[str, Any]
    ) -> Session | None:
        if data.get("token") != self.world.config.token:
            await socket.close(code=4004, message=b"Authentication failed.")
            return None
        if op == RESUME:
            session = self.sessions.get(data.get("session_id", ""))
            if session is None:
                await self._send(socket, {"op": INVALID_SESSION, "d": False})
                return None
            self.resume_count += 1
            missed = [f for f in session.buffer if f["s"] > (data.get("seq") or 0)]
            session.outbox = asyncio.Queue()
            for frame in missed:
                session.outbox.put_nowait(frame)
            session.socket = socket
            session.push("RESUMED", {}, self.world.config.resume_buffer)
        else:
            shard = _shard(data.get("shard"))
            if shard is None:
                await socket.close(code=4010, message=b"Invalid shard.")
                return None
            self.identify_count += 1
            # A new IDENTIFY replaces the sessions of its shard that nobody is connected to.
            for stale in [s for s in self.sessions.values()
                          if s.socket is None and s.shard == shard]:
                self.sessions.pop(stale.id)
            session = Session(new_token("session"), int(data.get("intents", 0)), shard)
            self.sessions[session.id] = session
            session.socket = socket
            session.push("READY", self._ready(session), self.world.config.resume_buffer)
            for guild in self.world.guilds.values():
                if session.hears(guild.id):
                    payload = self.world.guild_payload(guild)
                    session.push("GUILD_CREATE", payload, self.world.config.resume_buffer)
        self.world.touch()
        return session

    async def _write(self, session: Session, socket: web.WebSocketResponse) -> None:
        """Send this connection's queued frames in order until it closes."""
        outbox = session.outbox
        while not socket.closed:
            frame = await outbox.get()
            await self._send(socket, frame)
            if frame["op"] in (RECONNECT, INVALID_SESSION):
                await socket.close(code=4000 if frame["op"] == RECONNECT else 1000)
                return

    async def _send(self, socket: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await socket.send_str(json.dumps(frame))

    def _ready(self, session: Session) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**self.world.bot.payload(), "verified": True, "mfa_enabled": False,
                     "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in self.world.guilds
                       if session.hears(g)],
            "session_id": session.id,
            "resume_gateway_url": self.url,
            "session_type": "normal",
            "shard": list(session.shard),
            "application": {"id": str(self.world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
        }

    def _members_chunk(self, data: dict[str, Any]) -> dict[str, Any]:
        guild = self.world.guild(data["guild_id"])
        return {
            "guild_id": str(guild.id),
            "members": [self.world.member_payload(guild, uid) for uid in guild.member_ids],
            "chunk_index": 0,
            "chunk_count": 1,
            "nonce": data.get("nonce"),
        }


def _shard(value: object) -> tuple[int, int] | None:
    """IDENTIFY's `shard` field: absent is [0, 1]; anything but 0 <= id < count is refused
    (Discord closes with 4010 Invalid shard)."""
    if value is None:
        return (0, 1)
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < value[1]):
        return (value[0], value[1])
    return None
