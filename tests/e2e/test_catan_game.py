"""Catan played through the real bot on the emulator: `/catan new` with its options checked on
the server, a lobby with people and a computer, the set-up and the first turns clicked by
people from their panels (menus, narrowing, discards, offers), the computers finishing the
game, and the result with every point's source."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest

from bot.client import GameBot
from bot.i18n import Catalog
from bot.records import GameRecord, GameSettings
from cogs import game as game_cog
from cogs.catan.ui import CatanUI
from fakediscord import Discord
from tests.cogs.catan.driver import Clicker, finish, play_turns, start_game
from tests.fakediscord_fixtures import Table
from tests.game_driver import click_id, lobby


async def test_catan_new_checks_its_options_and_opens_a_lobby(
        fast_bot: GameBot, discord_api: Discord, table: Table) -> None:
    general = table.general
    refused = await (await table.alice.slash(general, "catan new", forge=True,
                                             points=25)).response()
    assert refused.ephemeral and "10" in refused.text and "20" in refused.text
    assert fast_bot.service.in_channel(int(general.id)) is None
    reply = await (await table.alice.slash(general, "catan new", points=12, layout="random",
                                           players=3, thread=False)).response()
    assert "Random board · 12 points to win" in reply.text
    room = await lobby(table.bruno, general)
    await click_id(table.bruno, room, ":lobby.join")
    room = await lobby(table.alice, general)
    selects = {s["custom_id"].rsplit(".", 1)[1]: s for s in room.selects()}
    assert [o["value"] for o in selects["add"]["options"]] == ["random", "basic", "expert"]
    await table.alice.choose(room, ["14"], custom_id=selects["points"]["custom_id"])
    room = await lobby(table.alice, general)
    assert "14 points to win" in room.text
    await table.alice.choose(room, ["basic"], custom_id=selects["add"]["custom_id"])
    await click_id(table.alice, await lobby(table.alice, general), ":lobby.start")
    [record] = fast_bot.service.games.values()
    assert record.game == "catan" and record.state.options.points == 14
    assert record.state.options.layout == "random" and len(record.seats) == 3
    await fast_bot.service.idle(record.id)
    await fast_bot.publisher.idle()
    shown = [m for m in await table.alice.sees(general, ephemeral=False) if m.embeds]
    assert any("Set-up" in m.text for m in shown)


@pytest.mark.parametrize(("humans", "computers", "language", "pictures"), [
    (3, (), "es", False),
    (2, ("basic", "expert"), "en", True),
])
async def test_a_whole_game_from_set_up_to_the_result(
        fast_bot: GameBot, discord_api: Discord, table: Table, humans: int,
        computers: tuple[str, ...], language: str, pictures: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """People click the set-up and the first turns from their panels beside the computers,
    then the computers play their seats to the end: the result names every point's source,
    the table carries the board, the channel keeps one table per round."""
    # The panels' pictures ride their answers here (cogs.game sends a slow one after it).
    monkeypatch.setattr(game_cog, "PICTURE_WAIT", 10.0)
    fast_bot.service.computer_cap = 0.2  # the expert thinks less, not differently
    carla = await discord_api.user("carla", guild=table.guild)
    people = [table.alice, table.bruno, carla][:humans]
    game = await start_game(fast_bot, discord_api, table.guild, f"catan-{humans}", people,
                            computers, seed=humans,
                            settings=GameSettings(pictures=pictures, language=language))
    players = {game.seat(p): Clicker(p, random.Random(i), hasty=0.4)
               for i, p in enumerate(people)}
    started = time.monotonic()
    await play_turns(game, players, turns=9)
    played = time.monotonic() - started
    record = game.record
    assert record is not None and record.state.turn >= 9
    entries = await fast_bot.store.actions(game.id)
    types = {e.action["type"] for e in entries if e.by == "player"}
    assert {"place_building", "place_road", "roll", "end_turn"} <= types, types
    await game.hand_over()
    ended = await finish(game)
    assert ended.status == "finished" and ended.ended_reason == "completed"
    public = [m for m in await table.alice.sees(game.channel, ephemeral=False) if m.embeds]
    result = public[-1].text
    words = {"es": ("fin de la partida", "Poblados"), "en": ("game over", "Settlements")}
    assert all(w in result for w in words[language]), result
    tables = [m for m in public if "Catan ·" in m.text and m is not public[-1]]
    rounds = ended.state.turn // len(ended.seats) + 1
    assert len(tables) <= rounds + 2, (len(tables), rounds)  # one a round, and the set-up
    assert [(m.text[:60], m.buttons()) for m in tables if m.buttons()] == [], (
        [(m.text[:40], len(m.buttons())) for m in public], ended.state.turn)  # none live
    if pictures:
        assert public[-2].image_attachment() is not None  # the last table shows the board
        # A panel asking for a place shows the candidates (the set-up's hexes, at least).
        assert any(panel.image_attachment() is not None
                   for player in players.values() for panel in player.panels)
    else:
        assert all(not m.attachments for m in public)
    if language == "es":  # the history's commands, as for every game
        await after_the_end(table, game.channel, game.id, ended)
    print(f"people: {len([e for e in entries if e.by == 'player'])} clicks in {played:.1f}s;"
          f" the game: {len(await fast_bot.store.actions(game.id))} decisions,"
          f" {ended.state.turn} turns")


async def test_help_about_and_rules(fast_bot: GameBot, discord_api: Discord,
                                    table: Table) -> None:
    general = table.general
    about = await (await table.alice.slash(general, "catan about")).response()
    assert about.ephemeral and "Cities & Knights" in about.text
    helped = await (await table.bruno.slash(general, "catan help")).response()
    assert "Ciudades y Caballeros" in helped.text and "/catan nueva" in helped.text
    summary = await (await table.alice.slash(general, "catan rules")).response()
    assert "Barbarians" in summary.text
    spy = await (await table.alice.slash(general, "catan rules", topic="spy")).response()
    assert "Spy" in spy.text and "progress cards" in spy.text
    typed = await (await table.bruno.slash(general, "catan rules", topic="boda")).response()
    assert "Boda" in typed.text and "Política" in typed.text
    costs = await (await table.alice.slash(general, "catan rules", topic="costs")).response()
    assert "Settlement" in costs.text or "settlement" in costs.text
    track = await (await table.alice.slash(general, "catan rules", topic="track_trade"))\
        .response()
    assert "Great Exchange" in track.text and "Metropolis of Trade" in track.text
    unknown = await (await table.alice.slash(general, "catan rules", topic="chess"))\
        .response()
    assert "no rule" in unknown.text


async def after_the_end(table: Table, channel: Any, game_id: int, ended: GameRecord) -> None:
    """`/catan score`, `log`, `history`, `replay`, `stats` and `leaderboard` on the finished
    game, in Spanish (bruno's language)."""
    bruno = table.bruno
    score = await (await bruno.slash(channel, "catan score")).response()
    assert "fin de la partida" in score.text and "Poblados" in score.text
    logged = await (await bruno.slash(channel, "catan log")).response()
    assert logged.ephemeral and "🎲" in logged.text
    for _ in range(50):  # the history keeps a game a moment after its end (a replay)
        history = await (await bruno.slash(table.general, "catan history")).response()
        if f"#{game_id}" in history.text:
            break
        await asyncio.sleep(0.1)
    assert f"#{game_id}" in history.text
    replay = await (await bruno.slash(table.general, "catan replay", game=game_id)).response()
    assert replay.ephemeral and replay.buttons()
    # Its pages are named as the tables were: the set-up, then round 1 of as many as were played.
    catalog = Catalog.load()
    rounds = CatanUI().table_round(ended)
    assert replay.embeds[0]["title"] == catalog.text("history.replay.setup", "es", game=game_id)
    forward = next(b for b in replay.buttons()
                   if b.get("label") == catalog.text("history.next", "es"))
    replay = await (await bruno.click(replay, custom_id=forward["custom_id"])).response()
    assert replay.embeds[0]["title"] == catalog.text("history.replay.round", "es", game=game_id,
                                                     round=1, rounds=rounds)
    stats = await (await bruno.slash(table.general, "catan stats")).response()
    assert stats.ephemeral and "1" in stats.text
    board = await (await bruno.slash(table.general, "catan leaderboard")).response()
    assert board.ephemeral
    assert ended.status == "finished"
