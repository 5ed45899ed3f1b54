"""Builders for the Cities rules tests: neighbourhoods from tiles, pieces and features written as
in docs/rules/cities.md §13 (fixtures F0, FA, FB and the worked example X of §8.4), and game
states past set-up whose active player is about to take or lay something."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from rules.cities import data
from rules.cities.events import Event
from rules.cities.game import GAME
from rules.cities.geometry import frame
from rules.cities.hood import Grid
from rules.cities.state import GameState, Hood, Placed, grid_of

SEATS = ["P1", "P2", "P3", "P4"]
SET = data.component_set()
Tile = tuple[str, int, int, int]  # id, x, y, rotation

F0: list[Tile] = [("st1", 0, 0, 0)]
FA: list[Tile] = [*F0, ("ct29", 1, 0, 0)]
FB: list[Tile] = [*F0, ("ct05", 0, -1, 0), ("ct01", -1, -1, 0)]
X_TILES: list[Tile] = [("ct01", -1, -1, 0), ("ct02", 0, -1, 0), ("ct25", 1, -1, 90),
                       ("ct09", -1, 0, 0), ("st1", 0, 0, 0), ("ct29", 1, 0, 0),
                       ("ct04", -1, 1, 0), ("ct14", 0, 1, 180), ("ct26", 1, 1, 90)]
X_PIECES = {"D3": "RR", "G3": "RRR", "C4": "Y", "D4": "YY", "E4": "GG", "C5": "R", "D5": "B",
            "E5": "R", "F5": "BBBB", "C7": "YY", "D7": "G", "G7": "BBBB", "C8": "G", "F8": "B"}
X_FEATURES = {"H3": "sailboat", "F4": "monument", "G4": "tree", "H5": "ferry", "F6": "dolphins",
              "G6": "fountain", "F7": "kayaks", "C8": "wild", "H8": "sailboat"}


def feature_ids(kinds: Iterable[str]) -> list[str]:
    """Distinct feature tile ids of the given kinds, in order."""
    free = list(SET.features)
    out = []
    for kind in kinds:
        ft = next(f for f in free if SET.features[f].id == kind)
        free.remove(ft)
        out.append(ft)
    return out


def hood(tiles: Iterable[Tile], pieces: Mapping[str, str] | None = None,
         features: Mapping[str, str] | None = None, cards: Iterable[str] = ()) -> Hood:
    """features: space label -> feature kind (each gets its own feature tile id)."""
    kinds = dict(features or {})
    return Hood(tiles=tuple(Placed(tile=t, x=x, y=y, rot=r) for t, x, y, r in tiles),
                pieces=dict(pieces or {}),
                features=dict(zip(kinds, feature_ids(kinds.values()), strict=True)),
                cards=tuple(cards))


def x_hood() -> Hood:
    return hood(X_TILES, X_PIECES, X_FEATURES)


def grid(h: Hood, long: bool = False) -> Grid:
    return grid_of(h, SET, frame(long))


def new(n: int = 4, seed: int = 1, **options: Any) -> GameState:
    return GAME.new_game(SEATS[:n], GAME.options(options), seed)


def seed_starting(n: int, start: int, **options: Any) -> int:
    """A seed whose start player is seat `start`."""
    return next(seed for seed in range(1000) if new(n, seed, **options).start == start)


def drafted(n: int = 4, seed: int = 1, **options: Any) -> GameState:
    """Round 1, after everyone chose a start tile (the first free one, unturned)."""
    s = new(n, seed, **options)
    while s.phase == "start_tile":
        seat = s.seats[s.drafters[0]]
        s = act(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def act(s: GameState, seat: str, action: Any) -> GameState:
    return GAME.apply(s, seat, action)[0]


def act_events(s: GameState, seat: str, action: Any) -> tuple[GameState, list[Event]]:
    new_state, events = GAME.apply(s, seat, action)
    return new_state, [e for e in events if isinstance(e, Event)]


def turn_of(s: GameState, seat: str, hood_: Hood | None = None, **update: Any) -> GameState:
    """`s` with `seat` active in the take phase (their neighbourhood replaced if given)."""
    i = SEATS.index(seat)
    hoods = s.hoods if hood_ is None else tuple(
        hood_ if j == i else h for j, h in enumerate(s.hoods))
    return s.model_copy(update={"active": i, "phase": "take", "hoods": hoods, **update})


def laying(tiles: Iterable[Tile], *, features: Iterable[str] = (), pieces: str = "",
           tile: str | None = None, seat: str = "P1", n: int = 4, board: str = "new_york",
           placed: Mapping[str, str] | None = None, laid: Mapping[str, str] | None = None,
           long: bool = False) -> GameState:
    """A game in round 1 where `seat` took something and must now lay it: a city tile, feature
    tiles of the given kinds, or pieces (one colour letter each) on a neighbourhood."""
    s = drafted(n, board=board, long=long)
    h = hood(tiles, placed, laid)
    phase = "place_tile" if tile else "place_features" if features else "place_pieces"
    fresh = [f for f in SET.features if f not in h.features.values()]
    taken = []
    for kind in features:
        ft = next(f for f in fresh if SET.features[f].id == kind)
        fresh.remove(ft)
        taken.append(ft)
    return turn_of(s, seat, h, phase=phase, tile=tile, features=tuple(taken), pieces=pieces,
                   turn=5)


def random_game(n: int, seed: int, **options: Any) -> tuple[GameState, list[Event]]:
    """A whole game of random legal actions, and all its events."""
    s = new(n, seed, **options)
    rng, events = random.Random(seed), []
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        action = GAME.random_action(s, seat, rng)
        s, evs = act_events(s, seat, action)
        events += evs
    return s, events

