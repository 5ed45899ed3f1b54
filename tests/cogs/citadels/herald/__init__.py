"""The Herald, a Citadels character that exists only under tests/: it proves that a character
with an action of a new kind is its data row (data.json: id, rank, emoji, names, text), its
`Power` beside its action and its computer players' record (here) and its texts
(locales/en, locales/es), with no other file: the engine takes it through
rules/citadels/extend.py, the computer players through ai/citadels/evaluate.POLICIES, the
bot's panels through the declarations' defaults (cogs/citadels/actions_ui.py) and its texts
through the catalog. A built-in character is the same: its row in rules/citadels/data, its
Power and action in powers.py, its record in evaluate.py, its texts in the two catalogs.

Rank 6 (beside the Merchant and the Alchemist): once in his turn, after the resources, the
Herald proclaims another player, and each of them takes 1 gold.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from ai.citadels import evaluate
from bot.i18n import Catalog
from rules.citadels import extend
from rules.citadels.actions import Action
from rules.citadels.checks import check, use_power
from rules.citadels.powers import Power
from rules.citadels.state import GameState, Player
from rules.citadels.tx import Work, edit, emit

HERE = Path(__file__).parent
ROW: dict[str, Any] = json.loads((HERE / "data.json").read_text("utf-8"))["characters"][0]


class Proclaim(Action):
    """The Herald names another player: each of them takes 1 gold."""
    type: Literal["proclaim"] = "proclaim"
    player: str


def _proclaims(s: GameState, me: Player) -> list[Action]:
    return [Proclaim(player=p.id) for p in s.players if p.id != me.id]


def proclaim(s: Work, me: str, action: Action) -> None:
    use_power(s, "herald")
    assert type(action) is Proclaim
    other = action.player
    check(other != me and other in s.seat, f"cannot proclaim {other!r}")
    edit(s, me).gold += 1
    edit(s, other).gold += 1
    s.power_used = True
    emit(s, "proclaimed", me, {"to": other, "amount": 1})


POWER = Power(targets=_proclaims, handlers={Proclaim: proclaim})


def _proclaimed(view: dict[str, Any], me: dict[str, Any], options: list[Action]
                ) -> Action | None:
    """The player the gold helps least: the one furthest behind."""
    standing = evaluate.view_standings(view)
    proclaims = [a for a in options if isinstance(a, Proclaim)]
    return min(proclaims, key=lambda a: (standing[a.player], a.player), default=None)


# 1 gold for himself, 1 for whoever is furthest behind.
POLICY = evaluate.Policy(lambda r: 1.5, actions={"proclaim": _proclaimed})


def texts() -> dict[str, dict[str, str]]:
    """The Herald's texts by language."""
    return {lang: json.loads((HERE / "locales" / lang / "citadels.json").read_text("utf-8"))
            for lang in ("en", "es")}


@contextmanager
def herald(catalog: Catalog | None = None) -> Iterator[None]:
    """The Herald in the engine and the computer players (and his texts in `catalog`, a
    running bot's) for the duration of the block, as a deployment would load them at
    start-up."""
    added = texts() if catalog is not None else {}
    for lang, table in added.items():
        assert catalog is not None and not table.keys() & catalog.tables[lang].keys()
        catalog.tables[lang].update(table)
    evaluate.POLICIES[ROW["id"]] = POLICY
    try:
        with extend.added(ROW, POWER):
            yield
    finally:
        del evaluate.POLICIES[ROW["id"]]
        for lang, table in added.items():
            assert catalog is not None
            for key in table:
                del catalog.tables[lang][key]
