"""`python -m demo catan`: a whole game of Catan with Cities & Knights through the real bot on
the emulator, printed.

A host opens the lobby with `/catan new`, fills the seats with computer players through the
lobby's select and starts. The computers play through the bot's game service; the host plays
their own decisions through the "Act" button and their private panel, choosing as a `basic`
computer player would and clicking their way to it as a person does (the menu's group, the
hex an intersection is narrowed by, the page holding it past 25 choices, the cards of a
discard, the offer's cards and seat). Then the channel is printed as a reader sees it: every
public message in order, each round's table as it stood at the round's end, the mentions and
the result.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from ai.player import decide, make_player
from bot.changes import waiting
from bot.client import GameBot
from bot.names import seat_name
from bot.records import GameRecord
from bot.settings import Settings
from cogs.catan.actions_ui import SPEC
from cogs.panels import narrows_to
from fakediscord import Config, Emulator, Person, run_client
from fakediscord.testing import SeenMessage
from rules.catan.game import GAME

from .citadels import (
    LOCALES,
    DemoResult,
    Scene,
    _seeded,
    build_scene,
    channel_text,
    demo_arguments,
    printed,
)

GAME_TIMEOUT = 300.0
MULTI = {"discard": "dc", "give_cards": "gc"}


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


def _chosen(select: dict[str, Any]) -> Counter[str]:
    return Counter(o["value"].partition(".")[2].partition("_")[0] for o in select["options"]
                   if o.get("default"))


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
    (none for a button): the action itself, else the offer's cards, the narrowing of its
    choices (past its steps, the first page not `looked` through yet), the menu's group; None
    if the panel offers no way to it."""
    code = SPEC.encode(action)
    for button in panel.buttons():
        if str(button.get("custom_id", "")).endswith(":" + code):
            return button, []
    selects = {str(s["custom_id"]).rsplit(".", 1)[-1]: s for s in panel.selects()}
    own = SPEC.of(action.type).code
    if own in selects and any(o["value"] == code for o in selects[own]["options"]):
        return selects[own], [code]
    if action.type in MULTI and MULTI[action.type] in selects:
        values = _cards_values(selects[MULTI[action.type]], action.cards)
        return (selects[MULTI[action.type]], values) if values else None
    if action.type in ("offer_trade", "counter_trade"):  # the builder's cards first
        for kind, cards in (("og", action.give), ("oa", action.get)):
            if kind in selects and _chosen(selects[kind]) != Counter(cards):
                values = _cards_values(selects[kind], cards)
                return (selects[kind], values) if values else None
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
    cards) instead of playing an action."""
    custom_id = str(component.get("custom_id", ""))
    return component["type"] != 2 and (":s.n_" in custom_id
                                       or custom_id.endswith((":s.og", ":s.oa")))


async def use(person: Person, panel: SeenMessage, component: dict[str, Any],
              values: list[str]) -> SeenMessage:
    """Click the button, or choose the values in the select; the panel as it answered."""
    if component["type"] == 2:
        result = await person.click(panel, custom_id=component["custom_id"])
    else:
        result = await person.choose(panel, values, custom_id=component["custom_id"])
    return await result.response()


async def reach(person: Person, panel: SeenMessage, action: Any,
                reopen: Callable[[], Awaitable[SeenMessage]], clicks: int = 12
                ) -> SeenMessage | None:
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
        answer = await use(person, panel, component, values)
        if not navigating(component):
            return answer
        page = values[0] if component["type"] != 2 and paging(values[0], action) else None
        panel = answer
    return None


# -- the game --------------------------------------------------------------------------------

async def open_game(scene: Scene, players: int, strengths: Sequence[str]) -> int:
    """`/catan new`, computers added through the lobby's select, Start; the game's id."""
    result = await scene.host.slash(scene.channel, "catan new", players=players,
                                    language=scene.language, thread=False)
    lobby = await result.response()
    for i in range(players - 1):
        add = next(s for s in lobby.selects() if s["custom_id"].endswith(":lobby.add"))
        lobby = await (await scene.host.choose(lobby, [strengths[i % len(strengths)]],
                                               custom_id=add["custom_id"])).response()
    start = next(b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.start"))
    await scene.host.click(lobby, custom_id=start["custom_id"])
    return int(start["custom_id"].split(":")[1])


async def play_panel(scene: Scene, record: GameRecord, seat: str, panel: SeenMessage) -> None:
    """Click through the host's panel while the game waits for them."""
    player, rng = make_player("basic", GAME.id), random.Random(record.seed or 0)

    async def reopen() -> SeenMessage:
        return await open_panel(scene) or panel

    for _ in range(200):
        record = scene.bot.service.games.get(record.id) or record
        if record.state is None or seat not in waiting(record):
            return
        action = GAME.parse_action(decide(record.state, seat, player, rng, game=GAME))
        answer = await reach(scene.host, panel, action, reopen)
        if answer is None:  # no way to it (a bug of ours): the first choice of a new panel
            panel = await reopen()
            if not (panel.buttons() or panel.selects()):
                return
            component = (panel.buttons() or panel.selects())[0]
            values = [] if component["type"] == 2 else [component["options"][0]["value"]]
            answer = await use(scene.host, panel, component, values)
        panel = answer
        if not (panel.buttons() or panel.selects()):
            return


async def open_panel(scene: Scene) -> SeenMessage | None:
    """The host's panel, opened with "Act" on the newest table or ping."""
    for message in reversed(await scene.host.sees(scene.channel)):
        act = [b for b in message.buttons() if b.get("custom_id", "").endswith(":act")]
        if act and not message.ephemeral:
            return await (await scene.host.click(message, custom_id=act[0]["custom_id"])
                          ).response()
    return None


async def host_turn(scene: Scene, game_id: int) -> None:
    """If the game waits for the host: press "Act" on the newest table or ping, play."""
    record = scene.bot.service.games.get(game_id)
    seat = record.seat_of_user(int(scene.host.id)) if record else None
    if record is None or seat is None or seat.id not in waiting(record):
        return
    panel = await open_panel(scene)
    if panel is not None:
        await play_panel(scene, record, seat.id, panel)


async def play_out(scene: Scene, game_id: int) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + GAME_TIMEOUT
    while game_id in scene.bot.service.games:
        if loop.time() > end:
            raise TimeoutError(f"the demo game did not finish in {GAME_TIMEOUT:.0f}s")
        version = await scene.discord.backend.call("version")
        await host_turn(scene, game_id)
        await scene.discord.backend.call("wait_change", since=version, timeout=0.1)
    await scene.bot.publisher.idle()


def winner_name(record: GameRecord | None, bot: GameBot) -> str | None:
    if record is None or record.state is None or record.status != "finished":
        return None
    result = GAME.result(record.state)
    winner = next((seat for seat, rank in (result.ranks if result else {}).items() if rank == 1),
                  None)
    if winner is None:
        return None
    return seat_name(record.seat(winner), bot.catalog, record.settings.language)


async def run_demo(players: int = 4, language: str = "en", seed: int | None = None,
                   strengths: Sequence[str] = ("basic",), pause: float = 0.0,
                   rate_limits: bool = False) -> DemoResult:
    """Play one game (the host and `players - 1` computers); return the channel as text."""
    if language not in LOCALES:
        raise ValueError(f"language must be one of {sorted(LOCALES)}")
    with tempfile.TemporaryDirectory(prefix="catan-demo-") as folder:
        settings = Settings.model_validate({
            "discord_token": Config.token, "database_path": Path(folder) / "demo.sqlite3",
            "default_language": language, "pictures": False})
        bot = GameBot(settings, computer_pause=pause, guild_ready_timeout=0.05)
        async with Emulator(Config(rate_limits=rate_limits)) as emulator, run_client(bot, emulator):
            scene = await build_scene(emulator, bot, language, "catan")
            if seed is not None:
                bot.service.start = _seeded(bot.service.start, seed)  # type: ignore[method-assign]
            game_id = await open_game(scene, players, strengths)
            await play_out(scene, game_id)
            record = await bot.service.get(game_id)
            people = {scene.host.id: scene.host.name, scene.reader.id: scene.reader.name}
            text, count = await channel_text(scene, people)
            status = record.status if record else "missing"
            turn = record.state.turn if record is not None and record.state is not None else 0
            return DemoResult(text, status, winner_name(record, bot), count,
                              rounds=turn // players + 1)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    return demo_arguments("python -m demo catan", __doc__, GAME, argv, "game seed", 0.0)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    return printed(asyncio.run(run_demo(args.players, args.language, args.seed, args.strengths,
                                        args.pause, args.rate_limits)))


if __name__ == "__main__":
    sys.exit(main())
