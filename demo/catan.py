"""`python -m demo catan`: a whole game of Catan with Cities & Knights through the real bot on
the emulator, printed.

A host opens the lobby with `/catan new`, fills the seats with computer players through the
lobby's select and starts. The computers play through the bot's game service; the host plays
their own decisions through the "Act" button and their private panel, choosing as a `basic`
computer player would and clicking their way to it as a person does (a piece's Build
button, the menu's group, the hex an intersection is narrowed by, the page holding it past
25 choices, the cards of a discard, the offer's cards and seat). Then the channel is printed
as a reader sees it: every public message in order, each round's table as it stood at the
round's end, the mentions and the result.
"""

from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from collections.abc import Awaitable, Callable, Collection
from typing import Any

from cogs.catan import builds
from cogs.catan.actions_ui import SPEC
from cogs.catan.trades import decode
from cogs.panels import narrows_to
from fakediscord import Person
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME
from rules.catan.state import GameState, Options

from . import play
from .scene import Scene

GAME_TIMEOUT = 300.0
MULTI = {"discard": "dc", "give_cards": "gc"}
DRAFTED = ("offer_trade", "counter_trade", "take_cards")  # made in the trade builder


# -- a click towards an action ---------------------------------------------------------------

def _cards_values(select: dict[str, Any], cards: dict[str, int]) -> list[str] | None:
    """The values of a multi-select of cards ("3.brick", "0.ore_10000000") choosing `cards`."""
    wanted = Counter({c: n for c, n in cards.items() if n})
    values = []
    for option in select["options"]:
        card = option["value"].partition(".")[2].partition("_")[0]
        if wanted[card] > 0:
            wanted[card] -= 1
            values.append(option["value"])
    return values if not +wanted else None


def _nearest(panel: SeenMessage, action: Any) -> dict[str, Any] | None:
    """The trade builder's button ("ob.<give>.<get>": the draft it leads to) whose draft is
    nearest the cards of `action` (an offer, a counter, a Master Merchant's take)."""
    give, get = (action.give, action.get) if action.type != "take_cards" else ({},
                                                                               action.cards)
    best: tuple[int, dict[str, Any]] | None = None
    for button in panel.buttons():
        found = _drafted(button)
        sides = None if found is None or "give" not in found else (decode(found["give"]),
                                                                   decode(found["get"]))
        if button.get("disabled") or sides is None or sides[0] is None or sides[1] is None:
            continue
        far = _apart(sides[0], give) + _apart(sides[1], get)
        if best is None or far < best[0]:
            best = (far, button)
    return None if best is None else best[1]


def _drafted(component: dict[str, Any]) -> dict[str, Any] | None:
    """The trade builder's draft a button leads to (or its way back), if it is one."""
    if component["type"] != 2:
        return None
    found = SPEC.decode(str(component.get("custom_id", "")).rsplit(":", 1)[-1])
    return found if found is not None and found["type"] in ("offer_open", "offer_back") \
        else None


def _apart(a: dict[str, int], b: dict[str, int]) -> int:
    return sum(abs(a.get(c, 0) - b.get(c, 0)) for c in {*a, *b})


def paging(value: str, action: Any) -> bool:
    """Whether a narrowing select's value is one of the pages of 25 that the choices of
    `action`'s kind come in past their declared steps (cogs/panels.py: "take_cards:2"): a
    page is not told by the action, so any of them may hold it."""
    head, _, page = value.rpartition(":")
    return (page.isdigit() and value.count(":") == len(SPEC.of(action.type).narrow) + 1
            and narrows_to(SPEC, head, action))


def step(panel: SeenMessage, action: Any, looked: Collection[str] = ()
         ) -> tuple[dict[str, Any], list[str]] | None:
    """The component to use next on `panel` on the way to `action`, with the values to choose
    (none for a button): the action itself (or the builder's offer of it to everyone, or its
    Build button), else
    the offer's cards, the narrowing of its choices (past its steps, the first page not
    `looked` through yet), the menu's group; None if the panel offers no way to it."""
    code = SPEC.encode(action)
    ways = [code]
    if action.type in builds.OPENED:  # its Build button: its one place, or opening them
        ways += [SPEC.encode(builds.Open(action.type, action)),
                 SPEC.encode(builds.Open(action.type))]
    for way in ways:
        for button in panel.buttons():
            if str(button.get("custom_id", "")).endswith(":" + way):
                return button, []
    selects = {str(s["custom_id"]).rsplit(".", 1)[-1]: s for s in panel.selects()}
    own = SPEC.of(action.type).code
    if own in selects and any(o["value"] == code for o in selects[own]["options"]):
        return selects[own], [code]
    if action.type in MULTI and MULTI[action.type] in selects:
        values = _cards_values(selects[MULTI[action.type]], action.cards)
        return (selects[MULTI[action.type]], values) if values else None
    quick = f"{SPEC.of('offer_quick').code}.{code.partition('.')[2]}"
    if action.type == "offer_trade" and "oq" in selects and any(
            o["value"] == quick for o in selects["oq"]["options"]):  # the offer to everyone
        return selects["oq"], [quick]
    if action.type in DRAFTED and (drafting := _nearest(panel, action)) is not None:
        return drafting, []  # the trade builder's card nearest the action's
    narrowing = selects.get(f"n_{own}")
    if narrowing is not None:
        found = next((o["value"] for o in narrowing["options"]
                      if narrows_to(SPEC, o["value"], action)), None)
        found = found or next((o["value"] for o in narrowing["options"]
                               if paging(o["value"], action) and o["value"] not in looked),
                              None)
        return (narrowing, [found]) if found else None
    menu, group = selects.get("n_menu"), SPEC.of(action.type).group
    if menu is not None and group is not None:
        value = f"@{group}"
        if any(o["value"] == value and not o.get("default") for o in menu["options"]):
            return menu, [value]
    return None


def navigating(component: dict[str, Any]) -> bool:
    """Whether using `component` only redraws the panel (the menu, a narrowing, the offer's
    cards, a Build button that opens its places) instead of playing an action."""
    custom_id = str(component.get("custom_id", ""))
    if _drafted(component) is not None:
        return True  # the trade builder's cards and its way back
    if component["type"] == 2:
        found = SPEC.decode(custom_id.rsplit(":", 1)[-1])
        return found is not None and found["type"] == builds.TYPE and found["place"] is None
    return ":s.n_" in custom_id or custom_id.endswith((":s.og", ":s.oa"))


async def use(person: Person, panel: SeenMessage, component: dict[str, Any],
              values: list[str], seen: list[SeenMessage] | None = None) -> SeenMessage:
    """Click the button, or choose the values in the select; the panel as it answered (kept in
    `seen` too, when given)."""
    if component["type"] == 2:
        result = await person.click(panel, custom_id=component["custom_id"])
    else:
        result = await person.choose(panel, values, custom_id=component["custom_id"])
    answer = await result.response()
    if seen is not None:
        seen.append(answer)
    return answer


async def reach(person: Person, panel: SeenMessage, action: Any,
                reopen: Callable[[], Awaitable[SeenMessage]], clicks: int = 12,
                seen: list[SeenMessage] | None = None) -> SeenMessage | None:
    """Use `panel`'s components on the way to `action` (`step`), then make it: the panel as
    its click answered, or None if no panel offers a way to it. Where the choices come in
    pages, a page without it is left by opening the panel again (`reopen`: "Act" on the
    table; a page's panel has no way back) and the next page is looked through."""
    looked: set[str] = set()
    page: str | None = None  # the page this panel shows, if it shows one
    for _ in range(clicks):
        found = step(panel, action, looked)
        if found is None:
            if page is None:
                return None
            looked.add(page)
            panel, page = await reopen(), None
            continue
        component, values = found
        answer = await use(person, panel, component, values, seen)
        if not navigating(component):
            return answer
        page = values[0] if component["type"] != 2 and paging(values[0], action) else None
        panel = answer
    return None


# -- the game --------------------------------------------------------------------------------

async def _reach(scene: Scene, panel: SeenMessage, action: Any,
                 reopen: Callable[[], Awaitable[SeenMessage]]) -> SeenMessage | None:
    return await reach(scene.host, panel, action, reopen, seen=scene.panels)


DEMO = play.GameDemo("catan", _reach, rounds=lambda state, players: state.turn // players + 1,
                     doc=__doc__)

run_demo = functools.partial(play.run_demo, DEMO)
parse_args = functools.partial(play.parse_args, DEMO)
main = functools.partial(play.main, DEMO)


if __name__ == "__main__":
    sys.exit(main())


def after_setup(seats: list[str], options: Options, seed: int) -> GameState:
    """A game of `seats` with the set-up placed at random from `seed`, at the first roll: where
    the tests and the benchmarks that show a turn's panels begin."""
    state, rng = GAME.new_game(seats, options, seed), random.Random(seed)
    while state.phase == "setup":
        seat = GAME.to_act(state)[0]
        action = GAME.random_action(state, seat, rng)
        assert action is not None
        state, _ = GAME.apply(state, seat, action)
    return state
