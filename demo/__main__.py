"""`python -m demo <game> [options]`: a whole game through the real bot on the emulator,
printed (`python -m demo citadels --help` lists a game's options). Every registered game has
one: its module `demo.<game>`, whose main(argv) plays it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from rules import registry


def demos() -> dict[str, str]:
    """A game's id: the module whose main(argv) plays it."""
    return {game: f"demo.{game}" for game in registry.games()}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    found = demos()
    if not args or args[0] not in found:
        print(f"usage: python -m demo {{{','.join(found)}}} [options]", file=sys.stderr)
        return 2
    code: int = importlib.import_module(found[args[0]]).main(args[1:])
    return code


if __name__ == "__main__":
    sys.exit(main())
