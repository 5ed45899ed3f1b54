"""Citadels' options in the lobby: the host's selects and what each choice makes of them."""

from __future__ import annotations

import pytest

from bot.records import GameRecord, GameSettings
from cogs.citadels.cog import Citadels
from cogs.citadels.lobby import lobby_choice, lobby_selects
from rules.citadels import cast, extend
from rules.citadels.cards import RANK_CHOICES
from rules.citadels.powers import Power
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


JESTER = {"id": "jester", "rank": 9, "income": None, "emoji": "🃏",
          "name": {"en": "Jester", "es": "Bufón"}, "text": {"en": "Nothing.", "es": "Nada."}}


def test_the_ninth_character_s_choices_are_the_data_s_rank_nine() -> None:
    """`/citadels new`'s rank9 and the lobby's ninth select offer rank 9 of the game's data:
    a character added there is offered and taken with no edit in cogs/citadels."""
    [rank9] = [s for s in Citadels.new_shapes if s.param.name == "rank9"]
    assert rank9.choices == ("none", *RANK_CHOICES[9]) and "queen" in rank9.choices
    with extend.added(JESTER, Power()):
        selects = {s.name: s for s in lobby_selects(lobby(), catalog(), "es")}
        assert [o.value for o in selects["ninth"].options] == ["none", "artist", "queen",
                                                                "jester"]
        assert "Bufón" in selects["ninth"].options[-1].label
        chosen = lobby_choice(lobby(), "ninth", ["jester"])
        assert chosen == {"rank9": "jester"} and Options.model_validate(chosen).rank9 == "jester"
    assert lobby_choice(lobby(), "ninth", ["jester"]) is None
