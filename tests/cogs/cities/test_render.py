"""Cities' texts and pictures from seeded random games: the table's picture shows every item of
the rows (face-down ones as backs, never what they are), the workers, the star, the objectives
with their rings and covered values, each neighbourhood; a neighbourhood's picture its
candidates, places and staged tile; the end every part of each score; the embeds fit Discord;
every card and objective reads as a sentence in both languages; every event as a line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cogs.cities import events, texts
from cogs.cities.render import board, sheet
from cogs.cities.render.hood import Look, Staged
from cogs.cities.table import _ties
from cogs.cities.ui import UI
from cogs.kit.lines import NOTES
from rules.cities import GAME, GameState, data
from rules.cities import board as rows
from tests.cogs.cities.helpers import catalog, moments, play, record, seats
from tests.render_helpers import check_embed, embed_text

ROOT = Path(__file__).resolve().parents[3]
LANGS = ("en", "es")
FACE_DOWN = {"en": "face down", "es": "boca abajo"}


def hidden(state: GameState) -> set[str]:
    r = state.rows
    found = {x for i, x in enumerate(r.cards) if x and rows.face_down(f"A{i + 1}")}
    found |= {x for i, x in enumerate(r.tiles) if x and rows.face_down(f"B{i + 1}")}
    found |= {ft for i, g in enumerate(r.features) for j, ft in enumerate(g)
              if rows.hidden_tile(f"C{i + 1}", j)}
    return found


@pytest.mark.parametrize(("players", "seed", "long"), [(2, 1, False), (3, 2, False),
                                                        (4, 3, False), (2, 4, True)])
def test_the_table_picture_shows_the_rows_and_hides_what_lies_face_down(
        players: int, seed: int, long: bool) -> None:
    table = seats(players)
    for k, state in enumerate(moments(players, seed, every=11, long=long)):
        lang = LANGS[k % 2]
        view = GAME.view(state, None)
        scene = board.table_layout(view, table, catalog(), lang)
        words = " ".join(scene.texts())
        for item in hidden(state):
            assert not re.search(rf"\b{item}\b", words), item
            assert item not in json.dumps(view)
        for name in (f"item:{r}{i}" for r in "ABCD" for i in range(1, 5)):
            assert name in scene.regions
        for item, who in view["rows"]["taken"].items():
            assert scene.regions[f"item:{item}"].texts, item
            del who
        if state.phase == "take" and state.turn == 0 and state.round:
            for item in ("A4", "B4"):
                assert FACE_DOWN[lang] in scene.regions[f"item:{item}"].texts
        for p in view["players"]:
            assert f"player:{p['seat']}" in scene.regions and f"hood:{p['seat']}" in scene.regions
        for goal in view["achievements"]["objectives"]:
            region = scene.regions[f"objective:{goal['id']}"].texts
            assert sum(t.startswith("covered") for t in region) == (1 if players == 2 else 0)
            assert [t.split(":")[1] for t in region if ":" in t and not t.startswith("cov")][
                :len(goal["claimed_by"])] == goal["claimed_by"]
        assert ("star" in scene.regions["star_space"].texts) == view["star_on_board"]
        assert "open-1" not in " ".join(scene.regions["footer"].texts)  # said in the result
        assert 0 < scene.height < 2000


def test_a_neighbourhood_shows_its_candidates_places_and_a_staged_tile() -> None:
    state = next(s for s in moments(3, 5) if s.phase == "place_tile" and s.round == 3)
    view = GAME.view(state, None)
    seat = state.seats[state.active]
    legal = GAME.legal_actions(state, seat)
    where = state.frame
    places = tuple(dict.fromkeys(where.tile_label(a.x, a.y) for a in legal))
    look = Look(cell=0, places=places[1:],
                staged=Staged(state.tile or "", legal[0].x, legal[0].y, 90))
    scene = sheet.hood_layout(view, seat, seats(3), catalog(), "en", look, "Preview")
    drawn = scene.regions["hood"].texts
    assert set(places[1:]) <= set(drawn)  # the other places, named
    assert scene.regions["caption"].texts == ["Preview"]
    assert {"A", "B", "C", "D", "E"} & set(drawn) and "5" in drawn  # the coordinates
    spaces = tuple(texts.player(view, seat)["spaces"])[:3]
    marked = sheet.hood_layout(view, seat, seats(3), catalog(), "es", Look(cell=0, marks=spaces))
    assert set(spaces) <= set(marked.regions["hood"].texts)


def test_the_end_gives_every_part_of_each_score() -> None:
    state = moments(4, 6)[-1]
    view = GAME.view(state, None)
    scene = sheet.final_layout(view, seats(4), catalog(), "es")
    for p in view["players"]:
        region = " ".join(scene.regions[f"result:{p['seat']}"].texts)
        for part in texts.PARTS:
            assert catalog().text(f"cities.part.{part}.named", "es", n=p["score"][part]) \
                in region
    rec = record(state)
    embed = UI.final(rec, catalog(), "en")
    check_embed(embed)
    text = embed_text(embed)
    for part in ("Achievements", "Water zones", "Park zones", "Monuments", "Scoring cards"):
        assert text.count(part) == 4
    result = GAME.result(state)
    assert result is not None
    best = min(result.ranks.values())
    assert embed.description and "🥇" in embed.description.splitlines()[0] and best == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_and_scores_fit_discord_and_a_phone(lang: str) -> None:
    log: list[dict[str, object]] = []
    for k, (state, evs) in enumerate(play(4, 8)):
        log = [*log, *(e.visible_to(None) for e in evs)][-20:]
        if k % 17:
            continue
        rec = record(state)
        rec.log = log
        table = UI.table(rec, catalog(), lang)
        if k:
            assert catalog().text("cities.table.latest", lang) in embed_text(table)
        assert check_embed(table) < 1500  # a phone's screen or two
        assert all(len(line) < 120 for line in (table.description or "").splitlines())
        check_embed(UI.standings(rec, catalog(), lang))
        picture = UI.table_picture(rec, catalog(), lang)
        assert picture is not None and picture.key == UI.table_picture(rec, catalog(), lang).key


def test_the_pictures_are_pngs_keyed_by_what_they_draw() -> None:
    states = moments(2, 3, every=40)
    recs = [record(s) for s in states]
    keys = set()
    for rec in recs[:3]:
        picture = UI.table_picture(rec, catalog(), "en")
        assert picture is not None
        assert picture.draw()[:8] == b"\x89PNG\r\n\x1a\n"
        keys.add(picture.key)
    assert len(keys) == 3
    final = UI.final_picture(recs[-1], catalog(), "es")
    assert final is not None and final.draw()[:4] == b"\x89PNG"


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_and_objective_reads_as_a_sentence(lang: str) -> None:
    parts = data.component_set(data.DEFAULT)
    for card in parts.cards.values():
        what = texts.rule_text(card.rule.name, card.rule.model_dump(), catalog(), lang)
        assert "{" not in what and what != card.rule.name, what  # not the unknown fallback
        assert "{" not in texts.card_line(parts, card.id, catalog(), lang)
    for board_id, found in parts.boards.items():
        for goal in found.objectives:
            sentence = texts.objective_text(parts, board_id, goal.id, catalog(), lang)
            assert "{" not in sentence and sentence != goal.rule.name, sentence
    assert texts.card_rule(parts, "sc01", catalog(), "en") == "2 points per building of height 4"
    assert texts.card_rule(parts, "sc09", catalog(), "es") == \
        "2 puntos por cada construcción azul junto al agua"


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_a_line(lang: str) -> None:
    parts = data.component_set(data.DEFAULT)
    seen = set()
    for state, evs in play(3, 4):
        del state
        for e in evs:
            public = e.visible_to(None)
            line = events.event_line(public, seats(3), parts, catalog(), lang)
            mine = events.event_line(public, seats(3), parts, catalog(), lang,
                                     viewer=public.get("seat"))
            assert line and mine and "{" not in line + mine, public
            seen.add(public["type"])
    assert {"start_tile", "round", "took", "placed_tile", "star", "round_end",
            "game_over"} <= seen
    for note in sorted(NOTES):  # the platform's own notes (the kit's) name their seat `player`
        for viewer in (None, "p2"):
            line = events.event_line({"type": note, "player": "p2"}, seats(3), parts,
                                     catalog(), lang, viewer)
            assert line and "{" not in line and ("Bruno" in line) == (viewer is None)


def test_the_catalogs_keys_are_the_games() -> None:
    for lang in LANGS:
        table = json.loads((ROOT / f"cogs/cities/locales/{lang}/cities.json").read_text("utf-8"))
        assert all(k.startswith(("cities.", "commands.cities.")) for k in table)
        for key in ("cities.name", "cities.title", "cities.new", "cities.about.title",
                    "cities.about.body", "cities.help.title", "cities.help.body"):
            assert key in table
    assert "open-1" in catalog().text("cities.about.body", "es")


def test_ties_on_points_are_settled_by_achievements_or_shared() -> None:
    state = moments(4, 6)[-1]
    view = GAME.view(state, None)
    players = [dict(p, score=dict(p["score"])) for p in view["players"]]
    for p, (total, achievements) in zip(players, ((60, 8), (60, 6), (50, 4), (50, 4)),
                                        strict=True):
        p["score"].update(total=total, achievements=achievements)
    ranks = {"p1": 1, "p2": 2, "p3": 3, "p4": 3}
    lines = _ties(view, players, ranks, seats(4), catalog(), "en")
    assert len(lines) == 2
    assert "Ana, Bruno tie on 60 points; the most achievement points go first" in lines[0]
    assert "Ana 8" in lines[0] and "Bruno 6" in lines[0]
    assert "share the place" in lines[1] and "50" in lines[1]
