"""A leaderboard message stays open while the server's minimum number of games rises: its Next
then leads past the pages that still exist. It shows the last page that exists, never an empty
page that says nobody qualifies beside the reader's own place."""

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


async def three_games(bot: GameBot, table: Table) -> None:
    """alice wins three games, each against four people who play only that one: 13 rated."""
    for n in range(3):
        others = [SeatResult(id=f"p{i + 2}", identity=f"user:{100 + 4 * n + i}",
                             name=f"guest{4 * n + i}", user_id=100 + 4 * n + i, rank=i + 2,
                             score=10 - i) for i in range(4)]
        me = SeatResult(id="p1", identity=f"user:{table.alice.id}", name="alice",
                        user_id=int(table.alice.id), rank=1, score=20)
        await bot.store.record_finished(FinishedGame(
            game_id=900 + n, game="citadels", guild_id=int(table.guild.id), channel_id=1,
            ended_reason="completed", seats=[me, *others], started_at=0.0,
            ended_at=float(n + 1)), history.rate)


async def min_games(bot: GameBot, table: Table, games: int) -> None:
    await bot.store.set_meta(f"guild:{table.guild.id}:min_games", str(games))


def button(message: SeenMessage, label: str) -> dict:
    return next(b for b in message.buttons() if label in str(b.get("label")))


async def next_page(person: Person, message: SeenMessage, label: str) -> SeenMessage:
    result = await person.click(message, custom_id=button(message, label)["custom_id"])
    assert not result.failed
    return await result.response()


@pytest.mark.parametrize("who", ["alice", "bruno"])
async def test_next_after_fewer_qualify_shows_the_last_page(bot: GameBot, table: Table,
                                                            who: str):
    await three_games(bot, table)
    await min_games(bot, table, 1)
    person = table.alice if who == "alice" else table.bruno
    command, nxt = (("citadels leaderboard", "Next") if who == "alice"
                    else ("ciudadelas clasificación", "Siguiente"))
    board = await (await person.slash(table.general, command)).response()
    assert "**10.**" in board.text and "**11.**" not in board.text
    assert not button(board, nxt).get("disabled")  # 13 rated: a second page
    await min_games(bot, table, 2)  # now only alice qualifies
    page = await next_page(person, board, nxt)
    assert "Nobody has played" not in page.text and "Aquí nadie ha jugado" not in page.text
    assert "**1.** alice" in page.text and "**2.**" not in page.text
    assert button(page, nxt).get("disabled")
    if person is table.alice:
        assert "You: #1" in page.text
    else:  # bruno never played: not ranked, however empty the page
        assert "n.º" not in page.text and "Aún no estás en la clasificación" in page.text
    await min_games(bot, table, 1)
    board = await (await person.slash(table.general, command)).response()
    await min_games(bot, table, 5)  # nobody qualifies: the page says so, and nobody is ranked
    empty = await next_page(person, board, nxt)
    assert ("Nobody has played 5 finished games here yet." in empty.text
            or "Aquí nadie ha jugado todavía 5 partidas terminadas." in empty.text)
    assert "#1" not in empty.text and "n.º 1" not in empty.text
    assert all(b.get("disabled") for b in empty.buttons())
