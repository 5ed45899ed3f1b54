"""Roll in one click (issue 44): while a seat may roll, the table and that seat's mention carry
a Roll button; its person's click rolls and answers with their panel, anyone else's opens their
panel (or says why not) and changes nothing; once rolled, the button is gone."""

from __future__ import annotations

import random

from bot.client import GameBot
from bot.i18n import Catalog
from bot.records import GameSettings
from fakediscord import Discord
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from tests.cogs.catan.driver import start_game
from tests.fakediscord_fixtures import Table
from tests.game_driver import table as table_of

CATALOG = Catalog.load()


def roll_button(message: SeenMessage) -> dict | None:
    return next((b for b in message.buttons() if str(b["custom_id"]).endswith(":quick")), None)


async def test_roll_is_one_click_from_the_table_or_the_mention(
        fast_bot: GameBot, discord_api: Discord, table: Table) -> None:
    people = [table.alice, table.bruno]
    carla = await discord_api.user("carla", guild=table.guild)
    game = await start_game(fast_bot, discord_api, table.guild, "roll", [*people, carla],
                            settings=GameSettings(pictures=False, ping_after=0))
    service, rng = fast_bot.service, random.Random(3)
    while (record := game.record) is not None and record.state.phase == "setup":
        seat = GAME.to_act(record.state)[0]  # the set-up placed as its people would
        action = GAME.random_action(record.state, seat, rng)
        await service.act(game.id, int(game.people[seat].id), record.version,
                          GAME.dump_action(action))
    await game.settle()
    record = game.record
    assert record is not None and record.state is not None
    [roller] = [s for s in GAME.must_decide(record.state)
                if any(a.type == "roll" for a in GAME.legal_actions(record.state, s))]
    person = game.people[roller]
    other = next(p for p in [*people, carla] if p.id != person.id)

    shown = await table_of(person, game.channel)
    assert shown is not None
    button = roll_button(shown)
    assert button is not None and button["label"] == CATALOG.text("catan.table.roll", "en")
    # Not theirs to roll: their panel, with why, and nothing moves.
    version = record.version
    answer = await (await other.click(shown, custom_id=button["custom_id"])).response()
    assert answer.ephemeral and answer.embeds
    assert game.record is not None and game.record.version == version
    # The roller's mention carries it too; their click rolls and answers with their panel.
    [mention] = [m for m in await person.notified() if not m.data.get("deleted")]
    assert roll_button(mention) is not None
    answer = await (await person.click(mention, custom_id=roll_button(mention)["custom_id"])
                    ).response()
    assert answer.ephemeral and answer.embeds
    await game.settle()
    logged = [e for e in await fast_bot.store.actions(game.id) if e.version > version]
    assert logged[0].action == {"type": "roll"} and logged[0].by == "player"
    assert logged[0].user_id == int(person.id)
    shown = await table_of(person, game.channel)
    assert shown is not None and roll_button(shown) is None
