"""Starting the emulator or the bot as separate processes, as the restart tests and the shard
benchmark need."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import cast

REPO = Path(__file__).resolve().parents[1]


def child_env(**overrides: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DEV_GUILD"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    # The bot processes the tests and benchmarks kill and restart are about durability:
    # drawing pictures (tests/e2e/test_pictures.py) would only slow them. A caller may ask.
    env.setdefault("PICTURES", "false")
    env.update(overrides)
    return env


async def spawn(*args: str, cwd: Path = REPO, **env: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, *args, cwd=cwd, env=child_env(**env),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )


async def finish(process: asyncio.subprocess.Process, timeout: float = 20.0) -> tuple[int, str]:
    """Wait for the process to exit; returns its exit code and stderr."""
    _, stderr = await asyncio.wait_for(process.communicate(), timeout)
    return cast(int, process.returncode), stderr.decode()  # set once communicate() returns
