"""Every count Cities shows takes its noun's number, in messages and drawn on pictures, in
English and Spanish (issue 42): the table, the scores, the result, a panel, the event lines and
the three pictures, with every count of the view set to 0, 1 and 2; Spanish colours agree with
their number ("1 roja", "2 azules")."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from cogs.cities import events, texts
from cogs.cities.render import board, sheet
from cogs.cities.table import _ties
from cogs.cities.texts import PARTS
from cogs.cities.ui import UI
from rules.cities import GAME, GameState
from tests.cogs.cities.helpers import catalog, moments, record, seats
from tests.render_helpers import embed_text

OTHER = r"(?:0|[2-9]|[1-9]\d+)"  # a count that is not one
NOUNS = {
    "en": ("point", "pt", "worker", "card", "tile", "feature tile", "piece", "space", "kind"),
    "es": ("punto", "pto", "trabajador", "carta", "loseta", "pieza", "casilla", "tipo", "roja",
           "azul", "verde", "amarilla"),
}
PLURALS = {"azul": "azules", "trabajador": "trabajadores"}  # else the noun and an "s"
AGREEMENT = {"en": [], "es": [r"\btrabajador libres\b", r"\btrabajadores libre\b",
                              r"\bte quedan 1\b", rf"\bte queda {OTHER}\b"]}


def wrong(lang: str) -> re.Pattern[str]:
    """A count that disagrees with its noun: "1 points", "2 azul", "1 trabajador libres"."""
    nouns = NOUNS[lang]
    plural = "|".join(PLURALS.get(n, n + "s") for n in nouns)
    single = "|".join(nouns)
    return re.compile("|".join([rf"(?<![\d.,])\b1 (?:{plural})\b", rf"\b{OTHER} (?:{single})\b",
                                *AGREEMENT[lang]]))


def counted(view: dict[str, Any], n: int) -> dict[str, Any]:
    """The view with every count it shows set to `n`."""
    out = copy.deepcopy(view)
    cards = list(texts.parts_of(out).cards)[:n]
    for p in out["players"]:
        p.update(workers=n, cards=cards, card_points=dict.fromkeys(cards, n),
                 score={**dict.fromkeys(PARTS, n), "total": n})
    out["stacks"] = dict.fromkeys(("cards", "tiles", "features"), n)
    out["bag"] = {"R": n, "B": 0, "G": 0, "Y": 0}
    out["pending"]["pieces"] = "RBGY" * n
    return out


def shown(state: GameState, n: int, lang: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text Cities shows of `state` with its counts set to `n`."""
    view = counted(GAME.view(state, None), n)
    monkeypatch.setattr(GAME, "view", lambda _state, seat: {**view, "you": seat})
    rec, cat, table = record(state), catalog(), seats(state.players)
    found = [embed_text(UI.table(rec, cat, lang)), embed_text(UI.standings(rec, cat, lang))]
    if GAME.is_over(state):
        found.append(embed_text(UI.final(rec, cat, lang)))
        found += sheet.final_layout(view, table, cat, lang).texts()
        tied = [dict(p) for p in view["players"]]
        found += _ties(view, tied, dict.fromkeys(view["standings"], 1), table, cat, lang)
    else:
        panel = UI.panel(rec, rec.seat(GAME.to_act(state)[0]), cat, lang, [])
        found.append(embed_text(panel.embed))
        found += board.table_layout(view, table, cat, lang).texts()
    found += sheet.hood_layout(view, "p1", table, cat, lang).texts()
    parts = texts.parts_of(view)
    goal = view["achievements"]["objectives"][0]["id"]
    for event in ({"type": "took", "seat": "p2", "item": "D1", "pieces": "RBGY" * n},
                  {"type": "achievement", "seat": "p2", "value": n, "objective": goal}):
        found += [events.event_line(event, table, parts, cat, lang, viewer=who) or ""
                  for who in (None, "p2")]
    found += [texts.rule_text("zone", {"terrain": "W", "smin": n, "smax": n, "fmin": n}, cat,
                              lang),
              texts.t(cat, lang, "objective.kinds_total.P", k=n),
              texts.t(cat, lang, "objective.straight_bspaces", n=n),
              texts.t(cat, lang, "objective.colour_group", n=n)]
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_count_agrees_with_its_noun(lang: str, n: int,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    states = moments(3, 14)
    during = next(s for s in states if s.phase == "place_pieces" and s.round == 2)
    pattern = wrong(lang)
    for state in (during, states[-1]):
        for text in shown(state, n, lang, monkeypatch):
            assert not pattern.search(text), (pattern.search(text), text)


def test_the_checker_finds_what_the_issue_saw() -> None:
    for lang, text in (("en", "Ana — 1 pts · 🏆 0"), ("en", "1 points (achievements 0)"),
                       ("es", "(1 roja, 2 azul, 1 verde)"), ("es", "te quedan 1 en esta ronda"),
                       ("es", "1 puntos"), ("es", "1 trabajador libres · 0 cartas")):
        assert wrong(lang).search(text), text
    for lang, text in (("en", "1 point · 2 points · 0 cards · 1 worker left · 12.1 pts"),
                       ("es", "(1 roja, 2 azules, 1 verde) · te queda 1 · 2 trabajadores libres")):
        assert not wrong(lang).search(text), text


def test_spanish_pieces_agree_with_their_number() -> None:
    assert texts.pieces_text("RBBG", catalog(), "es").endswith("(1 roja, 2 azules, 1 verde)")
    assert texts.pieces_text("YYR", catalog(), "es").endswith("(1 roja, 2 amarillas)")
    assert texts.pieces_text("RBBG", catalog(), "en").endswith("(1 red, 2 blue, 1 green)")


@pytest.mark.parametrize(("lang", "one", "other"), [("en", "(row ", "(rows "),
                                                    ("es", "(fila ", "(filas ")])
def test_the_rows_to_take_from_are_counted(lang: str, one: str, other: str) -> None:
    seen = set()
    for state in moments(2, 15):
        if state.phase != "take":
            continue
        seat = GAME.to_act(state)[0]
        rows = {a.item[0] for a in GAME.legal_actions(state, seat)}
        text = UI.panel(record(state), record(state).seat(seat), catalog(), lang, []).embed
        assert (one if len(rows) == 1 else other) in (text.description or "")
        seen.add(len(rows) == 1)
    assert seen == {True, False}
