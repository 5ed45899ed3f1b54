"""Catan's Discord texts: both languages have the same keys with the same placeholders, every
event of whole seeded games has a line for the table and for every seat (its own events in
the second person, never by its own name), and the table, standings, results and lobby read
well in both languages."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from bot.records import GameSettings
from cogs.catan import events, texts
from cogs.catan.ui import UI
from rules.catan.game import GAME

from .helpers import CATALOG, playout, record, seats

LOCALES = Path(__file__).resolve().parents[3] / "cogs/catan/locales"
FILES = ("discord.json", "commands.json")


def names(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("name", FILES)
def test_both_languages_have_the_same_keys_and_placeholders(name: str) -> None:
    en, es = (json.loads((LOCALES / lang / name).read_text("utf-8")) for lang in ("en", "es"))
    assert sorted(en) == sorted(es)
    for key in en:
        assert key.startswith("catan." if name == "discord.json" else "commands.catan."), key
        assert en[key].strip() and es[key].strip(), key
        assert names(en[key]) == names(es[key]), key


@pytest.mark.parametrize(("players", "seed"), [(3, 31), (4, 32)])
def test_every_event_has_a_line_for_everyone_in_their_own_person(players: int,
                                                                 seed: int) -> None:
    seen: set[str] = set()
    for rec, happened in playout(players, seed):
        for event in happened:
            public = event.visible_to(None)
            for lang in ("en", "es"):
                line = events.line(public, rec.seats, CATALOG, lang)
                assert line is not None, public
                seen.add(public["type"])
                for seat in rec.seats:
                    mine = event.visible_to(seat.id)
                    text = events.line(mine, rec.seats, CATALOG, lang, viewer=seat.id)
                    assert text, mine
                    me = texts.seat(seat.id, rec.seats, CATALOG, lang)
                    if seat.id in (mine.get("seat"), *(mine.get(k) for k in events.OTHERS)):
                        assert me not in text, (lang, mine, text)
    assert {"rolled", "produced", "built", "trade_offered", "progress_played"} <= seen


def test_the_platform_notes_have_lines() -> None:
    table = seats(3)
    for kind in ("timeout", "seat_away", "seat_back", "player_left"):
        note = {"type": kind, "player": "p2"}
        assert "bo" in (events.line(note, table, CATALOG, "en") or "")
        assert "bo" not in (events.line(note, table, CATALOG, "es", viewer="p2") or "bo")


def test_lobby_options_and_choices() -> None:
    rec = record(GAME.new_game(["p1", "p2", "p3"], GAME.options({}), 1), 3)
    rec = rec.model_copy(update={"status": "lobby", "settings": GameSettings(
        options={"layout": "random", "points": 15})})
    assert UI.option_lines(rec, CATALOG, "es") == ["Tablero al azar · 15 puntos para ganar"]
    layout, points = UI.lobby_selects(rec, CATALOG, "en")
    assert [o.value for o in layout.options if o.default] == ["random"]
    assert [o.value for o in points.options if o.default] == ["15"]
    assert [o.value for o in points.options] == [str(n) for n in range(10, 21)]
    assert UI.lobby_choice(rec, "points", ["12"]) == {"layout": "random", "points": 12}
    assert UI.lobby_choice(rec, "points", ["9"]) is None
    assert UI.lobby_choice(rec, "layout", ["hexagon"]) is None
    assert UI.lobby_choice(rec, "layout", ["beginner", "random"]) is None


def test_the_result_names_every_source_of_points() -> None:
    *_, (rec, _) = playout(4, 6)
    assert GAME.is_over(rec.state)
    result = GAME.result(rec.state)
    assert result is not None
    for lang in ("en", "es"):
        embed = UI.final(rec, CATALOG, lang)
        assert len(embed.fields) == 4
        text = "\n".join(f"{f.name}\n{f.value}" for f in embed.fields)
        for seat, parts in result.breakdown.items():
            field = next(f for f in embed.fields
                         if texts.seat(seat, rec.seats, CATALOG, lang) in (f.name or ""))
            assert f"· {result.scores[seat]} " in (field.name or "")
            shown = sum(int(part.rsplit(" ", 1)[1]) for part in (field.value or "").split(" · ")
                        if part[-1].isdigit())
            assert shown == sum(parts.values()) == result.scores[seat], (field.value, parts)
        assert text
