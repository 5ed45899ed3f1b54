"""Clicks per decision in whole Catan games through the real bot on the emulator (issue 44).

    python -m bench.catan_clicks [--games N] [--players 3 4] [--seed S] [--language en]
    python -m bench.catan_clicks --offer [--players 3 4] [--seed S] [--language en]

For each player count, plays N whole games (seeds S, S+1...) of one person and basic computer
players with demo/catan.py: the person opens their panel with "Act" on the table or their
mention and clicks their way to what a `basic` computer would pick (demo.catan.reach). Counted:
every interaction the person makes (each "Act", each click and choice in a select) and their
decisions (the actions the bot logged as theirs). Printed per player count and overall:
clicks, decisions, clicks per decision and the decisions no panel led to (`missed`, a bug if
any); the most clicks a road took from an open panel; and the table's lines wider than a
phone's 40 columns (bot.embeds.width: an emoji two) among every table the bot drew. With
`--offer`, each game is played only until the person's first turn that lets them offer: they
send a 1-for-1 offer to everyone (one resource they hold for one they do not), and its clicks
from the open panel are printed (a basic player makes no such offer, so a whole game's figures
stay those of the basic player's choices). The goals (issue 44): <= 1.3 clicks per decision, a
road <= 2, an offer <= 3, no table line over 40.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from typing import Any
from unittest.mock import patch

import discord

from bench.catan_table import embed_lines
from bot.embeds import PHONE, width
from bot.i18n import Catalog
from bot.records import GameRecord
from cogs.catan.ui import CatanUI
from demo.catan import DEMO, reach
from demo.play import GameDemo, _seeded, build_scene, open_game, play_out, running
from demo.scene import Scene
from fakediscord.testing import SeenMessage
from rules.catan.actions import OfferTrade
from rules.catan.state import RESOURCES


@dataclass
class Count:
    clicks: int = 0
    decisions: int = 0
    missed: int = 0
    roads: list[int] = field(default_factory=list)  # each road's clicks from an open panel
    offers: list[int] = field(default_factory=list)  # each 1-for-1 offer's clicks
    lines: int = 0  # the table's lines drawn, over every table of the game
    wide: set[str] = field(default_factory=set)  # those wider than a phone's

    def add(self, other: Count) -> None:
        self.clicks += other.clicks
        self.decisions += other.decisions
        self.missed += other.missed
        self.roads += other.roads
        self.offers += other.offers
        self.lines += other.lines
        self.wide |= other.wide

    @property
    def ratio(self) -> float:
        return self.clicks / self.decisions if self.decisions else 0.0

    def line(self, name: str) -> str:
        return (f"{name:>10} {self.clicks:>8} {self.decisions:>10} {self.ratio:>18.2f}"
                f" {self.missed:>7} {max(self.roads, default=0):>6}"
                f" {max(self.offers, default=0):>6} {len(self.wide):>5}/{self.lines}")


async def one_game(players: int, seed: int, language: str = "en", offer: bool = False
                   ) -> Count:
    """One whole game (with `offer`, until the person's first 1-for-1 offer): the person's
    clicks (every panel they opened or changed) and decisions (their logged actions), their
    roads' and offer's clicks, the tables' lines."""
    count = Count()
    async with running("catan", language, pictures=False) as (emulator, bot):
        scene = await build_scene(emulator, bot, language, "catan")
        bot.service.start = _seeded(bot.service.start, seed)  # type: ignore[method-assign]
        with tables(count):
            game_id = await open_game(scene, "catan", players, ("basic",))
            with suppress(Offered):
                await play_out(scene, counting(count, game_id, offer), game_id)
        entries = await bot.service.store.actions(game_id)
        mine = [e for e in entries if e.by == "player" and e.user_id == int(scene.host.id)]
        if not mine or mine[-1].action["type"] != "offer_trade":
            count.offers.clear()  # the bot made no offer of those clicks
        count.clicks += len(scene.panels)
        count.decisions += len(mine)
        count.missed += scene.missed
        return count


class Offered(Exception):
    """The person's offer is made: a game played for it alone stops there."""


@contextmanager
def tables(count: Count) -> Iterator[None]:
    """Every table the bot draws meanwhile, its lines counted in `count` (and the wide kept)."""
    drawn = CatanUI.table

    def table(ui: CatanUI, record: GameRecord, catalog: Catalog, lang: str) -> discord.Embed:
        embed = drawn(ui, record, catalog, lang)
        lines = embed_lines(embed)
        count.lines += len(lines)
        count.wide.update(line for line in lines if width(line) > PHONE)
        return embed

    with patch.object(CatanUI, "table", table):
        yield


Reopen = Callable[[], Awaitable[SeenMessage]]


def counting(count: Count, game_id: int, offer: bool) -> GameDemo:
    """The demo's person, each road's clicks counted; with `offer`, a 1-for-1 offer to
    everyone instead at the first of their turns that lets them offer one (then Offered)."""
    async def reached(scene: Scene, panel: SeenMessage, action: Any, reopen: Reopen
                      ) -> SeenMessage | None:
        made = one_for_one(scene, game_id) if offer else None
        if made is not None:
            before = len(scene.panels)
            answer = await reach(scene.host, panel, made, reopen, seen=scene.panels)
            if answer is not None:
                count.offers.append(len(scene.panels) - before)
            raise Offered
        before = len(scene.panels)
        answer = await DEMO.reach(scene, panel, action, reopen)
        if action.type == "build_road":
            count.roads.append(len(scene.panels) - before)
        return answer

    return replace(DEMO, reach=reached)


def one_for_one(scene: Scene, game_id: int) -> OfferTrade | None:
    """One resource the person holds for one they do not, offered to everyone, if their turn
    lets them offer now (else None)."""
    record = scene.bot.service.games.get(game_id)
    seat = record.seat_of_user(int(scene.host.id)) if record is not None else None
    if record is None or seat is None or record.state is None:
        return None
    if not any(a.type == "offer_trade" for a in record.rules.legal_actions(record.state,
                                                                           seat.id)):
        return None
    hand = record.rules.view(record.state, seat.id).get("hand") or {}
    give = next((c for c in RESOURCES if hand.get(c)), None)
    get = next((c for c in RESOURCES if not hand.get(c)), None)
    if give is None or get is None:
        return None
    others = [s for s in record.state.seats if s != seat.id]
    return OfferTrade(to=others, give={give: 1}, get={get: 1})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.catan_clicks")
    parser.add_argument("--games", type=int, default=2, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--language", default="en", choices=["en", "es"])
    parser.add_argument("--offer", action="store_true",
                        help="play each game until the person's first 1-for-1 offer")
    args = parser.parse_args(argv)
    print(f"{'players':>10} {'clicks':>8} {'decisions':>10} {'clicks/decision':>18}"
          f" {'missed':>7} {'road':>6} {'offer':>6} {'wide/lines':>10}", flush=True)
    total = Count()
    for players in args.players:
        count = Count()
        for game in range(args.games):
            count.add(asyncio.run(one_game(players, args.seed + game, args.language,
                                           args.offer)))
        print(count.line(str(players)), flush=True)
        total.add(count)
    print(total.line("all"), flush=True)
    for line in sorted(total.wide):
        print(f"wide ({width(line)}): {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
