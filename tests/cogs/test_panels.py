"""The generic panel machinery (cogs/declare.py, cogs/panels.py) on a made-up game: the codec
its declarations give, the answers to its selects, the layout within Discord's limits,
narrowing and paging past 25 choices, the hand's multi-select, and derived declarations."""

from __future__ import annotations

from typing import Any, Literal

import discord
import pytest
from pydantic import BaseModel

from bot.i18n import Catalog
from bot.ui import Focus
from cogs import panels
from cogs.declare import Context, Declaration, Declarations, Narrow


class Move(BaseModel):
    type: str


class Go(Move):
    type: Literal["go"] = "go"


class Stop(Move):
    type: Literal["stop"] = "stop"


class Pick(Move):
    type: Literal["pick"] = "pick"
    item: str
    keep: bool = False


class Trade(Move):
    type: Literal["trade"] = "trade"
    seat: str
    item: str


class Drop(Move):
    type: Literal["drop"] = "drop"
    items: list[str]


def label(action: Any, ctx: Context) -> str:
    return ".".join(str(v) for v in action.model_dump().values())


SPEC = Declarations([
    Declaration("go", "g", label=label, style="primary"),
    Declaration("pick", "p", ("item", "keep?"), "select", label=label),
    Declaration("trade", "t", ("seat", "item"), "select", label=label,
                narrow=(Narrow("seat", lambda key, ctx: f"seat {key}"),)),
    Declaration("drop", "d", ("items*",), "multi", label=label,
                choices=lambda ctx: ctx.view["hand"], choice_label=lambda item, ctx: item),
    Declaration("stop", "s", label=label, style="success", last=True),
], prefix="x.", focus_kinds=("old",))
CATALOG = Catalog({"en": {"table.hint": "Hint", "x.panel.select.p": "Pick…",
                          "x.panel.select.t": "Trade…", "x.panel.select.d": "Drop…",
                          "x.panel.narrow.seat": "Seat first…",
                          "x.panel.narrow.page": "Which ones…"}})
CTX = Context({"hand": ["a", "b", "a"]}, [], CATALOG, "en")


def items(view: discord.ui.View) -> list[Any]:
    return [getattr(c, "item", c) for c in view.children]  # dynamic items wrap theirs


@pytest.mark.parametrize(("action", "code"), [
    (Go(), "g"), (Pick(item="x1", keep=True), "p.x1.1"), (Pick(item="x1"), "p.x1.0"),
    (Trade(seat="s2", item="x3"), "t.s2.x3"), (Drop(items=["a", "a", "b"]), "d.a,a,b"),
])
def test_the_codec_writes_the_declared_fields_and_reads_them_back(action: Move, code: str):
    assert SPEC.encode(action) == code
    assert SPEC.decode(code) == action.model_dump()


@pytest.mark.parametrize("code", ["", "g.x", "p.x1", "p.x1.2", "p.X.1", "t.s2", "t.s2.x3.x",
                                  "d.a,,b", "d", "zz", "q.x", "p.x1.1.", "p..1"])
def test_a_malformed_code_names_nothing(code: str):
    assert SPEC.decode(code) is None


def test_a_select_answers_its_own_kind_only():
    assert SPEC.select_action("p", ["p.x1.0"]) == {"type": "pick", "item": "x1", "keep": False}
    assert SPEC.select_action("p", ["t.s2.x3"]) is None  # another kind's code
    assert SPEC.select_action("p", ["p.x1.0", "p.x2.0"]) is None
    assert SPEC.select_action("g", ["g"]) is None  # a button's code is no select
    assert SPEC.select_action("d", ["0.a", "2.a"]) == {"type": "drop", "items": ["a", "a"]}
    assert SPEC.select_action("d", []) is None
    assert SPEC.select_action("n_t", ["trade:s2"]) == Focus("trade:s2")
    assert SPEC.select_action("old", ["s2"]) == Focus("s2")
    assert SPEC.select_action("n_t", ["a", "b"]) == Focus(None)


def test_declaring_a_type_or_a_code_twice_is_refused():
    with pytest.raises(ValueError):
        Declarations([Declaration("go", "g"), Declaration("go", "h")], prefix="x.")
    with pytest.raises(ValueError):
        Declarations([Declaration("go", "g"), Declaration("stop", "g")], prefix="x.")
    with pytest.raises(ValueError, match="event lines declared twice"):
        Declarations([Declaration("go", "g", events={"went": str}),
                      Declaration("stop", "s", events={"went": str})], prefix="x.")


def test_a_derived_declaration_takes_its_type_as_code_and_never_a_declared_one():
    derived = {"jump": Declaration("jump", "jump", label=label),
               "g": Declaration("g", "g", label=label), "bad": Declaration("bad", "b")}
    spec = Declarations(SPEC.declared, prefix="x.", derive=derived.get)
    assert spec.of("jump").code == "jump" and spec.decode("jump") == {"type": "jump"}
    assert spec.decode("g") == {"type": "go"}  # the declared code wins
    assert spec.by_code("nothing") is None
    with pytest.raises(ValueError):
        spec.of("bad")
    with pytest.raises(KeyError):
        SPEC.of("jump")
    assert [d.type for d in spec.ordered(["jump", "stop", "go"])] == ["go", "stop", "jump"]


def test_buttons_first_then_selects_and_the_last_button_alone_below():
    legal = [Stop(), Trade(seat="s1", item="i"), Go(), Pick(item="x"), Drop(items=["a"])]
    view = panels.components(1, 2, legal, SPEC, CTX, hint=True)
    found = [(str(c.custom_id), c.row) for c in items(view)]
    assert found == [("cz:1:2:g", 0), ("cz:1:hint", 0), ("cz:1:2:s.p", 1), ("cz:1:2:s.t", 2),
                     ("cz:1:2:s.d", 3), ("cz:1:2:s", 4)]
    [drop] = [c for c in items(view) if str(c.custom_id).endswith(":s.d")]
    assert [o.value for o in drop.options] == ["0.a", "1.b", "2.a"] and drop.max_values == 3


def test_buttons_past_the_rows_left_are_not_shown():
    legal = [Go()] * 30 + [Stop()]
    view = panels.components(1, 2, legal, SPEC, CTX)
    rows = [c.row for c in items(view)]
    assert len(rows) == 21 and max(rows) == 4 and rows.count(4) == 1


def test_more_than_25_choices_are_narrowed_then_paged():
    legal = [Trade(seat=f"s{s}", item=f"i{i}") for s in range(2) for i in range(60)]

    def select(focus: str | None) -> discord.ui.Select[Any]:
        [found] = [c for c in items(panels.components(1, 2, legal, SPEC, CTX, focus))
                   if isinstance(c, discord.ui.Select)]
        assert 0 < len(found.options) <= panels.MAX_OPTIONS
        return found

    first = select(None)
    assert first.custom_id == "cz:1:2:s.n_t" and first.placeholder == "Seat first…"
    assert [(o.label, o.value) for o in first.options] == [("seat s0", "trade:s0"),
                                                          ("seat s1", "trade:s1")]
    pages = select("trade:s1")
    assert pages.custom_id == "cz:1:2:s.n_t" and pages.placeholder == "Which ones…"
    assert [o.value for o in pages.options] == ["trade:s1:1", "trade:s1:2", "trade:s1:3"]
    assert pages.options[2].label == "51–60: trade.s1.i50 … trade.s1.i59"
    last = select("trade:s1:3")
    assert last.custom_id == "cz:1:2:s.t"
    assert [o.value for o in last.options] == [f"t.s1.i{i}" for i in range(50, 60)]
    for forged in ("trade:s1:4", "trade:s1:x", "trade:s9", "pick:s1"):
        assert select(forged).custom_id == "cz:1:2:s.n_t"
    assert panels.narrows_to(SPEC, "trade:s1", legal[70])
    assert not panels.narrows_to(SPEC, "trade:s0", legal[70])
