"""Message catalogs: every text a Discord user reads comes from `bot/locales/<language>/*.json`.

Each language is a folder of JSON files merged into one flat table, so areas of the bot (core,
table, panels...) keep their texts apart; a key defined twice in one language is an error.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

import discord

LOCALES_DIR = Path(__file__).parent / "locales"


class Catalog:
    """Flat `key -> text` tables per language, with `str.format` placeholders."""

    def __init__(self, tables: dict[str, dict[str, str]], default: str = "en") -> None:
        if default not in tables:
            raise ValueError(f"no catalog for default language {default!r}")
        self.tables = tables
        self.default = default

    @classmethod
    def load(cls, default: str = "en", directory: Path = LOCALES_DIR) -> Catalog:
        tables: dict[str, dict[str, str]] = {}
        for folder in sorted(p for p in directory.iterdir() if p.is_dir()):
            table = tables.setdefault(folder.name, {})
            for path in sorted(folder.glob("*.json")):
                part = json.loads(path.read_text(encoding="utf-8"))
                if twice := table.keys() & part.keys():
                    raise ValueError(f"{path}: keys defined twice: {sorted(twice)}")
                table.update(part)
        return cls(tables, default)

    @property
    def languages(self) -> list[str]:
        return sorted(self.tables)

    def language_of(self, locale: discord.Locale | str | None) -> str:
        """`es-ES` and `es-419` map to `es`; unknown locales to the default language."""
        if locale is None:
            return self.default
        code = str(locale.value if isinstance(locale, discord.Locale) else locale)
        language = code.split("-")[0].lower()
        return language if language in self.tables else self.default

    def text(
        self, key: str, locale: discord.Locale | str | None = None, /, **params: object
    ) -> str:
        table = self.tables[self.language_of(locale)]
        template = table.get(key) or self.tables[self.default].get(key)
        if template is None:
            raise KeyError(f"missing catalog key {key!r}")
        return template.format(**params) if params else template

    def placeholders(self, key: str, language: str) -> set[str]:
        """Names of the `{placeholders}` a text uses; catalogs must agree on them."""
        return {
            name for _, name, _, _ in string.Formatter().parse(self.tables[language][key]) if name
        }
