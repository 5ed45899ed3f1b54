"""Citadels' actions as short codes, the part of a component's custom_id that names an action
(bot/components.py builds the rest).

A custom_id is only a hint (any client can send any custom_id): decoding never trusts it, the
service checks the version and the engine checks legality.
"""

from __future__ import annotations

import re
from typing import Any

from rules.citadels import Action

# type -> (code, argument fields); codes stay short to fit 100-character custom_ids. A field
# ending in "?" is a yes/no, written 1 or 0.
_CODES: dict[str, tuple[str, tuple[str, ...]]] = {
    "pick_character": ("pick", ("character",)),
    "discard_character": ("disc", ("character",)),
    "take_gold": ("gold", ()),
    "draw_cards": ("draw", ()),
    "keep_card": ("keep", ("district",)),
    "build": ("build", ("district",)),
    "collect_income": ("income", ()),
    "assassinate": ("kill", ("character",)),
    "steal": ("steal", ("character",)),
    "swap_hands": ("swap", ("player",)),
    "destroy": ("destroy", ("player", "district")),
    "use_laboratory": ("lab", ("district",)),
    "use_smithy": ("smithy", ()),
    "graveyard": ("gy", ("accept?",)),
    "end_turn": ("end", ()),
    # Dark City
    "bewitch": ("witch", ("character",)),
    "give_crown": ("crown", ("player",)),
    "tribute": ("tribute", ("kind",)),
    "look_at_hand": ("look", ("player",)),
    "take_card": ("take", ("district", "build?")),
    "collect_from_richest": ("richest", ()),
    "navigator_bonus": ("nav", ("kind",)),
    "exchange": ("exch", ("give", "player", "take")),
    "beautify": ("art", ("district",)),
    "use_armory": ("armory", ("player", "district")),
    "greet": ("greet", ()),
    "bell_tower": ("bell", ("announce?",)),
    "lighthouse": ("light", ("district",)),
    "use_museum": ("museum", ("district",)),
}
_TYPES = {code: (type_, fields) for type_, (code, fields) in _CODES.items()}
_WORD = re.compile(r"[a-z0-9_]{1,40}")


def encode(action: Action) -> str:
    """`build.manor`, `destroy.p2.manor`, `gy.1`, `dad.manor,temple`..."""
    data = action.model_dump()
    if action.type == "discard_and_draw":
        return "dad." + ",".join(data["districts"])
    code, fields = _CODES[action.type]
    return ".".join([code, *(_written(data[f.rstrip("?")]) for f in fields)])


def _written(value: object) -> str:
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def decode(code: str) -> dict[str, Any] | None:
    """The action dict a code names, or None if it is not a well-formed code."""
    head, _, rest = code.partition(".")
    parts = rest.split(".") if rest else []
    if head == "dad":
        cards = rest.split(",")
        if not all(_WORD.fullmatch(c) for c in cards):
            return None
        return {"type": "discard_and_draw", "districts": cards}
    if head not in _TYPES or not all(_WORD.fullmatch(p) for p in parts):
        return None
    type_, fields = _TYPES[head]
    if len(parts) != len(fields):
        return None
    action: dict[str, Any] = {"type": type_}
    for field, part in zip(fields, parts, strict=True):
        if field.endswith("?"):
            if part not in ("0", "1"):
                return None
            action[field[:-1]] = part == "1"
        else:
            action[field] = part
    return action
