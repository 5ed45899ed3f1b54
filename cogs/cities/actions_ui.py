"""Cities' action types on Discord: one declaration each (cogs/declare.py) for those a panel
offers as buttons and selects, and the codes of the tile placements, which a panel stages.

`SPEC` declares `take` (a select of the items, A1…D4), `place_feature` and `place_piece` (a
select of the spaces: narrowed first by feature tile or colour when more than 25), and their
discards (a button each). A custom_id carries lower case only, so the labels of spaces ("f5"),
items ("a1") and colours ("r") are read back upper-cased (`action`).

A tile's place is staged (panel.py): its position and rotation are chosen in two selects whose
values only change the panel's focus (`t:<x>:<y>:<rot>`, `s:<tile>:<rot>` for a start tile),
and the Confirm button's code plays it: `pt.<x>.<y>.<rot>` and `st.<tile>.<rot>`, a negative
coordinate written with an `m` ("pt.m1.0.90" is (-1, 0) turned 90°).
"""

from __future__ import annotations

import re
from typing import Any

from bot.embeds import LABEL, OPTION_DESCRIPTION, clip
from bot.ui import Focus
from cogs.declare import Context, Declaration, Declarations, Narrow

from . import texts
from .texts import COLOUR_EMOJI, t

UPPER = ("item", "space", "colour")  # fields whose values the engine writes in capitals
FOCUS_KINDS = ("n_spot", "n_turn", "n_start")  # the staging selects: they change the focus
_PLACE = re.compile(r"pt\.(m?\d{1,2})\.(m?\d{1,2})\.(0|90|180|270)")
_START = re.compile(r"st\.([a-z0-9_]{1,40})\.(0|90|180|270)")


def _clipped(text: str) -> str:
    return clip(text, LABEL)


def _item_label(action: Any, ctx: Context) -> str:
    return _clipped(f"{action.item} · " + texts.item_text(ctx.view, action.item, ctx.catalog,
                                                          ctx.lang))


def _item_describe(action: Any, ctx: Context) -> str | None:
    return clip(texts.row_name(action.item[0], ctx.catalog, ctx.lang), OPTION_DESCRIPTION)


def _feature_label(action: Any, ctx: Context) -> str:
    parts = texts.parts_of(ctx.view)
    return _clipped(t(ctx.catalog, ctx.lang, "action.place_feature",
                      feature=texts.feature_name(parts, action.feature, ctx.lang),
                      space=action.space))


def _discard_feature_label(action: Any, ctx: Context) -> str:
    parts = texts.parts_of(ctx.view)
    return _clipped(t(ctx.catalog, ctx.lang, "action.discard_feature",
                      feature=texts.feature_name(parts, action.feature, ctx.lang)))


def _piece_label(action: Any, ctx: Context) -> str:
    me = texts.player(ctx.view, ctx.view["you"])
    height = len(me["pieces"].get(action.space, "")) + 1
    return _clipped(t(ctx.catalog, ctx.lang, "action.place_piece",
                      mark=COLOUR_EMOJI[action.colour],
                      colour=texts.colour(action.colour, ctx.catalog, ctx.lang),
                      space=action.space, height=height))


def _discard_piece_label(action: Any, ctx: Context) -> str:
    return _clipped(t(ctx.catalog, ctx.lang, "action.discard_piece",
                      mark=COLOUR_EMOJI[action.colour],
                      colour=texts.colour(action.colour, ctx.catalog, ctx.lang).lower()))


def _feature_choice(key: str, ctx: Context) -> str:
    parts = texts.parts_of(ctx.view)
    feature = next((f for f in ctx.view["pending"]["features"] if f.lower() == key.lower()), key)
    return texts.feature_name(parts, feature, ctx.lang) if feature in parts.features else key


def _colour_choice(key: str, ctx: Context) -> str:
    code = key.upper()
    return f"{COLOUR_EMOJI.get(code, '')} {texts.colour(code, ctx.catalog, ctx.lang)}".strip() \
        if code in COLOUR_EMOJI else key


FEATURE = Narrow("feature", _feature_choice, key=lambda a: a.feature.lower())
COLOUR = Narrow("colour", _colour_choice, key=lambda a: a.colour.lower())

DECLARED: tuple[Declaration, ...] = (
    Declaration("take", "tk", ("item",), "select", label=_item_label, describe=_item_describe),
    Declaration("place_feature", "pf", ("feature", "space"), "select", label=_feature_label,
                narrow=(FEATURE,)),
    Declaration("place_piece", "pp", ("colour", "space"), "select", label=_piece_label,
                narrow=(COLOUR,)),
    Declaration("discard_feature", "df", ("feature",), label=_discard_feature_label,
                style="danger"),
    Declaration("discard_piece", "dp", ("colour",), label=_discard_piece_label, style="danger"),
)
SPEC = Declarations(DECLARED, prefix="cities.", focus_kinds=FOCUS_KINDS)


# --- the codes ---------------------------------------------------------------------------------

def number(n: int) -> str:
    """A coordinate as a custom_id writes it: "m1" for -1."""
    return f"m{-n}" if n < 0 else str(n)


def _read(word: str) -> int:
    return -int(word[1:]) if word.startswith("m") else int(word)


def place_code(x: int, y: int, rot: int) -> str:
    return f"pt.{number(x)}.{number(y)}.{rot}"


def start_code(tile: str, rot: int) -> str:
    return f"st.{tile.lower()}.{rot}"


def encode(action: Any) -> str:
    """Any Cities action as its code (the staged ones too)."""
    if action.type == "place_tile":
        return place_code(action.x, action.y, action.rot)
    if action.type == "start_tile":
        return start_code(action.tile, action.rot)
    return SPEC.encode(action).lower()


def action(code: str) -> dict[str, Any] | None:
    """The action a code names (a button's, or a select option's value); None if malformed."""
    if (m := _PLACE.fullmatch(code)) is not None:
        return {"type": "place_tile", "x": _read(m[1]), "y": _read(m[2]), "rot": int(m[3])}
    if (m := _START.fullmatch(code)) is not None:
        return {"type": "start_tile", "tile": m[1], "rot": int(m[2])}
    return _upper(SPEC.decode(code))


def select_action(kind: str, values: list[str]) -> dict[str, Any] | Focus | None:
    chosen = SPEC.select_action(kind, values)
    return chosen if isinstance(chosen, Focus) or chosen is None else _upper(chosen)


def _upper(found: dict[str, Any] | None) -> dict[str, Any] | None:
    if found is None:
        return None
    return {k: v.upper() if k in UPPER and isinstance(v, str) else v for k, v in found.items()}
