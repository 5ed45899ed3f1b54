"""What a scoring card's template or an objective says, as a catalog key and its parameters:
each item of the vocabulary names its own text (`Template.phrase`, `Objective.phrase`), so a new
one needs its class and its texts, and no interface learns it. A parameter may itself be a
phrase (a building's height inside its sentence); the empty phrase says nothing."""

from __future__ import annotations

from typing import TypeAlias

from .hood import MAX_HEIGHT

Word: TypeAlias = "int | str | Phrase"
Phrase: TypeAlias = "tuple[str, dict[str, Word]]"

NOTHING: Phrase = ("", {})


def height(hmin: int, hmax: int) -> Phrase:
    """A height range as a building's sentence says it ("of height 2 or more")."""
    if hmin == hmax == MAX_HEIGHT:
        return ("rule.height.top", {"h": hmin})
    if hmin == hmax:
        return ("rule.height.exactly", {"h": hmin})
    if hmax >= MAX_HEIGHT and hmin > 1:
        return ("rule.height.min", {"h": hmin})
    if hmin <= 1 and hmax < MAX_HEIGHT:
        return ("rule.height.max", {"h": hmax})
    if hmin > 1:
        return ("rule.height.between", {"low": hmin, "high": hmax})
    return NOTHING


def size(smin: int, smax: int | None) -> Phrase:
    """A zone's size range ("of 3 or more spaces"); nothing for any size."""
    if smax is not None:
        if smin == smax:
            return ("rule.size.exactly", {"n": smin})
        return ("rule.size.between", {"low": smin, "high": smax})
    return ("rule.size.min", {"n": smin}) if smin > 1 else NOTHING
