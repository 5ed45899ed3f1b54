"""A demo's scene and its printout, the same for every game: a server in the demo's language,
its channel, the host and a reader who only watches; the command line every demo takes; the
channel as the reader sees it."""

from __future__ import annotations

import argparse
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import GameBot
from fakediscord import Discord, Emulator, Person, Ref
from fakediscord.limits import TEXT_DISPLAY
from fakediscord.testing import SeenMessage

LOCALES = {"en": "en-US", "es": "es-ES"}
STRENGTHS = ("random", "basic", "expert")


@dataclass
class DemoResult:
    text: str           # the channel as printed
    status: str         # the game's final status ("finished" unless something went wrong)
    winner: str | None  # the winner's display name, in the game's language
    messages: int       # public messages in the channel
    rounds: int = 0     # rounds played
    missed: int = 0     # the host's decisions no panel led to (Scene.missed)


@dataclass
class Scene:
    discord: Discord
    bot: GameBot
    channel: Ref
    host: Person
    reader: Person
    language: str
    panels: list[SeenMessage] = field(default_factory=list)  # the host's, as they opened them
    missed: int = 0  # decisions the host found no way to on their panel (a bug, if any)


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


def _seeded(start: Any, seed: int) -> Any:
    """The service's `start` with a fixed seed, so `--seed` replays the same game."""
    async def start_with_seed(game_id: int, user_id: int, **_: Any) -> Any:
        return await start(game_id, user_id, seed=seed)

    return start_with_seed


# -- printing the channel ----------------------------------------------------------------------


def _names(text: str, people: Mapping[str, str]) -> str:
    return re.sub(r"<@!?(\d+)>", lambda m: "@" + people.get(m[1], m[1]), text)


def _components_line(message: SeenMessage) -> str | None:
    parts = [f"[{b.get('label') or b.get('emoji', {}).get('name', '?')}]"
             for b in message.buttons()]
    parts += [f"<{s.get('placeholder') or 'select'} ▾>" for s in message.selects()]
    return "  ".join(parts) or None


def format_message(number: int, message: SeenMessage, edits: int, people: Mapping[str, str],
                   pictures: Mapping[str, str] | None = None) -> str:
    """One message as text; `pictures` names the written file of each attachment id."""
    head = f"── message {number}" + (f" · edited {edits}×" if edits else "") + " ──"
    lines = [head]
    if message.content:
        lines.append(message.content)
    for embed in message.embeds:
        if embed.get("title"):
            lines.append(f"## {embed['title']}")
        if embed.get("description"):
            lines.append(embed["description"])
        for field_ in embed.get("fields") or []:
            lines += [f"**{field_.get('name', '')}**", field_.get("value", "")]
        if (embed.get("footer") or {}).get("text"):
            lines.append(f"_{embed['footer']['text']}_")
    lines += [c.get("content") or "" for c in message.components()  # a layout's texts
              if c["type"] == TEXT_DISPLAY]
    lines += [f"🖼️ {pictures[a['id']]}" for a in message.attachments
              if pictures and a.get("id") in pictures]
    if (components := _components_line(message)) is not None:
        lines.append(components)
    return _names("\n".join(lines), people)


async def channel_text(scene: Scene, people: Mapping[str, str],
                       pictures: Mapping[str, str] | None = None) -> tuple[str, int]:
    """The channel as the reader (no player) sees it, with each message's edit count."""
    edits = Counter(c["path"].rsplit("/", 1)[-1] for c in await scene.discord.calls()
                    if c["method"] == "PATCH" and c["status"] < 400)
    seen = [m for m in await scene.reader.sees(scene.channel) if not m.ephemeral]
    blocks = [format_message(i, m, edits[m.id], people, pictures) for i, m in enumerate(seen, 1)]
    return "\n\n".join(blocks), len(seen)


# -- the command line ----------------------------------------------------------------------------


def demo_arguments(prog: str, doc: str | None, game: Any, argv: Sequence[str] | None,
                   seed: str, pause: float) -> argparse.Namespace:
    """A demo's command line (each game's demo takes the same options)."""
    parser = argparse.ArgumentParser(prog=prog, description=_first_sentence(doc))
    parser.add_argument("--players", type=int, default=min(4, game.max_players),
                        choices=range(game.min_players, game.max_players + 1))
    parser.add_argument("--language", choices=sorted(LOCALES), default="en")
    parser.add_argument("--seed", type=int, default=None, help=f"{seed} (default: random)")
    parser.add_argument("--strengths", default="basic",
                        help=f"comma-separated computer strengths, cycled: {','.join(STRENGTHS)}")
    parser.add_argument("--pause", type=float, default=pause,
                        help="seconds a computer waits before moving")
    parser.add_argument("--rate-limits", action="store_true",
                        help="keep Discord's rate limits (the bot then skips most tables)")
    parser.add_argument("--no-pictures", dest="pictures", action="store_false",
                        help="the bot draws no pictures (faster)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="write every picture the bot posts and the transcripts of the "
                             "channel and of the host's panels to DIR")
    args = parser.parse_args(argv)
    args.strengths = [s.strip() for s in args.strengths.split(",") if s.strip()]
    if not args.strengths or set(args.strengths) - set(STRENGTHS):
        parser.error(f"--strengths takes {', '.join(STRENGTHS)}")
    return args


def _first_sentence(doc: str | None) -> str:
    """A module docstring's first sentence, whatever lines it runs over."""
    text = " ".join((doc or "").split())
    end = text.find(". ")
    return text if end < 0 else text[:end + 1]


def printed(result: DemoResult, refused: str | None = None) -> int:
    """Print a demo's channel and outcome; the exit status (0: the game finished, 2: the bot
    refused the options, with its sentence)."""
    if refused is not None:
        print(refused)
        return 2
    print(result.text)
    print(f"\n[{result.messages} public messages; game {result.status}; "
          f"winner: {result.winner}]")
    return 0 if result.status == "finished" else 1
