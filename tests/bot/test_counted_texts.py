"""Every counted text takes its plural in every game and both languages ("1 point", "2 points";
"1 punto", "2 puntos"): a count before a countable noun is a plural spec ("{n:one=punto|
other=puntos}"), and every such text, in messages and drawn on pictures, reads right with 0, 1
and 2."""

from __future__ import annotations

import re
import string

import pytest

from bot.i18n import Catalog

CATALOG = Catalog.load()
LANGS = ("en", "es")
# Countable nouns a count stands before, plural -> singular (Cities' own are tested in
# tests/cogs/cities/test_counts.py, with its adjectives' agreement).
NOUNS: dict[str, dict[str, str]] = {
    "en": {"points": "point", "pts": "pt", "cards": "card", "districts": "district",
           "players": "player", "roads": "road", "settlements": "settlement",
           "cities": "city", "walls": "wall", "steps": "step", "games": "game",
           "workers": "worker", "tiles": "tile", "pieces": "piece", "coins": "coin",
           "kinds": "kind", "spaces": "space", "buildings": "building", "colours": "colour",
           "rounds": "round", "turns": "turn", "knights": "knight", "items": "item"},
    "es": {"puntos": "punto", "pts": "pt", "cartas": "carta", "monedas": "moneda",
           "distritos": "distrito", "jugadores": "jugador", "carreteras": "carretera",
           "poblados": "poblado", "ciudades": "ciudad", "murallas": "muralla",
           "pasos": "paso", "partidas": "partida", "trabajadores": "trabajador",
           "losetas": "loseta", "piezas": "pieza", "tipos": "tipo", "casillas": "casilla",
           "construcciones": "construcción", "colores": "color", "rondas": "ronda",
           "turnos": "turno", "caballeros": "caballero", "elementos": "elemento"},
}
WORDS = {"type"}  # placeholders that hold a word, not a count ("{type} districts": "noble")
RANGE_BEFORE = re.compile(r"\{[a-z_]+\} (?:to|a|and|y|-|–) $")  # "{low} to {high} players"
FORMATTER = string.Formatter()


def texts(lang: str) -> dict[str, str]:
    """The texts a count may stand in (a plural form's own key, `x.one`, is its form already)."""
    return {k: v for k, v in CATALOG.tables[lang].items()
            if not k.startswith("commands.") and not re.search(r"\.(one|other)$", k)}


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_before_a_noun_is_a_plural_spec(lang: str) -> None:
    bare = []
    for key, text in texts(lang).items():
        for match in re.finditer(r"\{([a-z_]+)\} ([^\W\d_]+)\b", text):
            if (match[2] in NOUNS[lang] and match[1] not in WORDS
                    and not RANGE_BEFORE.search(text[:match.start()])):
                bare.append((key, match[0]))
    assert not bare


SPEC = re.compile(r"\{([a-z_]+):one=([^|}]*)\|other=([^}]*)\}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_text_reads_right_with_0_1_and_2(lang: str) -> None:
    singular, plural = set(NOUNS[lang].values()), set(NOUNS[lang])
    checked = 0
    for key, text in texts(lang).items():
        specs = SPEC.findall(text)
        names = {name for _, name, _, _ in FORMATTER.parse(text) if name}
        numbers = {name for name, _, _ in specs}
        for name, one, other in specs:
            assert one.split()[-1] not in plural and other.split()[-1] not in singular, key
            for value, form in ((0, other), (1, one), (2, other)):
                params = {n: (value if n == name else 7 if n in numbers else "X") for n in names}
                assert f"{value} {form}" in CATALOG.text(key, lang, **params), (key, value)
                checked += 1
    assert checked >= 150
