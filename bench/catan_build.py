"""`python -m bench.catan_build`: Catan's Build buttons as a player reads them, written to
docs/pictures (issue 44): catan-build-<language>.txt and catan-build-road-en.png.

Drawn from the bot's own panels (cogs/catan, the same code that answers a click) at the first
moment of a seeded 3-player game of basic players where the seat whose turn it is may build a
road, and something else besides: the turn's panel (a Build button for each piece, the usual
selects, End turn last), then the panel the Road button opens (the roads' select, in board
order) and its candidates' picture (the roads' ids drawn large), the text as
bench.trade_builder writes a panel: its text, then each row of buttons [label] or a select
<placeholder ▾>.

    python -m bench.catan_build [--out docs/pictures] [--seed 2]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from bench.catan_table import LANGUAGES, records
from bench.trade_builder import steps
from bot.i18n import Catalog
from bot.records import GameRecord
from cogs.catan import builds
from cogs.catan.ui import UI
from cogs.game import PicturePanel

ROAD = "build_road"


def moment(seed: int) -> tuple[GameRecord, str]:
    """The first record where the seat whose turn it is has more than one road to choose from
    and another piece to build; and that seat."""
    for record in records(3, seed, every=1):
        seat = record.state.seats[record.state.active]
        opens = {a.opens for a in builds.prepared(record.rules.legal_actions(record.state, seat),
                                                  None) if a.type == builds.TYPE}
        roads = [a for a in record.rules.legal_actions(record.state, seat) if a.type == ROAD]
        if len(roads) > 1 and len(opens) > 1 and record.state.phase == "action":
            return record, seat
    raise LookupError(f"no turn of seed {seed} may build a road and more")


def walkthrough(record: GameRecord, seat: str, catalog: Catalog, lang: str
                ) -> tuple[str, PicturePanel]:
    """The turn's panel and the one its Road button opens, as text; and the latter."""
    def t(key: str) -> str:
        return catalog.text(f"catan.{key}", lang)

    turn = UI.panel(record, record.seat(seat), catalog, lang, [])
    road = UI.panel(record, record.seat(seat), catalog, lang, [], ROAD)
    assert isinstance(road, PicturePanel)
    blocks = [(t("panel.menu"), turn), (t(f"panel.open.{ROAD}"), road)]
    return steps(blocks), road


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.catan_build")
    parser.add_argument("--out", type=Path, default=Path("docs/pictures"))
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args(argv)
    catalog = Catalog.load()
    args.out.mkdir(parents=True, exist_ok=True)
    record, seat = moment(args.seed)
    for lang in LANGUAGES:
        text, road = walkthrough(record, seat, catalog, lang)
        path = args.out / f"catan-build-{lang}.txt"
        path.write_text(text, encoding="utf-8")
        print(path)
        if lang == "en" and road.picture is not None:
            picture = args.out / "catan-build-road-en.png"
            picture.write_bytes(road.picture.draw())
            print(picture)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
