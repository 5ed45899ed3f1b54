"""The generic panel machinery's parts a game with many kinds of action needs (Catan's): a
multiset and an optional field in the codec, words written lower-cased, a menu of the
declarations' groups, and a multi-select with its most, fewest and already chosen items."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from bot.i18n import Catalog
from bot.ui import Focus
from cogs import panels
from cogs.declare import Context, Declaration, Declarations


class Move(BaseModel):
    type: str


class Give(Move):
    type: Literal["give"] = "give"
    to: str | None = None
    cards: dict[str, int]


class Build(Move):
    type: Literal["build"] = "build"
    place: str


class Hire(Move):
    type: Literal["hire"] = "hire"
    place: str


class Open(Move):
    type: Literal["open"] = "open"
    place: str


class End(Move):
    type: Literal["end"] = "end"


def label(action: Any, ctx: Context) -> str:
    return action.type + ":" + ".".join(str(v) for v in action.model_dump().values())


SPEC = Declarations([
    Declaration("give", "gv", ("to~", "cards+"), "select", label=label),
    Declaration("build", "b", ("place",), "select", label=label, group="build"),
    Declaration("hire", "h", ("place",), "select", label=label, group="people"),
    Declaration("drop", "d", ("cards+",), "multi", label=label,
                choices=lambda ctx: ctx.view["hand"], choice_label=lambda item, ctx: item,
                most=lambda ctx: 2, least=0, chosen=lambda ctx: [1]),
    Declaration("end", "e", label=label, last=True),
], prefix="x.")
CATALOG = Catalog({"en": {"x.panel.menu": "What now?", "x.panel.group.build": "Build",
                          "x.panel.group.people": "People", "x.panel.select.gv": "Give",
                          "x.panel.select.b": "Build", "x.panel.select.h": "Hire",
                          "x.panel.select.d": "Drop", "table.hint": "Hint"}})
CTX = Context({"hand": ["ore", "ore", "wool"]}, [], CATALOG, "en")


def selects(view: Any) -> dict[str, Any]:
    return {i.item.custom_id.rsplit(".", 1)[1]: i.item for i in view.children
            if hasattr(i.item, "options")}


def test_multisets_and_missing_values_round_trip_in_lower_case() -> None:
    action = Give(to=None, cards={"Ore": 2, "wool": 1})
    code = SPEC.encode(action)
    assert code == "gv..ore,ore,wool"
    assert SPEC.decode(code) == {"type": "give", "to": None, "cards": {"ore": 2, "wool": 1}}
    assert SPEC.encode(Give(to="P2", cards={})) == "gv.p2."
    assert SPEC.decode("gv.p2.") == {"type": "give", "to": "p2", "cards": {}}
    assert SPEC.decode("gv.p2") is None and SPEC.decode("gv.p2.ore,O!") is None


def test_a_menu_of_groups_shows_the_chosen_one_beside_the_ungrouped() -> None:
    legal = [Build(place="a"), Build(place="b"), Hire(place="c"), End()]
    view = panels.components(1, 5, legal, SPEC, CTX)
    found = selects(view)
    assert set(found) == {"n_menu"}  # no group chosen yet: the menu and End
    assert [o.value for o in found["n_menu"].options] == ["@build", "@people"]
    assert SPEC.select_action("n_menu", ["@people"]) == Focus("@people")
    view = panels.components(1, 5, legal, SPEC, CTX, "@people")
    found = selects(view)
    assert set(found) == {"n_menu", "h"}
    assert [o.default for o in found["n_menu"].options] == [False, True]
    assert panels.group_of(SPEC, "build:x") == "build"
    assert [i.item.row for i in view.children] == [0, 1, 2]  # End below the selects
    # One group alone needs no menu.
    assert set(selects(panels.components(1, 5, legal[:2], SPEC, CTX))) == {"b"}


def test_a_multi_select_with_its_bounds_and_chosen_items() -> None:
    view = panels.components(1, 5, [Move(type="drop")], SPEC, CTX)
    drop = selects(view)["d"]
    assert (drop.min_values, drop.max_values) == (0, 2)
    assert [o.default for o in drop.options] == [False, True, False]
    assert SPEC.select_action("d", ["0.ore", "2.wool"]) == {"type": "drop",
                                                           "cards": {"ore": 1, "wool": 1}}
    empty = Context({"hand": []}, [], CATALOG, "en")
    assert panels.components(1, 5, [Move(type="drop")], SPEC, empty).children == []


def test_an_eager_button_shows_until_another_group_is_chosen() -> None:
    """A game's eager button (Catan's Build buttons) sits among the buttons before any group
    is chosen, beside the eager selects; another group chosen hides it, its own shows it."""
    spec = Declarations([
        Declaration("open", "o", ("place",), label=label, group="build"),
        Declaration("build", "b", ("place",), "select", label=label, group="build"),
        Declaration("hire", "h", ("place",), "select", label=label, group="people"),
        Declaration("end", "e", label=label, last=True),
    ], prefix="x.", eager=("open", "hire"))
    legal = [Open(place="a"), Hire(place="c"), End()]

    def shown(focus: str | None) -> list[str]:
        view = panels.components(1, 5, legal, spec, CTX, focus)
        return [str(i.item.custom_id).split(":")[-1] for i in view.children]

    assert shown(None) == ["s.n_menu", "o.a", "s.h", "e"]
    assert shown("@people") == ["s.n_menu", "s.h", "e"]
    assert shown("@build") == ["s.n_menu", "o.a", "e"]
