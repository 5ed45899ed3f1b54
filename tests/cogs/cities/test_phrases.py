"""Each scoring-card template and objective names its own text (rules/cities/phrases.py): the
interface says any of them with no code of its own, so a new one needs only its class and its
texts (a test-only template here proves it)."""

from __future__ import annotations

import inspect
from typing import ClassVar

import pytest

from bot.i18n import Catalog
from cogs.cities import texts
from rules.cities import data, templates
from rules.cities.hood import Grid
from rules.cities.objectives import OBJECTIVES
from rules.cities.phrases import Phrase
from rules.cities.templates import TEMPLATES, Template

CATALOG = Catalog.load()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_card_and_objective_of_the_set_reads_as_a_phrase(lang: str) -> None:
    parts = data.component_set(data.DEFAULT)
    said = [texts.rule_text(card.rule.name, card.rule.model_dump(), CATALOG, lang)
            for card in parts.cards.values()]
    said += [texts.objective_text(parts, board_id, goal.id, CATALOG, lang)
             for board_id, board in parts.boards.items() for goal in board.objectives]
    assert len(said) >= 50  # 32 cards, 8 boards of 3 objectives
    assert all(text and "{" not in text and "rule." not in text for text in said)


def test_the_interface_names_no_template_or_objective() -> None:
    source = inspect.getsource(texts)
    assert not [name for name in [*TEMPLATES, *OBJECTIVES] if f'"{name}"' in source]


class Fountains(Template):
    """A test-only template: fountains, counted as the grid's monuments."""

    name: ClassVar[str] = "fountains"
    least: int = 1

    def count(self, grid: Grid) -> int:
        return 0

    def phrase(self) -> Phrase:
        return ("rule.fountains", {"k": self.least})


def test_a_new_template_needs_its_class_and_its_texts_only(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setitem(templates.TEMPLATES, "fountains", Fountains)
    tables = {lang: dict(table) for lang, table in CATALOG.tables.items()}
    tables["en"]["cities.rule.fountains"] = "{k:one=fountain|other=fountains}"
    tables["es"]["cities.rule.fountains"] = "{k:one=fuente|other=fuentes}"
    catalog = Catalog(tables)
    assert texts.rule_text("fountains", {"least": 2}, catalog, "en") == "2 fountains"
    assert texts.rule_text("fountains", {"least": 1}, catalog, "es") == "1 fuente"
