"""The one exception the engine raises for a move it refuses: the platform's own."""

from rules.game import IllegalAction

__all__ = ["IllegalAction"]
