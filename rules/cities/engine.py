"""The game's flow (docs/rules/cities.md §4, §5): set-up, the start-tile draft, rounds of turns
(take an item, lay what it gave), the end of each turn and round, the end of the game.
`apply` checks an action against the rules and returns the next state and its events; the input
state is never changed. With legal_actions, random_action, view and determinize, these are the
functions the kernel's game interface hands over to (rules/kernel/game.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.kernel import rng
from rules.kernel.errors import IllegalAction
from rules.kernel.tx import replaced

from . import achievements, board, counts, data, scoring
from .actions import (
    Action,
    DiscardFeature,
    DiscardPiece,
    PlaceFeature,
    PlacePiece,
    PlaceTile,
    StartTile,
    Take,
)
from .determinize import determinize
from .events import Event
from .legal import acting, legal_actions, may_take
from .placement import feature_fits, free_start_tiles, piece_fits, tile_positions
from .state import RANDOM, GameState, Hood, Leftovers, Options, Placed, Rows, grid
from .views import view

__all__ = ["apply", "determinize", "legal_actions", "new_game", "random_action", "to_act",
           "view"]

Result = tuple[GameState, list[Event]]


def new_game(seats: Sequence[str], options: Options, seed: int) -> GameState:
    """Set-up (docs/rules/cities.md §4): a random start player and board (if none is chosen),
    the stacks shuffled, the pieces in the bag; then the start tiles are chosen in reverse turn
    order (R6)."""
    parts = data.component_set(options.component_set)
    players = len(seats)
    seed = rng.mixed(rng.seed_state(seed))  # Cities' draws (rng.modulo: its seeds' games)
    seed, start = rng.modulo(seed, players)
    boards = tuple(parts.boards)
    chosen = options.board
    if chosen == RANDOM:
        seed, pick = rng.modulo(seed, len(boards))
        chosen = boards[pick]
    cards, tiles, features = list(parts.cards), list(parts.city_tiles), list(parts.features)
    for stack in (cards, tiles, features):
        seed = rng.fisher_yates(seed, stack, rng.modulo)
    return GameState(
        seats=tuple(seats), options=options, board=chosen, rng=seed, phase="start_tile",
        start=start, active=start, drafters=draft_order(players, start),
        hoods=tuple(Hood() for _ in seats), card_deck=tuple(cards), tile_stack=tuple(tiles),
        feature_stack=tuple(features), bag=dict(parts.pieces))


def draft_order(players: int, start: int) -> tuple[int, ...]:
    """From the start player's right, counter-clockwise; the start player last
    (docs/rules/cities.md §4.5)."""
    return tuple((start - 1 - k) % players for k in range(players))


def to_act(s: GameState) -> list[str]:
    seat = acting(s)
    return [] if seat is None else [s.seats[seat]]


def random_action(s: GameState, name: str, r: random.Random) -> Action | None:
    """One of the seat's legal actions, each as likely (one r.random(), as the platform's
    default draws)."""
    legal = legal_actions(s, name)
    return legal[int(r.random() * len(legal))] if legal else None


def apply(s: GameState, name: str, action: Action) -> Result:
    seat = s.seat_of(name)
    if seat is None or seat != acting(s):
        raise IllegalAction(f"{name} may not act now" if s.phase != "over" else "the game is over")
    handler: Callable[[GameState, int, Any], Result] = HANDLERS[type(action)]
    return handler(s, seat, action)


def _need(s: GameState, phase: str) -> None:
    if s.phase != phase:
        raise IllegalAction(f"not now: the game waits for {s.phase}")


def _with_hood(s: GameState, seat: int, **update: Any) -> tuple[Hood, ...]:
    return tuple(replaced(h, **update) if i == seat else h for i, h in enumerate(s.hoods))


# -- the start tiles ---------------------------------------------------------------------

def _start_tile(s: GameState, seat: int, action: StartTile) -> Result:
    _need(s, "start_tile")
    if action.tile not in free_start_tiles(s):
        raise IllegalAction(f"start tile {action.tile} is not there to choose")
    placed = Placed(tile=action.tile, x=0, y=0, rot=action.rot)
    s = replaced(s, hoods=_with_hood(s, seat, tiles=(placed,)), drafters=s.drafters[1:])
    events = [Event("start_tile", s.seats[seat], {"tile": action.tile, "rot": action.rot})]
    return (s, events) if s.drafters else _begin_round(s, events)


# -- rounds and turns --------------------------------------------------------------------

def _begin_round(s: GameState, events: list[Event]) -> Result:
    """docs/rules/cities.md §5.1: the rows dealt, every worker back; the star holder plays first."""
    dealt = board.deal(s.rng, s.card_deck, s.tile_stack, s.feature_stack, s.bag)
    s = replaced(s, **dealt, round=s.round + 1, turn=0, active=s.start, phase="take",
                 star_on_board=False)
    events.append(Event("round", s.seats[s.start],
                        {"round": s.round, "rows": board.public(s.rows), "bag": dict(s.bag)}))
    return s, events


def _end_turn(s: GameState, events: list[Event]) -> Result:
    """The star to the board after the start player's first turn (R5); the active player's
    achievement check (R16); then the next seat, or the round's end."""
    seat = s.active
    update: dict[str, Any] = {"phase": "take", "tile": None, "features": (), "pieces": ""}
    if s.turn == 0:
        update["star_on_board"] = True
        events.append(Event("star", s.seats[seat]))
    update["claims"], claimed = achievements.check(s, seat)
    events += claimed
    s = replaced(s, **update, turn=s.turn + 1)
    if s.turn < counts.turns(s.players):
        return replaced(s, active=(seat + 1) % s.players), events
    return _end_round(s, events)


def _end_round(s: GameState, events: list[Event]) -> Result:
    """The star to the worker nearest it (R5); with 3 players what nobody took leaves the
    game, face-down things unseen (R20); then the next round or the end."""
    taker = board.star_taker(s.rows)
    start = s.start if taker is None else taker
    up, down = board.leftovers(s.rows)
    s = replaced(s, start=start, star_on_board=False, rows=Rows(),
                 removed=_joined(s.removed, up), unseen=_joined(s.unseen, down))
    events.append(Event("round_end", s.seats[start], {
        "round": s.round, "removed": up.model_dump(mode="json"),
        "unseen": {"cards": len(down.cards), "tiles": len(down.tiles),
                   "features": len(down.features)}}))
    if s.round < counts.rounds(s.players, s.options.long):
        return _begin_round(s, events)
    s = replaced(s, phase="over")
    events.append(Event("game_over", None,
                        {"scores": scoring.table(s), "ranks": scoring.standings(s)}))
    return s, events


def _joined(a: Leftovers, b: Leftovers) -> Leftovers:
    return Leftovers(cards=a.cards + b.cards, tiles=a.tiles + b.tiles,
                     features=a.features + b.features, pieces=a.pieces + b.pieces)


# -- taking ------------------------------------------------------------------------------

def _take(s: GameState, seat: int, action: Take) -> Result:
    _need(s, "take")
    item = action.item
    if not may_take(s, seat, item):
        why = "is gone" if not board.present(s.rows, item) else "is in a row you used up"
        raise IllegalAction(f"{item} {why}")
    rows, row, i = s.rows, item[0], int(item[1]) - 1
    workers = {**rows.workers, item: seat}
    name = s.seats[seat]
    if row == "A":
        card = rows.cards[i]
        assert card is not None  # present
        s = replaced(s, rows=replaced(rows, cards=_cleared(rows.cards, i), workers=workers),
                     hoods=_with_hood(s, seat, cards=(*s.hoods[seat].cards, card)))
        return _end_turn(s, [Event("took", name, {"item": item, "card": card})])
    if row == "B":
        tile = rows.tiles[i]
        s = replaced(s, phase="place_tile", tile=tile,
                     rows=replaced(rows, tiles=_cleared(rows.tiles, i), workers=workers))
        return s, [Event("took", name, {"item": item, "tile": tile})]
    if row == "C":
        group = rows.features[i]
        groups = tuple(() if j == i else g for j, g in enumerate(rows.features))
        s = replaced(s, phase="place_features", features=group,
                     rows=replaced(rows, features=groups, workers=workers))
        return s, [Event("took", name, {"item": item, "features": list(group)})]
    return _take_pieces(s, seat, i, workers)


def _take_pieces(s: GameState, seat: int, i: int, workers: dict[str, int]) -> Result:
    rows = s.rows
    update: dict[str, Any]
    if i < len(rows.pieces):
        pieces = rows.pieces[i]
        groups = tuple("" if j == i else g for j, g in enumerate(rows.pieces))
        update = {"rows": replaced(rows, pieces=groups, workers=workers)}
    else:  # D4: drawn now, in everyone's sight (R3)
        seed, bag, pieces = board.draw_pieces(s.rng, s.bag, board.D4_DRAW)
        update = {"rng": seed, "bag": bag,
                  "rows": replaced(rows, workers=workers)}
    s = replaced(s, **update, phase="place_pieces", pieces=pieces)
    events = [Event("took", s.seats[seat], {"item": f"D{i + 1}", "pieces": pieces})]
    return (s, events) if pieces else _end_turn(s, events)


def _cleared(items: tuple[str | None, ...], i: int) -> tuple[str | None, ...]:
    return tuple(None if j == i else x for j, x in enumerate(items))


# -- laying what was taken ---------------------------------------------------------------

def _place_tile(s: GameState, seat: int, action: PlaceTile) -> Result:
    _need(s, "place_tile")
    assert s.tile is not None  # set whenever the phase is place_tile
    if (action.x, action.y) not in tile_positions(s.hoods[seat], s.options.long):
        raise IllegalAction(f"no tile may go at ({action.x}, {action.y}): it must share a "
                            "whole edge with your tiles and keep the size limit")
    placed = Placed(tile=s.tile, x=action.x, y=action.y, rot=action.rot)
    s = replaced(s, hoods=_with_hood(s, seat, tiles=(*s.hoods[seat].tiles, placed)))
    return _end_turn(s, [Event("placed_tile", s.seats[seat], {
        "tile": placed.tile, "x": action.x, "y": action.y, "rot": action.rot,
        "at": s.frame.tile_label(action.x, action.y)})])


def _pending_feature(s: GameState, feature: str) -> None:
    _need(s, "place_features")
    if feature not in s.features:
        raise IllegalAction(f"{feature} is not one of the feature tiles you took")


def _place_feature(s: GameState, seat: int, action: PlaceFeature) -> Result:
    _pending_feature(s, action.feature)
    cell = s.frame.cell(action.space)
    kind = s.components.features[action.feature]
    if cell is None or not feature_fits(grid(s, seat), kind, cell):
        raise IllegalAction(f"{kind.id} may not go on {action.space}")
    hood = s.hoods[seat]
    s = replaced(
        s, hoods=_with_hood(s, seat, features={**hood.features, action.space: action.feature}),
        features=_without(s.features, action.feature))
    events = [Event("placed_feature", s.seats[seat],
                    {"feature": action.feature, "kind": kind.id, "space": action.space})]
    return (s, events) if s.features else _end_turn(s, events)


def _discard_feature(s: GameState, seat: int, action: DiscardFeature) -> Result:
    _pending_feature(s, action.feature)
    gone = s.discarded
    s = replaced(s, features=_without(s.features, action.feature),
                 discarded=replaced(gone, features=(*gone.features, action.feature)))
    events = [Event("discarded_feature", s.seats[seat], {
        "feature": action.feature, "kind": s.components.features[action.feature].id})]
    return (s, events) if s.features else _end_turn(s, events)


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _pending_piece(s: GameState, colour: str) -> None:
    _need(s, "place_pieces")
    if colour not in s.pieces:
        raise IllegalAction(f"you have no {colour} piece to lay")


def _place_piece(s: GameState, seat: int, action: PlacePiece) -> Result:
    _pending_piece(s, action.colour)
    cell = s.frame.cell(action.space)
    if cell is None or not piece_fits(grid(s, seat), action.colour, cell):
        raise IllegalAction(f"a {action.colour} piece may not go on {action.space}")
    hood = s.hoods[seat]
    stack = hood.pieces.get(action.space, "") + action.colour
    s = replaced(s, hoods=_with_hood(s, seat, pieces={**hood.pieces, action.space: stack}),
                 pieces=s.pieces.replace(action.colour, "", 1))
    events = [Event("placed_piece", s.seats[seat],
                    {"colour": action.colour, "space": action.space, "height": len(stack)})]
    return (s, events) if s.pieces else _end_turn(s, events)


def _discard_piece(s: GameState, seat: int, action: DiscardPiece) -> Result:
    _pending_piece(s, action.colour)
    s = replaced(s, pieces=s.pieces.replace(action.colour, "", 1),
                 discarded=replaced(s.discarded, pieces=s.discarded.pieces + action.colour))
    events = [Event("discarded_piece", s.seats[seat], {"colour": action.colour})]
    return (s, events) if s.pieces else _end_turn(s, events)


HANDLERS: dict[type, Callable[[GameState, int, Any], Result]] = {
    StartTile: _start_tile, Take: _take, PlaceTile: _place_tile,
    PlaceFeature: _place_feature, DiscardFeature: _discard_feature,
    PlacePiece: _place_piece, DiscardPiece: _discard_piece,
}
