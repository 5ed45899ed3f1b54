"""The commands the kit generates, through the real bot on the emulator: `/<game> new`'s values
are checked as declared by the game's Options (a forged choice or a number out of range is
refused, nothing opened), Cities' long game seats two, and `/<game> rules` with a topic (Citadels'
cards, Catan's topics) answers, offers topics while typing and refuses an unknown one."""

from __future__ import annotations

from bot.client import GameBot
from fakediscord import Discord
from tests.fakediscord_fixtures import Table


async def test_new_refuses_what_the_options_do_not_declare(
        citadels_bot: GameBot, discord_api: Discord, table: Table) -> None:
    general = table.general
    for command, options in (("catan new", {"layout": "hexagonal"}),
                             ("citadels new", {"city_size": 6}),
                             ("citadels new", {"players": 9})):
        refused = await (await table.alice.slash(general, command, forge=True, thread=False,
                                                 **options)).response()
        assert refused.ephemeral, (command, options)
        assert citadels_bot.service.in_channel(int(general.id)) is None
    opened = await (await table.alice.slash(general, "cities new", long=True,
                                            thread=False)).response()
    assert not opened.ephemeral
    record = citadels_bot.service.in_channel(int(general.id))
    assert record is not None and record.settings.max_players == 2
    assert record.settings.options["long"] is True


async def test_rules_with_a_topic_in_both_languages(
        citadels_bot: GameBot, discord_api: Discord, table: Table) -> None:
    general = table.general
    card = await (await table.bruno.slash(general, "citadels rules", card="asesino")).response()
    assert card.ephemeral and "Asesino" in card.text
    offered = await table.alice.autocomplete(general, "citadels rules", "card", card="cathe")
    assert [c["value"] for c in offered][:1] == ["cathedral"]
    unknown = await (await table.alice.slash(general, "citadels rules", card="chess")).response()
    assert "chess" in unknown.text and unknown.ephemeral
    summary = await (await table.alice.slash(general, "citadels rules")).response()
    assert summary.ephemeral and summary.embeds
    topic = await table.alice.autocomplete(general, "catan rules", "topic", topic="spy")
    assert [c["value"] for c in topic] == ["spy"]
