"""`/<game> defaults`, generated beside `new`: the platform's own settings of a server (turn
limit, pings, leaderboard, preset, hints, pictures) and a default for each of the game's own
parameters of `new`, with the same names, ranges, choices and texts (`cogs/kit/new.py`). The
cog's `set_defaults(interaction, given)` answers it; the values a server gives are stored as
`new` takes them (bot/defaults.py) and `new` starts from them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands

from bot import defaults as server
from bot.i18n import Catalog
from bot.records import MAX_TURN_LIMIT

from .new import PLATFORM, Built, Param

PINGS = ("each", "late", "never")


def _range(name: str, bounds: tuple[int, int], key: str) -> Built:
    return Built(Param(name, field=""), app_commands.Range[int, bounds[0], bounds[1]],
                 bounds=bounds, key=key)


SETTINGS = (
    _range("turn_limit", (0, MAX_TURN_LIMIT), "new.turn_limit"),
    Built(Param("pings", field=""), app_commands.Choice[str], choices=PINGS,
          key="defaults.pings"),
    _range("ping_after", server.PING_SECONDS, "defaults.ping_after"),
    _range("min_games", server.MIN_GAMES, "defaults.min_games"),
    Built(Param("preset", field="", autocomplete="preset_autocomplete"), str,
          key="defaults.preset"),
    Built(Param("hints", field=""), bool, key="defaults.hints"),
    Built(Param("pictures", field=""), bool, key="defaults.pictures"),
    Built(Param("reset", field=""), bool, key="defaults.reset"),
)


def own(new_shapes: Sequence[Built]) -> tuple[Built, ...]:
    """The game's own parameters of `new` (the platform's are the server's settings)."""
    return tuple(s for s in new_shapes if s.param.name not in PLATFORM)


def shapes(new_shapes: Sequence[Built]) -> tuple[Built, ...]:
    """Every parameter of `defaults`: the server's settings, then the game's own."""
    return (*SETTINGS, *own(new_shapes))


def described(given: Mapping[str, Any], new_shapes: Sequence[Built], catalog: Catalog,
              lang: str) -> str:
    """The server's defaults of the game's parameters as people read them ("" for none):
    each by its name in `new`, a choice by its name there (its value where it has none: a
    character added to a game's data)."""
    parts = []
    for shape in own(new_shapes):
        value = given.get(shape.param.name)
        if value is None:
            continue
        parts.append(f"{catalog.text(f'commands.{shape.key}.name', lang)}: "
                     f"{_value(shape, value, catalog, lang)}")
    return catalog.text("defaults.options", lang, options="; ".join(parts)) if parts else ""


def _value(shape: Built, value: Any, catalog: Catalog, lang: str) -> str:
    if isinstance(value, bool):
        return catalog.text(f"defaults.option.{'on' if value else 'off'}", lang)
    if shape.choices:
        try:
            return catalog.text(f"commands.{shape.key}.{value}", lang)
        except KeyError:
            pass
    return str(value)
