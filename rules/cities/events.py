"""Events `apply` returns for the bot to narrate: the kernel's (rules/kernel/events.py). Cities
keeps nothing secret from one seat only (docs/rules/cities.md §9), so no event has a private
part: every viewer sees the same thing."""

from rules.kernel.events import Event

__all__ = ["Event"]
