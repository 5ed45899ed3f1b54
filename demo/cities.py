"""`python -m demo cities`: a whole game of Cities (Devir, the project's open component set)
through the real bot on the emulator, printed.

A host opens the lobby with `/cities new`, fills the seats with computer players through the
lobby's select and starts. The computers play through the bot's game service; the host plays
their own decisions through the "Act" button and their private panel, choosing as a `basic`
computer player would and clicking their way to it as a person does (the item to take, the
place and the turn of a tile staged before Confirm, the feature or colour a space is narrowed
by). Then the channel is printed as a reader sees it.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from cogs.cities.actions_ui import SPEC, encode
from cogs.panels import narrows_to
from fakediscord.testing import SeenMessage

from . import play
from .scene import Scene


def staged(action: Any) -> tuple[str, str] | None:
    """A tile's placement as the staging selects write it: the value naming its place (any
    turn) and the one naming its place and turn."""
    if action.type == "place_tile":
        return f"t:{action.x}:{action.y}:", f"t:{action.x}:{action.y}:{action.rot}"
    if action.type == "start_tile":
        return f"s:{action.tile}:", f"s:{action.tile}:{action.rot}"
    return None


def step(panel: SeenMessage, action: Any) -> tuple[dict[str, Any], list[str]] | None:
    """The component to use next on `panel` on the way to `action`, with the values to choose:
    the action's button or option, else its tile's place and turn, else the narrowing of its
    choices; None if the panel offers no way to it."""
    code = encode(action)
    for button in panel.buttons():
        if str(button.get("custom_id", "")).endswith(":" + code):
            return button, []
    for select in panel.selects():
        values = {o["value"]: o.get("default", False) for o in select["options"]}
        if code in values:
            return select, [code]
        if (place := staged(action)) is not None:
            chosen = [v for v in values if v.startswith(place[0]) and not values[v]]
            exact = [v for v in values if v == place[1] and not values[v]]
            if exact or chosen:
                return select, [(exact or chosen)[0]]
            continue
        narrowing = [v for v in values if narrows_to(SPEC, v, action)]
        if narrowing and not values[narrowing[0]]:
            return select, narrowing[:1]
    return None


async def reach(scene: Scene, panel: SeenMessage, action: Any,
                reopen: Callable[[], Awaitable[SeenMessage]], clicks: int = 6
                ) -> SeenMessage | None:
    """Use `panel`'s components on the way to `action`, then make it: the panel as its click
    answered, or None if no panel offers a way to it."""
    code = encode(action)
    for _ in range(clicks):
        found = step(panel, action)
        if found is None:
            return None
        component, values = found
        panel = await play.use(scene, panel, component, values)
        if component["type"] == 2 or values == [code]:
            return panel
    return None


DEMO = play.GameDemo("cities", reach, rounds=lambda state, players: state.round, doc=__doc__)

run_demo = functools.partial(play.run_demo, DEMO)
parse_args = functools.partial(play.parse_args, DEMO)
main = functools.partial(play.main, DEMO)


if __name__ == "__main__":
    sys.exit(main())
