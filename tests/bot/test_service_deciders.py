"""The platform follows the game's must_decide (whom it times and pings) and default_action
(what a timeout plays), rules.game.Game's parts added for Catan (issue #17)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.changes import awaiting
from bot.service import GameService
from rules.citadels.game import Citadels

from .test_service_timers import MINUTE, Recorder, make_service, two_people


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[tuple[GameService, Recorder]]:
    made = await make_service(tmp_path / "games.sqlite3")
    yield made
    await made[0].close()
    await made[0].store.close()


async def test_awaiting_is_the_seat_that_must_decide_not_one_that_only_may_act(
        service: tuple[GameService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    game = await two_people(svc, turn_limit=0)
    record = svc.games[game]
    real = Citadels.to_act
    deciding = record.rules.to_act(record.state)
    assert awaiting(record) == deciding[0]
    # Someone else may act too, listed first (as Catan lists an offerer who may cancel).
    other = next(s.id for s in record.seats if s.id not in deciding)
    monkeypatch.setattr(Citadels, "to_act", lambda self, state: [other, *real(self, state)])
    monkeypatch.setattr(Citadels, "must_decide", lambda self, state: real(self, state))
    assert awaiting(record) == deciding[0]


async def test_a_timeout_plays_the_games_default_action(
        service: tuple[GameService, Recorder], monkeypatch: pytest.MonkeyPatch) -> None:
    svc, _ = service
    asked: list[str] = []

    def last_listed(self: Citadels, state: Any, seat: str) -> Any:
        asked.append(seat)
        return self.legal_actions(state, seat)[-1]  # the stand-in would rarely pick it

    monkeypatch.setattr(Citadels, "default_action", last_listed)
    game = await two_people(svc)
    first = svc.games[game]
    late = awaiting(first)
    assert late is not None
    expected = first.rules.dump_action(first.rules.legal_actions(first.state, late)[-1])
    await asyncio.sleep(MINUTE * 1.3)
    [entry] = await svc.store.actions(game)
    assert (entry.seat, entry.by) == (late, "timer")
    assert entry.action == expected and asked == [late]
