"""Citadels' options in the lobby: the host's selects and what each choice makes of them."""

from __future__ import annotations

import pytest

from bot.records import GameRecord, GameSettings
from cogs.citadels.lobby import lobby_choice, lobby_selects
from rules.citadels import cast
from rules.citadels.state import Options
from tests.render_helpers import catalog


def lobby(**options: object) -> GameRecord:
    return GameRecord(game="citadels", id=1, channel_id=1, host_id=1,
                      settings=GameSettings(options=options))


def test_the_selects_show_the_options_chosen_now() -> None:
    record = lobby(rank3="wizard", rank9="artist", dark_city_districts=True, leave_out=["park"])
    selects = {s.name: s for s in lobby_selects(record, catalog(), "es")}
    assert [o.value for o in selects["cast"].options if o.default] == ["wizard"]
    assert [o.value for o in selects["ninth"].options if o.default] == ["artist"]
    assert len([o for o in selects["districts"].options if o.default]) == 11
    assert selects["cast"].options[0].description == "En lugar del Asesino"
    assert all(0 < len(s.options) <= 25 for s in selects.values())


def test_each_choice_makes_options_the_engine_accepts() -> None:
    record = lobby(city_size=8)
    chosen = lobby_choice(record, "cast", ["witch", "diplomat"])
    assert chosen is not None and chosen["city_size"] == 8
    options = Options.model_validate(chosen)
    assert cast.cast(options) == ("witch", "thief", "magician", "king", "bishop", "merchant",
                                  "architect", "diplomat")
    assert lobby_choice(record, "ninth", ["none"]) == {"city_size": 8, "rank9": None}
    none = lobby_choice(record, "districts", [])
    assert none is not None and cast.deck(Options.model_validate(none)) == cast.deck(Options())


@pytest.mark.parametrize(("name", "values"), [
    ("cast", ["king"]), ("cast", ["witch", "<@1>"]), ("ninth", ["king"]),
    ("ninth", ["artist", "queen"]), ("ninth", []), ("districts", ["manor"]), ("nope", []),
])
def test_a_value_no_select_offers_is_refused(name: str, values: list[str]) -> None:
    assert lobby_choice(lobby(), name, values) is None
