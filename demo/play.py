"""What every game's demo does the same way: the bot and the emulator started, the lobby opened
with `/<game> new` and filled with computers, the host's decisions clicked on their panels until
the game ends, the channel printed and, with `--out`, every picture the bot posted and the
transcripts written beside them (`demo/out.py`).

A game's demo (`demo/<game>.py`) gives only how its host reaches an action on a panel.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.player import decide, make_player
from bot.changes import waiting
from bot.client import GameBot
from bot.names import seat_name
from bot.records import GameRecord
from bot.settings import Settings
from bot.ui import quick_action
from fakediscord import Config, Emulator, run_client
from fakediscord.testing import SeenMessage
from rules import registry

from . import out
from .scene import (
    LOCALES,
    DemoResult,
    Scene,
    _seeded,
    build_scene,
    channel_text,
    demo_arguments,
    printed,
)

# The host's way from a panel to an action: the panel its click answered, or None if none
# leads there. `reopen` opens the panel again ("Act" on the table).
Reach = Callable[[Scene, SeenMessage, Any, Callable[[], Awaitable[SeenMessage]]],
                 Awaitable["SeenMessage | None"]]


class Refused(Exception):
    """The bot refused the demo's options: the message is the bot's own sentence."""


@dataclass(frozen=True)
class GameDemo:
    game: str                                    # the registry's id, and the command group
    reach: Reach
    rounds: Callable[[Any, int], int]            # rounds played, from the state and players
    doc: str | None = None                       # its module's: the help's description
    seed_help: str = "game seed"
    pause: float = 0.0                           # seconds a computer waits before moving
    timeout: float = 300.0
    options: Callable[[int], Mapping[str, Any]] = lambda players: {}  # more for `/<game> new`


async def open_game(scene: Scene, game: str, players: int, strengths: Sequence[str],
                    **options: Any) -> int:
    """`/<game> new`, computers added through the lobby's select, Start; the game's id.
    Raises Refused with the bot's answer when the bot opens no lobby or does not start."""
    result = await scene.host.slash(scene.channel, f"{game} new", players=players,
                                    language=scene.language, thread=False, **options)
    lobby = await result.response()
    start = [b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.start")]
    if not start:
        raise Refused(lobby.text)
    for i in range(players - 1):
        add = next(s for s in lobby.selects() if s["custom_id"].endswith(":lobby.add"))
        lobby = await (await scene.host.choose(lobby, [strengths[i % len(strengths)]],
                                               custom_id=add["custom_id"])).response()
    answer = await (await scene.host.click(lobby, custom_id=start[0]["custom_id"])).response()
    game_id = int(start[0]["custom_id"].split(":")[1])
    record = scene.bot.service.games.get(game_id)
    if record is None or record.status != "running":
        raise Refused(answer.text)
    return game_id


async def open_panel(scene: Scene) -> SeenMessage | None:
    """The host's panel, opened with "Act" on the newest table or ping."""
    return await press(scene, ":act")


async def press(scene: Scene, suffix: str) -> SeenMessage | None:
    """The button whose custom_id ends with `suffix` on the newest public message that has
    one (the table or a mention), pressed by the host: their panel as it answered."""
    for message in reversed(await scene.host.sees(scene.channel)):
        found = [b for b in message.buttons() if b.get("custom_id", "").endswith(suffix)]
        if found and not message.ephemeral:
            panel = await (await scene.host.click(message, custom_id=found[0]["custom_id"])
                           ).response()
            scene.panels.append(panel)
            return panel
    return None


async def play_panel(scene: Scene, demo: GameDemo, record: GameRecord, seat: str,
                     panel: SeenMessage) -> None:
    """Click through the host's panel while the game waits for them, choosing as a `basic`
    computer player would."""
    rules = registry.game(demo.game)
    player, rng = make_player("basic", demo.game), random.Random(record.seed or 0)

    async def reopen() -> SeenMessage:
        return await open_panel(scene) or panel

    for _ in range(200):
        live = scene.bot.service.games.get(record.id)
        if live is None or live.state is None or seat not in waiting(live):
            return  # over (a game that ended leaves the service), or not the host's to decide
        record = live
        action = rules.parse_action(decide(record.state, seat, player, rng, game=rules))
        answer = await demo.reach(scene, panel, action, reopen)
        if answer is None:  # no way to it (a bug of ours): the first choice of a new panel
            scene.missed += 1
            panel = await reopen()
            if not (panel.buttons() or panel.selects()):
                return
            component = (panel.buttons() or panel.selects())[0]
            values = [] if component["type"] == 2 else [component["options"][0]["value"]]
            answer = await use(scene, panel, component, values)
        panel = answer
        if not (panel.buttons() or panel.selects()):
            return


async def use(scene: Scene, panel: SeenMessage, component: dict[str, Any],
              values: list[str]) -> SeenMessage:
    """Click the button, or choose the values in the select; the panel as it answered."""
    if component["type"] == 2:
        result = await scene.host.click(panel, custom_id=component["custom_id"])
    else:
        result = await scene.host.choose(panel, values, custom_id=component["custom_id"])
    answer = await result.response()
    scene.panels.append(answer)
    return answer


async def host_turn(scene: Scene, demo: GameDemo, game_id: int) -> None:
    """If the game waits for the host: press "Act" on the newest table or ping, play."""
    record = scene.bot.service.games.get(game_id)
    seat = record.seat_of_user(int(scene.host.id)) if record else None
    if record is None or seat is None or seat.id not in waiting(record):
        return
    panel = await quick_move(scene, demo, record, seat.id) or await open_panel(scene)
    if panel is not None:
        await play_panel(scene, demo, record, seat.id, panel)


async def quick_move(scene: Scene, demo: GameDemo, record: GameRecord, seat: str
                     ) -> SeenMessage | None:
    """The table's (or the mention's) quick move (Catan's Roll) clicked, if it is what the
    host chooses now: their panel as it answered; None if not."""
    found = quick_action(record)
    if found is None or found[0] != seat or record.state is None:
        return None
    rules = registry.game(demo.game)
    chosen = decide(record.state, seat, make_player("basic", demo.game),
                    random.Random(record.seed or 0), game=rules)
    if rules.dump_action(rules.parse_action(chosen)) != found[2]:
        return None
    return await press(scene, ":quick")


async def play_out(scene: Scene, demo: GameDemo, game_id: int) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + demo.timeout
    while game_id in scene.bot.service.games:
        if loop.time() > end:
            raise TimeoutError(f"the demo game did not finish in {demo.timeout:.0f}s")
        version = await scene.discord.backend.call("version")
        await host_turn(scene, demo, game_id)
        await scene.discord.backend.call("wait_change", since=version, timeout=0.1)
    await scene.bot.publisher.idle()


def winner_name(record: GameRecord | None, bot: GameBot) -> str | None:
    """The winner's name as the game's language writes it, once the game has finished."""
    if record is None or record.state is None or record.status != "finished":
        return None
    result = record.rules.result(record.state)
    winners = result.winners if result is not None else []
    if not winners:
        return None
    return seat_name(record.seat(winners[0]), bot.catalog, record.settings.language,
                     record.seats)


@asynccontextmanager
async def running(game: str, language: str, pause: float = 0.0, rate_limits: bool = False,
                  pictures: bool = True) -> AsyncIterator[tuple[Emulator, GameBot]]:
    """The emulator and the bot on it, with a throw-away store, for a demo of `game`."""
    if language not in LOCALES:
        raise ValueError(f"language must be one of {sorted(LOCALES)}")
    with tempfile.TemporaryDirectory(prefix=f"{game}-demo-") as store:
        settings = Settings.model_validate({
            "discord_token": Config.token, "database_path": Path(store) / "demo.sqlite3",
            "default_language": language, "pictures": pictures})
        bot = GameBot(settings, computer_pause=pause, guild_ready_timeout=0.05)
        async with Emulator(Config(rate_limits=rate_limits)) as emulator, run_client(bot, emulator):
            yield emulator, bot


async def run_demo(demo: GameDemo, players: int = 4, language: str = "en",
                   seed: int | None = None, strengths: Sequence[str] = ("basic",),
                   pause: float | None = None, rate_limits: bool = False, pictures: bool = True,
                   folder: Path | None = None) -> DemoResult:
    """Play one game (the host and `players - 1` computers); the channel as text, and with
    `folder` every picture posted and the transcripts written there.

    Discord allows 5 edits per 5 s in a channel: with `rate_limits` on, a game played this
    fast shows few tables (the bot skips to the newest state), so they are off by default."""
    pause = demo.pause if pause is None else pause
    async with running(demo.game, language, pause, rate_limits, pictures) as (emulator, bot):
        scene = await build_scene(emulator, bot, language, demo.game)
        if seed is not None:
            bot.service.start = _seeded(bot.service.start, seed)  # type: ignore[method-assign]
        game_id = await open_game(scene, demo.game, players, strengths, **demo.options(players))
        await play_out(scene, demo, game_id)
        return await finish(scene, emulator, game_id, players, demo.rounds, folder)


async def finish(scene: Scene, emulator: Emulator, game_id: int, players: int,
                 rounds: Callable[[Any, int], int], folder: Path | None) -> DemoResult:
    """The demo's result, once its game has ended; with `folder`, everything written out."""
    record = await scene.bot.service.get(game_id)
    people = {scene.host.id: scene.host.name, scene.reader.id: scene.reader.name}
    names = out.write_pictures(emulator, folder) if folder is not None else {}
    text, count = await channel_text(scene, people, names)
    if folder is not None:
        out.write_transcripts(folder, text, scene, people, names)
    status = record.status if record else "missing"
    played = rounds(record.state, players) if record is not None and record.state else 0
    return DemoResult(text, status, winner_name(record, scene.bot), count, played, scene.missed)


def parse_args(demo: GameDemo, argv: Sequence[str] | None) -> argparse.Namespace:
    return demo_arguments(f"python -m demo {demo.game}", demo.doc, registry.game(demo.game),
                          argv, demo.seed_help, demo.pause)


def main(demo: GameDemo, argv: Sequence[str] | argparse.Namespace | None = None) -> int:
    """Run a demo from its command line and print it (`scene.printed`)."""
    args = argv if isinstance(argv, argparse.Namespace) else parse_args(demo, argv)
    try:
        result = asyncio.run(run_demo(demo, args.players, args.language, args.seed,
                                      args.strengths, args.pause, args.rate_limits,
                                      args.pictures, args.out))
    except Refused as refusal:
        return printed(DemoResult("", "refused", None, 0), str(refusal))
    code = printed(result)
    if args.out is not None:
        print(f"[pictures and transcripts in {args.out}]")
    return code
