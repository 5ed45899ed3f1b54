"""Reference pictures: the table and final-score pictures of seeded random games, to look at.

    python -m bench.pictures [--out docs/pictures]

Writes the table of 2, 4 and 7 players of the Classic game in English, 4 in Spanish, 8 of Dark
City (with the Artist at rank 9), and the final scores of 7 players in English and 4 in
Spanish, each late in a round of turns (bench.render.game_views). The same seeds give the
same pictures, so a change to the drawing shows as a change to these files.

Then Catan's board of 3 and 4 players in English and Spanish, on the beginner and the random
layout, mid-game (bench.catan_views: the last position after a roll before anyone has 10
points), and the same 4-player board with the settlement spots a panel would ask about.

Then Cities (bench.render.cities_views): the table of 4 players in English and 3 in Spanish
mid-game, a full neighbourhood at the end, a panel's preview of a city tile staged at its
first open place turned 90° (the other places named), and the final result of 4 players in
English and 2 (the long game) in Spanish.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.catan_views import catan_catalog, catan_seats, catan_views, settlement_spots
from bench.engine import DARK_CITY
from bench.render import cities_views, full_hood, game_views, seats
from bot.i18n import Catalog
from cogs.catan.render.picture import board_picture, candidates_picture
from cogs.citadels.render.picture import final_picture, table_picture
from cogs.cities.render import board as cities_board
from cogs.cities.render import hood as cities_hood
from cogs.cities.render import sheet as cities_sheet
from rules import citadels
from rules.cities import geometry

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


def cities(out: Path) -> None:
    catalog = Catalog.load()
    four, three, two = cities_views(4, 2), cities_views(3, 5), cities_views(2, 3, long=True)
    view = four["mid"]
    first = view["players"][0]
    laid = [(p["x"], p["y"]) for p in first["tiles"]]
    (x, y), *others = geometry.open_positions(laid, view["long"])
    places = tuple(geometry.frame(False).tile_label(*p) for p in others)
    laid_anywhere = {t["tile"] for p in view["players"] for t in p["tiles"]}
    tile = next(f"ct{k:02}" for k in range(13, 45) if f"ct{k:02}" not in laid_anywhere)
    staged = cities_hood.Look(cell=0, places=places,
                              staged=cities_hood.Staged(tile, x, y, 90))
    caption = catalog.text("cities.panel.caption.place_tile", "en", tile=tile,
                           at=geometry.frame(False).tile_label(x, y), rot=90)
    pictures = {
        "cities-table-4-en": cities_board.table_picture(view, seats(4, ENGLISH), catalog, "en"),
        "cities-table-3-es": cities_board.table_picture(three["mid"], seats(3, SPANISH),
                                                        catalog, "es"),
        "cities-hood-4-en": full_hood(four["end"], seats(4, ENGLISH), catalog, "en"),
        "cities-preview-4-en": cities_sheet.hood_picture(view, first["seat"], seats(4, ENGLISH),
                                                         catalog, "en", staged, caption),
        "cities-final-4-en": cities_sheet.final_picture(four["end"], seats(4, ENGLISH), catalog,
                                                        "en"),
        "cities-final-2-long-es": cities_sheet.final_picture(two["end"], seats(2, SPANISH),
                                                             catalog, "es"),
    }
    for name, png in pictures.items():
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
    cities(args.out)


if __name__ == "__main__":
    main()
