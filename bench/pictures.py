"""Reference pictures: the table and final-score pictures of seeded random games, to look at.

    python -m bench.pictures [--out docs/pictures]

Writes the table of 2, 4 and 7 players of the Classic game in English, 4 in Spanish, 8 of Dark
City (with the Artist at rank 9), and the final scores of 7 players in English and 4 in
Spanish, each late in a round of turns (bench.render.game_views). The same seeds give the
same pictures, so a change to the drawing shows as a change to these files.

Then Catan's board of 3 and 4 players in English and Spanish, on the beginner and the random
layout, mid-game (bench.catan_views: the last position after a roll before anyone has 10
points), and the same 4-player board with the settlement spots a panel would ask about.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.catan_views import catan_catalog, catan_seats, catan_views, settlement_spots
from bench.engine import DARK_CITY
from bench.render import game_views, seats
from bot.i18n import Catalog
from cogs.catan.render.picture import board_picture, candidates_picture
from cogs.citadels.render.picture import final_picture, table_picture
from rules import citadels

ENGLISH = ["Ana", "Bruno", "Carmen", "Maximiliano de la Cruz Fernández", "Elena", "Fermín",
           "Gloria", "Hugo"]
SPANISH = ["Begoña", "Tomás", "Lucía", "Íñigo"]
# (file, players, options, language, names, seed, final)
PICTURES: tuple[tuple[str, int, citadels.Options | None, str, list[str], int, bool], ...] = (
    ("table-2-en", 2, None, "en", ENGLISH, 3, False),
    ("table-4-en", 4, None, "en", ENGLISH, 1, False),
    ("table-7-en", 7, None, "en", ENGLISH, 2, False),
    ("table-4-es", 4, None, "es", SPANISH, 4, False),
    ("table-8-dark-city-en", 8, DARK_CITY, "en", ENGLISH, 1, False),
    ("final-7-en", 7, None, "en", ENGLISH, 2, True),
    ("final-4-es", 4, None, "es", SPANISH, 4, True),
)

# (file, players, layout, language, names, seed, candidates)
CATAN: tuple[tuple[str, int, str, str, list[str], int, bool], ...] = (
    ("catan-3-en", 3, "beginner", "en", ENGLISH, 3, False),
    ("catan-4-en", 4, "random", "en", ENGLISH, 3, False),
    ("catan-3-es", 3, "random", "es", SPANISH, 7, False),
    ("catan-4-es", 4, "beginner", "es", SPANISH, 7, False),
    ("catan-places-4-en", 4, "random", "en", ENGLISH, 3, True),
)


def catan(out: Path) -> None:
    catalog = catan_catalog()
    for name, n, layout, lang, names, seed, places in CATAN:
        view = catan_views(n, seed, layout)["mid"]
        table = catan_seats(n, names)
        png = (candidates_picture(view, table, catalog, lang, settlement_spots(view)) if places
               else board_picture(view, table, catalog, lang))
        path = out / f"{name}.png"
        path.write_bytes(png)
        print(f"{path}: {len(png) // 1024} KB")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/pictures"))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    catalog = Catalog.load()
    for name, n, options, lang, names, seed, final in PICTURES:
        late, end = game_views(n, seed, options)
        picture = final_picture if final else table_picture
        png = picture(end if final else late, seats(n, names), catalog, lang)
        path = args.out / f"{name}.png"
        path.write_bytes(png)
        print(f"{path}: {len(png) // 1024} KB")
    catan(args.out)


if __name__ == "__main__":
    main()
