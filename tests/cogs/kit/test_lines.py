"""The kit's event lines (cogs/kit/lines.py): one key convention, the reader's person where the
catalog words it, defaults by field, and the platform's notes told from bot/locales unless the
game words them itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import Catalog
from bot.records import Seat
from cogs.kit.lines import Words
from tests.games.bids import registered

SEATS = [Seat(id="p1", name="ana", user_id=1), Seat(id="p2", name="bo", user_id=2)]


@pytest.fixture(scope="module")
def catalog() -> Iterator[Catalog]:
    with registered():
        yield Catalog.load()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_platform_notes_come_from_bot_locales(catalog: Catalog, lang: str) -> None:
    words = Words("bids.")  # sealed bids words none of them
    for kind in ("timeout", "seat_away", "seat_back", "player_left"):
        event = {"type": kind, "player": "p1"}
        assert words.line(event, SEATS, catalog, lang) == catalog.text(
            f"event.{kind}", lang, name="ana")
        assert words.line(event, SEATS, catalog, lang, viewer="p1") == catalog.text(
            f"event.you.{kind}", lang)


def test_a_game_that_words_a_note_itself_is_told_its_own() -> None:
    own = Catalog({"en": {"x.event.timeout": "{name} slept.", "event.timeout": "{name} ran out.",
                          "event.you.timeout": "You ran out."}})
    event = {"type": "timeout", "player": "p2"}
    assert Words("x.").line(event, SEATS, own, "en") == "bo slept."
    assert Words("x.").line(event, SEATS, own, "en", viewer="p1") == "bo slept."
    # the reader is told in their person where anyone words it: here, the platform
    assert Words("x.").line(event, SEATS, own, "en", viewer="p2") == "You ran out."
    assert Words("y.").line(event, SEATS, own, "en") == "bo ran out."


def test_the_readers_person_and_the_defaults_by_field(catalog: Catalog) -> None:
    words = Words("bids.")
    picked = {"type": "picked", "player": "p1", "prize": 7}
    assert words.line(picked, SEATS, catalog, "en") == "ana took the prize of 7."
    assert words.line(picked, SEATS, catalog, "en", viewer="p1") == "You took the prize of 7."
    assert words.line(picked, SEATS, catalog, "en", viewer="p2") == "ana took the prize of 7."
    assert words.person({"type": "x", "player": "p1", "to": "p2"}, "p2") == "to_you"
    assert words.person({"type": "x", "player": "p1", "victim": "p1"}, "p1") == "you_own"
    assert words.person({"type": "x", "seat": "p2"}, "p2") == "you"


def test_an_event_with_no_text_or_a_quiet_one_has_no_line(catalog: Catalog) -> None:
    assert Words("bids.").line({"type": "nothing_to_say", "player": "p1"}, SEATS, catalog,
                               "en") is None
    quiet = Words("bids.", quiet=("picked",))
    assert quiet.line({"type": "picked", "player": "p1", "prize": 1}, SEATS, catalog,
                      "en") is None
    assert quiet.many([{"type": "bid", "player": "p1"}, {"type": "picked", "player": "p1",
                                                          "prize": 1}],
                      SEATS, catalog, "en") == ["ana has bid."]


def test_a_declared_line_and_a_field_formatted_by_its_name(catalog: Catalog) -> None:
    words = Words("bids.", fields={"prize": lambda value, line: value * 10},
                  lines={"bid": lambda line: line.text("picked", **line.params(), prize=0)})
    picked = {"type": "picked", "player": "p2", "prize": 3}
    assert words.line(picked, SEATS, catalog, "en") == "bo took the prize of 30."
    assert words.line({"type": "bid", "player": "p2"}, SEATS, catalog, "en") == \
        "bo took the prize of 0."
