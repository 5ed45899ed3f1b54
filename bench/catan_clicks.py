"""Clicks per decision in whole Catan games through the real bot on the emulator (issue 44).

    python -m bench.catan_clicks [--games N] [--players 3 4] [--seed S]

For each player count, plays N whole games (seeds S, S+1...) of one person and basic computer
players with demo/catan.py: the person opens their panel with "Act" on the table or their
mention and clicks their way to what a `basic` computer would pick (demo.catan.reach). Counted:
every interaction the person makes (each "Act", each click and choice in a select) and their
decisions (the actions the bot logged as theirs). Printed per player count and overall:
clicks, decisions, clicks per decision and the decisions no panel led to (`missed`, a bug if
any). The goal (issue 44): <= 1.3 clicks per decision.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from demo.catan import DEMO
from demo.play import _seeded, build_scene, open_game, play_out, running


@dataclass
class Count:
    clicks: int = 0
    decisions: int = 0
    missed: int = 0

    def add(self, other: Count) -> None:
        self.clicks += other.clicks
        self.decisions += other.decisions
        self.missed += other.missed

    def line(self, name: str) -> str:
        ratio = self.clicks / self.decisions if self.decisions else 0.0
        return (f"{name:>10} {self.clicks:>8} {self.decisions:>10} {ratio:>18.2f}"
                f" {self.missed:>7}")


async def one_game(players: int, seed: int, language: str = "en") -> Count:
    """One whole game: the person's clicks (every panel they opened or changed) and
    decisions (their logged actions)."""
    async with running("catan", language, pictures=False) as (emulator, bot):
        scene = await build_scene(emulator, bot, language, "catan")
        bot.service.start = _seeded(bot.service.start, seed)  # type: ignore[method-assign]
        game_id = await open_game(scene, "catan", players, ("basic",))
        await play_out(scene, DEMO, game_id)
        entries = await bot.service.store.actions(game_id)
        mine = [e for e in entries if e.by == "player" and e.user_id == int(scene.host.id)]
        return Count(len(scene.panels), len(mine), scene.missed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.catan_clicks")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'players':>10} {'clicks':>8} {'decisions':>10} {'clicks/decision':>18}"
          f" {'missed':>7}", flush=True)
    total = Count()
    for players in args.players:
        count = Count()
        for game in range(args.games):
            count.add(asyncio.run(one_game(players, args.seed + game)))
        print(count.line(str(players)), flush=True)
        total.add(count)
    print(total.line("all"), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
