"""How the history names the seats of a kept game, in English and Spanish: a person who left
mid-game is said to have left (and their stats count a loss, whatever the computer that took
the seat made of it)."""

from __future__ import annotations

import pytest

from bot import history
from bot.client import GameBot
from bot.finished import FinishedGame, SeatResult
from fakediscord import Person
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


async def said(person: Person, table: Table, command: str, **options: object) -> SeenMessage:
    result = await person.slash(table.general, command, **options)
    assert not result.failed
    return await result.response()


async def test_the_history_says_who_left(bot: GameBot, table: Table):
    """alice left; the computer that took her seat won. /history and the replay's result say
    she left, and her stats count no win."""
    alice, bruno = table.alice, table.bruno
    await bot.store.record_finished(FinishedGame(
        game_id=77, game="citadels", guild_id=int(table.guild.id),
        channel_id=int(table.general.id), ended_reason="completed", seats=[
            SeatResult(pid="p1", identity=f"user:{alice.id}", name="alice",
                       user_id=int(alice.id), ai="basic", left=True, rank=1, score=31),
            SeatResult(pid="p2", identity=f"user:{bruno.id}", name="bruno",
                       user_id=int(bruno.id), rank=2, score=24),
            SeatResult(pid="p3", identity="ai:random", name="random", ai="random", rank=3,
                       score=12)],
        started_at=0.0, ended_at=1000.0), history.rate)
    recent = await said(alice, table, "citadels history")
    assert "**alice (left the game)**, bruno," in recent.text
    assert "won by alice (left the game)" in recent.text
    reciente = await said(bruno, table, "ciudadelas historial")
    assert "**alice (dejó la partida)**, bruno," in reciente.text
    end = await said(alice, table, "citadels replay", game=77)
    assert "1. alice (left the game) — 31" in end.text and "2. bruno — 24" in end.text
    fin = await said(bruno, table, "ciudadelas repetición", partida=77)
    assert "1. alice (dejó la partida): 31" in fin.text
    stats = await said(alice, table, "citadels stats")
    assert "Played 1, won 0 (0%)" in stats.text
    assert "Average score 31.0, average place 4.0" in stats.text  # below all who stayed
    spanish = await said(bruno, table, "ciudadelas estadísticas")
    assert "Jugadas 1, ganadas 0 (0 %)" in spanish.text  # the computer won, not bruno
