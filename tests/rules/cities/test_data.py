"""Component sets as data (docs/rules/cities.md §10.8): open-1 says what §10 says, a second
file of the same shape plays without code changes, and a malformed file is refused with an
error that names the field at fault."""

from __future__ import annotations

import copy
import json
import random
import re
from importlib import resources
from pathlib import Path

import pytest

from rules.cities import data
from rules.cities.game import GAME
from rules.game import InvalidOptions

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules" / "cities.md").read_text(encoding="utf-8")
TINY = Path(__file__).parent / "data" / "tiny-1.json"


def section(start: str, end: str) -> str:
    return DOC.split(start, 1)[1].split(end, 1)[0]


def open_1() -> dict:
    return json.loads(resources.files("rules.cities").joinpath("data/open-1.json")
                      .read_text("utf-8"))


def params(text: str) -> dict:
    out: dict = {}
    for key, value in re.findall(r"(\w+):(\[[^\]]*\]|[^,]+)", text):
        out[key] = (value[1:-1].split(",") if value.startswith("[")
                    else int(value) if value.isdigit() else value)
    return out


# -- open-1 is the document's set ------------------------------------------------------------

def test_open_1_holds_the_tiles_of_the_document():
    raw = open_1()
    assert raw["set"] == "open-1" and raw["printed"] is False
    starts = dict(re.findall(r"(st\d) \| `([A-Z/]+)`", section("### 10.2", "### 10.3")))
    cities = dict(re.findall(r"(ct\d\d) `([A-Z/]+)`", section("### 10.3", "### 10.4")))
    assert {t["id"]: t["spaces"] for t in raw["start_tiles"]} == starts
    assert {t["id"]: t["spaces"] for t in raw["city_tiles"]} == cities


def test_open_1_holds_the_features_of_the_document():
    rows = re.findall(r"^\| `(\w+)` \| .+? \| (park|water|building)[^|]*\| (\d+) \| "
                      r"ft(\d\d)–ft(\d\d) \| (\d+) \|", section("### 10.4", "### 10.5"), re.M)
    expected = {f"ft{i:02d}": kind for kind, _, _, a, b, _ in rows
                for i in range(int(a), int(b) + 1)}
    raw = open_1()
    assert {f["id"]: f["kind"] for f in raw["feature_tiles"]} == expected
    assert {k["id"]: (k["space"], k["count"], k["points"]) for k in raw["feature_kinds"]} == {
        kind: (space, int(count), int(points)) for kind, space, count, _, _, points in rows}


def test_open_1_holds_the_cards_and_boards_of_the_document():
    cards = re.findall(r"^\| (sc\d\d) \| .+? \| `(\w+)\{([^}]*)\}` \|[^|]*\| (\d+) \|",
                       section("### 10.6", "### 10.7"), re.M)
    assert [(c["id"], c["template"], c["params"], c["points"]) for c in open_1()[
        "scoring_cards"]] == [(i, t, params(p), int(pts)) for i, t, p, pts in cards]
    goals = re.findall(r"\| (\w+\d) \| [^|]+ \| `(\w+)\{([^}]*)\}`(?: ≥ (\d+))? \| ([\d/]+) \|",
                       section("### 10.7", "A start tile alone"))
    found = {o["id"]: o for b in open_1()["achievement_boards"] for o in b["objectives"]}
    assert list(found) == [g[0] for g in goals]
    for goal, template, text, n, values in goals:
        rule = {"template": template, "params": params(text)}
        if n:
            rule = {"template": "at_least", "params": {"n": int(n), "of": rule}}
        assert {k: found[goal][k] for k in ("template", "params")} == rule, goal
        assert found[goal]["values"] == [int(v) for v in values.split("/")]


def test_every_shipped_set_loads():
    for name in data.known():
        assert data.component_set(name).id == name


# -- another set, no code changes -------------------------------------------------------------

def test_a_second_set_of_the_same_shape_plays_a_whole_game():
    tiny = data.register(TINY)
    assert tiny.id in data.known() and tiny.area(4) == 5  # its own table: 3+ kinds pay 5
    options = GAME.options({"component_set": "tiny-1", "board": "b3"}, players=3)
    s = GAME.new_game(["a", "b", "c"], options, seed=2)
    rng = random.Random(2)
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        s, _ = GAME.apply(s, seat, GAME.random_action(s, seat, rng))
    view = GAME.view(s, None)
    assert view["component_set"]["id"] == "tiny-1" and view["achievements"]["board"] == "b3"
    assert all(card.startswith("c") for p in view["players"] for card in p["cards"])
    result = GAME.result(s)
    assert result is not None and sum(result.breakdown["a"].values()) == result.scores["a"]
    assert GAME.load_state(json.loads(json.dumps(GAME.dump_state(s)))) == s


def test_options_name_the_set_and_the_board():
    assert GAME.options({}).component_set == "open-1"
    with pytest.raises(InvalidOptions) as bad:
        GAME.options({"component_set": "printed"})
    assert bad.value.field == "component_set"
    with pytest.raises(InvalidOptions) as bad:
        GAME.options({"board": "atlantis"})
    assert bad.value.field == "board" and "new_york" in str(bad.value)
    assert bad.value.reason == "unknown_board"  # worded by the catalog, not the schema
    with pytest.raises(InvalidOptions) as bad:
        GAME.options({"long": True}, players=3)
    assert bad.value.field == "long" and bad.value.reason == "long_needs_two"


# -- malformed files ------------------------------------------------------------------------

def edited(change) -> dict:
    raw = copy.deepcopy(open_1())
    change(raw)
    return raw


def goal0(raw: dict) -> dict:
    return raw["achievement_boards"][0]["objectives"][0]


BROKEN = [
    ("scoring_cards.3.template",
     lambda r: r["scoring_cards"][3].update(template="skyline")),
    ("scoring_cards.0.params.hmin",
     lambda r: r["scoring_cards"][0]["params"].update(hmin="tall")),
    ("scoring_cards.0.params.height",
     lambda r: r["scoring_cards"][0]["params"].update(height=2)),
    ("scoring_cards.5.points", lambda r: r["scoring_cards"][5].pop("points")),
    ("achievement_boards.0.objectives.0.params.of.params.hmin",
     lambda r: goal0(r)["params"]["of"]["params"].update(hmin=9)),
    ("achievement_boards.0.objectives.0.params.of.template",
     lambda r: goal0(r)["params"]["of"].update(template="nothing")),
    ("achievement_boards.0.objectives.0.params.n",
     lambda r: goal0(r)["params"].update(n=0)),
    ("achievement_boards.0.objectives.0.values", lambda r: goal0(r).update(values=[4, 4, 2])),
    ("achievement_boards.0.objectives", lambda r: r["achievement_boards"][0]["objectives"].pop()),
    ("feature_tiles.0.kind", lambda r: r["feature_tiles"][0].update(kind="statue")),
    ("feature_kinds.0.count", lambda r: r["feature_kinds"][0].update(count=6)),
    ("city_tiles.1.id", lambda r: r["city_tiles"][1].update(id="ct01")),
    ("city_tiles.2.spaces", lambda r: r["city_tiles"][2].update(spaces="RBX/PW")),
    ("pieces", lambda r: r["pieces"].update(R=24)),
    ("area_points", lambda r: r.update(area_points=[0, 3, 1])),
    ("start_tiles", lambda r: r["start_tiles"].pop()),
    ("printed", lambda r: r.pop("printed")),
]


@pytest.mark.parametrize(("field", "change"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_malformed_file_is_refused_naming_the_field(field, change):
    with pytest.raises(data.SetError) as refused:
        data.parse(edited(change), "open-1.json")
    assert refused.value.field == field
    assert str(refused.value).startswith(f"open-1.json: {field}: ")


def test_a_file_must_be_json_and_named_after_its_set(tmp_path):
    broken = tmp_path / "open-2.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(data.SetError, match="open-2.json: file: not JSON"):
        data.load(broken)
    misnamed = tmp_path / "other.json"
    misnamed.write_text(json.dumps(open_1()), encoding="utf-8")
    with pytest.raises(data.SetError) as refused:
        data.load(misnamed)
    assert refused.value.field == "set"
