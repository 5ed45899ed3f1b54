"""`python -m demo <game> [options]`: a whole game through the real bot on the emulator,
printed (`python -m demo citadels --help` lists a game's options)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

# A game's id: the module whose main(argv) plays it.
DEMOS = {"citadels": "demo.citadels", "catan": "demo.catan"}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in DEMOS:
        print(f"usage: python -m demo {{{','.join(DEMOS)}}} [options]", file=sys.stderr)
        return 2
    code: int = importlib.import_module(DEMOS[args[0]]).main(args[1:])
    return code


if __name__ == "__main__":
    sys.exit(main())
