"""The Catan catalogs (cogs/catan/locales): both languages name the same things, and every id
the rules data names has a text in both."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LOCALES_DIR, Catalog
from rules.catan import layout

ROOT = Path(__file__).resolve().parents[3]
LOCALES = ROOT / "cogs/catan/locales"
DATA = ROOT / "rules/catan/data"
LANGS = ("en", "es")


def catalog(lang: str) -> dict[str, str]:
    table: dict[str, str] = json.loads((LOCALES / lang / "catan.json").read_text("utf-8"))
    return table


def board_keys(data: dict[str, Any]) -> Iterator[str]:
    yield from (f"catan.terrain.{t}" for t in data["terrains"])
    for kind, spec in data["harbours"].items():
        yield f"catan.harbour.{kind}"
        if spec["resource"]:
            yield f"catan.resource.{spec['resource']}"


def card_keys(card: str) -> Iterator[str]:
    yield f"catan.progress.{card}"
    yield f"catan.progress.{card}.text"


def rules_keys(data: dict[str, Any]) -> Iterator[str]:
    """rules.json (the engine helper's file): resources, commodities, terrains and what they
    yield, pieces, builds, tracks and their levels, VP sources, event die, decks and cards."""
    goods = {**{r: "resource" for r in data["resources"]},
             **{c: "commodity" for c in data["commodities"]}}
    yield from (f"catan.{kind}.{name}" for name, kind in goods.items())
    for terrain, yields in data["terrain_yield"].items():
        yield f"catan.terrain.{terrain}"
        yield from (f"catan.{goods[g]}.{g}" for cards in yields.values() for g in cards)
    yield from (f"catan.piece.{piece}" for piece in data["pieces"])
    for build, cost in data["costs"].items():
        yield f"catan.build.{build}"
        yield from (f"catan.{goods[g]}.{g}" for g in cost)
    for track, commodity in data["improvements"].items():
        yield f"catan.track.{track}"
        yield f"catan.commodity.{commodity}"
        yield f"catan.metropolis.{track}"
        yield f"catan.improvement.{track}.ability"
        yield from (f"catan.improvement.{track}.{k}" for k in range(1, data["max_level"] + 1))
    yield from (f"catan.vp.{source}" for source in data["vp"])
    yield from (f"catan.event_die.{face}" for face in data["event_faces"])
    for deck, cards in data["decks"].items():
        yield f"catan.deck.{deck}"
        yield f"catan.track.{deck}"
        for card in cards:
            yield from card_keys(card)
    for card in data["vp_cards"]:
        yield from card_keys(card)


def progress_keys(data: dict[str, Any]) -> Iterator[str]:
    """progress.json: the cards it sets numbers for, and the terrains Irrigation/Mining read."""
    for card, spec in data.items():
        if card.startswith("_"):
            continue
        yield from card_keys(card)
        if "terrain" in spec:
            yield f"catan.terrain.{spec['terrain']}"


# One reader per data file: a new file must say which of its ids players read.
NAMED_IDS: dict[str, Callable[[dict[str, Any]], Iterator[str]]] = {
    "board.json": board_keys,
    "rules.json": rules_keys,
    "progress.json": progress_keys,
}


def test_both_languages_have_the_same_keys() -> None:
    en, es = catalog("en"), catalog("es")
    assert sorted(en) == sorted(es)
    for key in en:
        assert key.startswith("catan."), key
        assert en[key].strip() and es[key].strip(), key
        assert Catalog({"en": en}).placeholders(key, "en") == Catalog(
            {"en": es}).placeholders(key, "en"), key


def test_most_texts_are_translated() -> None:
    en, es = catalog("en"), catalog("es")
    same = {key for key in en if en[key] == es[key]}
    assert same <= {"catan.progress.inventor"}, sorted(same)  # "Inventor" in both


@pytest.mark.parametrize("path", sorted(DATA.glob("*.json")), ids=lambda p: p.name)
def test_every_named_id_in_the_data_has_a_text(path: Path) -> None:
    assert path.name in NAMED_IDS, f"say which ids of {path.name} players read"
    keys = set(NAMED_IDS[path.name](json.loads(path.read_text("utf-8"))))
    assert keys
    for lang in LANGS:
        assert not keys - catalog(lang).keys(), (lang, sorted(keys - catalog(lang).keys()))


def test_board_names_cover_the_layout_module() -> None:
    """Every terrain, harbour type, knight level and improvement level the board can show."""
    keys = {f"catan.terrain.{t}" for t in layout.TERRAINS}
    keys |= {f"catan.harbour.{h}" for h in layout.HARBOUR_TYPES}
    keys |= {f"catan.knight.{level}" for level in (1, 2, 3)}
    for lang in LANGS:
        assert keys <= catalog(lang).keys()


def test_the_catalogs_load_beside_the_other_games() -> None:
    """The bot merges every game's catalogs into one table per language: no key may clash."""
    citadels = ROOT / "cogs/citadels/locales"
    loaded = Catalog.load(directory=LOCALES_DIR, extra=[citadels, LOCALES])
    assert loaded.text("catan.terrain.fields", "es-ES") == "Sembrado"
    assert loaded.text("catan.progress.spy", "en-US") == "Spy"
