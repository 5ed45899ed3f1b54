"""What Cities' table, panels and pictures say, and say once (issue 42): the component set is
named in the lobby and the result only, not on every table, score or picture; the rows of the
board are drawn only while dealt (no fresh face-down rows after the end); no workers before the
first round; a long hand of scoring cards stays in one titled field; a feature tile's event is
a sentence. English and Spanish."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cogs.cities import events, texts
from cogs.cities.render import board, sheet
from cogs.cities.ui import UI
from rules.cities import GAME, GameState, data
from tests.cogs.cities.helpers import catalog, moments, record, seats
from tests.render_helpers import check_embed, embed_text

LANGS = ("en", "es")
FACE_DOWN = {"en": "face down", "es": "boca abajo"}
SET = "open-1"


def game(players: int = 3, seed: int = 14) -> list[GameState]:
    return moments(players, seed)


def at(states: list[GameState], phase: str, round_: int) -> GameState:
    return next(s for s in states if s.phase == phase and s.round == round_)


@pytest.mark.parametrize("lang", LANGS)
def test_the_component_set_is_named_in_the_lobby_and_the_result_only(lang: str) -> None:
    states = game()
    cat = catalog()
    for state in (at(states, "start_tile", 0), at(states, "take", 2), states[-1]):
        rec, view = record(state), GAME.view(state, None)
        for shown in (embed_text(UI.table(rec, cat, lang)),
                      embed_text(UI.standings(rec, cat, lang)),
                      *board.table_layout(view, seats(3), cat, lang).texts(),
                      *sheet.hood_layout(view, "p1", seats(3), cat, lang).texts()):
            assert SET not in shown, shown
        if GAME.to_act(state):
            panel = UI.panel(rec, rec.seat(GAME.to_act(state)[0]), cat, lang, [])
            assert SET not in embed_text(panel.embed)
    final = record(states[-1])
    assert embed_text(UI.final(final, cat, lang)).count(SET) == 1
    assert not any(SET in s for s in sheet.final_layout(GAME.view(states[-1], None), seats(3),
                                                        cat, lang).texts())
    lobby = record(states[0])
    lobby.state = None
    assert sum(SET in line for line in UI.option_lines(lobby, cat, lang)) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_rows_are_drawn_only_while_dealt(lang: str) -> None:
    states = game()
    for state in (at(states, "start_tile", 0), states[-1]):
        scene = board.table_layout(GAME.view(state, None), seats(3), catalog(), lang)
        for item in (f"{row}{i}" for row in "ABCD" for i in range(1, 5)):
            assert scene.regions[f"item:{item}"].texts == [item], (state.phase, item)
        assert FACE_DOWN[lang] not in " ".join(scene.texts())
    dealt = board.table_layout(GAME.view(at(states, "take", 1), None), seats(3), catalog(), lang)
    assert FACE_DOWN[lang] in dealt.regions["item:A4"].texts
    assert texts.t(catalog(), lang, "d4") in dealt.regions["item:D4"].texts


@pytest.mark.parametrize("lang", LANGS)
def test_no_workers_are_shown_before_the_first_round_or_after_the_end(lang: str) -> None:
    states = game()
    workers = {"en": "worker", "es": "trabajador"}[lang]
    for state, shown in ((at(states, "start_tile", 0), False), (at(states, "take", 1), True),
                         (states[-1], False)):
        table = UI.table(record(state), catalog(), lang)
        assert ("👷" in (table.description or "")) == shown, table.description
        scene = board.table_layout(GAME.view(state, None), seats(3), catalog(), lang)
        heads = " ".join(t for p in state.seats for t in scene.regions[f"player:{p}"].texts)
        assert (workers in heads) == shown, heads


def holding(view: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    out = copy.deepcopy(view)
    for p in out["players"]:
        p.update(cards=cards, card_points=dict.fromkeys(cards, 3))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_hand_of_scoring_cards_stays_in_one_titled_field(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The long 2-player game deals up to 14 cards to a seat (7 rounds, two takes a row)."""
    states = moments(2, 4, long=True)
    parts = data.component_set(data.DEFAULT)
    cards = sorted(parts.cards, key=lambda c: -len(texts.card_line(parts, c, catalog(), lang)))
    cards = cards[:14]  # the longest sentences
    for state in (at(states, "take", 7), states[-1]):
        view = holding(GAME.view(state, None), cards)
        monkeypatch.setattr(GAME, "view", lambda _state, seat, view=view: {**view, "you": seat})
        rec = record(state)
        shown = [UI.standings(rec, catalog(), lang),
                 UI.panel(rec, rec.seat("p1"), catalog(), lang, []).embed]
        if GAME.is_over(state):
            shown.append(UI.final(rec, catalog(), lang))
        for embed in shown:
            check_embed(embed)
            names = [f.name for f in embed.fields]
            assert all(name and name.strip("\u200b ") for name in names), names
            for card in cards:
                assert texts.card_name(parts, card, lang) in embed_text(embed)
        panel = shown[1]
        title = texts.t(catalog(), lang, "panel.cards")
        assert [f.name for f in panel.fields].count(title) == 1


@pytest.mark.parametrize(("lang", "discarded", "laid", "mine"), [
    ("en", "Bruno discarded a feature tile: Wild tile.",
     "Bruno laid a feature tile on E5: Wild tile.", "You discarded a feature tile: Wild tile."),
    ("es", "Bruno descartó una loseta de atributo: Loseta especial.",
     "Bruno colocó una loseta de atributo en E5: Loseta especial.",
     "Descartaste una loseta de atributo: Loseta especial.")])
def test_a_feature_tile_s_event_is_a_sentence(lang: str, discarded: str, laid: str,
                                              mine: str) -> None:
    parts = data.component_set(data.DEFAULT)

    def line(event: dict[str, Any], viewer: str | None = None) -> str | None:
        return events.event_line(event, seats(3), parts, catalog(), lang, viewer)

    assert line({"type": "discarded_feature", "seat": "p2", "kind": "wild"}) == discarded
    assert line({"type": "placed_feature", "seat": "p2", "kind": "wild", "space": "E5"}) == laid
    assert line({"type": "discarded_feature", "seat": "p2", "kind": "wild"}, "p2") == mine
