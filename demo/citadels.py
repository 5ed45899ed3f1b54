"""`python -m demo citadels`: a whole game through the real bot on the emulator, printed.

A host opens the lobby with `/citadels new`, fills the seats with computer players through the
lobby's select and starts. The computers play through the bot's game service; the host (always
seated: every game has a person in it) plays their own turns through the ping's "Act" button and
their private panel, choosing as a `basic` computer player would. Then the channel is printed as a
reader sees it: every public message in order, each round's table as it stood at the round's end
(the bot edits one table message per round), the pings and the final scores.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai.player import decide, make_player
from bot.client import GameBot
from bot.records import GameRecord
from bot.service import awaiting
from bot.settings import Settings
from cogs.citadels import codec, render
from cogs.citadels.panel import narrows_to
from fakediscord import Config, Discord, Emulator, Person, Ref, run_client
from fakediscord.testing import SeenMessage
from rules.citadels import Action
from rules.citadels.game import GAME

LOCALES = {"en": "en-US", "es": "es-ES"}
STRENGTHS = ("random", "basic", "expert")
GAME_TIMEOUT = 120.0


@dataclass
class DemoResult:
    text: str           # the channel as printed
    status: str         # the game's final status ("finished" unless something went wrong)
    winner: str | None  # the winner's display name, in the game's language
    messages: int       # public messages in the channel
    rounds: int = 0     # rounds played


@dataclass
class Scene:
    discord: Discord
    bot: GameBot
    channel: Ref
    host: Person
    reader: Person
    language: str


# -- setting the table -------------------------------------------------------------------------


async def open_game(scene: Scene, players: int, strengths: Sequence[str]) -> int:
    """`/citadels new`, computers added through the lobby's select, Start; the game's id."""
    # In the channel itself, not a thread of it, so the printout is one conversation.
    result = await scene.host.slash(scene.channel, "citadels new", players=players,
                                    language=scene.language, thread=False)
    lobby = await result.response()
    for i in range(players - 1):
        add = next(s for s in lobby.selects() if s["custom_id"].endswith(":lobby.add"))
        choice = await scene.host.choose(lobby, [strengths[i % len(strengths)]],
                                         custom_id=add["custom_id"])
        lobby = await choice.response()
    start = next(b for b in lobby.buttons() if b["custom_id"].endswith(":lobby.start"))
    await scene.host.click(lobby, custom_id=start["custom_id"])
    return int(start["custom_id"].split(":")[1])


# -- the host's turns ----------------------------------------------------------------------------


def _matches(action: Action, component: dict[str, Any]) -> list[str] | None:
    """The values to send (empty for a button) if `component` performs `action`, else None."""
    code = codec.encode(action)
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


async def play_panel(scene: Scene, record: GameRecord, seat: str, panel: SeenMessage) -> None:
    """Click through the host's panel until it offers nothing more to do."""
    player, rng = make_player("basic", GAME.id), random.Random(record.seed or 0)
    while panel.buttons() or panel.selects():
        record = scene.bot.service.games.get(record.id) or record
        if record.state is None or awaiting(record) != seat:
            return
        action = decide(record.state, seat, player, rng, game=GAME)
        component, values = _component_for(action, panel)
        if component["type"] == 2:
            result = await scene.host.click(panel, custom_id=component["custom_id"])
        else:
            result = await scene.host.choose(panel, values, custom_id=component["custom_id"])
        panel = await result.response()


async def host_turn(scene: Scene, game_id: int) -> None:
    """If it is the host's decision: press "Act" on the newest ping or table, play the panel."""
    record = scene.bot.service.games.get(game_id)
    seat = record.seat_of_user(int(scene.host.id)) if record else None
    if record is None or seat is None or awaiting(record) != seat.id:
        return
    for message in reversed(await scene.host.sees(scene.channel)):
        act = [b for b in message.buttons() if b.get("custom_id", "").endswith(":act")]
        if act and not message.ephemeral:
            result = await scene.host.click(message, custom_id=act[0]["custom_id"])
            await play_panel(scene, record, seat.id, await result.response())
            return


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


# -- printing the channel ----------------------------------------------------------------------


def _names(text: str, people: dict[str, str]) -> str:
    return re.sub(r"<@!?(\d+)>", lambda m: "@" + people.get(m[1], m[1]), text)


def _components_line(message: SeenMessage) -> str | None:
    parts = [f"[{b.get('label') or b.get('emoji', {}).get('name', '?')}]"
             for b in message.buttons()]
    parts += [f"<{s.get('placeholder') or 'select'} ▾>" for s in message.selects()]
    return "  ".join(parts) or None


def format_message(number: int, message: SeenMessage, edits: int, people: dict[str, str]
                   ) -> str:
    head = f"── message {number}" + (f" · edited {edits}×" if edits else "") + " ──"
    lines = [head]
    if message.content:
        lines.append(message.content)
    for embed in message.embeds:
        if embed.get("title"):
            lines.append(f"## {embed['title']}")
        if embed.get("description"):
            lines.append(embed["description"])
        for field in embed.get("fields") or []:
            lines += [f"**{field.get('name', '')}**", field.get("value", "")]
        if (embed.get("footer") or {}).get("text"):
            lines.append(f"_{embed['footer']['text']}_")
    if (components := _components_line(message)) is not None:
        lines.append(components)
    return _names("\n".join(lines), people)


async def channel_text(scene: Scene, people: dict[str, str]) -> tuple[str, int]:
    """The channel as the reader (no player) sees it, with each message's edit count."""
    edits = Counter(c["path"].rsplit("/", 1)[-1] for c in await scene.discord.calls()
                    if c["method"] == "PATCH" and c["status"] < 400)
    seen = [m for m in await scene.reader.sees(scene.channel) if not m.ephemeral]
    blocks = [format_message(i, m, edits[m.id], people) for i, m in enumerate(seen, 1)]
    return "\n\n".join(blocks), len(seen)


def winner_name(record: GameRecord | None, bot: GameBot) -> str | None:
    if record is None or record.state is None or record.status != "finished":
        return None
    from rules import citadels

    view = citadels.view(record.state, None)
    table = render.scores_from_view(view)
    seat_id = view.get("winner") or max(table, key=lambda p: table[p].total)
    seat = record.seat(seat_id)
    return render.seat_name(seat, bot.catalog, record.settings.language)


# -- the whole demo ------------------------------------------------------------------------------


async def build_scene(emulator: Emulator, bot: GameBot, language: str,
                      channel_name: str = "citadels") -> Scene:
    """A server in `language`, its channel, the host and a reader who only watches."""
    discord_api = Discord.local(emulator)
    locale = LOCALES[language]
    guild = await discord_api.guild("Demo", locale=locale)
    channel = await discord_api.channel(guild, channel_name)
    host = await discord_api.user("ana", locale=locale, guild=guild)
    reader = await discord_api.user("reader", locale=locale, guild=guild)
    return Scene(discord_api, bot, channel, host, reader, language)


async def run_demo(players: int = 4, language: str = "en", seed: int | None = None,
                   strengths: Sequence[str] = ("basic",), pause: float = 0.02,
                   rate_limits: bool = False) -> DemoResult:
    """Play one game (the host and `players - 1` computers); return the channel as text.

    Discord allows 5 edits per 5 s in a channel: with `rate_limits` on, a game played this
    fast shows few tables (the bot skips to the newest state), so they are off by default."""
    if language not in LOCALES:
        raise ValueError(f"language must be one of {sorted(LOCALES)}")
    with tempfile.TemporaryDirectory(prefix="citadels-demo-") as folder:
        settings = Settings.model_validate({
            "discord_token": Config.token, "database_path": Path(folder) / "demo.sqlite3",
            "default_language": language})
        bot = GameBot(settings, computer_pause=pause, guild_ready_timeout=0.05)
        async with Emulator(Config(rate_limits=rate_limits)) as emulator, run_client(bot, emulator):
            scene = await build_scene(emulator, bot, language)
            return await _play(scene, players, strengths, seed)


async def _play(scene: Scene, players: int, strengths: Sequence[str], seed: int | None
                ) -> DemoResult:
    if seed is not None:
        scene.bot.service.start = _seeded(scene.bot.service.start, seed)  # type: ignore[method-assign]
    game_id = await open_game(scene, players, strengths)
    await play_out(scene, game_id)
    record = await scene.bot.service.get(game_id)
    people = {scene.host.id: scene.host.name, scene.reader.id: scene.reader.name}
    text, count = await channel_text(scene, people)
    status = record.status if record else "missing"
    rounds = record.state.round if record is not None and record.state is not None else 0
    return DemoResult(text, status, winner_name(record, scene.bot), count, rounds)


def _seeded(start: Any, seed: int) -> Any:
    """The service's `start` with a fixed deck seed, so `--seed` replays the same game."""
    async def start_with_seed(game_id: int, user_id: int, **_: Any) -> Any:
        return await start(game_id, user_id, seed=seed)

    return start_with_seed


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    return demo_arguments("python -m demo citadels", __doc__, GAME, argv, "deck seed", 0.02)


def demo_arguments(prog: str, doc: str | None, game: Any, argv: Sequence[str] | None,
                   seed: str, pause: float) -> argparse.Namespace:
    """A demo's command line (each game's demo takes the same options)."""
    parser = argparse.ArgumentParser(prog=prog, description=(doc or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4,
                        choices=range(game.min_players, game.max_players + 1))
    parser.add_argument("--language", choices=sorted(LOCALES), default="en")
    parser.add_argument("--seed", type=int, default=None, help=f"{seed} (default: random)")
    parser.add_argument("--strengths", default="basic",
                        help=f"comma-separated computer strengths, cycled: {','.join(STRENGTHS)}")
    parser.add_argument("--pause", type=float, default=pause,
                        help="seconds a computer waits before moving")
    parser.add_argument("--rate-limits", action="store_true",
                        help="keep Discord's rate limits (the bot then skips most tables)")
    args = parser.parse_args(argv)
    args.strengths = [s.strip() for s in args.strengths.split(",") if s.strip()]
    if not args.strengths or set(args.strengths) - set(STRENGTHS):
        parser.error(f"--strengths takes {', '.join(STRENGTHS)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    return printed(asyncio.run(run_demo(args.players, args.language, args.seed, args.strengths,
                                        args.pause, args.rate_limits)))


def printed(result: DemoResult) -> int:
    """Print a demo's channel and outcome; the exit status (0: the game finished)."""
    print(result.text)
    print(f"\n[{result.messages} public messages; game {result.status}; "
          f"winner: {result.winner}]")
    return 0 if result.status == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
