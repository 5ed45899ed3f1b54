"""How Catan's public table reads on a phone: seeded games of basic computer players (3 and 4
seats, people and computers), their table rendered at many points of each game in English and
Spanish, and the share of its lines wider than 40 columns (bot.embeds.width: an emoji counts
two). The tests hold every line to the limit; this prints the figure.

    .venv/bin/python -m bench.catan_table [--games 4] [--every 25]
    .venv/bin/python -m bench.catan_table --out docs/pictures

With `--out`, writes the table as a phone shows it instead, for docs/pictures: a 4-player
game of seed 12 part-way (PART of its actions), its text in English and Spanish
(catan-table-4-<language>.txt: the embed as markdown, every line within 40 columns) and its
board, full size (catan-table-4-en.png) and scaled to a phone's 400 px
(catan-table-4-en-400.png).
"""

from __future__ import annotations

import argparse
import io
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from PIL import Image

from ai.arena import next_seat
from ai.catan import make_player
from bench.catan_views import catan_catalog
from bot.embeds import PHONE, width
from bot.i18n import Catalog
from bot.layouts import text_of
from bot.records import GameRecord, Seat
from cogs.catan.table import table_embed
from cogs.catan.ui import UI
from rules import registry

NAMES = ("Ana", "Bruno", "Carmen", "Maximiliano de la Cruz Fernández")
LANGUAGES = ("en", "es")
PHONE_PX = 400  # a phone's width for a picture in a message
PART = 0.6  # how far into its game the pictured table is


def table_seats(n: int) -> list[Seat]:
    """People in the first seats, computers in the last two (numbered "🤖 Basic bot 3")."""
    return [Seat(id=f"p{i}", name=NAMES[i - 1], ai="basic") if i > n - 2
            else Seat(id=f"p{i}", name=NAMES[i - 1], user_id=1000 + i, ai="basic")
            for i in range(1, n + 1)]


def records(n: int, seed: int, every: int, seats: list[Seat] | None = None
            ) -> Iterator[GameRecord]:
    """The record of a seeded game of basic players after every `every` actions, and its end."""
    game = registry.game("catan")
    state = game.new_game([f"p{i}" for i in range(1, n + 1)],
                          game.options({"layout": "random"}, players=n), seed)
    player, rng = make_player("basic"), random.Random(seed)
    log: list[dict[str, Any]] = []
    seats = seats or table_seats(n)
    for step in range(100_000):
        over = game.is_over(state)
        if step % every == 0 or over:
            yield GameRecord(id=seed, game="catan", channel_id=1, host_id=1001,
                             status="finished" if over else "running", seats=seats,
                             state=state, version=step + 1, log=log)
        if over:
            return
        seat = next_seat(game, state)
        action = player.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        state, events = game.apply(state, seat, action)
        log = (log + [e.visible_to(None) for e in events])[-40:]


def embed_lines(embed: discord.Embed) -> list[str]:
    """Every line the table shows: title, description, each field's name and value, footer."""
    parts = [embed.title or "", embed.description or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    parts.append(embed.footer.text or "")
    return [line for part in parts for line in part.split("\n") if line]


def seat_lines(embed: discord.Embed) -> list[str]:
    """The lines of the seats' field (the first field)."""
    return (embed.fields[0].value or "").split("\n") if embed.fields else []


def tables(catalog: Catalog, lang: str, games: int, every: int
           ) -> Iterator[discord.Embed]:
    for seed in range(1, games + 1):
        for record in records(3 + seed % 2, seed, every):
            yield table_embed(record, catalog, lang)


def write(out: Path, catalog: Catalog, players: int = 4, seed: int = 12) -> list[Path]:
    """The table part-way through a seeded game as a phone shows it: its text in each
    language and its board, full size and at 400 px; the files written."""
    shown = list(records(players, seed, every=1))
    record = shown[int(len(shown) * PART)]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGUAGES:
        path = out / f"catan-table-{players}-{lang}.txt"
        path.write_text(text_of(table_embed(record, catalog, lang)) + "\n", encoding="utf-8")
        written.append(path)
    picture = UI.table_picture(record, catalog, "en")
    assert picture is not None
    board = Image.open(io.BytesIO(picture.draw()))
    phone = board.resize((PHONE_PX, round(board.height * PHONE_PX / board.width)),
                         Image.Resampling.LANCZOS)
    for name, image in ((f"catan-table-{players}-en.png", board),
                        (f"catan-table-{players}-en-{PHONE_PX}.png", phone)):
        image.save(out / name, optimize=True)
        written.append(out / name)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=25, help="actions between tables")
    parser.add_argument("--out", type=Path, help="write the table as a phone shows it there")
    args = parser.parse_args()
    catalog = catan_catalog()
    if args.out is not None:
        for path in write(args.out, catalog):
            print(path)
        return
    for lang in LANGUAGES:
        embeds = list(tables(catalog, lang, args.games, args.every))
        for name, lines in (("seat lines", [s for e in embeds for s in seat_lines(e)]),
                            ("all lines", [s for e in embeds for s in embed_lines(e)])):
            over = [s for s in lines if width(s) > PHONE]
            widest = max((width(s) for s in lines), default=0)
            print(f"{lang} {name}: {len(over)}/{len(lines)} over {PHONE} columns "
                  f"({100 * len(over) / max(1, len(lines)):.1f}%), widest {widest}, "
                  f"{len(embeds)} tables")


if __name__ == "__main__":
    main()
