"""The expert's lookahead over its own turn: each candidate move is played in worlds sampled
from the view (ai.catan.world), the rest of the turn is finished by the heuristics (its own
for the seat, the basic player's for anyone else asked something), and the positions are
compared by a score: value.relative, or points first (the expert's)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rules.catan import engine, scoring, views
from rules.catan.actions import Action
from rules.catan.board import parse_edge, parse_node
from rules.catan.errors import IllegalAction
from rules.catan.state import GameState

from . import basic, cards, plan, value
from .seen import Seen, View
from .world import from_view

Policy = Callable[[View, Sequence[Action]], Action]
STEPS = 40  # a turn's remaining decisions, at most (a guard, never reached in practice)
NODES = 4000  # moves a decision's lookahead plays in all, at most (its budget in nodes)


def candidates(s: Seen, legal: Sequence[Action], first: Action) -> list[Action]:
    """The moves worth comparing: the heuristic's, ending the turn, the best place for each
    build, each progress card the heuristics would play, one bank trade per card given."""
    groups: dict[str, list[Any]] = {}
    for a in legal:
        groups.setdefault(a.type, []).append(a)
    out: list[Action] = [first, *groups.get("end_turn", [])]
    best = {
        "build_city": lambda a: plan.city_value(s, parse_node(a.node)),
        "build_settlement": lambda a: plan.node_value(s, parse_node(a.node)),
        "build_knight": lambda a: basic.knight_spot(s, parse_node(a.node)),
        "activate_knight": lambda a: s.knights[parse_node(a.node)].level,
        "promote_knight": lambda a: s.knights[parse_node(a.node)].active,
        "build_wall": lambda a: plan.city_value(s, parse_node(a.node)),
        "build_road": lambda a: plan.road_value(s, parse_edge(a.edge)),
        "chase_robber": lambda a: basic.robber_worth(s, a.hex, a.victim),
    }
    for kind, key in best.items():
        if kind in groups:
            out.append(max(groups[kind], key=key))
    for track in ("trade", "politics", "science"):
        options = [a for a in groups.get("buy_improvement", []) if a.track == track]
        if options:
            out.append(basic.best_improvement(s, options))
    by_card: dict[str, list[Any]] = {}
    for a in groups.get("play_progress", []):
        by_card.setdefault(a.card, []).append(a)
    for card, plays in by_card.items():
        chooser = cards.chooser(card)
        chosen = chooser(s, plays) if chooser else None
        if chosen is not None:
            out.append(chosen)
    wanted = plan.need(s, top=3)
    for give in sorted({a.give for a in groups.get("maritime_trade", [])}):
        trades = [a for a in groups["maritime_trade"] if a.give == give]
        out.append(max(trades, key=lambda a: (wanted[a.get] - s.hand[a.get], a.get)))
    return list(dict.fromkeys(out))


def finish_turn(state: GameState, me: str, mine: Policy, others: Policy
                ) -> tuple[GameState, int]:
    """Play on until the seat's turn is over (or the game); the state and the moves played."""
    played = 0
    while played < STEPS:
        if state.phase == "over" or (state.seats[state.active] != me and not state.pending):
            break
        who = asked(state)
        legal = engine.legal_actions(state, who)
        if not legal:
            break
        policy = mine if who == me else others
        state, _ = engine.apply(state, who, policy(views.view(state, who), legal))
        played += 1
    return state, played


def asked(state: GameState) -> str:
    """The seat to ask next: an offerer waits for its addressees' answers."""
    deciding = engine.must_decide(state)  # not an offerer whose addressees still answer
    return deciding[0] if deciding else engine.to_act(state)[0]


Score = Callable[[GameState, int], float]


GAME_TURNS = 10_000  # more turns than any game has: played on to the game's end


def play_on(state: GameState, turn: int, cap: int) -> tuple[GameState, int]:
    """The basic player in every seat until the game's turn passes `turn` (or the game ends,
    or `cap` moves); the state and the moves played."""
    played = 0
    while played < cap and state.phase != "over" and state.turn <= turn:
        who = asked(state)
        legal = engine.legal_actions(state, who)
        if not legal:
            break
        state, _ = engine.apply(state, who, basic.basic_move(views.view(state, who), legal))
        played += 1
    return state, played


def play_out(state: GameState, me: str, mine: Policy, cap: int, turns: int = GAME_TURNS
             ) -> tuple[GameState, int]:
    """The seat's turn finished by `mine`, then `turns` turns (by default the game to its
    end) played by the basic player in every seat, or `cap` moves in all; the state and the
    moves played."""
    state, played = finish_turn(state, me, mine, basic.basic_move)
    state, more = play_on(state, state.turn + turns - 1, cap - played)
    return state, played + more


def points_first(state: GameState, seat: int) -> float:
    """Points at the end of the turn; the position's worth only breaks ties."""
    return scoring.points(state, seat) + 0.01 * value.relative(state, seat)


def best_move(view: View, legal: Sequence[Action], s: Seen, first: Action, mine: Policy,
              rng: random.Random, worlds: int, deadline: float | None,
              score: Score = value.relative, nodes: int = NODES) -> Action:
    """The candidate with the best mean score over the worlds searched in full. The budget is
    `worlds` and `nodes` (moves played in all, counted: the answer depends only on the view,
    the rng and these counts); a `deadline` may cut it short, between candidates."""
    options = candidates(s, legal, first)
    me = view["you"]
    return compare(view, options, first, rng, worlds, nodes, deadline,
                   lambda after: finish_turn(after, me, mine, basic.basic_move),
                   lambda after: score(after, s.me))


ENDGAME_WORLDS = 4  # worlds each candidate is played to the game's end in, near the end
ENDGAME_NODES = 6000  # moves the end-game search plays in all, at most (about 2 s here)
PLAY_OUT = 1500  # moves one play to the end may take (a guard: about 30-400 are played)


def best_ending(view: View, legal: Sequence[Action], s: Seen, first: Action, mine: Policy,
                rng: random.Random, deadline: float | None,
                worlds: int = ENDGAME_WORLDS, nodes: int = ENDGAME_NODES) -> Action:
    """Near the end: the candidate that wins most often when the game is played to its end
    (value.worth: a win is worth 100, a loss the points less 5) in the same worlds, the
    seat's turn by its own heuristics and the rest by the basic player. Counted like
    best_move: worlds and moves, a deadline only cutting it."""
    options = candidates(s, legal, first)
    me = view["you"]
    return compare(view, options, first, rng, worlds, nodes, deadline,
                   lambda after: play_out(after, me, mine, PLAY_OUT),
                   lambda after: value.worth(after, s.me))


Play = Callable[[GameState], tuple[GameState, int]]  # a move's sequel: the state, the moves


Sample = Callable[[View, random.Random], GameState]  # a world behind a view


def compare(view: View, options: list[Action], first: Action, rng: random.Random,
            worlds: int, nodes: int, deadline: float | None, play: Play,
            score: Callable[[GameState], float], sample: Sample = from_view) -> Action:
    """The option with the best mean score over the worlds searched in full, each played in
    the same worlds (one deal, one dice stream) and followed by `play`. The budget is counted
    (`worlds`, and `nodes`: the moves played in all, checked between options), so a view, a
    seed and a budget give one answer on any machine; a `deadline` may only cut it short.
    `sample` draws the worlds (only bench.catan_oracle's bounds deal any other way)."""
    if len(options) == 1:
        return first
    totals = [0.0] * len(options)
    done = played = 0
    for _ in range(worlds):
        world = sample(view, rng)
        row = []
        for action in options:
            if played > nodes or (deadline is not None and time.monotonic() > deadline):
                return pick(options, totals, done, first)
            try:
                after, _ = engine.apply(world, view["you"], action)
            except IllegalAction:  # a knight that already acted, unseen in the view
                row.append(-1000.0)
                continue
            after, moves = play(after)
            played += 1 + moves
            row.append(score(after))
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        done += 1
    return pick(options, totals, done, first)


def pick(options: list[Action], totals: list[float], done: int, first: Action) -> Action:
    if not done:
        return first
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]
