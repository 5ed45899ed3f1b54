"""The one exception the engine raises for a move it refuses: the platform's own (the kernel's)."""

from rules.kernel.errors import IllegalAction

__all__ = ["IllegalAction"]
