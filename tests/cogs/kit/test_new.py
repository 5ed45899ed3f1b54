"""`/<game> new` is generated from the game's Options (cogs/kit/new.py): every parameter that
names an Options field takes its range and choices from it, the platform's parameters are
there for every game, and the texts come from the catalogs in both languages."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.command_translator import CatalogTranslator
from bot.i18n import Catalog
from cogs.kit.new import PLATFORM, field_bounds, field_choices
from rules import registry
from tests.games.bids import registered


@pytest.fixture(autouse=True)
def bids() -> Iterator[None]:
    with registered():
        yield


def cog_class(game: str) -> type[Any]:
    module = importlib.import_module(f"{registry.entry(game).ui}.cog")
    return next(v for v in vars(module).values() if isinstance(v, type)
                and issubclass(v, commands.GroupCog) and getattr(v, "game_id", None) == game)


async def new_payload(game: str) -> dict[str, Any]:
    """The `new` command as the bot syncs it, translated."""
    group = cog_class(game)(object()).__cog_app_commands_group__
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await group.get_translated_payload(tree, CatalogTranslator(Catalog.load()))
    return next(o for o in payload["options"] if o["name"] == "new")


@pytest.mark.parametrize("game", ["citadels", "catan", "cities", "bids"])
def test_each_field_parameter_takes_its_range_and_choices_from_the_options(game: str) -> None:
    rules = registry.game(game)
    checked = 0
    for shape in cog_class(game).new_shapes:
        field = shape.param.sets
        if field is None:
            continue
        info = rules.Options.model_fields[field]
        if shape.bounds is not None:
            assert shape.bounds == field_bounds(info)
        if field_choices(info) and shape.param.choices is None:
            assert shape.choices == field_choices(info)
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("game", ["citadels", "catan", "cities", "bids"])
async def test_the_platform_parameters_and_both_languages(game: str) -> None:
    new = await new_payload(game)
    names = [o["name"] for o in new["options"]]
    assert names[0] == "players" and set(PLATFORM) <= set(names)
    players = new["options"][0]
    rules = registry.game(game)
    assert (players["min_value"], players["max_value"]) == (rules.min_players,
                                                             rules.max_players)
    assert new["name_localizations"]["es-ES"] == "nueva"
    catalog = Catalog.load()
    for option in new["options"]:  # every parameter is described, in English and Spanish
        assert option["description"] != "…"
        assert option["description_localizations"]["es-ES"] in catalog.tables["es"].values()


async def test_a_test_only_game_gets_its_options_as_parameters() -> None:
    """Sealed bids' one option, `rounds` (1-4), is a parameter with its range and its names,
    though its cog declares no command."""
    new = await new_payload("bids")
    rounds = next(o for o in new["options"] if o["name"] == "rounds")
    assert (rounds["type"], rounds["min_value"], rounds["max_value"]) == (4, 1, 4)
    assert rounds["name_localizations"]["es-ES"] == "rondas"


async def test_a_literal_option_offers_its_values_named_in_each_language() -> None:
    new = await new_payload("catan")
    layout = next(o for o in new["options"] if o["name"] == "layout")
    assert [c["value"] for c in layout["choices"]] == ["beginner", "random"]
    assert [c["name_localizations"]["es-ES"] for c in layout["choices"]] == [
        Catalog.load().text(f"commands.catan.new.layout.{v}", "es") for v in
        ("beginner", "random")]
