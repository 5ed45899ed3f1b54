"""`/citadels stats`, `leaderboard`, `history`, `replay` and `forget-me` on the emulator, in
English and Spanish: an empty server, a member with no games, a 7-player game replayed round by
round, and a person forgotten."""

from __future__ import annotations

import random

import pytest

from bot.client import GameBot
from cogs.citadels.texts import character_tag, district
from fakediscord import Discord, Person
from fakediscord.testing import SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, Player, play_out, start_game


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    fast_bot.service.computer_cap = 0.3
    return fast_bot


async def said(person: Person, where: Game | Table, command: str, **options: object
               ) -> SeenMessage:
    channel = where.channel if isinstance(where, Game) else where.general
    reply = await (await person.slash(channel, command, **options)).response()
    assert reply.ephemeral == (not options.get("share") and not options.get("compartir"))
    return reply


async def seven_players(bot: GameBot, discord_api: Discord, table: Table,
                        computers: tuple[str, ...] = ("basic", "random", "random", "basic",
                                                      "random"),
                        people: list[Person] | None = None) -> Game:
    """A finished game of alice and bruno and five computers, unless told otherwise."""
    game = await start_game(bot, discord_api, table.guild, "history",
                            people or [table.alice, table.bruno], computers, seed=41)
    players = {seat: Player(person, random.Random(i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}
    await play_out(game, players)
    await bot.service.history.idle()
    await bot.store.set_meta(f"guild:{table.guild.id}:min_games", "1")
    return game


async def test_an_empty_server_says_so(bot: GameBot, table: Table):
    assert "No finished games" in (await said(table.alice, table, "citadels stats")).text
    board = await said(table.alice, table, "citadels leaderboard")
    assert "Nobody has played 3 finished games" in board.text
    assert all(b.get("disabled") for b in board.buttons())  # no other page
    assert "Todavía no hay partidas" in (await said(table.bruno, table, "ciudadelas historial")
                                         ).text


async def test_after_a_seven_player_game(bot: GameBot, discord_api: Discord, table: Table):
    """Stats, history and the leaderboard, then the replay, of one game (it is the suite's
    dearest part to play)."""
    game = await seven_players(bot, discord_api, table)
    kept = await bot.store.finished_game(game.id)
    assert kept is not None and len(kept.seats) == 7
    winners = [s for s in kept.seats if s.rank == 1]

    recent = await said(table.alice, game, "citadels history")
    assert f"#{game.id}" in recent.text and "won by" in recent.text
    assert f"/{kept.result_message_id}" in recent.text

    mine = next(s for s in kept.seats if s.identity == f"user:{table.alice.id}")
    stats = await said(table.alice, game, "citadels stats")
    assert "Played 1, won" in stats.text and f"Best score {mine.score}" in stats.text
    assert "on the leaderboard" in stats.text
    favourite = max(set(mine.roles), key=lambda c: (mine.roles.count(c), c))
    assert (f"Favourite character: {character_tag(favourite, 'en')} "
            f"(×{mine.roles.count(favourite)})") in stats.text
    spanish = await said(table.bruno, game, "ciudadelas estadísticas", miembro=table.alice.id)
    assert "Jugadas 1" in spanish.text

    board = await said(table.alice, game, "citadels leaderboard", share=True)
    assert "Basic" in board.text and "Random" in board.text  # computers are rated too
    assert board.text.count("(1 game,") == 4  # alice, bruno, basic, random: one row each
    assert "You: #" in board.text
    if all(s.identity.startswith("ai:") for s in winners):
        assert board.text.index("Basic" if winners[0].ai == "basic" else "Random") < \
            board.text.index("alice")
    await a_replay_steps_through_every_round(bot, table, game)


async def a_replay_steps_through_every_round(bot: GameBot, table: Table, game: Game) -> None:
    kept = await bot.store.finished_game(game.id)
    assert kept is not None
    page = await said(table.bruno, game, "ciudadelas repetición", partida=game.id)
    assert f"ronda 1 de {len(kept.rounds)}" in page.text
    seen = [page.text]
    for _ in range(len(kept.rounds)):
        nxt = next(b for b in page.buttons() if b["custom_id"].endswith(":n"))
        assert not nxt.get("disabled")
        page = await (await table.bruno.click(page, custom_id=nxt["custom_id"])).response()
        seen.append(page.text)
    assert "el resultado" in page.text
    assert all(b.get("disabled") for b in page.buttons() if b["custom_id"][-1] in "nl")
    assert len(set(seen)) == len(kept.rounds) + 1
    # Only public events: nobody's hand, draft choices or drawn cards appear.
    for text in seen:
        assert "Tu mano" not in text and "Your hand" not in text
    # No district that stayed secret in a hand to the end is named anywhere in the replay.
    record = await bot.store.get(game.id)
    assert record is not None and record.state is not None
    public = {e.get("district") for r in kept.rounds for e in r} | {
        d for p in record.state.players for d in p.city}
    secret = {d for p in record.state.players for d in p.hand} - public
    assert secret, "the test needs a game whose hands keep a district never seen"
    assert not [district(d, "es") for d in secret if any(district(d, "es") in t for t in seen)]
    unknown = await said(table.alice, game, "citadels replay", game=game.id + 99)
    assert "no finished game with that number" in unknown.text
    choices = await table.alice.autocomplete(game.channel, "citadels replay", "game", game="")
    assert [c["value"] for c in choices] == [game.id]


async def test_forget_me(bot: GameBot, discord_api: Discord, table: Table):
    # Alice and two computers: her clicks are what a game costs the test.
    game = await seven_players(bot, discord_api, table, ("random", "random"), [table.alice])
    prompt = await said(table.alice, game, "citadels forget-me")
    keep = next(b for b in prompt.buttons() if b["custom_id"].endswith(":no"))
    kept = await (await table.alice.click(prompt, custom_id=keep["custom_id"])).response()
    assert "Nothing was changed" in kept.text
    prompt = await said(table.alice, game, "citadels forget-me")
    yes = next(b for b in prompt.buttons() if b["custom_id"].endswith(":yes"))
    done = await (await table.alice.click(prompt, custom_id=yes["custom_id"])).response()
    assert "gone from 1 game and" in done.text  # one game, singular
    assert "No finished games" in (await said(table.alice, game, "citadels stats")).text
    recent = await said(table.bruno, game, "citadels history")
    assert "Antiguo jugador" in recent.text and "alice" not in recent.text
    record = await bot.store.get(game.id)
    assert record is not None and "alice" not in record.model_dump_json()


async def test_the_log_of_the_game_being_played_and_of_the_last_one(
        bot: GameBot, discord_api: Discord, table: Table):
    none = await said(table.alice, table, "citadels log")
    assert "no game" in none.text.lower()
    game = await start_game(bot, discord_api, table.guild, "log", [table.alice, table.bruno],
                            ("basic", "random"), seed=3)
    players = {seat: Player(person, random.Random(i), hasty=0.2)
               for i, (seat, person) in enumerate(game.people.items())}
    live = await said(table.bruno, game, "ciudadelas registro")
    assert "ronda 1 de 1" in live.text
    nxt = next(b for b in live.buttons() if b["custom_id"].endswith(":n"))
    end = await (await table.bruno.click(live, custom_id=nxt["custom_id"])).response()
    assert "La partida sigue" in end.text
    await play_out(game, players)
    await bot.service.history.idle()
    kept = await bot.store.finished_game(game.id)
    assert kept is not None
    last = await said(table.alice, game, "citadels log")
    rounds = len(kept.rounds)
    assert f"round {rounds} of {rounds}" in last.text
    assert "Your hand" not in last.text and "Tu mano" not in last.text
