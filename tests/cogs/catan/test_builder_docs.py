"""docs/pictures' trade builder is the bot's own (python -m bench.trade_builder writes it): the
builder opened, a card a click, the bank's rate and trade, Counter on the offer turned round,
in English and Spanish."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.trade_builder import walkthrough

from .helpers import CATALOG

DOCS = Path(__file__).parents[3] / "docs" / "pictures"
SEEN = {"en": ("**You give:** 4 🧱 Brick", "🏦 The bank takes 4 🧱 Brick", "[🔁 Counter…]",
               "**You ask for:** 1 🧱 Brick", "(+ 🧱 Brick)"),
        "es": ("**Das:** 4 🧱 Arcilla", "🏦 La banca toma 4 🧱 Arcilla", "[🔁 Contraoferta…]",
               "**Pides:** 1 🧱 Arcilla", "(+ 🧱 Arcilla)")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_docs_show_the_builder_as_the_bot_draws_it(lang: str) -> None:
    drawn = walkthrough(CATALOG, lang, 3)
    for text in SEEN[lang]:
        assert text in drawn, text
    written = (DOCS / f"catan-trade-builder-{lang}.txt").read_text(encoding="utf-8")
    assert written == drawn, "docs/pictures is out of date: python -m bench.trade_builder"
