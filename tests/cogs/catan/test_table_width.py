"""Catan's public table on a phone: every line of whole seeded games of basic players (3 and
4 seats, people and computers, both languages, many points of each game) within 40 columns
(bot.embeds.width: an emoji two), a seat in two lines that say its tracks, knights, road and
turn."""

from __future__ import annotations

import pytest

from bench.catan_table import NAMES, embed_lines, records, seat_lines
from bot.embeds import PHONE, width
from bot.records import Seat
from cogs.catan import texts
from cogs.catan.table import table_embed
from rules.catan.state import TRACKS

from .helpers import CATALOG


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12)])
def test_every_table_line_of_whole_games_fits_a_phone(players: int, seed: int, lang: str
                                                      ) -> None:
    shown = list(records(players, seed, every=15))
    assert len(shown) > 10 and shown[-1].status == "finished"
    for record in shown:
        embed = table_embed(record, CATALOG, lang)
        wide = [line for line in embed_lines(embed) if width(line) > PHONE]
        assert not wide, (record.version, wide)
        assert len(seat_lines(embed)) == 2 * players


@pytest.mark.parametrize("lang", ["en", "es"])
def test_long_names_are_cut_to_fit_and_still_read(lang: str) -> None:
    long = [Seat(id=f"p{i}", name=f"{i}_*" + NAMES[3], user_id=1000 + i) for i in range(1, 5)]
    for record in list(records(4, 13, every=40, seats=long))[::3]:
        heads = seat_lines(table_embed(record, CATALOG, lang))[::2]
        assert all(width(line) <= PHONE for line in heads), heads
        assert all("Maximiliano" in line and "…" in line for line in heads), heads


def test_a_seat_says_its_tracks_knights_road_and_turn() -> None:
    for record in records(4, 14, every=30):
        view = record.rules.view(record.state, None)
        lines = seat_lines(table_embed(record, CATALOG, "en"))
        for i, p in enumerate(view["players"]):
            head, more = lines[2 * i], lines[2 * i + 1]
            assert f"**{p['points']}**{texts.POINTS}" in head
            assert f"{texts.KNIGHTS}{texts.strength(view, p['seat'])}" in more
            assert f"{texts.ROAD}{p['road_length']}" in more
            for track in TRACKS:
                level = p["improvements"][track]
                assert (f"{texts.TRACK_EMOJI[track]}{level}" in more) == (level > 0), more
            mine = view["active"] == p["seat"] and view["phase"] != "over"
            assert head.startswith("▶️") == mine, head
