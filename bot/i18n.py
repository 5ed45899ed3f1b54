"""Message catalogs: every text a Discord user reads comes from `bot/locales/<language>/*.json`
and, for each registered game, from `locales/<language>/*.json` in its UI package.

Each language is a folder of JSON files merged into one flat table, so areas of the bot (core,
table, panels, each game...) keep their texts apart; a key defined twice in one language is an
error.

A text never types a command's name: it names the command in English between braces,
`{/catan new}`, and the catalog writes it as the commands are registered in the text's language
(`/catan nueva`), from the same `commands.*.name` keys the command translator reads.
"""

from __future__ import annotations

import importlib.util
import json
import re
import string
from collections.abc import Iterable
from pathlib import Path

import discord

from rules import registry

LOCALES_DIR = Path(__file__).parent / "locales"


class Catalog:
    """Flat `key -> text` tables per language, with `str.format` placeholders."""

    def __init__(self, tables: dict[str, dict[str, str]], default: str = "en") -> None:
        if default not in tables:
            raise ValueError(f"no catalog for default language {default!r}")
        english = tables.get("en", tables[default])  # commands are registered in English
        self.tables = {lang: named_commands(table, english) for lang, table in tables.items()}
        self.default = default
        # Every text looks its language up, a few dozen per click: the few locales seen, once.
        self._languages: dict[discord.Locale | str, str] = {}

    @classmethod
    def load(cls, default: str = "en", directory: Path = LOCALES_DIR,
             extra: Iterable[Path] | None = None) -> Catalog:
        """The catalogs in `directory` and `extra` (by default: every registered game's)."""
        if extra is None:
            extra = game_locale_dirs() if directory == LOCALES_DIR else ()
        tables: dict[str, dict[str, str]] = {}
        folders = [p for d in (directory, *extra) for p in sorted(d.iterdir()) if p.is_dir()]
        for folder in folders:
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
        known = self._languages.get(locale)
        if known is not None:
            return known
        code = str(locale.value if isinstance(locale, discord.Locale) else locale)
        language = code.split("-")[0].lower()
        language = language if language in self.tables else self.default
        if len(self._languages) < 256:  # Discord's locales are a few dozen; any text is kept out
            self._languages[locale] = language
        return language

    def text(
        self, key: str, locale: discord.Locale | str | None = None, /, **params: object
    ) -> str:
        table = self.tables[self.language_of(locale)]
        template = table.get(key) or self.tables[self.default].get(key)
        if template is None:
            raise KeyError(f"missing catalog key {key!r}")
        if not params:
            return template
        if PLURAL not in template:  # str.format in C; the Formatter only for a plural spec
            return template.format(**params)
        return _Plural(self.language_of(locale)).format(template, **params)

    def plural(self, key: str, locale: discord.Locale | str | None, number: int,
               **params: object) -> str:
        """The text of `key` in the plural form `number` takes in the language: the catalog
        holds `key.one` and `key.other` ("1 game" / "2 games"; "1 partida" / "2 partidas")."""
        form = plural_form(self.language_of(locale), number)
        return self.text(f"{key}.{form}", locale, **params)

    def placeholders(self, key: str, language: str) -> set[str]:
        """Names of the `{placeholders}` a text uses; catalogs must agree on them."""
        return {
            name for _, name, _, _ in string.Formatter().parse(self.tables[language][key]) if name
        }


COMMAND = re.compile(r"\{/([a-z]+)((?: [a-z_-]+)*)\}")  # {/catan new}, {/catan}


def named_commands(table: dict[str, str], english: dict[str, str]) -> dict[str, str]:
    """`table` with each `{/group sub}` written as that language's command names. A name no
    command has is an error, so a text cannot name a command that does not exist."""
    def name(scope: str, word: str) -> str:
        for key in (f"commands.{scope}.{word}.name", f"commands.{word}.name"):
            if key in english:
                return table.get(key) or english[key]
        # a key named otherwise than its command ("forget" for "forget-me"): by English name
        for key in (k for k, v in english.items() if v == word and k.endswith(".name")
                    and k.count(".") == 2):
            return table.get(key) or english[key]
        raise ValueError(f"no command named {word!r} under /{scope}")

    def written(match: re.Match[str]) -> str:
        group = f"commands.{match[1]}.name"
        if group not in english:
            raise ValueError(f"no command group named {match[1]!r}")
        words = [name(match[1], word) for word in match[2].split()]
        return "/" + " ".join([table.get(group) or english[group], *words])

    return {key: COMMAND.sub(written, text) if "{/" in text else text
            for key, text in table.items()}


PLURAL = "other="  # in every plural spec ("{n:one=...|other=...}")


class _Plural(string.Formatter):
    """`str.format`, plus a plural spec for a number inside a text: "{amount:one=moneda de
    oro|other=monedas de oro}" gives "1 moneda de oro" / "3 monedas de oro" (the language's
    CLDR form, from `plural_form`)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: object, format_spec: str) -> object:
        if "=" not in format_spec:
            return super().format_field(value, format_spec)
        forms = dict(part.split("=", 1) for part in format_spec.split("|"))
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):  # "?" or "3-5": the plural
            return f"{value} {forms['other']}"
        return f"{value} {forms.get(plural_form(self.language, value), forms['other'])}"


def plural_form(language: str, number: int) -> str:
    """CLDR's plural category of a whole number in English and Spanish: "one" for 1, else
    "other" (both languages' rules agree for whole numbers under a million)."""
    return "one" if number == 1 else "other"


def game_locale_dirs() -> list[Path]:
    """The `locales` folder of every registered game's UI package that has one (found without
    importing the package, so loading texts never starts a game's Discord code)."""
    found = []
    for game_id in registry.games():
        ui = registry.entry(game_id).ui
        spec = importlib.util.find_spec(ui) if ui else None
        for root in (spec.submodule_search_locations or []) if spec else []:
            if (Path(root) / "locales").is_dir():
                found.append(Path(root) / "locales")
    return found
