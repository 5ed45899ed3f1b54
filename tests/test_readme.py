"""README's Quick start shows every registered game's demo in one line, and every picture it
links is in docs/pictures."""

from __future__ import annotations

import re
from pathlib import Path

from rules import registry

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start() -> str:
    return README.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_the_quick_start_shows_every_games_demo_in_one_line() -> None:
    lines = quick_start().splitlines()
    for game in registry.games():
        shown = [line for line in lines if f"python -m demo {game} " in line]
        assert len(shown) == 1 and "--out" in shown[0], game


def test_every_linked_picture_exists() -> None:
    linked = re.findall(r"\]\((docs/pictures/[^)]+)\)", README)
    assert len(linked) >= 10
    assert {p for p in linked if not (ROOT / p).is_file()} == set()
    for game in ("table", "catan", "cities"):  # each game's pictures, from the Quick start
        assert any(f"docs/pictures/{game}" in p for p in re.findall(r"\]\(([^)]+)\)",
                                                                   quick_start()))
