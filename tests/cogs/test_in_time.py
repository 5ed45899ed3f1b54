"""cogs.game.in_time: a slow answer is deferred before Discord's 3 s run out, a quick one not,
and a deferral under way when the work ends is finished before the answer goes out."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs import game as game_cog


class Response:
    """The two things in_time asks of an interaction's response; `defer` takes `pause` s."""

    def __init__(self, pause: float = 0.0) -> None:
        self.pause = pause
        self.deferrals = 0
        self.acknowledged = False

    def is_done(self) -> bool:
        return self.acknowledged

    async def defer(self) -> None:
        self.deferrals += 1
        await asyncio.sleep(self.pause)
        self.acknowledged = True


class Interaction:
    def __init__(self, pause: float = 0.0) -> None:
        self.response = Response(pause)


async def finish(seconds: float, value: str = "done") -> str:
    await asyncio.sleep(seconds)
    return value


async def test_quick_work_is_answered_without_a_deferral(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(game_cog, "DEADLINE", 0.05)
    interaction: Any = Interaction()
    assert await game_cog.in_time(interaction, finish(0.0)) == "done"
    await asyncio.sleep(0.1)  # the deadline passes: its timer was cancelled
    assert interaction.response.deferrals == 0


async def test_slow_work_is_deferred_once_then_returns(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(game_cog, "DEADLINE", 0.02)
    interaction: Any = Interaction()
    assert await game_cog.in_time(interaction, finish(0.1, "late")) == "late"
    assert interaction.response.deferrals == 1 and interaction.response.is_done()


async def test_work_ending_during_the_deferral_waits_for_it(monkeypatch: pytest.MonkeyPatch):
    """Otherwise the answer would see an unacknowledged interaction and answer it a second
    time, which Discord refuses."""
    monkeypatch.setattr(game_cog, "DEADLINE", 0.01)
    interaction: Any = Interaction(pause=0.2)
    assert await game_cog.in_time(interaction, finish(0.05)) == "done"
    assert interaction.response.is_done()


async def test_a_refusal_passes_through_and_cancels_the_deferral(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(game_cog, "DEADLINE", 0.05)
    interaction: Any = Interaction()

    async def refuse() -> str:
        raise LookupError("no such game")

    with pytest.raises(LookupError):
        await game_cog.in_time(interaction, refuse())
    await asyncio.sleep(0.1)
    assert interaction.response.deferrals == 0


async def test_an_already_answered_interaction_is_not_deferred(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(game_cog, "DEADLINE", 0.01)
    interaction: Any = Interaction()
    interaction.response.acknowledged = True
    await game_cog.in_time(interaction, finish(0.05))
    assert interaction.response.deferrals == 0
