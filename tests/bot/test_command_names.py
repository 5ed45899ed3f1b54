"""A text names a command as `{/catan new}`, never by typing it: the catalog writes it as the
command is registered in the text's language (`/catan nueva` for a Spanish client), in every
help and every message of every game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.i18n import Catalog
from rules import registry

ROOT = Path(__file__).parents[2]
CATALOG = Catalog.load()
LANGS = ("en", "es")


def raw_texts() -> list[tuple[str, str, str]]:
    """(file, key, text) of every catalog file, as written (before commands are named)."""
    files = [*ROOT.glob("bot/locales/*/*.json"), *ROOT.glob("cogs/*/locales/*/*.json")]
    return [(str(path.relative_to(ROOT)), key, text) for path in sorted(files)
            for key, text in json.loads(path.read_text(encoding="utf-8")).items()]


def command_names(lang: str) -> dict[str, set[str]]:
    """Each game's command group name in `lang`, with the names of the commands under it."""
    table = CATALOG.tables[lang]
    shared = {v for k, v in table.items() if re.fullmatch(r"commands\.[a-z_-]+\.name", k)}
    return {table[f"commands.{game}.name"]: shared | {
        v for k, v in table.items() if re.fullmatch(rf"commands\.{game}\.[a-z_-]+\.name", k)}
        for game in registry.games()}


def test_no_text_types_a_command_name() -> None:
    groups = {name for lang in LANGS for name in command_names(lang)}
    typed = re.compile(rf"(?<![{{\w])/({'|'.join(groups)})\b")
    bare = {name for lang in LANGS for names in command_names(lang).values() for name in names}
    found = [(f, k) for f, k, text in raw_texts() if typed.search(text)]
    found += [(f, k) for f, k, text in raw_texts() if not k.startswith("commands.")
              and any(w in bare for w in re.findall(r"`([^`/{}\s]+)`", text))]
    assert not found


@pytest.mark.parametrize("lang", LANGS)
def test_every_named_command_is_written_as_the_language_registers_it(lang: str) -> None:
    names = command_names(lang)
    mention = re.compile(r"(?<![\w])/(\S+) ([^\s`,.;:)]+)")
    checked = 0
    for key, text in CATALOG.tables[lang].items():
        if key.startswith("commands."):
            continue
        for group, command in mention.findall(text):
            if group in names:
                assert command in names[group], (key, group, command)
                checked += 1
    assert checked >= 40  # the helps of the three games name most of their commands


def test_spanish_helps_name_the_spanish_commands() -> None:
    for game in registry.games():
        help_text = CATALOG.text(f"{game}.help.body", "es")
        group = CATALOG.tables["es"][f"commands.{game}.name"]
        assert f"/{group} nueva" in help_text and f"/{group} new" not in help_text
        assert f"/{group} mano" in help_text and f"/{group} hand" not in help_text


def test_a_text_naming_no_command_is_refused_when_the_catalog_loads() -> None:
    english = {"commands.catan.name": "catan", "commands.new.name": "new",
               "a": "Type {/catan new}.", "b": "Type {/catan fly}."}
    with pytest.raises(ValueError, match="fly"):
        Catalog({"en": english})
    del english["b"]
    spanish = {"commands.new.name": "nueva", "a": "Escribe {/catan new}."}
    assert Catalog({"en": english, "es": spanish}).text("a", "es") == "Escribe /catan nueva."


def test_commands_are_named_when_spanish_is_the_default_language() -> None:
    spanish_first = Catalog.load(default="es")
    assert "/ciudadelas olvídame" in spanish_first.text("citadels.help.body", "es")
