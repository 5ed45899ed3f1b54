"""Names are text, never markup: hostile display names show as their literal text everywhere,
and no message pings anyone but the person whose turn it is."""

from __future__ import annotations

import random
import re

from bot.client import GameBot
from bot.names import as_text
from fakediscord import Discord
from tests.fakediscord_fixtures import Table
from tests.game_driver import Player, click_id, lobby, wait_for_turn

MENTION = re.compile(r"<@!?(\d+)>")


async def test_hostile_names_are_shown_as_text(fast_bot: GameBot, discord_api: Discord,
                                              table: Table):
    outsider = await discord_api.user("outsider", guild=table.guild)  # never in the game
    names = [f"<@{outsider.id}>", "@everyone", "**bold** `tick` ||spoiler||",
             "\u202eevil\u200b name", "W" * 32]
    people = [await discord_api.user(name, guild=table.guild) for name in names]
    host, *guests = people
    reply = await (await host.slash(table.general, "citadels new", players=5, thread=False)
                   ).response()
    assert not reply.ephemeral
    for guest in guests:
        await click_id(guest, await lobby(guest, table.general), ":lobby.join")
    await click_id(host, await lobby(host, table.general), ":lobby.start")
    players = {p.name: Player(p, random.Random(i)) for i, p in enumerate(people)}
    [game] = fast_bot.service.games.values()
    for _ in range(12):  # a round's picks and a few turns
        await fast_bot.publisher.idle()
        turn = await wait_for_turn(players, table.general,
                                   lambda: game.id not in fast_bot.service.games)
        if turn is None:
            break
        player, panel = turn
        await player.play(panel)
    await fast_bot.publisher.idle()
    public = [m for m in await outsider.sees(table.general) if not m.ephemeral]
    tables = [m for m in public if m.embeds and "round" in m.text]
    assert tables, "the table was posted"
    seats = {str(p.id) for p in people}
    for message in public:
        assert not message.data.get("mention_everyone"), message.text
        # A mention in a message is one the bot meant: a seated player's, never a name's.
        assert {m for m in MENTION.findall(message.text)} <= seats, message.text
        assert "\u202e" not in message.text and "\u200b name" not in message.text
    text = "\n".join(m.text for m in tables)
    for name in names[1:]:
        assert as_text(name) in text  # the escaped form: literal text, not markup
    assert await outsider.mentions() == []  # a name that looks like a mention pings nobody
