"""How the history names the seats of a kept game, in English and Spanish: a person who left
mid-game is said to have left (and their stats count a loss, whatever the computer that took
the seat made of it); a person who asked to be forgotten reads as a former player, never as a
computer."""

from __future__ import annotations

import random

import pytest

from bot import history
from bot.client import GameBot
from bot.finished import FORMER, FinishedGame, SeatResult
from fakediscord import Discord, Person
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Player, play_out, start_game


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
            SeatResult(id="p1", identity=f"user:{alice.id}", name="alice",
                       user_id=int(alice.id), ai="basic", left=True, rank=1, score=31),
            SeatResult(id="p2", identity=f"user:{bruno.id}", name="bruno",
                       user_id=int(bruno.id), rank=2, score=24),
            SeatResult(id="p3", identity="ai:random", name="random", ai="random", rank=3,
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


async def pages(person: Person, first: SeenMessage) -> list[str]:
    """The text of every page of a replay, from `first` to the result."""
    page, seen = first, [first.text]
    while not (nxt := next(b for b in page.buttons() if b["custom_id"].endswith(":n"))
               ).get("disabled"):
        result = await person.click(page, custom_id=nxt["custom_id"])
        assert not result.failed
        page = await result.response()
        seen.append(page.text)
    return seen


async def test_a_forgotten_persons_seat_reads_as_a_former_player_everywhere(
        bot: GameBot, discord_api: Discord, table: Table):
    """alice plays two computers to the end, then asks to be forgotten: the replay's rounds,
    its result, `/… log`, `/… score`, `/… history` and the replay's autocomplete name her seat
    as the numbered former player, never as a computer (none sat there) nor as "?"."""
    alice, bruno = table.alice, table.bruno
    game = await start_game(bot, discord_api, table.guild, "forgotten", [alice],
                            ("random", "random"), seed=41)
    await play_out(game, {seat: Player(person, random.Random(1), hasty=0.2)
                          for seat, person in game.people.items()})
    await bot.service.history.idle()
    prompt = await said(alice, table, "citadels forget-me")
    yes = next(b for b in prompt.buttons() if b["custom_id"].endswith(":yes"))
    assert not (await alice.click(prompt, custom_id=yes["custom_id"])).failed
    kept = await bot.store.finished_game(game.id)
    assert kept is not None
    [former] = [s for s in kept.seats if s.identity == FORMER]
    number = former.id.lstrip("p")
    english, spanish = f"Former player {number}", f"Antiguo jugador {number}"
    computer = [f"bot {number}", f"bot básico {number}", f"bot aleatorio {number}"]

    def reads_former(text: str, name: str) -> None:
        assert name in text, text
        assert "alice" not in text
        assert not [c for c in computer if c in text.lower()], text

    replay = await said(bruno, table, "ciudadelas repetición", partida=game.id)
    seen = await pages(bruno, replay)
    assert len(seen) == len(kept.rounds) + 1
    for text in seen:
        reads_former(text, spanish)  # she picks a character every round
    log = await (await alice.slash(game.channel, "citadels log")).response()
    reads_former(log.text, english)
    score = await (await alice.slash(game.channel, "citadels score")).response()
    reads_former(score.text, english)
    puntos = await (await bruno.slash(game.channel, "ciudadelas puntos")).response()
    reads_former(puntos.text, spanish)
    recent = await said(alice, table, "citadels history")
    reads_former(recent.text, english)
    choices = await bruno.autocomplete(table.general, "citadels replay", "game", game="")
    assert [c["value"] for c in choices] == [game.id]
    assert english in choices[0]["name"] or spanish in choices[0]["name"]
