"""Catalogs and command localization."""

from __future__ import annotations

import json
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

import rules.citadels
from bot.command_translator import CatalogTranslator
from bot.i18n import Catalog, plural_form


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load()


def test_catalogs_have_the_same_keys_and_placeholders(catalog: Catalog):
    assert catalog.languages == ["en", "es"]
    assert set(catalog.tables["en"]) == set(catalog.tables["es"])
    for key in catalog.tables["en"]:
        assert catalog.placeholders(key, "en") == catalog.placeholders(key, "es"), key
        assert catalog.tables["es"][key].strip(), key


@pytest.mark.parametrize(
    ("locale", "language"),
    [(discord.Locale.spain_spanish, "es"), ("es-419", "es"), ("en-GB", "en"), ("fr", "en"),
     (None, "en")],
)
def test_language_of_a_locale(catalog: Catalog, locale, language: str):
    assert catalog.language_of(locale) == language


def test_text_formats_and_falls_back(catalog: Catalog):
    assert catalog.text("errors.cooldown", "es-ES", seconds=2) == (
        "Más despacio: inténtalo de nuevo en 2 s."
    )
    spanish_default = Catalog(catalog.tables, default="es")
    assert spanish_default.text("citadels.help.title", "de") == "Cómo se juega"
    with pytest.raises(KeyError):
        catalog.text("no.such.key", "en")


async def test_translator_answers_spanish_locales_only(catalog: Catalog):
    translator = CatalogTranslator(catalog)
    name = app_commands.locale_str("citadels", key="commands.citadels.name")
    context = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    assert await translator.translate(name, discord.Locale.latin_american_spanish,
                                      context) == "ciudadelas"
    assert await translator.translate(name, discord.Locale.american_english, context) is None
    assert await translator.translate(name, discord.Locale.french, context) is None
    untranslated = app_commands.locale_str("plain")
    assert await translator.translate(untranslated, discord.Locale.spain_spanish, context) is None


@pytest.mark.parametrize(("number", "english", "spanish"), [
    (0, "0 games", "0 partidas"), (1, "1 game", "1 partida"), (2, "2 games", "2 partidas"),
    (21, "21 games", "21 partidas")])
def test_plural_forms_come_from_the_catalog(number: int, english: str, spanish: str) -> None:
    catalog = Catalog.load()
    assert plural_form("en", number) == plural_form("es", number) == (
        "one" if number == 1 else "other")
    assert f"over {english} (" in catalog.plural("history.stats.ordinal", "en-US", number,
                                                  rating="3.0", games=number)
    assert f"en {spanish} (" in catalog.plural("history.stats.ordinal", "es-ES", number,
                                                rating="3.0", games=number)


# Texts whose Spanish is rightly the English: names, and a unit both languages abbreviate.
SAME_IN_SPANISH = {
    "commands.new.language.en",  # "English": a language names itself in the menu
    "commands.new.language.es",  # "Español"
    "duration.minutes.one",  # "{count} min": the abbreviation is the same
    "duration.minutes.other",
    "commands.catan.name",  # "catan", the game's name in both
    "catan.progress.inventor",  # "Inventor", the card's Spanish name
}
SAME_NAMES = {"noble", "Hospital"}  # the rulebook's Spanish: "noble", "Hospital"


def words(text: str) -> str:
    """The words of a text, without its placeholders, markup, emoji and numbers."""
    text = re.sub(r"\{[^}]*\}|<[^>]*>", " ", text)
    return " ".join(re.findall(r"[^\W\d_]{2,}", text))


def test_no_english_left_in_the_spanish_catalog(catalog: Catalog):
    same = {key for key, text in catalog.tables["en"].items()
            if catalog.tables["es"][key] == text and words(text)}
    assert same == SAME_IN_SPANISH


def test_no_english_left_in_the_spanish_card_names():
    same = set()
    for path in (Path(rules.citadels.__file__).parent / "data").glob("*.json"):
        stack = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if "en" in item and "es" in item and item["en"] == item["es"]:
                    same.add(item["en"])
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
    assert same == SAME_NAMES


def test_the_english_check_can_fail(catalog: Catalog):
    assert words("**{name}** — {total} 💤") == ""
    assert words("Haunted City: {type}") == "Haunted City"


@pytest.mark.parametrize(("amount", "spanish"), [(1, "Ana roba 1 moneda de oro a Bo"),
                                                 (3, "Ana roba 3 monedas de oro a Bo")])
def test_a_number_takes_its_plural_inside_a_text(amount: int, spanish: str) -> None:
    """Spanish counts gold as the rulebook does ("Monedas de oro"), in the number's form."""
    catalog = Catalog({"en": {"k": "{name} takes {amount} gold"},
                       "es": {"k": "{name} roba {amount:one=moneda de oro|other=monedas de oro}"
                                   " a Bo"}})
    assert catalog.text("k", "es", name="Ana", amount=amount) == spanish
    assert catalog.text("k", "en", name="Ana", amount=amount) == f"Ana takes {amount} gold"
    assert catalog.placeholders("k", "es") == catalog.placeholders("k", "en")
