"""Scenario builders for the engine tests: a beginner-board game past set-up with chosen pieces
and hands, and dice rigged through the state's generator (the real roll code path)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules.catan import engine, rng
from rules.catan.board import parse_edge, parse_hex, parse_node
from rules.catan.events import Event
from rules.catan.state import CARDS, EVENT_FACES, Building, GameState, Knight, Options

NAMES = ["R", "B", "W", "O"]


def new(n: int = 3, seed: int = 1, **options: Any) -> GameState:
    return engine.new_game(NAMES[:n], Options(**options), seed)


def table(n: int = 3, *, buildings: dict[str, tuple[str, str]] | None = None,
          roads: dict[str, str] | None = None, knights: dict[str, tuple[str, int, bool]]
          | None = None, cards: dict[str, dict[str, int]] | None = None,
          active: str = "R", phase: str = "action", **update: Any) -> GameState:
    """A game after set-up on the beginner board with exactly the given pieces.

    buildings: node -> (seat, "settlement" | "city" | "city+wall" | "metropolis:track" ...);
    roads: edge -> seat; knights: node -> (seat, level, active); cards: seat -> {card: n}
    (taken from the bank).
    """
    s = new(n)
    seat = {name: i for i, name in enumerate(s.seats)}
    placed: dict[int, Building] = {}
    metropolis: dict[str, int | None] = {"trade": None, "politics": None, "science": None}
    for node, (owner, kind) in (buildings or {}).items():
        n_ = parse_node(node)
        parts = kind.split("+")
        track = next((p.split(":")[1] for p in parts if p.startswith("metropolis")), None)
        placed[n_] = Building(owner=seat[owner], city=parts[0] != "settlement",
                              wall="wall" in parts, metropolis=track, ruined="ruined" in parts)
        if track:
            metropolis[track] = n_
    players = [p.clone() for p in s.players]
    bank = dict(s.bank)
    for owner, hand in (cards or {}).items():
        for card, k in hand.items():
            players[seat[owner]].cards[card] += k
            bank[card] -= k
    fields: dict[str, Any] = {
        "buildings": placed, "players": players, "bank": bank, "metropolis": metropolis,
        "roads": {parse_edge(e): seat[o] for e, o in (roads or {}).items()},
        "knights": {parse_node(nd): Knight(owner=seat[o], level=lv, active=act)
                    for nd, (o, lv, act) in (knights or {}).items()},
        "phase": phase, "setup_step": 2 * n, "active": seat[active], "turn": 5,
    }
    fields.update(update)
    return s.model_copy(update=fields)


def hand(s: GameState, name: str) -> dict[str, int]:
    return {c: k for c, k in s.players[s.seats.index(name)].cards.items() if k}


def give(s: GameState, name: str, **cards: int) -> GameState:
    """`name` also holds these cards (from the bank)."""
    s = s.clone()
    for card, k in cards.items():
        assert card in CARDS
        s.players[s.seats.index(name)].cards[card] += k
        s.bank[card] -= k
    return s


def rig(s: GameState, red: int, yellow: int, event: str) -> GameState:
    """The same state with a generator state whose next roll is (red, yellow, event)."""
    face = EVENT_FACES.index(event)
    for start in range(1, 1_000_000):
        state, r = rng.below(start, 6)
        state, y = rng.below(state, 6)
        _, e = rng.below(state, len(EVENT_FACES))
        if (r + 1, y + 1) == (red, yellow) and EVENT_FACES[e] == event == EVENT_FACES[face]:
            return s.model_copy(update={"rng": start})
    raise AssertionError("no generator state gives that roll")


def roll(s: GameState, red: int, yellow: int, event: str = "gate_trade"
         ) -> tuple[GameState, list[Event]]:
    """The active player rolls (red, yellow, event) through the engine."""
    s = rig(s.model_copy(update={"phase": "roll"}), red, yellow, event)
    return engine.apply(s, s.seats[s.active], {"type": "roll"})


def act(s: GameState, name: str, **action: Any) -> GameState:
    return engine.apply(s, name, action)[0]


def hexes(*ids: str) -> list[int]:
    return [parse_hex(h) for h in ids]


def random_states(layout: str, players: int, seed: int, *, turns: int | None = None,
                  steps: int = 1200, every: int = 1) -> Iterator[GameState]:
    """Every `every`-th state of a seeded game of random actions (the engine's random_action,
    the acting seat drawn from the same rng), until it ends, reaches turn `turns` or has taken
    `steps` decisions."""
    s = engine.new_game([f"p{i}" for i in range(players)],
                        Options.model_validate({"layout": layout}), seed)
    r = random.Random(seed)
    for step in range(steps):
        acting = engine.to_act(s)
        if not acting or (turns is not None and s.turn >= turns):
            return
        if step % every == 0:
            yield s
        seat = acting[int(r.random() * len(acting))]
        action = engine.random_action(s, seat, r)
        assert action is not None
        s, _ = engine.apply(s, seat, action)
