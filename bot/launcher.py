"""`python -m bot`: read the settings, start the bot, turn setup mistakes into one clear line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

import discord
import pydantic

from bot.client import make_bot
from bot.settings import Settings

EXIT_SETUP_ERROR = 2

MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications,"
    " open its Bot page, press Reset Token and put the token in the environment or in .env"
    " (see .env.example)."
)
REJECTED_TOKEN = (
    "Discord rejected DISCORD_TOKEN: copy a fresh token from the Bot page of your application at"
    " https://discord.com/developers/applications (Reset Token) into the environment or .env."
)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the board games bot.")
    parser.add_argument(
        "--sync", action="store_true", help="sync slash commands globally even if unchanged"
    )
    parser.add_argument("--shards", type=_shard_list, metavar="0,1",
                        help="the shards this process runs (default: all of --shard-count)")
    parser.add_argument("--shard-count", type=int, metavar="N",
                        help="shards of the whole bot, the same in every process")
    return parser.parse_args(argv)


def _shard_list(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("a comma-separated list of shard numbers") from None


async def run(settings: Settings, token: str, *, force_sync: bool = False) -> None:
    async with make_bot(settings, force_sync=force_sync) as bot:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            # Close the gateway and HTTP session cleanly instead of dying mid-request.
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
        await bot.start(token)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    flags = {k: v for k, v in (("shard_ids", args.shards), ("shard_count", args.shard_count))
             if v is not None}
    try:
        settings = Settings(**flags)
    except pydantic.ValidationError as error:
        print(f"Invalid setting: {error.errors()[0]['loc']} {error.errors()[0]['msg']}",
              file=sys.stderr)
        return EXIT_SETUP_ERROR
    token = settings.token()
    if token is None:
        print(MISSING_TOKEN, file=sys.stderr)
        return EXIT_SETUP_ERROR
    discord.utils.setup_logging(level=logging.getLevelName(settings.log_level))
    try:
        asyncio.run(run(settings, token, force_sync=args.sync))
    except discord.LoginFailure:
        print(REJECTED_TOKEN, file=sys.stderr)
        return EXIT_SETUP_ERROR
    except KeyboardInterrupt:
        pass
    return 0
