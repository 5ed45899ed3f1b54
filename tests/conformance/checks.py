"""What every game behind rules.game.Game must do, as plain functions that raise
AssertionError: the conformance suite runs them on every registered game (and on broken games,
to show they can fail)."""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rules.game import Game, IllegalAction, InvalidOptions

AnyGame = Game[Any, Any]


def option_sets(game: AnyGame) -> list[dict[str, Any]]:
    """Each declared option at its default, its minimum and maximum, and each of its choices
    (the others at their defaults)."""
    sets: list[dict[str, Any]] = [{}]
    for name, info in game.Options.model_fields.items():
        values: list[Any] = []
        for meta in info.metadata:
            for bound in ("ge", "le"):
                if getattr(meta, bound, None) is not None:
                    values.append(getattr(meta, bound))
        if info.annotation is bool:
            values += [False, True]
        values += list(typing.get_args(info.annotation)) if typing.get_origin(
            info.annotation) is typing.Literal else []
        sets += [{name: v} for v in values]
    return sets


def out_of_range(game: AnyGame) -> list[tuple[str, dict[str, Any]]]:
    """(field, options) pairs just outside each declared bound."""
    bad: list[tuple[str, dict[str, Any]]] = []
    for name, info in game.Options.model_fields.items():
        for meta in info.metadata:
            if getattr(meta, "ge", None) is not None:
                bad.append((name, {name: meta.ge - 1}))
            if getattr(meta, "le", None) is not None:
                bad.append((name, {name: meta.le + 1}))
    return bad


def check_options(game: AnyGame) -> None:
    for options in option_sets(game):
        assert isinstance(game.options(options), BaseModel)
    for name, options in out_of_range(game):
        try:
            game.options(options)
        except InvalidOptions as exc:
            assert exc.field == name, (exc.field, name)
        else:
            raise AssertionError(f"{game.id}: {options} accepted")
    for players in (game.min_players - 1, game.max_players + 1):
        try:
            game.options({}, players=players)
        except InvalidOptions as exc:
            assert exc.field == "players"
        else:
            raise AssertionError(f"{game.id}: {players} players accepted")


@dataclass
class Playout:
    seats: list[str]
    options: BaseModel
    seed: int
    states: list[Any] = field(default_factory=list)
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)


def playout(game: AnyGame, players: int, options: dict[str, Any], seed: int,
            limit: int = 5000) -> Playout:
    """A random game to its end, checking at every step that whoever must decide can, that
    nobody else can, and that `apply` leaves its input unchanged."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    chosen = game.options(options, players=players)
    run = Playout(seats, chosen, seed)
    state = game.new_game(seats, chosen, seed)
    run.states.append(state)
    rng = random.Random(seed)
    for _ in range(limit):
        acting = game.to_act(state)
        if not acting:
            break
        assert not game.is_over(state)
        for seat in seats:
            legal = game.legal_actions(state, seat)
            assert bool(legal) == (seat in acting), (seat, acting)
        seat = acting[0]
        action = game.random_action(state, seat, rng)
        assert action is not None
        before = json.dumps(game.dump_state(state), sort_keys=True)
        state, events = game.apply(state, seat, action)
        assert json.dumps(game.dump_state(run.states[-1]), sort_keys=True) == before
        run.moves.append((seat, game.dump_action(action)))
        run.states.append(state)
        run.events.append(events)
    else:
        raise AssertionError(f"{game.id}: no end after {limit} moves")
    return run


def check_end(game: AnyGame, run: Playout) -> None:
    state = run.states[-1]
    assert game.is_over(state) and game.to_act(state) == []
    assert all(game.legal_actions(state, seat) == [] for seat in run.seats)
    result = game.result(state)
    assert result is not None
    assert set(result.ranks) == set(run.seats) == set(result.scores)
    assert 1 in result.ranks.values()
    assert all(1 <= rank <= len(run.seats) for rank in result.ranks.values())
    for seat in run.seats:
        assert sum(result.breakdown[seat].values()) == result.scores[seat], seat
    assert all(game.result(s) is None for s in run.states[:-1])


def check_serialization(game: AnyGame, run: Playout) -> None:
    for state in run.states:
        data = game.dump_state(state)
        assert data["schema"] == game.state_schema
        assert game.load_state(json.loads(json.dumps(data))) == state
    for _, action in run.moves:
        assert game.dump_action(game.parse_action(action)) == action


def check_replay(game: AnyGame, run: Playout) -> None:
    """The same seed and the same actions give the same states."""
    state = game.new_game(run.seats, run.options, run.seed)
    assert state == run.states[0]
    for (seat, action), expected in zip(run.moves, run.states[1:], strict=True):
        state, _ = game.apply(state, seat, action)
        assert state == expected


def sampled(run: Playout, every: int) -> Iterator[Any]:
    yield from run.states[::every]
    yield run.states[-1]


def check_views(game: AnyGame, run: Playout, every: int = 7, worlds: int = 2) -> bool:
    """A seat's view is the same in every world it cannot tell apart (so it holds no secret),
    and the public view is the same in every seat's. Returns whether any redrawn world differed
    from the real one (else the check proved nothing)."""
    differed = False
    for state in sampled(run, every):
        public = game.view(state, None)
        json.dumps(public)
        for seat in run.seats:
            mine = game.view(state, seat)
            json.dumps(mine)
            for i in range(worlds):
                world = game.determinize(state, seat, random.Random(i))
                differed |= world != state
                assert game.view(world, seat) == mine, (game.id, seat)
                assert game.view(world, None) == public, (game.id, seat)
    return differed


def check_events(run: Playout) -> None:
    for events in run.events:
        for event in events:
            public = event.visible_to(None)
            json.dumps(public)
            for seat in run.seats:
                assert set(public) <= set(event.visible_to(seat))


def check_refusals(game: AnyGame, run: Playout) -> None:
    """Out of turn, or malformed: IllegalAction, and the state unchanged."""
    for state in sampled(run, 11):
        acting = game.to_act(state)
        if not acting:
            continue
        action = game.legal_actions(state, acting[0])[0]
        before = json.dumps(game.dump_state(state), sort_keys=True)
        for seat in run.seats:
            if seat in acting:
                continue
            try:
                game.apply(state, seat, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{game.id}: {seat} played out of turn")
        for bad in ({"type": "no_such_action"}, {}):
            try:
                game.apply(state, acting[0], bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{game.id}: {bad} accepted")
        assert json.dumps(game.dump_state(state), sort_keys=True) == before
