"""Events `apply` returns for the bot to narrate: the kernel's (what everyone learns, and
per-seat secrets such as a stolen card's type for the thief and the victim)."""

from rules.kernel.events import Event

__all__ = ["Event"]
