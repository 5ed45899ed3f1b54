"""`python -m demo citadels`: a whole game of Citadels through the real bot on the emulator,
printed.

A host opens the lobby with `/citadels new`, fills the seats with computer players through the
lobby's select and starts (8 players take a ninth character, the Artist, as the bot asks). The
computers play through the bot's game service; the host (always seated: every game has a person
in it) plays their own turns through the ping's "Act" button and their private panel, choosing
as a `basic` computer player would. Then the channel is printed as a reader sees it: every
public message in order, each round's table as it stood at the round's end (the bot edits one
table message per round), the pings and the final scores.
"""

from __future__ import annotations

import functools
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from cogs.citadels.actions_ui import SPEC
from cogs.citadels.panel import narrows_to
from fakediscord.testing import SeenMessage
from rules.citadels import Action

from . import play
from .scene import Scene

# -- the host's clicks -------------------------------------------------------------------------


def _matches(action: Action, component: dict[str, Any]) -> list[str] | None:
    """The values to send (empty for a button) if `component` performs `action`, else None."""
    code = SPEC.encode(action)
    if component["type"] == 2:
        return [] if str(component.get("custom_id", "")).endswith(":" + code) else None
    options = [o["value"] for o in component.get("options") or []]
    if code in options:
        return [code]
    if code.startswith("dad.") and component["custom_id"].endswith(":s.dad"):
        wanted = Counter(code[4:].split(","))
        picked = []
        for value in options:  # values are "position.district"
            district = value.partition(".")[2]
            if wanted[district] > 0:
                wanted[district] -= 1
                picked.append(value)
        return picked if not +wanted else None
    if ":s.n_" in component["custom_id"]:  # too many choices: narrowed first (a player...)
        return next(([v] for v in options if narrows_to(v, action)), None)
    return None


def _component_for(action: Action, panel: SeenMessage) -> tuple[dict[str, Any], list[str]]:
    for component in [*panel.buttons(), *panel.selects()]:
        values = _matches(action, component)
        if values is not None:
            return component, values
    fallback = (panel.buttons() or panel.selects())[0]
    return fallback, [] if fallback["type"] == 2 else [fallback["options"][0]["value"]]


async def reach(scene: Scene, panel: SeenMessage, action: Any,
                reopen: Callable[[], Awaitable[SeenMessage]]) -> SeenMessage | None:
    """One click (a narrowing select first when the choices are too many)."""
    component, values = _component_for(action, panel)
    return await play.use(scene, panel, component, values)


def _ninth(players: int) -> dict[str, Any]:
    """The lobby's options: 8 players need a ninth character (the bot refuses them without)."""
    return {"rank9": "artist"} if players > 7 else {}


DEMO = play.GameDemo("citadels", reach, rounds=lambda state, players: state.round,
                     timeout=120.0, options=_ninth, doc=__doc__, seed_help="deck seed",
                     pause=0.02)

run_demo = functools.partial(play.run_demo, DEMO)
parse_args = functools.partial(play.parse_args, DEMO)
main = functools.partial(play.main, DEMO)


if __name__ == "__main__":
    sys.exit(main())
