"""The event loop while computer seats decide at once: Catan positions where several seats must
decide together (discards on a 7, and the like), every seat an expert, played through the
service's own computer runners on a temporary SQLite store.

    python -m bench.deciders [--seats 8] [--cap 2.0] [--runs 3] [--turns | --setup | --ending]

A ticker wakes every 5 ms and records how late it woke: that lag is what every click's answer
waits on meanwhile. The run is made with the service's limit on decisions searched at once
(bot.computers.THINKING) and, from the same run, with no limit (every seat thinking in its own
thread at once), so the two sides of the comparison share the machine's speed of the moment.
Prints p50/p99/max lag and the wall time until every seat has decided. The process tunes its
interpreter as a running bot does (bot/client.py: the GIL's switch interval, the collector).
`--turns` takes instead one seat a game acting in its own turn (where the Catan expert runs its
lookahead), 8 games;
`--setup` one seat a game placing a set-up settlement or city (where it searches its
placements, ai/catan/opening.py: its longest decisions), 8 games; `--ending` one seat a game
ending its turn near the game's end (where it plays each candidate to the end,
search.best_ending), 8 games played by basic players to there.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ai.catan import make_player
from ai.catan.expert import EXPERT, heuristic, near_end, opening_decision, searched
from ai.catan.seen import read
from bot import computers
from bot.changes import waiting
from bot.client import SWITCH_INTERVAL, settle_gc
from bot.records import GameRecord, GameSettings, Seat
from bot.service import GameService
from bot.storage import open_store
from rules import registry

TICK = 0.005


def moments(game: Any, seats: int, seed: int, wanted: Callable[[Any], bool]
            ) -> Iterator[tuple[Any, int]]:
    """(state, seed) of random Catan games of `seats` players, one a game: the first moment of
    each game's random playout that is `wanted`."""
    rng = random.Random(seed)
    while True:
        game_seed = rng.randrange(2**31)
        names = [f"p{i}" for i in range(1, seats + 1)]
        state = game.new_game(names, game.options({}), game_seed)
        play = random.Random(game_seed)
        for _ in range(3000):
            if game.is_over(state):
                break
            if wanted(state):
                yield state, game_seed
                break
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, game.random_action(state, seat, play))


def simultaneous_states(game: Any, seats: int, want: int, seed: int = 1
                        ) -> list[tuple[Any, int]]:
    """(state, seed) pairs of random 4-player Catan games at a moment when two or more seats
    must decide at once, until they hold `want` such seats in all."""
    found: list[tuple[Any, int]] = []
    total = 0
    for state, game_seed in moments(game, seats, seed,
                                    lambda state: len(game.must_decide(state)) >= 2):
        if total >= want:
            break
        found.append((state, game_seed))
        total += len(game.must_decide(state))
    return found


def turn_states(game: Any, seats: int, want: int, seed: int = 1) -> list[tuple[Any, int]]:
    """(state, seed) pairs of `want` random 4-player Catan games, each at a moment when its
    active seat acts in its own turn past the set-up (where the expert searches)."""
    def own_turn(state: Any) -> bool:
        return (state.phase == "action" and state.turn > 3 * seats and not state.pending
                and len(game.legal_actions(state, game.to_act(state)[0])) > 1)

    return list(itertools.islice(moments(game, seats, seed, own_turn), want))


def ending_states(game: Any, seats: int, want: int, seed: int = 1) -> list[tuple[Any, int]]:
    """(state, seed) pairs of `want` 4-player Catan games played by basic players, each at a
    moment near the end where the active seat's heuristics would end its turn: where the
    expert plays each candidate to the game's end (search.best_ending), its longest turns."""
    basic = make_player("basic")
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    while len(found) < want:
        game_seed = rng.randrange(2**31)
        state = game.new_game([f"p{i}" for i in range(1, seats + 1)], game.options({}),
                              game_seed)
        play = random.Random(game_seed)
        while not game.is_over(state):
            seat = game.to_act(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            if ending_decision(view, legal):
                found.append((state, game_seed))
                break
            state, _ = game.apply(state, seat, basic.choose(view, legal, play))
    return found


def ending_decision(view: Any, legal: Any) -> bool:
    """The expert would search this decision to the game's end (ExpertPlayer.choose)."""
    return (searched(view, legal) and heuristic(view, legal).type == "end_turn"
            and near_end(read(view, EXPERT)))


def setup_states(game: Any, seats: int, want: int, seed: int = 1) -> list[tuple[Any, int]]:
    """(state, seed) pairs of `want` random 4-player Catan games, each at a moment when its
    seat places a set-up building, a different moment of the set-up in each (the expert
    searches every placement)."""
    def placing(state: Any) -> bool:
        seat = game.to_act(state)[0]
        return opening_decision(game.view(state, seat), game.legal_actions(state, seat))

    found: list[tuple[Any, int]] = []
    for n, (state, game_seed) in enumerate(moments(game, seats, seed, placing)):
        if len(found) >= want:
            break
        play = random.Random(game_seed)
        for _ in range(n % seats * 2):  # later placements of the set-up, for some games
            seat = game.to_act(state)[0]
            state, _ = game.apply(state, seat, game.random_action(state, seat, play))
        if placing(state):
            found.append((state, game_seed))
    return found


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(TICK)
        lags.append(loop.time() - start - TICK)


async def measure(states: list[tuple[Any, int]], cap: float, limit: int, db: Path
                  ) -> tuple[list[float], float, int]:
    """Loop lags and the seconds until every waiting seat decided, with `limit` searches at
    once; and how many seats decided."""
    store = await open_store(db)
    service = GameService(store, computer_pause=0.0, computer_cap=cap)
    service.computers._thinking = asyncio.Semaphore(limit)
    ids = []
    seats = 0
    for n, (state, seed) in enumerate(states):
        names = [f"p{i}" for i in range(1, 5)]
        record = GameRecord(game="catan", channel_id=1000 + n, host_id=1, status="running",
                            seed=seed, settings=GameSettings(),
                            seats=[Seat(id=p, name=p, ai="expert") for p in names])
        record = await store.create(record)
        record = record.model_copy(update={"state": state})
        service.games[record.id] = record
        seats += len(waiting(record))
        ids.append((record.id, set(waiting(record))))
    lags: list[float] = []
    stop = asyncio.Event()
    tick = asyncio.create_task(ticker(lags, stop))
    await asyncio.sleep(0.1)
    lags.clear()
    start = time.perf_counter()

    decided: set[tuple[int, str]] = set()
    wanted = {(g, seat) for g, before in ids for seat in before}

    class Listener:
        def changed(self, change: Any) -> None:  # the service's listener: must not block
            if change.actor is not None:
                decided.add((change.record.id, change.actor))

    service.listener = Listener()
    for game_id, _ in ids:
        service.computers.kick(game_id)
    while not wanted <= decided:  # each seat's first decision (the game then plays on)
        await asyncio.sleep(0.01)
    took = time.perf_counter() - start
    stop.set()
    await tick
    await service.close()
    await store.close()
    return lags, took, seats


def line(name: str, lags: list[float], took: float, seats: int) -> str:
    ms = sorted(x * 1000 for x in lags)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"{name:<26} {seats:>5} {took:>8.2f} s {statistics.median(ms):>8.1f} "
            f"{p99:>8.1f} {ms[-1]:>8.1f}")


async def main(seats: int, cap: float, runs: int, turns: bool = False, setup: bool = False,
               ending: bool = False) -> None:
    game = registry.game("catan")
    states = (turn_states(game, 4, seats) if turns else setup_states(game, 4, seats) if setup
              else ending_states(game, 4, seats) if ending
              else simultaneous_states(game, 4, seats))
    what = ("on their own turns (the lookahead)" if turns else
            "their set-up placements (the placement search)" if setup else
            "their turns' ends near the game's end (the end-game search)" if ending
            else "at once")
    print(f"{sum(len(game.must_decide(s)) for s, _ in states)} seats deciding {what} in "
          f"{len(states)} Catan games (expert, cap {cap} s); loop lag in ms (ticks of "
          f"{TICK * 1000:.0f} ms), runs interleaved")
    print(f"{'':<26} {'seats':>5} {'all done':>10} {'p50':>8} {'p99':>8} {'max':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            for name, limit in ((f"THINKING={computers.THINKING}", computers.THINKING),
                                ("no limit", 10_000)):
                db = Path(tmp) / f"{run}-{limit}.sqlite3"
                print(line(name, *await measure(states, cap, limit, db)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--cap", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--turns", action="store_true",
                       help="seats acting in their own turns, one a game, instead of together")
    which.add_argument("--setup", action="store_true",
                       help="seats placing their set-up buildings, one a game")
    which.add_argument("--ending", action="store_true",
                       help="seats ending a turn near the game's end, one a game")
    args = parser.parse_args()
    settle_gc()  # as GameBot does once started (tune_runtime)
    sys.setswitchinterval(SWITCH_INTERVAL)
    asyncio.run(main(args.seats, args.cap, args.runs, args.turns, args.setup,
                     args.ending))
