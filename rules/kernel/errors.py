"""The errors an engine raises: the platform's own classes (rules/game.py declares them with
the interface), named here so an engine takes everything it shares from the kernel."""

from rules.game import IllegalAction, InvalidOptions

__all__ = ["IllegalAction", "InvalidOptions"]
