"""One snapshot per change (issue 43): what a record's rules say of its own state is asked of
the engine once and shared, anything else is the game's own, and the UIs that share the views
leave them whole."""

from __future__ import annotations

import copy
import importlib
import random
from typing import Any

import pytest

from bot import snapshots
from bot.records import GameRecord, GameSettings, Seat
from bot.ui import quick_action, ui_for
from rules import registry
from tests.render_helpers import catalog

GAMES = {"citadels": 4, "catan": 4, "cities": 3}


def record_of(game: str, players: int, seed: int = 3) -> GameRecord:
    rules = registry.game(game)
    seats = [Seat(id=f"p{i}", name=f"Name{i}", user_id=100 + i) for i in range(1, players + 1)]
    options = rules.options({}, players=players)
    state = rules.new_game([s.id for s in seats], options, seed)
    return GameRecord(game=game, channel_id=1, host_id=101, status="running", seats=seats,
                      settings=GameSettings(options=options.model_dump()), state=state,
                      version=1, seed=seed)


class Counting:
    """A game whose views and legal actions count how often they are computed."""

    def __init__(self, game: Any) -> None:
        self.game, self.asked = game, [0]

    def __enter__(self) -> list[int]:
        self.view, self.legal = self.game.view, self.game.legal_actions
        asked = self.asked

        def view(state: Any, seat: str | None) -> Any:
            asked[0] += 1
            return self.view(state, seat)

        def legal(state: Any, seat: str) -> Any:
            asked[0] += 1
            return self.legal(state, seat)
        self.game.view, self.game.legal_actions = view, legal
        return asked

    def __exit__(self, *exc: object) -> None:
        del self.game.view, self.game.legal_actions


def test_a_records_own_state_is_asked_once_however_it_is_asked() -> None:
    record = record_of("citadels", 4)
    game = registry.game("citadels")
    with Counting(game) as asked:
        public = record.rules.view(record.state, None)
        assert record.rules.public_view(record.state) is public
        copied = record.model_copy(update={"seats": list(record.seats)})  # same state
        assert copied.rules.view(copied.state, None) is public
        assert copied.snapshot.public is public
        seat = record.rules.to_act(record.state)[0]
        legal = record.rules.legal_actions(record.state, seat)
        assert record.rules.legal_actions(record.state, seat) == legal
        assert record.rules.private_view(record.state, seat) is record.rules.view(
            record.state, seat)
        assert asked[0] == 3  # the public view, the seat's view, its legal actions
    assert public == game.view(record.state, None)


def test_another_state_is_the_games_own_and_a_new_state_a_new_snapshot() -> None:
    record = record_of("citadels", 4)
    game = registry.game("citadels")
    seat = record.rules.to_act(record.state)[0]
    action = game.legal_actions(record.state, seat)[0]
    after, _ = record.rules.apply(record.state, seat, action)
    with Counting(game) as asked:
        before = record.rules.view(record.state, None)
        assert record.rules.view(after, None) == game.view(after, None)
        assert record.rules.view(after, None) is not record.rules.view(after, None)
        assert asked[0] == 5  # the record's once, the other state's each time
        moved = record.model_copy(update={"state": after, "version": 2})
        assert moved.rules.view(moved.state, None) == game.view(after, None)
        assert moved.rules.view(moved.state, None) is not before
        assert asked[0] == 7


def test_a_handed_list_is_a_copy() -> None:
    record = record_of("citadels", 4)
    seat = record.rules.to_act(record.state)[0]
    legal = record.rules.legal_actions(record.state, seat)
    legal.clear()
    assert record.rules.legal_actions(record.state, seat)
    record.rules.to_act(record.state).clear()
    assert record.rules.to_act(record.state) == [seat]


def test_the_kept_snapshots_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "KEPT", 3)
    records = [record_of("citadels", 4, seed) for seed in range(6)]
    for record in records:
        record.rules.view(record.state, None)
    assert len(snapshots._kept) <= 3
    assert all(r.snapshot.public == registry.game("citadels").view(r.state, None)
               for r in records)


def test_no_state_no_snapshot() -> None:
    record = GameRecord(game="citadels", channel_id=1, host_id=1)
    assert record.rules is registry.game("citadels")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_uis_leave_the_shared_views_whole(game: str) -> None:
    """Every UI call that reads a change (the table, its picture, its round, the mention, the
    quick move, each seat's panel and its picture) shares one snapshot's views: none of them
    may change what it was handed."""
    importlib.import_module(f"cogs.{game}.cog")
    ui = getattr(importlib.import_module(f"cogs.{game}.cog"), "UI", None) or ui_for(game)
    from bot.ui import register
    register(ui)
    rules, rng = registry.game(game), random.Random(5)
    record = record_of(game, GAMES[game])
    for step in range(40):
        seats = rules.to_act(record.state)
        if not seats:
            break
        views = {s.id: copy.deepcopy(rules.view(record.state, s.id)) for s in record.seats}
        public = copy.deepcopy(rules.view(record.state, None))
        if step % 8 == 0:
            show(ui, record)
        assert record.snapshot.public == public
        assert {s.id: record.snapshot.view(s.id) for s in record.seats} == views
        seat = seats[0]
        action = rules.random_action(record.state, seat, rng)
        state, _ = rules.apply(record.state, seat, action)
        record = record.model_copy(update={"state": state, "version": record.version + 1})


def show(ui: Any, record: GameRecord) -> None:
    cat = catalog()
    ui.table(record, cat, "en")
    ui.table_round(record)
    ui.ping_key(record)
    quick_action(record)
    picture = ui.table_picture(record, cat, "en")
    if picture is not None:
        picture.draw()
    for seat in record.seats:
        panel = ui.panel(record, seat, cat, "en", [])
        drawn = getattr(panel, "picture", None)
        if drawn is not None:
            drawn.draw()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_computer_players_leave_the_shared_views_whole(game: str) -> None:
    """A computer seat's move and a person's hint are chosen from the view and legal actions
    the snapshot shares with that seat's panel: no player may change them."""
    import time

    from ai.arena import next_seat
    from ai.player import make_player, strengths
    rules = registry.game(game)
    state = record_of(game, GAMES[game]).state
    for strength in strengths(game):
        player = make_player(strength, game)
        for step in range(12):
            seat = next_seat(rules, state)
            view, legal = rules.view(state, seat), rules.legal_actions(state, seat)
            before = copy.deepcopy(view)
            action = player.choose(view, legal, random.Random(step),
                                   deadline=time.monotonic() + 0.02)
            player.fallback(view, legal)
            assert view == before, (strength, step)
            state, _ = rules.apply(state, seat, action)
