"""The places a panel asks about, which its picture shows highlighted and labelled large
(render/picture.places), so a person choosing an intersection, a path or a hex on a phone
finds it at once. The candidates are those of the selects and buttons the panel shows now:
the chosen group's or the Build button's opened (builds.py), a Build button's one place, and
past a narrowing step only the narrowed ones (the intersections around the hex chosen
first)."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from cogs import panels

from . import builds
from .actions_ui import SPEC

# The field naming the place each action type asks for.
PLACE: dict[str, str] = {
    "place_building": "node", "place_road": "edge", "build_road": "edge",
    "build_settlement": "node", "build_city": "node", "build_wall": "node",
    "build_knight": "node", "activate_knight": "node", "promote_knight": "node",
    "move_knight": "to", "displace_knight": "to", "move_robber": "hex", "chase_robber": "hex",
    "choose_city": "node", "retreat_knight": "node", "remove_knight": "node",
    "place_knight": "node", "place_free_road": "edge", builds.TYPE: "place"}
PLACE_ID = re.compile(r"[HIP][0-9]{1,2}")


def candidates(legal: Sequence[Any], focus: str | None, types: set[str] | None = None
               ) -> list[str]:
    """The place ids the panel's components offer with this focus: those of the `types`
    its components show (by default all the focus shows: eager ones that found no row too).
    `legal` as the engine lists them or with their Build buttons made already."""
    legal = builds.prepared(legal, focus)
    by_type: dict[str, list[Any]] = defaultdict(list)
    for action in legal:
        if action.type in PLACE:
            by_type[action.type].append(action)
    declared, eager = panels.shown(SPEC, SPEC.ordered(a.type for a in legal), focus)
    visible = {d.type for d in (*declared, *eager)}  # the others are behind the menu
    if builds.opened(focus):  # a Build button's places alone, not the others' one place
        visible.discard(builds.TYPE)
    if types is not None:
        visible &= types
    ids: set[str] = set()
    for type_, actions in by_type.items():
        declaration = SPEC.of(type_)
        if type_ not in visible:
            continue
        shown, _, step = panels.narrowed(declaration, actions, focus)
        if step is not None and step is not panels.PAGE:  # the hex or knight to choose first
            ids.update(key for a in shown if PLACE_ID.fullmatch(key := step.key_of(a)))
            continue
        ids.update(value for a in shown if (value := getattr(a, PLACE[type_])) is not None)
    return sorted(ids)

