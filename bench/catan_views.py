"""Catan positions for the board pictures of `python -m bench.render`, `python -m
bench.pictures` and the tests: seeded games of basic computer players, their public views at
set moments.

The moments of a game: `setup` (the empty board), `start` (the first roll after the set-up
placements), `mid` (the last position after a roll before anyone reaches 10 points: roads,
cities, walls, knights, often a metropolis and the merchant) and `end`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ai.arena import next_seat
from ai.catan import make_player
from bot.i18n import LOCALES_DIR, Catalog, game_locale_dirs
from bot.records import Seat
from rules import registry
from rules.catan.board import NODE_COUNT, TOPOLOGY, node_id, parse_node

View = dict[str, Any]
CATAN_LOCALES = Path(__file__).resolve().parents[1] / "cogs/catan/locales"
NAMES = ["Ana", "Bruno", "Carmen", "Maximiliano de la Cruz Fernández"]
MOMENTS = ("setup", "start", "mid", "end")
MID_POINTS = 10  # the mid-game view is the last one before anyone has this many points


def catan_catalog() -> Catalog:
    """The bot's catalogs with Catan's, registered or not (its UI is not yet)."""
    extra = game_locale_dirs()
    if CATAN_LOCALES not in [p.resolve() for p in extra]:
        extra.append(CATAN_LOCALES)
    return Catalog.load(directory=LOCALES_DIR, extra=extra)


def catan_seats(n: int, names: Sequence[str] = NAMES) -> list[Seat]:
    """People, the second one away, and a computer player in the third seat."""
    return [Seat(id=f"p{i}", name=names[(i - 1) % len(names)], ai="basic")
            if i == 3 else
            Seat(id=f"p{i}", name=names[(i - 1) % len(names)], user_id=1000 + i, ai="basic",
                 away=i == 2)
            for i in range(1, n + 1)]


def catan_states(n: int, seed: int, layout: str = "random") -> dict[str, Any]:
    """The states of one seeded game of basic computer players at each of MOMENTS."""
    game = registry.game("catan")
    state = game.new_game([f"p{i}" for i in range(1, n + 1)],
                          game.options({"layout": layout}, players=n), seed)
    player = make_player("basic")
    rng = random.Random(seed)
    states: dict[str, Any] = {"setup": state}
    while not game.is_over(state):
        seat = next_seat(game, state)
        action = player.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, _ = game.apply(state, seat, action)
        view = game.view(state, None)
        if view["phase"] == "action":
            states.setdefault("start", state)
            if max(p["points"] for p in view["players"]) < MID_POINTS:
                states["mid"] = state
    states["end"] = state
    states.setdefault("start", state)
    states.setdefault("mid", state)
    return states


def catan_views(n: int, seed: int, layout: str = "random") -> dict[str, View]:
    """The public views of `catan_states`."""
    game = registry.game("catan")
    return {moment: game.view(state, None)
            for moment, state in catan_states(n, seed, layout).items()}


def settlement_spots(view: View, count: int = 12) -> list[str]:
    """Up to `count` intersections a settlement could stand on by the distance rule (nothing on
    it, no building next to it): the candidates a panel might ask about."""
    board = view["board"]
    taken = board["buildings"].keys() | board["knights"].keys()
    near = {node_id(m) for n in board["buildings"] for m in TOPOLOGY.node_neighbours[parse_node(n)]}
    return [node_id(n) for n in range(NODE_COUNT)
            if node_id(n) not in taken and node_id(n) not in near][:count]
