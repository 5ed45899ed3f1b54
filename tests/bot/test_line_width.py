"""A line's width on a phone as the project counts it (bot.embeds.width), and lines wrapped to
it (bot.embeds.wrap)."""

from __future__ import annotations

import pytest

from bot.embeds import PHONE, size, width, wrap


@pytest.mark.parametrize(("text", "columns"), [
    ("abc", 3),
    ("⭐", 2),            # an emoji by itself (East Asian wide)
    ("⚔️3", 3),          # a text mark made an emoji by U+FE0F
    ("🛣️4", 3),
    ("🧑‍🌾", 2),         # a sequence joined by U+200D is one emoji
    ("🇪🇸", 2),          # a flag: two regional indicators
    ("👍🏽", 2),          # a skin tone belongs to the mark before
    ("**12** ⭐", 5),     # markdown's bold shows nothing
    ("a\\_b\\*", 4),        # nor its escapes' backslashes
    ("📒3📘2📗3", 9),
    ("", 0),
])
def test_width_counts_an_emoji_as_two(text: str, columns: int) -> None:
    assert width(text) == columns


def test_wrap_breaks_between_words_within_the_limit() -> None:
    text = "🔒 The robber stays in the desert until the barbarians first attack."
    lines = wrap(text)
    assert len(lines) == 2
    assert all(width(line) <= PHONE for line in lines)
    assert lines[1].startswith("  ")
    assert " ".join(line.strip() for line in lines) == text


def test_wrap_keeps_a_bold_span_whole_and_a_short_line_as_it_is() -> None:
    lines = wrap("Turn of the player called **Maximiliano de la Cruz** now", limit=30)
    assert any("**Maximiliano de la Cruz**" in line for line in lines)
    assert wrap("short") == ["short"]
    assert wrap("") == [""]


def test_size_counts_utf16_units_ascii_or_not():
    for text, units in (("", 0), ("Gold 3", 6), ("Año ñ", 5), ("🎲 x", 4), ("👑🏰", 4),
                        ("a\u200db", 3)):
        assert size(text) == units == len(text.encode("utf-16-le")) // 2, text
