"""Picture speed and size: the table picture of seeded random games, mid to late game.

    python -m bench.render [--games N] [--repeat R] [--game all|citadels|catan|cities]

For 2, 4 and 7 players of the Classic game and 8 of Dark City (its nine characters, the Artist
at rank 9, and its districts), plays N seeded random games, takes each game's public view late
in a round of turns (a city two districts short of complete, with a murdered or robbed
character when there is one), renders the table picture R times and prints p50 and p95 render
time (layout and paint, PNG included), wall clock and the process's CPU time (the machine is
shared: the wall clock includes waiting for a core), and the PNG's size; then the same for the
final scores. The goal: p95 <= 50 ms and <= 200 KB at 7 players.

Then Catan's board for 3 and 4 players (`catan`: the board with every id; `places`: the same
board with a dozen candidate intersections labelled large), from the mid-game and final views
of N seeded games of basic computer players (bench.catan_views), alternately on the random and
the beginner layout, each painted whole; and `catan+`: every board of the first 120 moves of
those games, each painted over the game's last one as the bot paints them
(cogs/catan/render/overlay.py). The goal: p95 <= 100 ms and <= 500 KB.

Then Cities for 2, 3 and 4 players and the long 2-player game (`cities`: the table picture, the
central board with the achievements and every neighbourhood, mid-game; `hood`: one full
neighbourhood with its coordinates, cards and legend, at the end), from N seeded games of
players that lay what they take (`cities_views`). The goal: p95 <= 100 ms and <= 500 KB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ai.arena import next_seat
from ai.catan import make_player
from bench.catan_views import catan_catalog, catan_seats, catan_views, settlement_spots
from bench.engine import DARK_CITY
from bot.i18n import Catalog
from bot.records import Seat
from cogs.catan.render import overlay
from cogs.catan.render.picture import board_picture, candidates_picture
from cogs.citadels.render.picture import final_picture, table_picture
from cogs.cities.render import board as cities_board
from cogs.cities.render import sheet as cities_sheet
from rules import citadels, registry
from rules.cities import GAME as CITIES

NAMES = ["Ana", "Bruno", "Carmen", "Darío", "Elena", "Fermín", "Gloria", "Hugo"]
TABLES: tuple[tuple[int, citadels.Options | None], ...] = (
    (2, None), (4, None), (7, None), (8, DARK_CITY))
Picture = Callable[[dict[str, Any], list[Seat], Catalog, str], bytes]


def seats(n: int, names: list[str] = NAMES) -> list[Seat]:
    """People, one of them away, and a computer player every third seat."""
    return [Seat(id=f"p{i}", name=names[(i - 1) % len(names)], ai="basic")
            if i % 3 == 0 else
            Seat(id=f"p{i}", name=names[(i - 1) % len(names)], user_id=1000 + i, ai="basic",
                 away=i == 2)
            for i in range(1, n + 1)]


def game_views(n: int, seed: int, options: citadels.Options | None = None
               ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(a late table view, the final view) of one seeded random game."""
    state = citadels.new_game([f"p{i}" for i in range(1, n + 1)], seed=seed, options=options)
    rng = random.Random(seed)
    late: dict[str, Any] | None = None
    while actors := citadels.to_act(state):
        action = citadels.random_action(state, actors[0], rng)
        assert action is not None  # whoever is to act has a legal action
        state, _ = citadels.apply(state, actors[0], action)
        if (state.phase == "turns" and not state.finished
                and max(len(p.city) for p in state.players) >= state.city_size - 2
                and (late is None or (state.murdered or state.robbed)
                     and not (late["murdered"] or late["robbed"]))):
            late = citadels.view(state, None)
    final = citadels.view(state, None)
    return late or final, final


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1,
                                                   round(0.95 * (len(ordered) - 1)))]


def measure(picture: Picture, views: list[dict[str, Any]], table: list[Seat],
            catalog: Catalog, repeat: int) -> tuple[list[float], list[float], list[int]]:
    """Wall-clock and CPU milliseconds and PNG bytes of each render, in both languages."""
    times, cpu, sizes = [], [], []
    for view in views:
        for i in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            png = picture(view, table, catalog, ("en", "es")[i % 2])
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            sizes.append(len(png))
    return times, cpu, sizes


def places_picture(view: dict[str, Any], table: list[Seat], catalog: Catalog, lang: str
                   ) -> bytes:
    """The board with the settlement spots a panel might ask about."""
    return candidates_picture(view, table, catalog, lang, settlement_spots(view))


def whole(picture: Picture) -> Picture:
    """`picture` painted whole: over no board of its game kept from before."""
    def draw(view: dict[str, Any], table: list[Seat], catalog: Catalog, lang: str) -> bytes:
        overlay.BOARDS.clear()
        return picture(view, table, catalog, lang)
    return draw


def played_views(n: int, seed: int, moves: int) -> list[dict[str, Any]]:
    """The public view after each of the first `moves` moves of a seeded Catan game of basic
    computer players."""
    rules = registry.game("catan")
    state = rules.new_game([f"p{i}" for i in range(1, n + 1)], rules.options({}, players=n),
                           seed)
    player, rng = make_player("basic"), random.Random(seed)
    views = [rules.view(state, None)]
    for _ in range(moves):
        seat = next_seat(rules, state)
        action = player.choose(rules.view(state, seat), rules.legal_actions(state, seat), rng)
        state, _ = rules.apply(state, seat, action)
        views.append(rules.view(state, None))
    return views


def catan_rows(games: int, repeat: int, seed: int) -> None:
    catalog = catan_catalog()
    for n in (3, 4):
        views = []
        for g in range(games):
            moments = catan_views(n, seed + g, ("random", "beginner")[g % 2])
            views += [moments["mid"], moments["end"]]
        board_picture(views[0], catan_seats(n), catalog, "en")  # warm: fonts and text widths
        for name, picture in (("catan", board_picture), ("places", places_picture)):
            times, cpu, sizes = measure(whole(picture), views, catan_seats(n), catalog, repeat)
            print(row(name, n, times, cpu, sizes), flush=True)
        overlay.BOARDS.clear()
        boards = [view for g in range(games) for view in played_views(n, seed + g, 120)]
        times, cpu, sizes = measure(board_picture, boards, catan_seats(n), catalog, 1)
        print(row("catan+", n, times, cpu, sizes), flush=True)


def cities_views(n: int, seed: int, long: bool = False) -> dict[str, dict[str, Any]]:
    """The public views of one seeded Cities game ("mid": the middle round's sixth turn;
    "end": the last), played by seats that take at random and lay what they take where it
    fits (a discard only when nothing fits), so the neighbourhoods fill up as in play."""
    state = CITIES.new_game([f"p{i}" for i in range(1, n + 1)],
                            CITIES.options({"long": long}, players=n), seed)
    rng = random.Random(seed)
    middle = (CITIES.view(state, None)["rounds"] + 1) // 2
    mid: dict[str, Any] | None = None
    while actors := CITIES.to_act(state):
        legal = CITIES.legal_actions(state, actors[0])
        laid = [a for a in legal if not a.type.startswith("discard")] or legal
        state, _ = CITIES.apply(state, actors[0], laid[int(rng.random() * len(laid))])
        if mid is None and state.round == middle and state.turn == 5:
            mid = CITIES.view(state, None)
    end = CITIES.view(state, None)
    return {"mid": mid or end, "end": end}


def full_hood(view: dict[str, Any], table: list[Seat], catalog: Catalog, lang: str) -> bytes:
    """The first seat's neighbourhood, as `/cities hood` shows it."""
    return cities_sheet.hood_picture(view, view["players"][0]["seat"], table, catalog, lang)


def cities_rows(games: int, repeat: int, seed: int) -> None:
    catalog = Catalog.load()
    for n, long in ((2, False), (3, False), (4, False), (2, True)):
        moments = [cities_views(n, seed + g, long) for g in range(games)]
        table = seats(n)
        cities_board.table_picture(moments[0]["mid"], table, catalog, "en")  # warm
        for name, picture, key in (("cities", cities_board.table_picture, "mid"),
                                   ("hood", full_hood, "end")):
            times, cpu, sizes = measure(picture, [m[key] for m in moments], table, catalog,
                                        repeat)
            print(row(name, n, times, cpu, sizes) + (" long" if long else ""), flush=True)


def row(name: str, n: int, times: list[float], cpu: list[float], sizes: list[int]) -> str:
    p50, p95 = percentiles(times)
    cpu50, cpu95 = percentiles(cpu)
    return (f"{name:>8} {n:>7} {len(times):>7} {p50:>7.1f} {p95:>7.1f} {cpu50:>7.1f} "
            f"{cpu95:>7.1f} {statistics.median(sizes) / 1024:>7.1f} {max(sizes) / 1024:>7.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per player count")
    parser.add_argument("--repeat", type=int, default=6, help="renders per view")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=("all", "citadels", "catan", "cities"), default="all")
    args = parser.parse_args(argv)
    catalog = Catalog.load()
    print(f"{'picture':>8} {'players':>7} {'renders':>7} {'p50 ms':>7} {'p95 ms':>7} "
          f"{'cpu p50':>7} {'cpu p95':>7} {'p50 KB':>7} {'max KB':>7}")
    for n, options in TABLES if args.game in ("all", "citadels") else ():
        views = [game_views(n, args.seed + g, options) for g in range(args.games)]
        table_picture(views[0][0], seats(n), catalog, "en")  # warm: fonts and text widths
        for name, picture, chosen in (("table", table_picture, [v[0] for v in views]),
                                      ("final", final_picture, [v[1] for v in views])):
            times, cpu, sizes = measure(picture, chosen, seats(n), catalog, args.repeat)
            print(row(name, n, times, cpu, sizes), flush=True)
    if args.game in ("all", "catan"):
        catan_rows(args.games, args.repeat, args.seed)
    if args.game in ("all", "cities"):
        cities_rows(args.games, args.repeat, args.seed)


if __name__ == "__main__":
    main()
