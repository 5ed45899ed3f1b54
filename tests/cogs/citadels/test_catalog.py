"""The Citadels catalogs (cogs/citadels/locales): every key carries the game's prefix, as
Catan's carry `catan.`, so no key of a game can meet another game's or the platform's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "cogs/citadels/locales").glob("*/*.json"))
# Slash-command localizations live under the translator's `commands.` (the platform's own
# are `commands.new.*`, `commands.hand.*`...), a game's own under `commands.<game>.`.
PREFIXES = ("citadels.", "commands.citadels.")


def test_both_languages_have_the_same_files() -> None:
    names = {path.parent.name: {p.name for p in FILES if p.parent == path.parent}
             for path in FILES}
    assert set(names) == {"en", "es"} and names["en"] == names["es"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_key_carries_the_game_prefix(path: Path) -> None:
    keys = json.loads(path.read_text("utf-8"))
    assert keys
    assert [k for k in keys if not k.startswith(PREFIXES)] == []
