"""The emulator: one aiohttp server on loopback with REST, gateway and control endpoints."""

from __future__ import annotations

import contextlib
from typing import Any

from aiohttp import web

from fakediscord.commands import CommandRegistry
from fakediscord.config import Config
from fakediscord.control import Control
from fakediscord.gateway import Gateway
from fakediscord.interactions import Interactions
from fakediscord.rest import Rest
from fakediscord.world import World


class Emulator:
    def __init__(self, config: Config | None = None) -> None:
        self.config = config or Config()
        self.world = World(self.config)
        self.commands = CommandRegistry(self.world)
        self.interactions = Interactions(self.world, self.commands)
        self.gateway = Gateway(self.world)
        self.rest = Rest(self.world, self.commands, self.interactions, self.gateway)
        self.control = Control(self)
        self.app = web.Application(client_max_size=64 * 1024 * 1024)
        self.app.router.add_get("/ws", self.gateway.handle)
        self.control.install(self.app)
        self.rest.install(self.app)
        self._runner: web.AppRunner | None = None
        self.host = "127.0.0.1"
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Emulator:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, reuse_address=True)
        await site.start()
        self.host = host
        server: Any = site._server  # an asyncio Server once started
        self.port = server.sockets[0].getsockname()[1]  # the port the OS picked
        self.gateway.url = f"ws://{host}:{self.port}/ws"
        self.world.cdn = self.url
        return self

    async def stop(self) -> None:
        for session in self.gateway.connected:
            with contextlib.suppress(Exception):
                if session.socket is not None:
                    await session.socket.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
