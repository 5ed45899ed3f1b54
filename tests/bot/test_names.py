"""A computer seat is named by its strength, numbered only when another computer at the table
shares that strength (a lone "🤖 Basic bot", never "🤖 Basic bot 3" after its seat)."""

from __future__ import annotations

import pytest

from bot.i18n import Catalog
from bot.lobby import lobby_embed
from bot.names import seat_name, who
from bot.records import GameRecord, Seat

ANA = Seat(id="p1", name="Ana", user_id=1)


@pytest.mark.parametrize(("lang", "basic", "expert"), [
    ("en", "🤖 Basic bot", "🤖 Expert bot"), ("es", "🤖 Bot básico", "🤖 Bot experto")])
def test_a_lone_computer_of_its_strength_has_no_number(lang: str, basic: str, expert: str
                                                       ) -> None:
    catalog = Catalog.load()
    seats = [ANA, Seat(id="p2", name="basic", ai="basic"), Seat(id="p3", name="x", ai="expert")]
    assert who("p2", seats, catalog, lang, markdown=False) == basic
    assert who("p3", seats, catalog, lang, markdown=False) == expert
    assert who("p1", seats, catalog, lang, markdown=False) == "Ana"


def test_computers_of_one_strength_are_numbered_by_their_seats() -> None:
    catalog = Catalog.load()
    seats = [Seat(id="p1", name="basic", ai="basic"), ANA, Seat(id="p3", name="x", ai="expert"),
             Seat(id="p4", name="basic", ai="basic")]
    names = [seat_name(s, catalog, "en", seats) for s in seats]
    assert names == ["🤖 Basic bot 1", "Ana", "🤖 Expert bot", "🤖 Basic bot 4"]


def test_the_lobby_names_a_lone_computer_without_a_number() -> None:
    catalog = Catalog.load()
    record = GameRecord(id=1, game="citadels", guild_id=1, channel_id=1, host_id=1,
                        status="lobby",
                        seats=[ANA, Seat(id="p2", name="basic", ai="basic")])
    text = str(lobby_embed(record, [], catalog, "en").to_dict())
    assert "🤖 Basic bot" in text and "🤖 Basic bot 2" not in text
