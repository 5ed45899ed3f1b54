"""A lobby's selects and the host's choice, from the game's Options (cogs/kit/lobby.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import Catalog
from cogs.kit import lobby
from rules.catan.state import Options as CatanOptions
from tests.games.bids import registered
from tests.games.bids.rules import BidsOptions


@pytest.fixture(scope="module")
def catalog() -> Iterator[Catalog]:
    with registered():
        yield Catalog.load()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_range_is_offered_the_current_value_chosen(catalog: Catalog, lang: str) -> None:
    [select] = lobby.selects(BidsOptions, {"rounds": 3}, ("rounds",), "bids.", catalog, lang)
    assert select.name == "rounds"
    assert [o.value for o in select.options] == ["1", "2", "3", "4"]
    assert [o.value for o in select.options if o.default] == ["3"]
    assert select.options[1].label == catalog.text("bids.lobby.rounds.option", lang, value=2)
    assert select.placeholder == catalog.text("bids.lobby.rounds", lang)


def test_a_literal_a_range_and_a_switch_of_another_game() -> None:
    assert lobby.values(CatanOptions, "layout") == ("beginner", "random")
    assert lobby.values(CatanOptions, "points") == tuple(range(10, 21))
    assert lobby.values(CatanOptions, "keep_harbours") == (False, True)


def test_the_hosts_choice_is_kept_only_when_the_options_validate() -> None:
    fields = ("rounds",)
    assert lobby.choice(BidsOptions, {"rounds": 3}, fields, "rounds", ["2"]) == {"rounds": 2}
    assert lobby.choice(BidsOptions, {"rounds": 3}, fields, "rounds", ["9"]) is None
    assert lobby.choice(BidsOptions, {"rounds": 3}, fields, "rounds", ["1", "2"]) is None
    assert lobby.choice(BidsOptions, {"rounds": 3}, fields, "colour", ["2"]) is None


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_values_own_name_and_a_fields_option_text(catalog: Catalog, lang: str) -> None:
    """Catan names its layouts (catan.layout.<value>) and words a points option with
    {points}: the kit's selects read both."""
    layout, points = lobby.selects(CatanOptions, {"layout": "random"}, ("layout", "points"),
                                   "catan.", catalog, lang)
    assert [o.label for o in layout.options] == [
        catalog.text(f"catan.layout.{k}", lang) for k in ("beginner", "random")]
    assert [o.value for o in layout.options if o.default] == ["random"]
    assert points.options[3].label == catalog.text("catan.lobby.points.option", lang,
                                                   points=13)
    assert [o.value for o in points.options if o.default] == ["13"]
