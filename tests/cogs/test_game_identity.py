"""Each game has its own icon on its titles and panels, and one spelling of its name per
language (Spanish writes "Catán" everywhere, never "Catan" beside it)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from bot.i18n import Catalog
from rules import registry

CATALOG = Catalog.load()
LANGS = ("en", "es")


def own_texts(game: str, lang: str) -> dict[str, str]:
    """The texts of a game's own catalog folder (cogs/<game>/locales/<lang>)."""
    folder = Path(__file__).parents[2] / "cogs" / game / "locales" / lang
    texts: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        texts.update(json.loads(path.read_text(encoding="utf-8")))
    return texts


def icon(game: str, lang: str) -> str:
    return CATALOG.text(f"{game}.title", lang).split()[0]


def bare(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word.lower())
                   if unicodedata.category(c) != "Mn")


def test_every_game_has_an_icon_of_its_own() -> None:
    for lang in LANGS:
        icons = [icon(game, lang) for game in registry.games()]
        assert all(not i.isalnum() for i in icons)
        assert len(set(icons)) == len(icons), icons


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", registry.games())
def test_titles_carry_their_games_icon_and_no_others(game: str, lang: str) -> None:
    others = {icon(g, lang) for g in registry.games() if g != game}
    titles = {k: v for k, v in own_texts(game, lang).items() if ".title" in k}
    assert titles
    for key, text in titles.items():
        assert text.split()[0] not in others if text.split() else True, (key, text)
    for key in (f"{game}.title", f"{game}.table.title", f"{game}.panel.title"):
        if key in titles:
            assert titles[key].startswith(icon(game, lang)), (key, titles[key])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", registry.games())
def test_a_game_is_spelled_one_way_in_each_language(game: str, lang: str) -> None:
    name = re.split(r"[\s:(]", CATALOG.text(f"{game}.name", lang))[0]
    words = re.compile(r"(?<![/`\w])(\w+)", re.UNICODE)
    for key, text in own_texts(game, lang).items():
        if key.startswith("commands.") and key.endswith(".name"):
            continue  # a command's name is written in lower case, without accents
        for word in words.findall(text):
            if bare(word) == bare(name):
                assert word == name, (key, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", registry.games())
def test_about_says_how_many_play_as_the_rules_do(game: str, lang: str) -> None:
    rules = registry.game(game)
    about = CATALOG.text(f"{game}.about.body", lang, low=rules.min_players,
                         high=rules.max_players)
    counts = [int(n) for n in re.findall(r"\b(\d) (?:to|a|or|o) (\d)\b", about)[0]]
    assert counts == [rules.min_players, rules.max_players], about
