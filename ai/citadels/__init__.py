"""Citadels' computer players."""

from __future__ import annotations

from typing import Any

from ai.player import Player
from ai.player import make_player as _make

STRENGTHS: tuple[str, ...] = ("random", "basic", "expert")
STAND_IN = "basic"


def make_player(strength: str, **options: Any) -> Player:
    return _make(strength, **options)
