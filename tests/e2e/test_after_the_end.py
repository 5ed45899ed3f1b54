"""Components of a game that ended another way while they stayed on screen: each says that the
game has ended, with the link to how it ended, in the clicker's language, and changes nothing."""

from __future__ import annotations

import pytest

from bot.client import GameBot
from fakediscord import Discord, Person
from fakediscord.testing import InteractionResult, SeenMessage
from tests.fakediscord_fixtures import Table
from tests.game_driver import Game, lobby, start_game

ENDED = {"en": "This game has ended: {link}", "es": "Esta partida ha terminado: {link}"}


def ended_text(person: Person, link: str) -> str:
    return ENDED["es" if person.locale.startswith("es") else "en"].format(link=link)


@pytest.fixture
def bot(fast_bot: GameBot) -> GameBot:
    return fast_bot


async def answer(result: InteractionResult) -> SeenMessage:
    assert not result.failed
    message = await result.response()
    assert message.ephemeral
    return message


async def press(person: Person, message: SeenMessage, suffix: str) -> InteractionResult:
    button = next(b for b in message.buttons() if str(b["custom_id"]).endswith(suffix))
    return await person.click(message, custom_id=button["custom_id"])


@pytest.mark.parametrize("host_name", ["alice", "bruno"])
async def test_keep_playing_after_the_game_was_ended_another_way(
        bot: GameBot, discord_api: Discord, table: Table, host_name: str):
    """The first `/… end` left unanswered, a second one confirmed, then "Keep playing" on the
    first: the game has ended, not "goes on"."""
    host, guest = ((table.alice, table.bruno) if host_name == "alice"
                   else (table.bruno, table.alice))
    game: Game = await start_game(bot, discord_api, table.guild, f"end-{host_name}",
                                  [host, guest], seed=5)
    command = "citadels end" if host is table.alice else "ciudadelas terminar"
    first = await answer(await host.slash(game.channel, command))
    second = await answer(await host.slash(game.channel, command))
    await answer(await press(host, second, ":end.yes"))
    await game.settle()
    stored = await game.stored()
    assert stored.status == "cancelled" and stored.result_message_id is not None
    version = stored.version
    link = stored.link(stored.result_message_id)
    kept = await answer(await press(host, first, ":end.no"))
    assert kept.text == ended_text(host, link)
    # The first confirmation's "End the game" says the same.
    again = await answer(await press(host, first, ":end.yes"))
    assert again.text == ended_text(host, link)
    after = await game.stored()
    assert after.version == version and after.status == "cancelled"


async def test_a_lobby_option_after_the_lobby_was_cancelled(
        bot: GameBot, table: Table, monkeypatch: pytest.MonkeyPatch):
    """An option chosen on a lobby message that still shows its selects (its edit failed)
    after the lobby was cancelled another way (its host left it)."""
    await (await table.alice.slash(table.general, "citadels new", players=3)).response()
    room = await lobby(table.alice, table.general)
    [record] = bot.service.games.values()

    async def edit_failed(record: object) -> None:
        return None

    monkeypatch.setattr(bot.publisher, "refresh_lobby", edit_failed)
    assert (await (await table.alice.slash(table.general, "citadels leave")).response()).ephemeral
    await bot.publisher.idle()
    stored = await bot.store.get(record.id)
    assert stored is not None and stored.status == "cancelled"
    link = stored.link(stored.result_message_id or stored.lobby_message_id)
    room = await table.alice.message(room.id)  # as it is now: its selects still there
    select = next(s for s in room.selects() if ":lobby.o." in str(s["custom_id"]))
    for person in (table.alice, table.bruno):
        reply = await answer(await person.choose(room, [select["options"][-1]["value"]],
                                                 custom_id=select["custom_id"]))
        assert reply.text == ended_text(person, link), reply.text
