"""Catan's replay, a page a round as its table named them (issue 44): the set-up's page, then
each round's page beginning with the start of its first turn (the event that opened it), the
turn ended before it (and the set-up's last placement) on the page before; the pages' lines
read in English and Spanish."""

from __future__ import annotations

import pytest

from bot.history import public_rounds
from bot.records import ActionEntry, GameRecord
from bot.ui import register
from cogs.catan.ui import UI
from tests import replay_helpers

from .helpers import CATALOG, seats


@pytest.fixture(autouse=True)
def ui() -> None:
    register(UI)  # the replay asks the game's UI where its rounds begin


def played(players: int, seed: int, steps: int) -> tuple[GameRecord, list[ActionEntry]]:
    """A seeded random game of `steps` actions: its record and its action log."""
    return replay_helpers.played("catan", seats(players), seed, steps)


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 7)])
def test_each_round_page_begins_with_the_start_of_its_first_turn(players: int, seed: int
                                                                 ) -> None:
    record, log = played(players, seed, steps=700)
    pages = public_rounds(record, log)
    assert len(pages) >= 4
    assert all(e["type"] != "turn_started" for e in pages[0]), "the set-up's page"
    assert pages[0][-1]["type"] == "placed" and pages[0][-1]["piece"] == "road"  # the last
    for number, page in enumerate(pages[1:], start=1):
        first = page[0]
        assert first["type"] in UI.round_opens, (number, first)
        assert first["turn"] == (number - 1) * players + 1, (number, first)
        starts = [e["turn"] for e in page if e["type"] == "turn_started"]
        assert starts == list(range(first["turn"], first["turn"] + len(starts)))
        assert len(starts) <= players
    for before in pages[1:-1]:
        assert before[-1]["type"] == "turn_ended", before[-1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_rounds_page_opens_with_its_first_turns_line(lang: str) -> None:
    record, log = played(3, 4, steps=300)
    pages = public_rounds(record, log)
    for page in pages[1:]:
        lines = UI.log_lines(page, list(record.seats), CATALOG, lang)
        opening = UI.log_lines(page[:1], list(record.seats), CATALOG, lang)
        assert opening and lines[: len(opening)] == opening
