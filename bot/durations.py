"""Turn limits as people read them: "45 min", "2 h 30 min", "3 days"; the limits offered."""

from __future__ import annotations

from bot.i18n import Catalog

HOUR = 60
DAY = 24 * HOUR
# The limits a command's autocomplete offers (minutes), from a quick game to play by post.
OFFERED = (1, 2, 3, 5, 10, 15, 30, HOUR, 2 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY)


def duration(minutes: int, catalog: Catalog, lang: str) -> str:
    """`minutes` in the largest whole units that say it exactly, at most two of them."""
    days, rest = divmod(minutes, DAY)
    hours, mins = divmod(rest, HOUR)
    parts = [catalog.plural(f"duration.{unit}", lang, n, count=n)
             for unit, n in (("days", days), ("hours", hours), ("minutes", mins)) if n]
    return " ".join(parts[:2]) or catalog.plural("duration.minutes", lang, 0, count=0)


def offered(current: str, catalog: Catalog, lang: str, *, most: int) -> list[tuple[str, int]]:
    """Limits to offer while someone types `current` (digits or part of a name): (name,
    minutes), at most 25, none above `most`; a number typed that is none of them comes first."""
    typed = current.strip().lower()
    choices = [(duration(m, catalog, lang), m) for m in OFFERED if m <= most]
    found = [c for c in choices if typed in c[0].lower() or typed == str(c[1])]
    if typed.isdigit() and 0 < int(typed) <= most and int(typed) not in OFFERED:
        found.insert(0, (duration(int(typed), catalog, lang), int(typed)))
    return found[:25]
