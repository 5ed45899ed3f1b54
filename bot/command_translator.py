"""Localizes slash-command names, descriptions and choices from the message catalogs."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import Catalog


class CatalogTranslator(app_commands.Translator):
    """Looks up `locale_str(..., key=...)` in the catalog of the locale's language.

    English is what the commands are declared with, so only other languages are answered;
    returning None leaves Discord to show the default.
    """

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = locale.value.split("-")[0]
        if key is None or language == "en" or language not in self.catalog.tables:
            return None
        return self.catalog.tables[language].get(key)
