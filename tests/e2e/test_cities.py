"""Cities through the real bot on the emulator: whole games of people clicking the table and
their panels (a tile's place staged on a preview picture, then confirmed), the end with every
point by source, the `/cities` commands, a restart mid-round, forged and outdated clicks
refused, and no face-down item shown before it is taken: in no message, no panel and no
picture's input.

Computer seats join these games when the registry names Cities' computer players (`ai/cities`);
without them the games are of people only and the tests that need them wait."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.client import GameBot
from bot.records import GameRecord, GameSettings
from cogs import game as game_cog
from cogs.cities import texts
from cogs.cities.render import board as board_picture
from cogs.cities.render import sheet
from demo.people import Game, opened
from fakediscord import Discord, Emulator, Person, Ref, run_client
from fakediscord.testing import SeenMessage
from rules import registry
from rules.cities import GameState, board
from tests.fakediscord_fixtures import FAST_READY, Table, bot_settings
from tests.game_driver import Player, click_id, forge_click, lobby, play_out

PARTS = {"en": ("Achievements", "Water zones", "Park zones", "Monuments", "Scoring cards"),
         "es": ("Logros", "Zonas de agua", "Zonas de parque", "Monumentos",
                "Cartas de puntuación")}
FINAL = {"en": "final result", "es": "resultado final"}


def computers(*wanted: str) -> tuple[str, ...]:
    """Computer seats of these strengths (by default the weakest, one) for the games below."""
    assert registry.entry("cities").ai is not None, "Cities has computer players (ai/cities)"
    from ai.player import strengths
    return wanted or (strengths("cities")[0],)


async def start_cities(bot: GameBot, discord_api: Discord, guild: Ref, name: str,
                       people: list[Person], computers: tuple[str, ...] = (), seed: int = 1,
                       settings: GameSettings | None = None) -> Game:
    """A Cities game opened and started through the service, in a new channel (the lobby's
    own test opens one with `/cities new`)."""
    game = await opened(bot, discord_api, guild, name, people, computers, seed, Game,
                        game="cities", settings=settings or GameSettings(language="en"))
    await game.settle()
    return game


# --- what must never show ----------------------------------------------------------------------

def hidden_now(state: GameState) -> set[str]:
    """The ids of the items lying face down on the board now (A4, B4, C4's second tile)."""
    rows = state.rows
    found = {x for i, x in enumerate(rows.cards)
             if x is not None and board.face_down(f"A{i + 1}")}
    found |= {x for i, x in enumerate(rows.tiles)
              if x is not None and board.face_down(f"B{i + 1}")}
    found |= {ft for i, group in enumerate(rows.features) for j, ft in enumerate(group)
              if board.hidden_tile(f"C{i + 1}", j)}
    return found


def shown(message: SeenMessage) -> str:
    """Everything a message shows in words: content, embeds and components."""
    return json.dumps([message.text, message.embeds, message.data.get("components")],
                      ensure_ascii=False)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The input of every Cities picture the bot draws (the views, as JSON)."""
    inputs: list[str] = []

    def spy(original: Any) -> Any:
        def layout(view: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            inputs.append(json.dumps(view))
            return original(view, *args, **kwargs)
        return layout

    monkeypatch.setattr(board_picture, "table_layout", spy(board_picture.table_layout))
    monkeypatch.setattr(sheet, "hood_layout", spy(sheet.hood_layout))
    monkeypatch.setattr(sheet, "final_layout", spy(sheet.final_layout))
    yield inputs


class NoLeak:
    """Checks, whenever asked, that no item face down now was shown in any message, panel
    or picture's input so far (an item hidden now was hidden at every earlier moment too)."""

    def __init__(self, game: Game, people: list[Person], players: dict[str, Player],
                 drawn: list[str]) -> None:
        self.game, self.people, self.players, self.drawn = game, people, players, drawn
        self.checks = 0
        self.hidden_seen: set[str] = set()

    async def __call__(self) -> None:
        record = self.game.bot.service.games.get(self.game.id)
        if record is None or record.state is None:
            return
        hidden = hidden_now(record.state)
        self.hidden_seen |= hidden
        parts = record.state.components
        names = [re.compile(rf"\b{re.escape(texts.named(parts.cards[x], lang))}\b")
                 for x in hidden if x in parts.cards for lang in ("en", "es")]
        words = [shown(m) for p in self.people for m in await p.sees(self.game.channel)]
        words += [shown(panel) for player in self.players.values() for panel in player.panels]
        for text in words:
            for item in hidden:
                assert not re.search(rf"\b{item}\b", text), (item, text[:400])
            for name in names:
                assert not name.search(text), (name.pattern, text[:400])
        for view in self.drawn:
            for item in hidden:
                assert f'"{item}"' not in view, item
        self.checks += 1


async def final_message(person: Person, channel: Ref, lang: str) -> SeenMessage:
    found = [m for m in await person.sees(channel)
             if m.embeds and FINAL[lang] in (m.embeds[0].get("title") or "")]
    assert len(found) == 1, [m.text[:80] for m in await person.sees(channel)]
    return found[0]


def check_every_point(message: SeenMessage, record: GameRecord, lang: str) -> None:
    """The result names every part of each score, and each total adds them up."""
    result = record.rules.result(record.state)
    assert result is not None
    text = message.text
    for part in PARTS[lang]:
        assert text.count(part) >= len(record.seats), part
    for seat, parts in result.breakdown.items():
        assert sum(parts.values()) == result.scores[seat]
    assert message.image_attachment() is not None


# --- whole games -------------------------------------------------------------------------------

@pytest.mark.long  # the Spanish game and the one with computers cover it in the default run
async def test_two_people_play_a_whole_game(emulator: Emulator, discord_api: Discord,
                                            table: Table, tmp_path: Path,
                                            drawn: list[str]) -> None:
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        people = [table.alice, table.bruno]
        game = await start_cities(bot, discord_api, table.guild, "cities-2", people, seed=5)
        players = {seat: Player(person, random.Random(i))
                   for i, (seat, person) in enumerate(game.people.items())}
        leak = NoLeak(game, people, players, drawn)
        turns = 0

        async def after() -> None:
            nonlocal turns
            turns += 1
            if turns % 7 == 0:  # every few clicks: the check reads the whole channel
                await leak()

        ended = await play_out(game, players, after)
        await bot.publisher.idle()
        assert ended.status == "finished" and ended.ended_reason == "completed"
        assert leak.checks > 10 and leak.hidden_seen
        # Every decision of the game was made with a panel: the start tiles and city tiles
        # staged and confirmed, items taken, feature tiles and pieces laid or discarded.
        made = {e.action["type"] for e in await bot.service.store.actions(game.id)}
        assert {"start_tile", "take", "place_tile", "place_piece"} <= made
        final = await final_message(table.alice, game.channel, "en")
        check_every_point(final, ended, "en")
        assert final.text.count("open-1") == 1  # the set is named in the result, once
        # After the end, the commands show the last game here.
        score = await (await table.alice.slash(game.channel, "cities score")).response()
        assert score.ephemeral and "Scoring cards" in score.text
        hood = await (await table.bruno.slash(game.channel, "cities hood",
                                              player="p1")).response()
        assert hood.ephemeral and hood.image_attachment() is not None
        assert "open-1" not in hood.text  # named in the lobby, the rules and the result only
        goals = await (await table.alice.slash(game.channel,
                                               "cities achievements")).response()
        assert goals.ephemeral and len(goals.embeds[0]["fields"]) == 3
        assert "open-1" not in goals.text
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []


@pytest.mark.long  # the Spanish texts are checked in tests/cogs/cities; whole games below
async def test_three_play_a_whole_game_in_spanish(emulator: Emulator, discord_api: Discord,
                                                  table: Table, tmp_path: Path) -> None:
    """Three seats (people, and a computer once Cities has them): the leftovers of each round
    leave the game, the table and the result speak Spanish."""
    await discord_api.configure(rate_limits=False)
    carla = await discord_api.user("carla", locale="es-ES", guild=table.guild)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        seats = computers("basic")
        people = [table.bruno, carla, table.alice][:3 - len(seats)]
        game = await start_cities(bot, discord_api, table.guild, "ciudades-3", people, seats,
                                  seed=11, settings=GameSettings(language="es"))
        players = {seat: Player(person, random.Random(20 + i))
                   for i, (seat, person) in enumerate(game.people.items())}
        ended = await play_out(game, players)
        await bot.publisher.idle()
        assert ended.status == "finished" and ended.state is not None
        assert ended.state.removed.cards  # what nobody took left the game (R20)
        final = await final_message(table.bruno, game.channel, "es")
        check_every_point(final, ended, "es")
        public = [m for m in await table.bruno.sees(game.channel) if not m.ephemeral]
        assert any("ronda 8 de 8" in m.text for m in public)
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []


@pytest.mark.heavy
async def test_two_people_and_two_computers_play_a_whole_game(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path) -> None:
    """Four seats, two of them the basic and the expert computer players (the expert thinking
    less, not differently): 8 rounds of 16 turns, each round's start player the one furthest
    along row D."""
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        bot.service.computer_cap = 0.2
        game = await start_cities(bot, discord_api, table.guild, "cities-4",
                                  [table.alice, table.bruno], computers("basic", "expert"),
                                  seed=21)
        players = {seat: Player(person, random.Random(50 + i))
                   for i, (seat, person) in enumerate(game.people.items())}
        ended = await play_out(game, players)
        await bot.publisher.idle()
        assert ended.status == "finished" and ended.state is not None
        assert ended.state.round == 8 and len(ended.seats) == 4
        assert {s.ai for s in ended.seats if s.user_id is None} == {"basic", "expert"}
        check_every_point(await final_message(table.alice, game.channel, "en"), ended, "en")
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []


async def test_a_lobby_with_a_computer_from_the_command(emulator: Emulator,
                                                        discord_api: Discord, table: Table,
                                                        tmp_path: Path) -> None:
    """`/cities new` with its options, Join, a computer seat, Start: the table is posted."""
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        reply = await (await table.alice.slash(table.general, "cities new", players=3,
                                               board="new_york", thread=False)).response()
        assert "open-1" in reply.text and "New York" in reply.text
        await click_id(table.bruno, await lobby(table.bruno, table.general), ":lobby.join")
        room = await lobby(table.alice, table.general)
        add = next(s for s in room.selects() if s["custom_id"].endswith("lobby.add"))
        await table.alice.choose(room, [add["options"][0]["value"]], custom_id=add["custom_id"])
        await click_id(table.alice, await lobby(table.alice, table.general), ":lobby.start")
        [record] = bot.service.games.values()
        await bot.service.idle(record.id)
        await bot.publisher.idle()
        assert record.game == "cities" and len(record.seats) == 3
        public = [m for m in await table.alice.sees(table.general) if not m.ephemeral]
        assert any(m.image_attachment() is not None and "Cities" in m.text for m in public)
        assert await discord_api.failed_interactions() == []


# --- a restart, forged and outdated clicks -----------------------------------------------------

async def two_people(bot: GameBot, discord_api: Discord, table: Table, name: str, seed: int
                     ) -> tuple[Game, dict[str, Player]]:
    """Alice and Bruno's game (and a computer's, once Cities has them), each person a player
    choosing at random with a seed of their own."""
    game = await start_cities(bot, discord_api, table.guild, name, [table.alice, table.bruno],
                              computers(), seed=seed)
    return game, {seat: Player(person, random.Random(seed * 10 + i))
                  for i, (seat, person) in enumerate(game.people.items())}


async def until_round(game: Game, players: dict[str, Player], round_: int, turn: int,
                      phase: str | None = None) -> SeenMessage:
    """Play until the given round and turn (and phase, if named); the deciding seat's panel."""
    for _ in range(600):
        await game.settle()
        record = game.bot.service.games[game.id]
        state = record.state
        seat = record.rules.to_act(state)[0]
        panel = await players[seat].open_panel(game.channel)
        assert panel is not None
        if (state.round, state.turn) >= (round_, turn) and phase in (None, state.phase):
            return panel
        await players[seat].play(panel)
    raise AssertionError("the game never got there")


async def test_a_restart_mid_round_resumes_the_game_and_its_panels(
        emulator: Emulator, discord_api: Discord, table: Table, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The staged tile's picture rides its answer here (cogs.game sends a slow one after it).
    monkeypatch.setattr(game_cog, "PICTURE_WAIT", 10.0)
    await discord_api.configure(rate_limits=False)
    database = tmp_path / "bot.sqlite3"
    bot = GameBot(bot_settings(database), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game, players = await two_people(bot, discord_api, table, "cities-restart", 8)
        panel = await until_round(game, players, 2, 5, "place_tile")
        before = game.bot.service.games[game.id]
        seat = before.rules.to_act(before.state)[0]
    bot = GameBot(bot_settings(database), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game = Game(bot, game.id, game.channel, game.people)
        resumed = bot.service.games[game.id]
        assert resumed.state == before.state and resumed.version == before.version
        # The panel opened before the restart still works: its rotation select, then Confirm.
        person = players[seat].person
        turn = next(s for s in panel.selects() if s["custom_id"].endswith(":s.n_turn"))
        result = await person.choose(panel, [turn["options"][1]["value"]],
                                     custom_id=turn["custom_id"])
        assert not result.failed
        staged = await result.response()
        assert "90°" in staged.text and staged.image_attachment() is not None
        confirm = next(b for b in staged.buttons() if ":pt." in b["custom_id"])
        result = await person.click(staged, custom_id=confirm["custom_id"])
        assert not result.failed
        await game.settle()
        after = bot.service.games[game.id]
        assert after.version > before.version  # (and a computer seat may have moved since)
        laid = after.state.hoods[after.state.seat_of(seat)].tiles
        assert len(laid) == len(before.state.hoods[before.state.seat_of(seat)].tiles) + 1
        assert laid[-1].rot == 90 and laid[-1].tile == before.state.tile
        ended = await play_out(game, players)
        assert ended.status == "finished"
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []


async def test_forged_and_outdated_clicks_are_refused(emulator: Emulator, discord_api: Discord,
                                                      table: Table, tmp_path: Path) -> None:
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        game, players = await two_people(bot, discord_api, table, "cities-forged", 3)
        panel = await until_round(game, players, 1, 0, "take")
        record = bot.service.games[game.id]
        seat = record.rules.to_act(record.state)[0]
        other = next(p for p in game.people if p != seat)
        me, them = game.people[seat], game.people[other]
        version = record.version

        async def refused(person: Person, custom_id: str, values: list[str] | None = None,
                          message: SeenMessage | None = None) -> str:
            result = forge_click(emulator, person, message or panel, custom_id, values)
            answer = await result.response()
            assert not result.failed
            await game.settle()
            now = bot.service.games[game.id]
            assert now.version == version and now.state == record.state
            return answer.text

        # A place for a tile nobody holds, a start tile after the draft, an item that is no
        # item, a take by the seat whose turn it is not: refused, nothing moves.
        await refused(me, f"cz:{game.id}:{version}:pt.m2.0.90")
        await refused(me, f"cz:{game.id}:{version}:st.st1.0")
        await refused(me, f"cz:{game.id}:{version}:s.tk", ["tk.e9"])
        await refused(me, f"cz:{game.id}:{version}:s.pp", ["pp.r.e5"])
        await refused(them, f"cz:{game.id}:{version}:s.tk", ["tk.a1"],
                      message=await game.table(them))
        # A forged focus shows a panel (the staging's default), never an error.
        text = await refused(me, f"cz:{game.id}:{version}:s.n_spot", ["t:9:9:45"])
        assert text
        # A second panel takes an item; the first, still on screen, is out of date: its click
        # is answered with the current panel, never applied.
        second = await players[seat].open_panel(game.channel)
        assert second is not None
        take = next(s for s in second.selects() if s["custom_id"].endswith(":s.tk"))
        values = [o["value"] for o in take["options"]]
        result = await me.choose(second, [values[0]], custom_id=take["custom_id"])
        assert not result.failed
        await result.response()
        await game.settle()
        record = bot.service.games[game.id]
        version = record.version
        old = next(s for s in panel.selects() if s["custom_id"].endswith(":s.tk"))
        result = await me.choose(panel, [values[1]], custom_id=old["custom_id"])
        assert not result.failed
        stale = await result.response()
        await game.settle()
        assert bot.service.games[game.id].version == version
        assert bot.catalog.text("errors.stale", me.locale) in stale.text
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []


async def test_a_person_who_runs_out_of_time_is_played_for(emulator: Emulator,
                                                           discord_api: Discord, table: Table,
                                                           tmp_path: Path) -> None:
    """Turn timers as for every game: the stand-in computer decides for a silent person (a
    start tile, a take, a tile's place...), the table says so, and after three the seat is
    away until its person presses I'm back."""
    await discord_api.configure(rate_limits=False)
    bot = GameBot(bot_settings(tmp_path / "bot.sqlite3"), computer_pause=0, **FAST_READY)
    async with run_client(bot, emulator):
        bot.service.minute = 0.3
        bot.service.computer_pause = 0.2  # slow enough that the game outlives the test
        game = await start_cities(bot, discord_api, table.guild, "cities-timer", [table.alice],
                                  computers("random"), seed=2,
                                  settings=GameSettings(language="en", turn_limit=1))
        seat = next(iter(game.people))
        for _ in range(300):
            if bot.service.games[game.id].seat(seat).away:
                break
            await asyncio.sleep(0.05)
        await bot.publisher.idle()
        assert bot.service.games[game.id].seat(seat).away
        message = await game.table(table.alice)
        assert "ran out of time" in message.text or "is away" in message.text
        panel = await click_id(table.alice, message, ":back")
        assert panel.ephemeral and not bot.service.games[game.id].seat(seat).away
        assert await discord_api.failed_interactions() == []
        assert await discord_api.errors() == []
