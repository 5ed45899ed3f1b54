"""`python -m fakediscord.bot_runner --url URL [bot args]`: `python -m bot` against the emulator.

The bot's own code is untouched: only discord.py's REST base and gateway URL are redirected.
"""

from __future__ import annotations

import argparse
import sys

from fakediscord.patch import point_discord_at


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fakediscord.bot_runner")
    parser.add_argument("--url", required=True, help="the emulator, e.g. http://127.0.0.1:8123")
    args, bot_args = parser.parse_known_args(argv)
    point_discord_at(args.url)
    from bot.launcher import main as bot_main

    return bot_main(bot_args)


if __name__ == "__main__":
    sys.exit(main())
