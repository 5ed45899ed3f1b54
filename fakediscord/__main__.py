"""`python -m fakediscord --port N`: run the emulator on its own, e.g. for bot restart tests.

It prints `fakediscord listening on http://127.0.0.1:PORT` once ready; tests drive it with
`Discord.remote(url)` and point a bot process at it with `python -m fakediscord.bot_runner`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from fakediscord.collector import freeze_after_full_passes
from fakediscord.config import Config
from fakediscord.server import Emulator


async def serve(host: str, port: int, token: str) -> None:
    # A process of its own keeps a whole run: its collector passes must not grow with it.
    freeze_after_full_passes(asyncio.get_running_loop())
    emulator = await Emulator(Config(token=token)).start(host, port)
    print(f"fakediscord listening on {emulator.url}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    await emulator.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m fakediscord")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--token", default=Config.token, help="the bot token it accepts")
    args = parser.parse_args()
    asyncio.run(serve(args.host, args.port, args.token))


if __name__ == "__main__":
    main()
