"""A server's defaults for the games opened in it, kept in the store's meta table: the
platform's settings, a game's preset and, per game, values of its `/<game> new` parameters
(as `new` takes them, JSON under `guild:<id>:new:<game>`; the game's cog checks them against
its Options).

Commands check every value before it is saved; a stored value that is no longer valid (an
older bot's, or edited by hand) is ignored with a log line and the bot's own default used, so
it can never break `/<game> new`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.records import MAX_TURN_LIMIT
from bot.settings import Settings
from bot.storage import Store

log = logging.getLogger(__name__)

TURN_LIMIT = (0, MAX_TURN_LIMIT)  # minutes per decision (up to three days); 0: no limit
PING_SECONDS = (5, 600)  # a late ping's wait
MIN_GAMES = (1, 100)     # games a player needs to be on the leaderboard
DEFAULT_MIN_GAMES = 3
NEVER = "never"
SWITCH = {"on": True, "off": False}


@dataclass(frozen=True)
class ServerDefaults:
    turn_limit: int
    ping_after: int | None  # seconds before a mention; 0 at once, None never
    min_games: int = DEFAULT_MIN_GAMES
    preset: str | None = None  # the game's named options for new games (its UI's presets)
    hints: bool = True  # the Hint button in private panels
    pictures: bool = True  # the table and the result as pictures beside their text
    new: Mapping[str, Any] = field(default_factory=dict)  # the game's `new` parameters given


def _key(guild_id: int | None, name: str) -> str:
    return f"guild:{guild_id}:{name}"


async def load(store: Store, guild_id: int | None, settings: Settings, game: str = "",
               presets: Collection[str] = (),
               valid: Callable[[Mapping[str, Any]], bool] | None = None) -> ServerDefaults:
    """The server's defaults; its preset for `game` only if it is one of `presets`, and its
    values of the game's `new` parameters each kept only if `valid` takes it with those
    kept before it (none read without `valid`)."""
    limit = _valid(await store.get_meta(_key(guild_id, "turn_limit")), TURN_LIMIT, guild_id)
    raw_ping = await store.get_meta(_key(guild_id, "ping_after"))
    ping = None if raw_ping == NEVER else _valid(raw_ping, (0, PING_SECONDS[1]), guild_id)
    games = _valid(await store.get_meta(_key(guild_id, "min_games")), MIN_GAMES, guild_id)
    hints = _switch(await store.get_meta(_key(guild_id, "hints")), guild_id)
    pictures = _switch(await store.get_meta(_key(guild_id, "pictures")), guild_id)
    preset = await store.get_meta(_key(guild_id, f"preset:{game}")) if game else None
    if preset is not None and preset not in presets:
        if presets:
            log.warning("Guild %s: ignoring a stored preset no game offers: %r", guild_id,
                        preset)
        preset = None
    return ServerDefaults(
        turn_limit=settings.turn_limit if limit is None else limit,
        ping_after=ping if raw_ping == NEVER or ping is not None else settings.ping_after,
        min_games=DEFAULT_MIN_GAMES if games is None else games, preset=preset,
        hints=True if hints is None else hints,
        pictures=settings.pictures if pictures is None else pictures,
        new=await _new(store, guild_id, game, valid) if game and valid else {})


async def _new(store: Store, guild_id: int | None, game: str,
               valid: Callable[[Mapping[str, Any]], bool]) -> dict[str, Any]:
    """The stored values of `game`'s `new` parameters that are still valid (the others
    logged and left out)."""
    raw = await store.get_meta(_key(guild_id, f"new:{game}"))
    try:
        stored = json.loads(raw) if raw is not None else {}
    except ValueError:
        stored = None
    if not isinstance(stored, dict):
        log.warning("Guild %s: ignoring stored %s defaults that are not a table: %r",
                    guild_id, game, raw)
        return {}
    kept: dict[str, Any] = {}
    for name, value in stored.items():
        if valid({**kept, name: value}):
            kept[name] = value
        else:
            log.warning("Guild %s: ignoring a stored %s default that is no longer valid: "
                        "%s=%r", guild_id, game, name, value)
    return kept


def _switch(raw: str | None, guild_id: int | None) -> bool | None:
    """A stored on/off, or None if there is no valid one (logged if it was not valid)."""
    if raw is None or raw in SWITCH:
        return SWITCH.get(raw or "")
    log.warning("Guild %s: ignoring a stored switch that is no longer valid: %r", guild_id, raw)
    return None


def _valid(raw: str | None, bounds: tuple[int, int], guild_id: int | None) -> int | None:
    """The stored number if there is a valid one, else None (logged if it was not valid)."""
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = bounds[1] + 1
    if bounds[0] <= value <= bounds[1]:
        return value
    log.warning("Guild %s: ignoring a stored default that is no longer valid: %r", guild_id, raw)
    return None


async def save(store: Store, guild_id: int | None, defaults: ServerDefaults, game: str = ""
               ) -> None:
    await store.set_meta(_key(guild_id, "turn_limit"), str(defaults.turn_limit))
    ping = NEVER if defaults.ping_after is None else str(defaults.ping_after)
    await store.set_meta(_key(guild_id, "ping_after"), ping)
    await store.set_meta(_key(guild_id, "min_games"), str(defaults.min_games))
    await store.set_meta(_key(guild_id, "hints"), "on" if defaults.hints else "off")
    await store.set_meta(_key(guild_id, "pictures"), "on" if defaults.pictures else "off")
    if game and defaults.preset is not None:
        await store.set_meta(_key(guild_id, f"preset:{game}"), defaults.preset)
    if game and defaults.new:
        await store.set_meta(_key(guild_id, f"new:{game}"),
                             json.dumps(dict(defaults.new), sort_keys=True))


async def forget(store: Store, guild_id: int | None, game: str) -> None:
    """Forget the server's defaults of `game` alone (its preset and its `new` parameters):
    new games start from the bot's own again. The server's settings stay."""
    await store.delete_meta(_key(guild_id, f"preset:{game}"))
    await store.delete_meta(_key(guild_id, f"new:{game}"))
