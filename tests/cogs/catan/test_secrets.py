"""What Catan's messages show is what their reader may know (§13), over whole seeded games:
the table, the standings and the board picture are the same for every world consistent with
the public view (the engine redraws the hands, the progress cards and the decks: a text that
read any of them would change), and a seat's panel is the same for every world consistent with
that seat's view. Public event lines are made from the events' public parts only."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.records import GameRecord
from cogs.catan.render.picture import drawn
from cogs.catan.ui import UI
from rules.catan.game import GAME

from .helpers import CATALOG, items, playout


def shown(embed: discord.Embed) -> Any:
    return embed.to_dict()


def components(view: discord.ui.View | None) -> list[Any]:
    out = []
    for item in items(view):
        options = [(o.label, o.value, o.description, o.default)
                   for o in getattr(item, "options", [])]
        out.append((item.custom_id, getattr(item, "label", None), options))
    return out


def redrawn(rec: GameRecord, seat: str | None, rng: random.Random) -> GameRecord:
    return rec.model_copy(update={"state": GAME.determinize(rec.state, seat, rng)})


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (4, 22)])
def test_public_messages_and_panels_read_only_what_their_reader_may_know(
        players: int, seed: int) -> None:
    rng = random.Random(seed)
    differed = 0
    for i, (rec, _) in enumerate(playout(players, seed)):
        if i % 9:
            continue
        other = redrawn(rec, None, rng)
        differed += GAME.dump_state(other.state) != GAME.dump_state(rec.state)
        for lang in ("en", "es"):
            assert shown(UI.table(rec, CATALOG, lang)) == shown(UI.table(other, CATALOG, lang))
            assert shown(UI.standings(rec, CATALOG, lang)) == shown(
                UI.standings(other, CATALOG, lang))
        picture, again = (UI.table_picture(r, CATALOG, "en") for r in (rec, other))
        assert picture is not None and again is not None and picture.key == again.key
        assert UI.ping_key(rec) == UI.ping_key(other)
        for seat in rec.seats:
            mine = redrawn(rec, seat.id, rng)
            panel, again_ = (UI.panel(r, seat, CATALOG, "en", [], None) for r in (rec, mine))
            assert shown(panel.embed) == shown(again_.embed), seat.id
            assert components(panel.view) == components(again_.view), seat.id
            keys = [getattr(p.picture, "key", None) for p in (panel, again_)]
            assert keys[0] == keys[1], seat.id  # the candidates' picture too
    assert differed  # the worlds did differ: the check compared something
    final = rec.model_copy(update={"status": "finished"})
    assert GAME.is_over(final.state)
    assert shown(UI.final(final, CATALOG, "en")) == shown(
        UI.final(redrawn(final, None, rng), CATALOG, "en"))


def test_the_board_is_drawn_from_the_public_view_only() -> None:
    rec, _ = next((r, e) for r, e in playout(3, 5) if r.state.turn > 3)
    with pytest.raises(ValueError):
        drawn(GAME.view(rec.state, rec.seats[0].id))
    assert UI.table_picture(rec, CATALOG, "en") is not None
