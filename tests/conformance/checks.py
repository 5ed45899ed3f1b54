"""What every game behind rules.game.Game must do, as plain functions that raise
AssertionError: the conformance suite runs them on every registered game (and on broken games,
to show they can fail).

    run = playout(game, players=3, options={}, seed=1)   # checks every step on the way
    check_end(game, run); check_serialization(game, run); check_replay(game, run)
    check_views(game, run); check_events(run); check_refusals(game, run)
"""

from __future__ import annotations

import enum
import json
import random
import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from rules.game import Game, IllegalAction, InvalidOptions

AnyGame = Game[Any, Any]

# Malformed actions every game must refuse (no game has an action type with these names).
MALFORMED: tuple[dict[str, Any], ...] = (
    {}, {"type": "no_such_action"}, {"type": None}, {"type": 7, "heap": "x"},
)
GHOST = "nobody-at-this-table"  # a seat that is not in the game


def canonical(data: Any) -> str:
    """JSON text that is the same for equal JSON values; fails if `data` is not JSON-ready."""
    return json.dumps(data, sort_keys=True, allow_nan=False)


def dumped(game: AnyGame, state: Any) -> str:
    return canonical(game.dump_state(state))


# -- options ---------------------------------------------------------------------------------

def _types(annotation: Any) -> list[Any]:
    """The alternatives of a Union/Optional annotation, else the annotation itself."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return list(typing.get_args(annotation))
    return [annotation]


def _bounds(info: FieldInfo) -> tuple[Any, Any]:
    """The smallest and largest value a numeric field allows (None: unbounded)."""
    low = high = None
    for meta in info.metadata:
        if getattr(meta, "ge", None) is not None:
            low = meta.ge
        if getattr(meta, "gt", None) is not None:
            low = meta.gt + 1
        if getattr(meta, "le", None) is not None:
            high = meta.le
        if getattr(meta, "lt", None) is not None:
            high = meta.lt - 1
    return low, high


def field_values(info: FieldInfo) -> list[Any]:
    """The values of one option worth trying: its bounds, and each of its choices."""
    values: list[Any] = [v for v in _bounds(info) if v is not None]
    for kind in _types(info.annotation):
        if kind is bool:
            values += [False, True]
        elif typing.get_origin(kind) is typing.Literal:
            values += list(typing.get_args(kind))
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            values += [member.value for member in kind]
    unique: list[Any] = []
    for value in values:
        if value != info.default and value not in unique:
            unique.append(value)
    return unique


def option_sets(game: AnyGame) -> list[dict[str, Any]]:
    """The defaults ({}), then each declared option at its minimum and maximum and at each of
    its choices, the others at their defaults."""
    sets: list[dict[str, Any]] = [{}]
    for name, info in game.Options.model_fields.items():
        sets += [{name: value} for value in field_values(info)]
    return sets


def out_of_range(game: AnyGame) -> list[tuple[str, dict[str, Any]]]:
    """(field, options) pairs the game must refuse: just outside each declared bound, a choice
    that is none of a Literal's, and an option that does not exist."""
    bad: list[tuple[str, dict[str, Any]]] = []
    for name, info in game.Options.model_fields.items():
        low, high = _bounds(info)
        if low is not None:
            bad.append((name, {name: low - 1}))
        if high is not None:
            bad.append((name, {name: high + 1}))
        if any(typing.get_origin(kind) is typing.Literal for kind in _types(info.annotation)):
            bad.append((name, {name: "no-such-choice"}))
    bad.append(("no_such_option", {"no_such_option": 1}))
    return bad


def _refused(game: AnyGame, expected_field: str, data: dict[str, Any],
             players: int | None = None) -> None:
    try:
        game.options(data, players=players)
    except InvalidOptions as exc:
        assert exc.field == expected_field, (
            f"{game.id}: {data} with {players} players blamed {exc.field!r}, "
            f"not {expected_field!r}")
    else:
        raise AssertionError(f"{game.id}: options {data} with {players} players accepted")


def check_options(game: AnyGame) -> None:
    """Every declared value and player count is accepted, anything else refused by name, and
    options survive JSON (they are stored with every game)."""
    assert 1 <= game.min_players <= game.max_players, game.id
    defaults = game.options({})
    assert isinstance(defaults, game.Options), game.id
    assert defaults == game.Options(), game.id
    for data in option_sets(game):
        allowed = allowed_counts(game, data)
        assert allowed, f"{game.id}: options {data} are refused at every player count"
        for players in allowed:
            chosen = game.options(data, players=players)
            assert isinstance(chosen, game.Options), (game.id, data)
            for name, value in data.items():
                assert getattr(chosen, name) == value, (game.id, name)
            stored = json.loads(canonical(chosen.model_dump(mode="json")))
            assert game.options(stored) == chosen, (game.id, data)
            assert game.options(chosen) == chosen, (game.id, data)
    for name, data in out_of_range(game):
        _refused(game, name, data)
    for players in (game.min_players - 1, game.max_players + 1, 0):
        _refused(game, "players", {}, players)


def allowed_counts(game: AnyGame, data: dict[str, Any]) -> list[int]:
    """The player counts that may play `data`. A game may refuse some options at some counts
    (Citadels: 8 players need a rank-9 character), but only by naming the count ("players")
    or one of the options chosen."""
    out = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.options(data, players=players)
        except InvalidOptions as exc:
            assert exc.field == "players" or exc.field in data, (
                f"{game.id}: {data} with {players} players blamed {exc.field!r}")
            continue
        out.append(players)
    return out


def check_new_game_player_counts(game: AnyGame) -> None:
    """new_game itself refuses a player count outside the game's range, as InvalidOptions
    naming "players" (a host that skipped `options(players=)` must not start a broken game)."""
    for players in (game.min_players - 1, game.max_players + 1):
        seats = [f"p{i}" for i in range(1, players + 1)]
        try:
            game.new_game(seats, game.options({}), seed=1)
        except InvalidOptions as exc:
            assert exc.field == "players", f"{game.id}: {players} seats blamed {exc.field!r}"
        except Exception as exc:
            raise AssertionError(f"{game.id}: {players} seats raised {exc!r}, "
                                 "not InvalidOptions('players')") from exc
        else:
            raise AssertionError(f"{game.id}: a game of {players} seats started")


# -- playing -----------------------------------------------------------------------------------

@dataclass
class Playout:
    seats: list[str]
    options: BaseModel
    seed: int
    states: list[Any] = field(default_factory=list)
    moves: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    events: list[list[Any]] = field(default_factory=list)


FULL_FIRST = 300   # the first steps of a playout check every listed action...
FULL_EVERY = 10    # ...and so does every tenth step after them
SAMPLE = 3         # the other steps: this many of the mover's listed actions, spread
FULL_CAP = 256     # a full step's cap: the Magician's 2^hand exchanges are checked spread out


def _picked(legal: list[Any], step: int, full: bool) -> list[Any]:
    """The listed actions a step checks: all of them (up to FULL_CAP), or SAMPLE; a longer
    list is sampled, spread over it and shifted with the step (deterministic, and every index
    is reached over the steps)."""
    n = FULL_CAP if full else SAMPLE
    if len(legal) <= n:
        return legal
    return [legal[(step + k * len(legal) // n) % len(legal)] for k in range(n)]


def check_listed(game: AnyGame, state: Any, seat: str, legal: list[Any], step: int,
                 full: bool) -> None:
    """Listed actions (all of them, or a sample) are JSON-ready and survive their JSON form;
    at a full step a sample of them is_legal too (a game's is_legal may try `apply`)."""
    for action in _picked(legal, step, full):
        move = game.dump_action(action)
        text = canonical(move)
        assert game.dump_action(game.parse_action(json.loads(text))) == move, (game.id, move)
    for action in _picked(legal, step, False) if full else []:
        assert game.is_legal(state, seat, action), (
            f"{game.id}: listed {game.dump_action(action)} is not is_legal")


def check_deciders(game: AnyGame, state: Any, acting: list[str], seats: list[str]) -> None:
    """must_decide is a non-empty part of to_act; each default action is legal, and only the
    seats that may act have one."""
    deciding = game.must_decide(state)
    assert deciding and set(deciding) <= set(acting), (
        f"{game.id}: must_decide is {deciding}, to_act {acting}")
    assert len(set(deciding)) == len(deciding), (game.id, deciding)
    for seat in seats:
        default = game.default_action(state, seat)
        if default is None:
            continue
        assert seat in acting, f"{game.id}: a default action for {seat}, to_act is {acting}"
        canonical(game.dump_action(default))
        assert game.is_legal(state, seat, default), (
            f"{game.id}: {seat}'s default {game.dump_action(default)} is not legal")


def check_turn(game: AnyGame, state: Any, acting: list[str], seats: list[str], full: bool
               ) -> dict[str, list[Any]]:
    """Whoever may act has a legal action and nobody else has (a stranger neither); at a full
    step, check_deciders too. Returns each seat's listed actions."""
    assert not game.is_over(state), game.id
    assert len(set(acting)) == len(acting) and set(acting) <= set(seats), acting
    legal: dict[str, list[Any]] = {}
    for seat in seats:
        legal[seat] = game.legal_actions(state, seat)
        assert bool(legal[seat]) == (seat in acting), (
            f"{game.id}: {seat} has {len(legal[seat])} legal actions, to_act is {acting}")
    assert game.legal_actions(state, GHOST) == [], game.id
    if full:
        check_deciders(game, state, acting, seats)
    return legal


def playout(game: AnyGame, players: int, options: dict[str, Any], seed: int,
            limit: int = 5000, checked: bool = True) -> Playout:
    """A random game to its end, checking at every step that whoever must decide can, that
    nobody else can, that the random action is a legal one, and that `apply` leaves its input
    unchanged. The listed actions (JSON, legal) and the default actions are checked at every
    one of the first FULL_FIRST steps and every FULL_EVERY-th after, a sample of the mover's
    at the others, so a long game costs a bounded multiple of its own play. Fails if the game
    has not ended after `limit` actions. Unchecked: only played (for a check of its own)."""
    seats = [f"p{i}" for i in range(1, players + 1)]
    chosen = game.options(options, players=players)
    run = Playout(seats, chosen, seed)
    state = game.new_game(seats, chosen, seed)
    run.states.append(state)
    rng = random.Random(seed)
    before = game.dump_state(state) if checked else None
    for step in range(limit):
        acting = game.to_act(state)
        if not acting:
            break
        full = checked and (step < FULL_FIRST or step % FULL_EVERY == 0)
        legal = check_turn(game, state, acting, seats, full) if checked else {}
        seat = acting[int(rng.random() * len(acting))]
        for other in (acting if full else [seat]) if checked else []:
            check_listed(game, state, other, legal[other], step, full)
        action = game.random_action(state, seat, rng)
        assert action is not None, (game.id, seat)
        move = game.dump_action(action)
        if checked:
            canonical(move)
            assert not full or game.is_legal(state, seat, action), (
                f"{game.id}: the random {move} is not is_legal")
        state, events = game.apply(state, seat, action)
        if checked:
            assert game.dump_state(run.states[-1]) == before, (
                f"{game.id}: apply changed its input")
            before = game.dump_state(state)
        run.moves.append((seat, move))
        run.states.append(state)
        run.events.append(list(events))
    else:
        raise AssertionError(f"{game.id}: no end after {limit} actions")
    return run


def check_decision_keys(game: AnyGame, run: Playout, every: int = 3) -> bool:
    """A seat whose `decision_key` is the same before and after a move (someone else's, in a
    game where several decide at once) has the same legal actions in both states: the platform
    keeps that seat's open panel valid on the strength of it. Whether any key survived a move
    (a game with simultaneous decisions must show that it was checked)."""
    kept = False
    for i in range(0, len(run.states) - 1, max(1, every)):
        before, after = run.states[i], run.states[i + 1]
        for seat in run.seats:
            key = game.decision_key(before, seat)
            if key is None or key != game.decision_key(after, seat):
                continue
            kept = True
            assert seat in game.to_act(before) and seat in game.to_act(after), (
                f"{game.id}: {seat} keeps decision {key!r} without being able to act")
            old = sorted(canonical(game.dump_action(a)) for a in game.legal_actions(before, seat))
            new = sorted(canonical(game.dump_action(a)) for a in game.legal_actions(after, seat))
            assert old == new, (
                f"{game.id}: {seat}'s decision {key!r} kept its key, not its legal actions")
    return kept


def check_end(game: AnyGame, run: Playout) -> None:
    """Over, nobody to act, every seat ranked (someone first), scores and breakdowns for every
    seat, each breakdown adding up to its score; no result before the end."""
    state = run.states[-1]
    assert game.is_over(state) and game.to_act(state) == [], game.id
    assert all(game.legal_actions(state, seat) == [] for seat in run.seats), game.id
    result = game.result(state)
    assert result is not None, game.id
    seats = set(run.seats)
    assert set(result.ranks) == seats, (game.id, result.ranks)
    assert set(result.scores) == seats, (game.id, result.scores)
    assert set(result.breakdown) == seats, (game.id, result.breakdown)
    assert all(isinstance(r, int) and 1 <= r <= len(seats) for r in result.ranks.values()), (
        f"{game.id}: ranks {result.ranks} not in 1-{len(seats)}")
    assert 1 in result.ranks.values() and result.winners, f"{game.id}: nobody ranked first"
    canonical([result.ranks, result.scores, result.breakdown, result.tiebreak])
    for seat in run.seats:
        parts = result.breakdown[seat]
        assert sum(parts.values()) == result.scores[seat], (
            f"{game.id}: {seat}'s breakdown {parts} does not add up to {result.scores[seat]}")
    for earlier in run.states[:-1]:
        assert game.result(earlier) is None and not game.is_over(earlier), game.id


STATES = 400  # states per playout that the serialization and refusal checks visit at most


def check_serialization(game: AnyGame, run: Playout) -> None:
    """Every state (in a long game, STATES of them spread evenly, and the last) survives JSON
    (with its schema); every action survives its JSON form."""
    for state in sampled(run, -(-len(run.states) // STATES)):
        data = game.dump_state(state)
        assert data["schema"] == game.state_schema, (game.id, data.get("schema"))
        text = canonical(data)
        loaded = game.load_state(json.loads(text))
        assert loaded == state, f"{game.id}: a state changed through JSON"
        assert dumped(game, loaded) == text, f"{game.id}: a state dumps differently reloaded"
    for _, move in run.moves:
        assert game.dump_action(game.parse_action(move)) == move, (game.id, move)
        assert game.dump_action(game.parse_action(json.loads(canonical(move)))) == move


def check_replay(game: AnyGame, run: Playout) -> None:
    """The same seed and the same actions (as stored: JSON) give the same states, also when
    the game is restarted from its stored state halfway."""
    state = game.new_game(run.seats, run.options, run.seed)
    assert state == run.states[0], f"{game.id}: the same seed dealt another game"
    half = len(run.moves) // 2
    for i, ((seat, move), expected) in enumerate(zip(run.moves, run.states[1:], strict=True)):
        if i == half:
            state = game.load_state(json.loads(dumped(game, state)))
        state, _ = game.apply(state, seat, json.loads(canonical(move)))
        assert state == expected, f"{game.id}: replay differs after {i + 1} actions"


# -- what players may know ----------------------------------------------------------------------

def sampled(run: Playout, every: int) -> Iterator[Any]:
    yield from run.states[::max(1, every)]
    if (len(run.states) - 1) % max(1, every):
        yield run.states[-1]


def names_decisions(game: AnyGame) -> bool:
    """Whether the game names its seats' decisions (several seats decide at once)."""
    return type(game).decision_key is not Game.decision_key


def overrides_determinize(game: AnyGame) -> bool:
    """Whether the game declares hidden information (it redraws what a seat may not know)."""
    return type(game).determinize is not Game.determinize


def check_views(game: AnyGame, run: Playout, every: int = 7, worlds: int = 2) -> bool:
    """A seat's view, its turn and its legal actions are the same in every world it cannot
    tell apart (so the view holds no secret), and the public view is the same in every seat's
    world. Determinizing is reproducible and leaves its input alone. Returns whether any
    redrawn world differed from the real one (else the check proved nothing)."""
    differed = False
    for state in sampled(run, every):
        public = game.view(state, None)
        canonical(public)
        assert game.public_view(state) == public, game.id
        before = dumped(game, state)
        acting = game.to_act(state)
        for seat in run.seats:
            mine = game.view(state, seat)
            canonical(mine)
            assert game.private_view(state, seat) == mine, game.id
            legal = [canonical(game.dump_action(a)) for a in game.legal_actions(state, seat)]
            for i in range(worlds):
                world = game.determinize(state, seat, random.Random(i))
                assert game.determinize(state, seat, random.Random(i)) == world, (
                    f"{game.id}: determinize is not reproducible from its rng")
                differed |= world != state
                assert game.view(world, seat) == mine, f"{game.id}: {seat}'s view leaks"
                assert game.view(world, None) == public, f"{game.id}: public view leaks"
                assert game.to_act(world) == acting, f"{game.id}: to_act leaks to {seat}"
                assert [canonical(game.dump_action(a))
                        for a in game.legal_actions(world, seat)] == legal, (
                    f"{game.id}: {seat}'s legal actions leak")
        assert dumped(game, state) == before, f"{game.id}: determinize changed its input"
    return differed


def check_spectator_worlds(game: AnyGame, run: Playout, every: int = 7, worlds: int = 2
                           ) -> bool:
    """determinize(state, None) redraws everything a spectator may not know: the public view
    stays the same. Returns whether any such world differed from the real one."""
    differed = False
    for state in sampled(run, every):
        public = game.view(state, None)
        for i in range(worlds):
            world = game.determinize(state, None, random.Random(i))
            differed |= world != state
            assert game.view(world, None) == public, f"{game.id}: public view leaks"
    return differed


def check_events(run: Playout) -> None:
    """Every event has a type, and what a spectator sees of it is JSON and part of what each
    seat sees."""
    for events in run.events:
        for event in events:
            assert isinstance(event.type, str) and event.type, event
            public = event.visible_to(None)
            canonical(public)
            for seat in run.seats:
                private = event.visible_to(seat)
                canonical(private)
                assert set(public) <= set(private), (
                    f"{event.type}: spectators see {public}, {seat} sees {private}")


JUNK: tuple[Any, ...] = (None, 5, "take", [], ["type", "take"])  # JSON that is no object


def check_junk_actions(game: AnyGame, state: Any) -> None:
    """Stored JSON that is not even an object is a malformed action too: IllegalAction."""
    acting = game.to_act(state)
    for junk in JUNK:
        for attempt in (partial(game.parse_action, junk),
                        partial(game.apply, state, acting[0], junk)):
            try:
                attempt()
            except IllegalAction:
                pass
            except Exception as exc:
                raise AssertionError(f"{game.id}: {junk!r} raised {exc!r}, "
                                     "not IllegalAction") from exc
            else:
                raise AssertionError(f"{game.id}: {junk!r} accepted")


def _must_refuse(game: AnyGame, state: Any, seat: str, action: Any, what: str) -> None:
    before = dumped(game, state)
    assert not game.is_legal(state, seat, action), f"{game.id}: {what} is_legal"
    try:
        game.apply(state, seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{game.id}: {what} accepted")
    assert dumped(game, state) == before, f"{game.id}: refusing {what} changed the state"


def check_refusals(game: AnyGame, run: Playout, every: int = 11) -> None:
    """Out of turn, by nobody at the table, or malformed: not is_legal, and IllegalAction with
    the state unchanged. Visits every `every`-th state, at most STATES // 2 of them."""
    every = max(every, -(-len(run.states) // (STATES // 2)))
    for bad in MALFORMED:
        try:
            game.parse_action(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{game.id}: parse_action accepted {bad}")
    for state in sampled(run, every):
        acting = game.to_act(state)
        if not acting:
            for seat in run.seats:
                for _, move in run.moves[-1:]:
                    _must_refuse(game, state, seat, move, "an action after the end")
            continue
        action = game.legal_actions(state, acting[0])[0]
        for seat in [*run.seats, GHOST]:
            if seat not in acting:
                _must_refuse(game, state, seat, action, f"{seat} playing out of turn")
        for bad in MALFORMED:
            _must_refuse(game, state, acting[0], bad, f"malformed {bad}")
