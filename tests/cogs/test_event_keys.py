"""One convention for event keys in every game's catalogs (issue 43): an event's line is
`<game>.event.<type>`, told in its reader's person `<game>.event.you.<type>` (the seat that
acted), `.to_you.` (the seat it was done to) or `.you_own.` (both), and each such form is a form
of a line the catalog has in the third person."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.i18n import game_locale_dirs

PERSONS = ("you", "to_you", "you_own")


def wrong_keys(keys: set[str], game: str) -> list[str]:
    """The event keys of `game` that name a person elsewhere than right after `event`, or whose
    third-person line is missing."""
    def wrong(parts: list[str]) -> bool:
        misplaced = any(p in PERSONS for p in parts[3:])
        return misplaced or (parts[2] in PERSONS
                             and ".".join([game, "event", *parts[3:]]) not in keys)

    return [key for key in sorted(keys)
            if (parts := key.split("."))[:2] == [game, "event"] and len(parts) > 2
            and wrong(parts)]


def catalogs() -> list[tuple[str, str, set[str]]]:
    found = []
    for root in game_locale_dirs():
        for lang_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            keys: set[str] = set()
            for path in lang_dir.glob("*.json"):
                keys |= set(json.loads(Path(path).read_text("utf-8")))
            found.append((root.parent.name, lang_dir.name, keys))
    return found


@pytest.mark.parametrize(("game", "lang", "keys"), catalogs(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_event_keys_follow_one_convention(game: str, lang: str, keys: set[str]) -> None:
    assert any(k.startswith(f"{game}.event.you.") for k in keys), "no second-person line"
    assert wrong_keys(keys, game) == []


def test_the_check_finds_a_key_of_another_convention() -> None:
    keys = {"g.event.took", "g.event.took.you", "g.event.you.built", "g.event.you.rolled",
            "g.event.rolled", "g.event.you.built.one"}
    assert wrong_keys(keys, "g") == ["g.event.took.you", "g.event.you.built",
                                     "g.event.you.built.one"]
