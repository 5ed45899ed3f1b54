"""A replay's page of a round begins with the event that opened it (Citadels' "round_started",
Cities' "round"): the last move of the round before, and its end, stay on that round's page."""

from __future__ import annotations

import pytest

from bot.history import public_rounds
from bot.records import ActionEntry, GameRecord, Seat
from bot.ui import register, ui_for
from cogs.citadels.ui import UI as CITADELS
from cogs.cities.ui import UI as CITIES
from tests import replay_helpers


@pytest.fixture(autouse=True)
def uis() -> None:
    register(CITADELS)
    register(CITIES)


def played(game: str, players: int, seed: int) -> tuple[GameRecord, list[ActionEntry]]:
    """A seeded random game of `game` to its end: its record and its action log."""
    return replay_helpers.played(
        game, [Seat(id=f"p{i}", name=f"bot{i}", ai="random") for i in range(1, players + 1)],
        seed)


@pytest.mark.parametrize(("game", "players", "seed"), [("citadels", 4, 3), ("cities", 3, 5)])
def test_each_round_page_begins_with_the_event_that_opened_it(game: str, players: int,
                                                               seed: int) -> None:
    record, log = played(game, players, seed)
    pages = public_rounds(record, log)
    opens = ui_for(game).round_opens
    assert len(pages) >= 3
    assert all(page[0]["type"] in opens for page in pages[1:]), [p[0] for p in pages[1:]]
    assert all(e["type"] not in opens for page in pages[1:] for e in page[1:])
