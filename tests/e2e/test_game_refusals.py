"""Clicks and commands the bot must turn down: each gets a clear ephemeral answer in the
clicker's language (English for alice, Spanish for bruno) and leaves the game as it was."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.client import GameBot
from bot.service import awaiting
from fakediscord import Discord, Emulator, Person
from fakediscord.testing import InteractionResult, SeenMessage
from rules import citadels
from tests.fakediscord_fixtures import Table
from tests.game_driver import (
    Game,
    Player,
    click_id,
    forge_click,
    lobby,
    play_out,
    rigged_state,
    start_game,
)

TEXT = {
    "not_playing": ("You are not playing in this game.", "No juegas en esta partida."),
    "not_your_turn": ("It's not your decision right now.", "Ahora no te toca decidir."),
    "stale": ("That panel was out of date; here is the current one.",
              "Ese panel estaba desfasado; aquí tienes el actual."),
    "unknown": ("I don't recognise that button. Use the buttons on the current table.",
                "No reconozco ese botón. Usa los botones de la mesa actual."),
    "game_over": ("This game is over.", "Esta partida ha terminado."),
    "game_ended": ("This game has ended: {link}", "Esta partida ha terminado: {link}"),
    "host_only": ("Only the host can do that.", "Solo el anfitrión puede hacer eso."),
    "already_joined": ("You are already at this table.", "Ya estás en esta mesa."),
    "full": ("The table is full.", "La mesa está llena."),
    "end_not_allowed": (
        "Only the host or a member who can manage the server can end this game.",
        "Solo el anfitrión o quien pueda gestionar el servidor puede terminar esta partida."),
}


def said(key: str, person: Person, **params: str) -> str:
    return TEXT[key][1 if person.locale.startswith("es") else 0].format(**params)


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


@pytest.fixture
async def game(bot: GameBot, discord_api: Discord, table: Table) -> Game:
    """alice and bruno in the draft of a two-player game."""
    return await start_game(bot, discord_api, table.guild, "refusals",
                            [table.alice, table.bruno], seed=5)


class Unchanged:
    """The game's version and state (cached and stored) when made; `check` compares."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.version = game.record.version
        self.state = game.state.model_dump()

    async def check(self) -> None:
        await self.game.settle()
        assert self.game.record.version == self.version
        assert self.game.state.model_dump() == self.state
        stored = await self.game.stored()
        assert stored.version == self.version and stored.state is not None
        assert stored.state.model_dump() == self.state


async def answer(result: InteractionResult) -> SeenMessage:
    assert not result.failed
    message = await result.response()
    assert message.ephemeral
    return message


def deciding(game: Game) -> tuple[Person, Person]:
    """(whose decision it is, the other person)."""
    seat = awaiting(game.record)
    assert seat is not None
    other = next(p for q, p in game.people.items() if q != seat)
    return game.people[seat], other


async def press(person: Person, message: SeenMessage, suffix: str) -> InteractionResult:
    button = next(b for b in message.buttons() if str(b["custom_id"]).endswith(suffix))
    return await person.click(message, custom_id=button["custom_id"])


def move_ids(panel: SeenMessage) -> list[str]:
    return [b["custom_id"] for b in panel.buttons() if b["custom_id"].count(":") == 3]


async def test_someone_not_playing_is_told_so(game: Game, discord_api: Discord, table: Table,
                                              emulator: Emulator):
    carla = await discord_api.user("carla", guild=table.guild)
    diego = await discord_api.user("diego", locale="es-ES", guild=table.guild)
    before = Unchanged(game)
    seat = awaiting(game.record)
    assert seat is not None
    move = citadels.legal_actions(game.state, seat)[0]
    for person in (carla, diego):
        for suffix in (":act", ":hand"):
            reply = await answer(await press(person, await game.table(person), suffix))
            assert reply.text == said("not_playing", person)
            assert not reply.buttons() and not reply.selects()
        # A move valid for this version, sent as if from the table message.
        custom_id = f"cz:{game.id}:{game.record.version}:pick.{move.character}"
        reply = await answer(forge_click(emulator, person, await game.table(person), custom_id))
        assert reply.text == said("unknown", person)
    await before.check()


async def test_the_other_player_waits_for_their_decision(game: Game, emulator: Emulator):
    for _ in range(2):  # once for each of them, in their language
        player, waiting = deciding(game)
        before = Unchanged(game)
        panel = await answer(await press(waiting, await game.table(waiting), ":act"))
        assert panel.content == said("not_your_turn", waiting)
        assert not panel.buttons() and not panel.selects() and panel.embeds
        # The decider's own move, sent by the one who waits from their panel (a forged click).
        mine = await game.panel(player)
        custom_id = move_ids(mine)[0]
        reply = await answer(forge_click(emulator, waiting, panel, custom_id))
        assert reply.content == said("unknown", waiting) and reply.embeds  # their own panel
        await before.check()
        await game.do(player, _action_of(custom_id), mine)


def _action_of(custom_id: str) -> dict[str, Any]:
    from cogs.citadels.actions_ui import SPEC

    action = SPEC.decode(custom_id.split(":", 3)[3])
    assert action is not None
    return action


async def test_an_old_panel_is_out_of_date_and_replaced(game: Game):
    for _ in range(2):
        player, _ = deciding(game)
        old = await game.panel(player)
        fresh = await game.panel(player)
        ids = move_ids(fresh)
        await game.do(player, _action_of(ids[0]), fresh)
        before = Unchanged(game)
        reply = await answer(await player.click(old, custom_id=move_ids(old)[-1]))
        assert reply.content == said("stale", player)
        assert reply.id == old.id and reply.embeds
        assert all(f":{game.record.version}:" in c for c in move_ids(reply))
        await before.check()


async def test_a_double_click_plays_once(game: Game):
    for _ in range(2):
        player, _ = deciding(game)
        panel = await game.panel(player)
        custom_id = move_ids(panel)[0]
        version = game.record.version
        first, second = await asyncio.gather(
            player.click(panel, custom_id=custom_id, wait=False),
            player.click(panel, custom_id=custom_id, wait=False))
        for result in (first, second):
            await result.acknowledged()
            assert not result.failed
        await game.settle()
        assert game.record.version == version + 1
        entries = await game.bot.service.store.actions(game.id)
        assert [e.version for e in entries].count(version + 1) == 1
        final = await player.message(panel.id)  # redrawn for the version now
        assert final.content in ("", said("stale", player))
        assert all(f":{game.record.version}:" in c for c in move_ids(final))


async def test_concurrent_clicks_only_one_wins(game: Game, emulator: Emulator):
    """Two panels of the decider on one version, clicked at once on different moves, and the
    other player's forged click of the same version: exactly one move is applied."""
    player, waiting = deciding(game)
    a = await game.panel(player)
    b = await game.panel(player)
    ids = move_ids(a)
    assert len(ids) >= 2
    version = game.record.version
    results = await asyncio.gather(
        player.click(a, custom_id=ids[0], wait=False),
        player.click(b, custom_id=ids[1], wait=False))
    waiting_result = forge_click(emulator, waiting, await game.table(waiting), ids[1])
    for result in (*results, waiting_result):
        await result.acknowledged()
        assert not result.failed
    await game.settle()
    assert game.record.version == version + 1
    entries = [e for e in await game.bot.service.store.actions(game.id)
               if e.version == version + 1]
    assert len(entries) == 1 and entries[0].user_id == int(player.id)
    applied = entries[0].action
    contents = [(await player.message(m.id)).content for m in (a, b)]
    assert sorted(contents) == sorted(["", said("stale", player)]), contents
    assert applied == _action_of(ids[0] if contents[0] == "" else ids[1])


async def test_forged_custom_ids_are_refused(game: Game, emulator: Emulator):
    for _ in range(2):
        player, _ = deciding(game)
        panel = await game.panel(player)
        before = Unchanged(game)
        v = game.record.version
        forged = [
            f"cz:{game.id}:{v}:pick.nobody",       # not a move on this panel (not a character)
            f"cz:{game.id}:{v}:frobnicate",        # malformed code
            "cz:zzz",                              # not a layout at all
            f"cz:{game.id + 7}:{v}:gold",          # another game
            f"cz:{game.id}:{v}:s.build",           # a select id on a button
        ]
        for custom_id in forged:
            reply = await answer(forge_click(emulator, player, panel, custom_id))
            assert reply.content == said("unknown", player), (custom_id, reply.text)
            assert reply.embeds and reply.buttons(), custom_id  # and a fresh panel
            await before.check()
        # A move of this panel from a future version; a select the panel does not have.
        future = move_ids(panel)[0].replace(f":{v}:", f":{v + 3}:")
        reply = await answer(forge_click(emulator, player, panel, future))
        assert reply.content == said("unknown", player) and reply.embeds
        reply = await answer(forge_click(emulator, player, panel, f"cz:{game.id}:{v}:s.kill",
                                         values=["kill.king"]))
        assert reply.content == said("unknown", player) and reply.embeds
        await before.check()
        await game.do(player, _action_of(move_ids(panel)[0]), panel)


ILLEGAL = ("That move isn't possible right now; here are your options.",
           "Esa jugada no es posible ahora; aquí tienes tus opciones.")


async def test_forged_select_values_are_refused(game: Game, emulator: Emulator):
    """The panel's own select, with values it never offered: an impossible move gets the
    current panel back, a value of another kind is not recognised; nothing moves."""
    a, b = game.seat(game.people["p1"]), game.seat(game.people["p2"])
    await game.rig(rigged_state(game.seats(), {a: ["king", "bishop"], b: ["thief", "merchant"]},
                                hands={a: ["temple"], b: ["manor"]}, gold={a: 5, b: 5}))
    player = game.people[citadels.to_act(game.state)[0]]
    panel = await game.do(player, {"type": "take_gold"})
    build = next(s["custom_id"] for s in panel.selects() if s["custom_id"].endswith(":s.build"))
    before = Unchanged(game)
    es = player.locale.startswith("es")
    reply = await answer(forge_click(emulator, player, panel, build, values=["build.palace"]))
    assert reply.content == ILLEGAL[es] and reply.id == panel.id
    assert any(s["custom_id"] == build for s in reply.selects())
    await before.check()
    for values in (["kill.king"], ["build.temple", "build.manor"], ["nonsense"]):
        reply = await answer(forge_click(emulator, player, panel, build, values=values))
        assert reply.content == TEXT["unknown"][es] and reply.embeds, values
        await before.check()


async def test_clicks_on_an_ended_game(game: Game, table: Table):
    panels = {}
    for _ in range(2):
        player, _ = deciding(game)
        panels[player.id] = (player, await game.panel(player))
        await game.do(player, _action_of(move_ids(panels[player.id][1])[0]),
                      panels[player.id][1])
    player, _ = deciding(game)
    current = await game.panel(player)
    reply = await answer(await table.alice.slash(game.channel, "citadels end"))
    await press(table.alice, reply, ":end.yes")
    await game.settle()
    stored = await game.stored()
    assert stored.status == "cancelled" and stored.ended_reason == "ended_by_host"
    version = stored.version
    result = stored.link(stored.result_message_id)
    clicked = 0
    for person, panel in [*panels.values(), (player, current)]:
        panel = await person.message(panel.id)  # as it is now
        for custom_id in move_ids(panel):
            reply = await answer(await person.click(panel, custom_id=custom_id))
            assert reply.text == said("game_ended", person, link=result), reply.text
            clicked += 1
    assert clicked
    # The channel keeps no live button and no mention of a turn: the table lost its buttons
    # and the pings were deleted; the message the link points to says how the game ended.
    seen = [m for m in await table.alice.sees(game.channel) if not m.ephemeral]
    assert [m.id for m in seen if m.buttons() or m.selects()] == []
    assert [m.id for m in seen if "<@" in m.content] == []
    assert result.endswith(f"/{stored.result_message_id}")
    [ending] = [m for m in seen if m.id == str(stored.result_message_id)]
    assert ending.content == game.bot.catalog.text("ended.ended_by_host", "en")
    assert (await game.stored()).version == version


async def test_new_game_in_a_busy_channel_links_the_game(game: Game):
    for person in game.people.values():
        reply = await answer(await person.slash(game.channel, "citadels new"))
        link = (f"https://discord.com/channels/{game.record.guild_id}/{game.channel.id}/"
                f"{game.record.table_message_id}")
        prefix = ("There is already a game in this channel: ",
                  "Ya hay una partida en este canal: ")[person.locale.startswith("es")]
        assert reply.text == prefix + link
    assert len(game.bot.service.games) == 1


async def test_the_lobby_refuses_what_only_the_host_may_do(bot: GameBot, discord_api: Discord,
                                                          table: Table):
    carla = await discord_api.user("carla", guild=table.guild)
    await (await table.alice.slash(table.general, "citadels new", players=2)).response()
    room = await lobby(table.alice, table.general)
    [record] = bot.service.games.values()
    await click_id(table.bruno, room, ":lobby.join")
    version = bot.service.games[record.id].version
    for person in (table.bruno, carla):
        for suffix in (":lobby.start", ":lobby.cancel", ":lobby.remove"):
            reply = await answer(await press(person, room, suffix))
            assert reply.text == said("host_only", person)
        add = next(s["custom_id"] for s in room.selects())
        reply = await answer(await person.choose(room, ["basic"], custom_id=add))
        assert reply.text == said("host_only", person)
    for person in (table.alice, table.bruno):
        reply = await answer(await press(person, room, ":lobby.join"))
        assert reply.text == said("already_joined", person)
    reply = await answer(await press(carla, room, ":lobby.join"))
    assert reply.text == said("full", carla)
    add = next(s["custom_id"] for s in room.selects())
    reply = await answer(await table.alice.choose(room, ["random"], custom_id=add))
    assert reply.text == said("full", table.alice)
    record = bot.service.games[record.id]
    assert record.version == version and len(record.seats) == 2
    assert record.status == "lobby"


async def test_end_needs_the_host_or_manage_server(game: Game, discord_api: Discord,
                                                   table: Table):
    host = next(p for p in game.people.values() if int(p.id) == game.record.host_id)
    guest = next(p for p in game.people.values() if p is not host)
    carla = await discord_api.user("carla", guild=table.guild)
    before = Unchanged(game)
    for person in (guest, carla):
        reply = await answer(await person.slash(game.channel, "citadels end"))
        assert reply.text == said("end_not_allowed", person)
        assert not reply.buttons()
    await before.check()
    confirm = await answer(await host.slash(game.channel, "citadels end"))
    assert confirm.text == "End this game for everyone? This can't be undone."
    kept = await answer(await press(host, confirm, ":end.no"))
    assert kept.text == "The game goes on."
    await before.check()
    confirm = await answer(await host.slash(game.channel, "citadels end"))
    done = await answer(await press(host, confirm, ":end.yes"))
    assert done.text == "The game has been ended."
    await game.settle()
    stored = await game.stored()
    assert stored.status == "cancelled" and stored.ended_reason == "ended_by_host"
    assert any(m.text == "The game was ended early." and not m.ephemeral
               for m in await guest.sees(game.channel))
    assert game.id not in game.bot.service.games


async def test_leaving_mid_game_hands_the_seat_to_a_computer(game: Game, discord_api: Discord):
    people = list(game.people.values())
    alice = next(p for p in people if p.name == "alice")
    bruno = next(p for p in people if p.name == "bruno")
    reply = await answer(await bruno.slash(game.channel, "citadels leave"))
    assert reply.text == "Has dejado la partida."
    await game.settle()
    seat = game.record.seat_of_user(int(bruno.id))
    assert seat is not None and seat.left and seat.computer
    assert "bruno" in (await game.table(alice)).text
    # bruno's seat now plays itself; alice plays on to the end.
    panel = await answer(await press(bruno, await game.table(bruno), ":act"))
    assert panel.text == said("not_playing", bruno)
    seat_id = game.seat(alice)
    ended = await play_out(game, {seat_id: Player(alice, random.Random(3), hasty=0.2)})
    assert ended.status == "finished"
    entries = await game.bot.service.store.actions(game.id)
    assert any(e.seat == seat.id and e.by == "computer" for e in entries)
    assert not any(e.user_id == int(bruno.id) and e.version > seat_version(entries, bruno)
                   for e in entries)


def seat_version(entries: list, person: Person) -> int:
    mine = [e.version for e in entries if e.user_id == int(person.id)]
    return max(mine, default=0)


async def test_a_new_game_that_loses_the_race_says_where_the_lobby_is(
        bot: GameBot, table: Table, monkeypatch: pytest.MonkeyPatch):
    """Two `/citadels new` in one channel at once, the loser's reply deferred (a slow store):
    its own reply links the lobby that won."""
    from cogs import game as game_cog

    first = await (await table.alice.slash(table.general, "citadels new")).response()
    monkeypatch.setattr(game_cog, "DEADLINE", 0.0)  # every answer is deferred first
    monkeypatch.setattr(bot.service, "in_channel", lambda channel_id: None)  # both raced past
    result = await table.bruno.slash(table.general, "ciudadelas nueva")
    reply = await result.response()
    assert not result.failed
    assert reply.content.startswith("Ya hay una partida") and first.id in reply.content
